import { APPLICATION_STATUSES, type ReviewStatus, REVIEW_LIMITS } from '../../../api/rules/applications.ts'

export const APPLICATION_KINDS = ['exhibitor', 'attendee'] as const
type Kind = (typeof APPLICATION_KINDS)[number]

/** The review queue's search and filters as they sit in the page's address (a filtered queue can be bookmarked and shared). */
export interface ApplicationFilters {
  page: number
  search: string
  exhibitionId: string
  kind: Kind | ''
  status: ReviewStatus | ''
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : ''

export function filtersFrom(params: URLSearchParams): ApplicationFilters {
  const page = Number(params.get('page'))
  const exhibition = params.get('exhibition') ?? ''
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    search: (params.get('q') ?? '').slice(0, REVIEW_LIMITS.search),
    exhibitionId: /^\d{1,9}$/.test(exhibition) ? exhibition : '',
    kind: oneOf(APPLICATION_KINDS, params.get('kind')),
    status: oneOf(APPLICATION_STATUSES, params.get('status')),
  }
}

/** The list call's payload: only what is set. */
export function listPayload(filters: ApplicationFilters) {
  return {
    page: filters.page,
    pageSize: REVIEW_LIMITS.pageSizeDefault,
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.exhibitionId ? { exhibitionId: Number(filters.exhibitionId) } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  }
}

/** The address of another page of the same queue. */
export function pageHref(filters: ApplicationFilters, page: number): string {
  const params = new URLSearchParams()
  if (filters.search) params.set('q', filters.search)
  if (filters.exhibitionId) params.set('exhibition', filters.exhibitionId)
  if (filters.kind) params.set('kind', filters.kind)
  if (filters.status) params.set('status', filters.status)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : '?'
}
