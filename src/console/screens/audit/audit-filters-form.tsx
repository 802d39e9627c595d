import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import type { StaffListItem } from '../../../api/console.ts'
import { CONSOLE } from '../../../api/functions/console.ts'
import ui from '../../ui/ui.module.css'
import styles from './audit.module.css'
import type { AuditFilters } from './audit-query.ts'
import { useFunctionLabel } from './function-label.ts'

/** Filters by member, function and UTC date range; sent as the page's address (GET), so they survive a reload. */
export function AuditFiltersForm({ filters, members }: { filters: AuditFilters; members: StaffListItem[] }) {
  const { t } = useTranslation()
  const functionLabel = useFunctionLabel()
  return (
    <Form method="get" className={ui.panel} aria-label={t('audit.filters')}>
      <div className={styles.filters}>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="audit-staff">
            {t('audit.member')}
          </label>
          <select id="audit-staff" name="staff" className={ui.input} defaultValue={filters.staffId}>
            <option value="">{t('audit.anyone')}</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name ? `${member.name} (${member.email})` : member.email}
              </option>
            ))}
          </select>
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="audit-function">
            {t('audit.function')}
          </label>
          <select id="audit-function" name="function" className={ui.input} defaultValue={filters.function}>
            <option value="">{t('audit.anyFunction')}</option>
            {Object.values(CONSOLE).map((address) => (
              <option key={address.route} value={address.route}>
                {functionLabel(address.route)}
              </option>
            ))}
          </select>
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="audit-from">
            {t('audit.from')}
          </label>
          <input id="audit-from" type="date" name="from" className={ui.input} defaultValue={filters.from} />
        </div>
        <div className={ui.field}>
          <label className={ui.label} htmlFor="audit-to">
            {t('audit.to')}
          </label>
          <input id="audit-to" type="date" name="to" className={ui.input} defaultValue={filters.to} />
        </div>
        <div className={ui.actions}>
          <button type="submit" className={`${ui.button} ${ui.primary}`}>
            {t('audit.apply')}
          </button>
          <Link to="?" className={ui.button}>
            {t('audit.clear')}
          </Link>
        </div>
      </div>
    </Form>
  )
}
