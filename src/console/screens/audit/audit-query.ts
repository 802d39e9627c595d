import { STAFF_LIMITS } from '../../../../shared/rules/console-access.ts'
import { anything, day, type FiltersOfQuery, listQuery, onlySet } from '../../ui/list-query.ts'

/** The audit filters in the page's address (so a filtered page can be bookmarked and shared); `from` and `to` are yyyy-mm-dd, UTC days. */
export const auditQuery = listQuery({
  staffId: { param: 'staff', rule: anything },
  function: { param: 'function', rule: anything },
  from: { param: 'from', rule: day },
  to: { param: 'to', rule: day },
})

export type AuditFilters = FiltersOfQuery<typeof auditQuery>

export const { filtersFrom, pageHref } = auditQuery

/** The call's payload: whole UTC days, the end day included. */
export function auditPayload(filters: AuditFilters) {
  return {
    page: filters.page,
    pageSize: STAFF_LIMITS.auditPageSizeDefault,
    ...onlySet({
      staffId: filters.staffId,
      function: filters.function,
      from: filters.from && `${filters.from}T00:00:00.000Z`,
      to: filters.to && `${filters.to}T23:59:59.999Z`,
    }),
  }
}
