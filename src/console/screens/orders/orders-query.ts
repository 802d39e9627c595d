import { ORDER_LIST_LIMITS, ORDER_LIST_STATUSES, type OrderListStatus, PAYMENT_METHODS, type PaymentMethod } from '../../../api/rules/console-orders.ts'

/** The order list's search and filters as they sit in the page's address (a filtered list can be bookmarked and shared). */
export interface OrderFilters {
  page: number
  search: string
  exhibitionId: string
  status: OrderListStatus | ''
  method: PaymentMethod | ''
  /** yyyy-mm-dd, UTC days. */
  from: string
  to: string
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : ''

export function filtersFrom(params: URLSearchParams): OrderFilters {
  const page = Number(params.get('page'))
  const day = (name: string) => (isDay(params.get(name) ?? '') ? (params.get(name) as string) : '')
  const exhibition = params.get('exhibition') ?? ''
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    search: (params.get('q') ?? '').slice(0, ORDER_LIST_LIMITS.search),
    exhibitionId: /^\d+$/.test(exhibition) ? exhibition : '',
    status: oneOf(ORDER_LIST_STATUSES, params.get('status')),
    method: oneOf(PAYMENT_METHODS, params.get('method')),
    from: day('from'),
    to: day('to'),
  }
}

/** The list call's payload: only what is set. */
export function listPayload(filters: OrderFilters) {
  return {
    page: filters.page,
    pageSize: ORDER_LIST_LIMITS.pageSizeDefault,
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.exhibitionId ? { exhibitionId: Number(filters.exhibitionId) } : {}),
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.method ? { method: filters.method } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  }
}

/** The address of another page of the same list. */
export function pageHref(filters: OrderFilters, page: number): string {
  const params = new URLSearchParams()
  if (filters.search) params.set('q', filters.search)
  if (filters.exhibitionId) params.set('exhibition', filters.exhibitionId)
  if (filters.status) params.set('status', filters.status)
  if (filters.method) params.set('method', filters.method)
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : '?'
}
