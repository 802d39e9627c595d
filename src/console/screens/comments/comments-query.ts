import { COMMENT_STATES, type CommentState, MODERATION_LIMITS } from '../../../api/rules/console-comments.ts'

/** The queue's search and filters as they sit in the page's address (a filtered queue can be bookmarked and shared). */
export interface CommentFilters {
  page: number
  search: string
  exhibitionId: string
  /** '' is every comment, visible and hidden. */
  state: Exclude<CommentState, 'all'> | ''
}

export function filtersFrom(params: URLSearchParams): CommentFilters {
  const page = Number(params.get('page'))
  const exhibition = params.get('exhibition') ?? ''
  const state = params.get('state') ?? ''
  return {
    page: Number.isInteger(page) && page > 0 && page <= 100_000 ? page : 1,
    search: (params.get('q') ?? '').slice(0, MODERATION_LIMITS.search),
    exhibitionId: /^\d{1,9}$/.test(exhibition) ? exhibition : '',
    state: state !== 'all' && (COMMENT_STATES as readonly string[]).includes(state) ? (state as CommentFilters['state']) : '',
  }
}

/** The list call's payload: only what is set. */
export function listPayload(filters: CommentFilters) {
  return {
    page: filters.page,
    pageSize: MODERATION_LIMITS.pageSizeDefault,
    state: filters.state || 'all',
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.exhibitionId ? { exhibitionId: Number(filters.exhibitionId) } : {}),
  } as const
}

/** The address of another page of the same queue. */
export function pageHref(filters: CommentFilters, page: number): string {
  const params = new URLSearchParams()
  if (filters.search) params.set('q', filters.search)
  if (filters.exhibitionId) params.set('exhibition', filters.exhibitionId)
  if (filters.state) params.set('state', filters.state)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : '?'
}
