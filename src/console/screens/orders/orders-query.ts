import { ORDER_LIST_LIMITS, ORDER_LIST_STATUSES, PAYMENT_METHODS } from '../../../../shared/rules/console-orders.ts'
import { day, digits, type FiltersOfQuery, listQuery, oneOf, onlySet, text } from '../../ui/list-query.ts'

/** The order list's search and filters in the page's address; `from` and `to` are yyyy-mm-dd, UTC days. */
export const orderQuery = listQuery({
  search: { param: 'q', rule: text(ORDER_LIST_LIMITS.search) },
  exhibitionId: { param: 'exhibition', rule: digits() },
  status: { param: 'status', rule: oneOf(ORDER_LIST_STATUSES) },
  method: { param: 'method', rule: oneOf(PAYMENT_METHODS) },
  from: { param: 'from', rule: day },
  to: { param: 'to', rule: day },
})

export type OrderFilters = FiltersOfQuery<typeof orderQuery>

export const { filtersFrom, pageHref } = orderQuery

/** The list call's payload: only what is set. */
export function listPayload(filters: OrderFilters) {
  return {
    page: filters.page,
    pageSize: ORDER_LIST_LIMITS.pageSizeDefault,
    ...onlySet({
      search: filters.search.trim(),
      exhibitionId: filters.exhibitionId && Number(filters.exhibitionId),
      status: filters.status,
      method: filters.method,
      from: filters.from,
      to: filters.to,
    }),
  }
}
