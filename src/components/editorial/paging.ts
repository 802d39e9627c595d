import { MAX_PAGES_SHOWN } from '../../../shared/rules/editorial.ts'

/**
 * The lists of news, videos and bulletins keep their page in the address (`?page=3`) and show the
 * first pages up to it, so a shared or reloaded address shows what the visitor saw, and "load
 * more" is an ordinary link that works before the page's JavaScript has arrived. Past
 * MAX_PAGES_SHOWN pages only the last ones are shown, with a link back to the newest.
 */

/** `?page=` as a whole number from 1 to 1000; anything else is page 1. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1
  const page = Number(value)
  return page >= 1 && page <= 1000 ? page : 1
}

/** The pages an address with `?page=` shows: at most `max`, ending at the one asked for. */
export function pageWindow(page: number, max = MAX_PAGES_SHOWN): { first: number; last: number } {
  return { first: Math.max(1, page - max + 1), last: page }
}

export interface PageAnswer<T> {
  items: T[]
  total: number
  hasMore: boolean
}

export interface PagedItems<T> {
  items: T[]
  total: number
  /** More pages after the last one loaded. */
  hasMore: boolean
  /** The first and last page shown. */
  first: number
  last: number
  /** The translation key of the failure that stopped loading (the pages before it are kept), or null. */
  error: string | null
}

/**
 * Loads pages first..last at once and joins them in order. A failing page stops there: the pages
 * before it are kept and `error` says what went wrong, so "load more" can fail without the list
 * the visitor was reading disappearing.
 */
export async function loadPages<T>(first: number, last: number, fetchPage: (page: number) => Promise<PageAnswer<T>>): Promise<PagedItems<T>> {
  const pages = Array.from({ length: last - first + 1 }, (_, index) => first + index)
  const settled = await Promise.allSettled(pages.map((page) => fetchPage(page)))
  const items: T[] = []
  let total = 0
  let hasMore = false
  let loaded = first - 1
  for (const [index, result] of settled.entries()) {
    if (result.status === 'rejected') {
      const code = (result.reason as { code?: unknown } | null)?.code
      return { items, total, hasMore: true, first, last: loaded, error: typeof code === 'string' ? code : 'errors.unexpected' }
    }
    items.push(...result.value.items)
    total = result.value.total
    hasMore = result.value.hasMore
    loaded = pages[index] as number
    // A page past the end: later ones are empty too.
    if (!hasMore) break
  }
  return { items, total, hasMore, first, last: loaded, error: null }
}

/** The address of another page of the same list, keeping its other query parameters. */
export function pageHref(search: string, page: number): string {
  const params = new URLSearchParams(search)
  if (page <= 1) params.delete('page')
  else params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : '?'
}
