import { ORDER_LIST_LIMITS, ORDER_LIST_STATUSES, PAYMENT_METHODS } from '../../../../shared/rules/console-orders.ts'
import { day, exhibitionFilter, type FiltersOfQuery, listQuery, oneOf, searchFilter } from '../../ui/list-query.ts'

/** The order list's search and filters in the page's address; `from` and `to` are yyyy-mm-dd, UTC days. */
export const orderQuery = listQuery(
  {
    search: searchFilter(ORDER_LIST_LIMITS.search),
    exhibitionId: exhibitionFilter(),
    status: { param: 'status', rule: oneOf(ORDER_LIST_STATUSES) },
    method: { param: 'method', rule: oneOf(PAYMENT_METHODS) },
    from: { param: 'from', rule: day },
    to: { param: 'to', rule: day },
  },
  { pageSize: ORDER_LIST_LIMITS.pageSizeDefault },
)

export type OrderFilters = FiltersOfQuery<typeof orderQuery>
