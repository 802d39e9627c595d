import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { ORDER_LIST_LIMITS, ORDER_LIST_STATUSES, PAYMENT_METHODS } from '../../../api/rules/console-orders.ts'
import ui from '../../ui/ui.module.css'
import styles from './orders.module.css'
import type { OrderFilters as Filters } from './orders-query.ts'

/** Search and filters, sent as the page's address (GET): Enter in the search box searches, the page can be bookmarked. */
export function OrderFilters({ filters, exhibitions }: { filters: Filters; exhibitions: Array<{ id: number; title: string }> }) {
  const { t } = useTranslation()
  return (
    <Form method="get" className={ui.panel} role="search" aria-label={t('orders.filters')}>
      <div className={styles.filters}>
        <div className={`${ui.field} ${styles.search}`}>
          <label className={ui.label} htmlFor="orders-search">
            {t('orders.search')}
          </label>
          <input
            id="orders-search"
            type="search"
            name="q"
            className={ui.input}
            defaultValue={filters.search}
            maxLength={ORDER_LIST_LIMITS.search}
            aria-describedby="orders-search-hint"
          />
          <p id="orders-search-hint" className={ui.hint}>
            {t('orders.searchHint')}
          </p>
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="orders-exhibition">
            {t('orders.exhibition')}
          </label>
          <select id="orders-exhibition" name="exhibition" className={ui.input} defaultValue={filters.exhibitionId}>
            <option value="">{t('orders.anyExhibition')}</option>
            {exhibitions.map((exhibition) => (
              <option key={exhibition.id} value={exhibition.id}>
                {exhibition.title || `#${exhibition.id}`}
              </option>
            ))}
          </select>
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="orders-status">
            {t('orders.status')}
          </label>
          <select id="orders-status" name="status" className={ui.input} defaultValue={filters.status}>
            <option value="">{t('orders.anyStatus')}</option>
            {ORDER_LIST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`orders.state.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="orders-method">
            {t('orders.method')}
          </label>
          <select id="orders-method" name="method" className={ui.input} defaultValue={filters.method}>
            <option value="">{t('orders.anyMethod')}</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>
                {t(`orders.methods.${method}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="orders-from">
            {t('orders.from')}
          </label>
          <input id="orders-from" type="date" name="from" className={ui.input} defaultValue={filters.from} />
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="orders-to">
            {t('orders.to')}
          </label>
          <input id="orders-to" type="date" name="to" className={ui.input} defaultValue={filters.to} />
        </div>
        <div className={ui.actions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            {t('orders.apply')}
          </button>
          <Link to="?" className={ui.button}>
            {t('orders.clear')}
          </Link>
        </div>
      </div>
    </Form>
  )
}
