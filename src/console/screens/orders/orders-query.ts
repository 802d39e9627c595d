import { ORDER_LIST_LIMITS, ORDER_LIST_STATUSES, PAYMENT_METHODS } from '../../../../shared/rules/console-orders.ts'
import { day, exhibitionFilter, type FiltersOfQuery, type ParamRule, listQuery, oneOf, searchFilter } from '../../ui/list-query.ts'

/** An order's number, as the keyset cursors name the row a page continues from. */
const orderNumber: ParamRule = (raw) => (/^T-[0-9A-HJKMNP-TV-Z]{10}$/.test(raw) ? raw : '')

/**
 * The order list's search and filters in the page's address; `from` and `to` are yyyy-mm-dd, UTC days.
 * Pages go by keyset (`after`/`before` an order), never by number (docs/product.md#order-search).
 */
export const orderQuery = listQuery(
  {
    search: searchFilter(ORDER_LIST_LIMITS.search),
    exhibitionId: exhibitionFilter(),
    status: { param: 'status', rule: oneOf(ORDER_LIST_STATUSES) },
    method: { param: 'method', rule: oneOf(PAYMENT_METHODS) },
    from: { param: 'from', rule: day },
    to: { param: 'to', rule: day },
    after: { param: 'after', rule: orderNumber },
    before: { param: 'before', rule: orderNumber },
  },
  { pageSize: ORDER_LIST_LIMITS.pageSizeDefault, maxPage: 1 },
)

export type OrderFilters = FiltersOfQuery<typeof orderQuery>
