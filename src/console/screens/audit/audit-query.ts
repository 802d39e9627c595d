import { STAFF_LIMITS } from '../../../../shared/rules/console-access.ts'
import { anything, day, type FiltersOfQuery, listQuery } from '../../ui/list-query.ts'

/** The audit filters in the page's address (so a filtered page can be bookmarked and shared); `from` and `to` are yyyy-mm-dd, UTC days, sent as whole days, the end day included. */
export const auditQuery = listQuery(
  {
    staffId: { param: 'staff', rule: anything },
    function: { param: 'function', rule: anything },
    from: { param: 'from', rule: day, send: (value: string) => `${value}T00:00:00.000Z` },
    to: { param: 'to', rule: day, send: (value: string) => `${value}T23:59:59.999Z` },
  },
  { pageSize: STAFF_LIMITS.auditPageSizeDefault },
)

export type AuditFilters = FiltersOfQuery<typeof auditQuery>
