import { STAFF_LIMITS } from '../../../api/rules/console-access.ts'

/** The audit filters as they sit in the page's address (so a filtered page can be bookmarked and shared). */
export interface AuditFilters {
  page: number
  staffId: string
  function: string
  /** yyyy-mm-dd, UTC days. */
  from: string
  to: string
}

const DAY = /^\d{4}-\d{2}-\d{2}$/
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))

export function filtersFrom(params: URLSearchParams): AuditFilters {
  const page = Number(params.get('page'))
  const day = (name: string) => {
    const value = params.get(name) ?? ''
    return isDay(value) ? value : ''
  }
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    staffId: params.get('staff') ?? '',
    function: params.get('function') ?? '',
    from: day('from'),
    to: day('to'),
  }
}

/** The call's payload: whole UTC days, the end day included. */
export function auditPayload(filters: AuditFilters) {
  return {
    page: filters.page,
    pageSize: STAFF_LIMITS.auditPageSizeDefault,
    ...(filters.staffId ? { staffId: filters.staffId } : {}),
    ...(filters.function ? { function: filters.function } : {}),
    ...(filters.from ? { from: `${filters.from}T00:00:00.000Z` } : {}),
    ...(filters.to ? { to: `${filters.to}T23:59:59.999Z` } : {}),
  }
}

/** The address of another page of the same filtered list. */
export function pageHref(filters: AuditFilters, page: number): string {
  const params = new URLSearchParams()
  if (filters.staffId) params.set('staff', filters.staffId)
  if (filters.function) params.set('function', filters.function)
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : '?'
}
