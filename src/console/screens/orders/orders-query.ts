import { ORDER_LIST_LIMITS, ORDER_LIST_STATUSES, PAYMENT_METHODS } from '../../../../shared/rules/console-orders.ts'
import { choiceFilter, dayFilter, exhibitionFilter, type FiltersOfQuery, type ParamRule, listQuery, searchFilter } from '../../ui/list-query.ts'

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
    status: choiceFilter('status', ORDER_LIST_STATUSES, { label: 'status', any: 'anyStatus', option: 'state' }),
    method: choiceFilter('method', PAYMENT_METHODS, { label: 'method', any: 'anyMethod', option: 'methods' }),
    from: dayFilter('from'),
    to: dayFilter('to'),
    after: { param: 'after', rule: orderNumber },
    before: { param: 'before', rule: orderNumber },
  },
  { pageSize: ORDER_LIST_LIMITS.pageSizeDefault, maxPage: 1 },
)

export type OrderFilters = FiltersOfQuery<typeof orderQuery>
