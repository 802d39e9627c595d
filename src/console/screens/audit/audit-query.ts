import { STAFF_LIMITS } from '../../../../shared/rules/console-access.ts'
import { anything, dayFilter, type FiltersOfQuery, listQuery } from '../../ui/list-query.ts'

/** The audit filters in the page's address (so a filtered page can be bookmarked and shared); `from` and `to` are yyyy-mm-dd, UTC days, sent as whole days, the end day included. */
export const auditQuery = listQuery(
  {
    staffId: { param: 'staff', rule: anything, field: { kind: 'choice', label: 'member', any: 'anyone' } },
    function: { param: 'function', rule: anything, field: { kind: 'choice', label: 'function', any: 'anyFunction' } },
    from: dayFilter('from', (value) => `${value}T00:00:00.000Z`),
    to: dayFilter('to', (value) => `${value}T23:59:59.999Z`),
  },
  { pageSize: STAFF_LIMITS.auditPageSizeDefault },
)

export type AuditFilters = FiltersOfQuery<typeof auditQuery>
