import type { StaffListItem } from '../../../api/console.ts'
import { CONSOLE } from '../../../../shared/functions/console.ts'
import { ListFilters } from '../../ui/list-filters.tsx'
import type { AuditFilters } from './audit-query.ts'
import { useFunctionLabel } from './function-label.ts'

/** Filters by member, function and UTC date range; sent as the page's address (GET), so they survive a reload. */
export function AuditFiltersForm({ filters, members }: { filters: AuditFilters; members: StaffListItem[] }) {
  const functionLabel = useFunctionLabel()
  return (
    <ListFilters
      words="audit"
      choices={[
        {
          name: 'staff',
          value: filters.staffId,
          label: 'member',
          any: 'anyone',
          options: members.map((member) => ({ value: member.id, label: member.name ? `${member.name} (${member.email})` : member.email })),
        },
        {
          name: 'function',
          value: filters.function,
          label: 'function',
          any: 'anyFunction',
          options: Object.values(CONSOLE).map((address) => ({ value: address.route, label: functionLabel(address.route) })),
        },
      ]}
      days={[
        { name: 'from', value: filters.from },
        { name: 'to', value: filters.to },
      ]}
    />
  )
}
