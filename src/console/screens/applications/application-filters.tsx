import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { APPLICATION_STATUSES, REVIEW_LIMITS } from '../../../api/rules/applications.ts'
import ui from '../../ui/ui.module.css'
import styles from './applications.module.css'
import { APPLICATION_KINDS, type ApplicationFilters as Filters } from './applications-query.ts'

/** Search and filters, sent as the page's address (GET): Enter in the search box searches, the page can be bookmarked. */
export function ApplicationFilters({ filters, exhibitions }: { filters: Filters; exhibitions: Array<{ id: number; title: string }> }) {
  const { t } = useTranslation()
  return (
    <Form method="get" className={ui.panel} role="search" aria-label={t('applications.filters')}>
      <div className={styles.filters}>
        <div className={`${ui.field} ${styles.search}`}>
          <label className={ui.label} htmlFor="applications-search">
            {t('applications.search')}
          </label>
          <input
            id="applications-search"
            type="search"
            name="q"
            className={ui.input}
            defaultValue={filters.search}
            maxLength={REVIEW_LIMITS.search}
            aria-describedby="applications-search-hint"
          />
          <p id="applications-search-hint" className={ui.hint}>
            {t('applications.searchHint')}
          </p>
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="applications-exhibition">
            {t('applications.exhibition')}
          </label>
          <select id="applications-exhibition" name="exhibition" className={ui.input} defaultValue={filters.exhibitionId}>
            <option value="">{t('applications.anyExhibition')}</option>
            {exhibitions.map((exhibition) => (
              <option key={exhibition.id} value={exhibition.id}>
                {exhibition.title || `#${exhibition.id}`}
              </option>
            ))}
          </select>
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="applications-kind">
            {t('applications.kind')}
          </label>
          <select id="applications-kind" name="kind" className={ui.input} defaultValue={filters.kind}>
            <option value="">{t('applications.anyKind')}</option>
            {APPLICATION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`applications.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="applications-status">
            {t('applications.statusLabel')}
          </label>
          <select id="applications-status" name="status" className={ui.input} defaultValue={filters.status}>
            <option value="">{t('applications.anyStatus')}</option>
            {APPLICATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`applications.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={ui.actions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            {t('applications.apply')}
          </button>
          <Link to="?" className={ui.button}>
            {t('applications.clear')}
          </Link>
        </div>
      </div>
    </Form>
  )
}
