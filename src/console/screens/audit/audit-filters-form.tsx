import { useTranslation } from 'react-i18next'
import type { StaffListItem } from '../../../api/console.ts'
import { CONSOLE } from '../../../../shared/functions/console.ts'
import { ListFilters } from '../../ui/list-filters.tsx'
import type { AuditFilters } from './audit-query.ts'
import { useFunctionLabel } from './function-label.ts'

/** Filters by member, function and UTC date range; sent as the page's address (GET), so they survive a reload. */
export function AuditFiltersForm({ filters, members }: { filters: AuditFilters; members: StaffListItem[] }) {
  const { t } = useTranslation()
  const functionLabel = useFunctionLabel()
  return (
    <ListFilters
      id="audit"
      label={t('audit.filters')}
      applyLabel={t('audit.apply')}
      clearLabel={t('audit.clear')}
      choices={[
        {
          name: 'staff',
          label: t('audit.member'),
          anyLabel: t('audit.anyone'),
          value: filters.staffId,
          options: members.map((member) => ({ value: member.id, label: member.name ? `${member.name} (${member.email})` : member.email })),
        },
        {
          name: 'function',
          label: t('audit.function'),
          anyLabel: t('audit.anyFunction'),
          value: filters.function,
          options: Object.values(CONSOLE).map((address) => ({ value: address.route, label: functionLabel(address.route) })),
        },
      ]}
      days={[
        { name: 'from', label: t('audit.from'), value: filters.from },
        { name: 'to', label: t('audit.to'), value: filters.to },
      ]}
    />
  )
}
