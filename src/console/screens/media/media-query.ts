import { MEDIA_LIMITS, type MediaKind } from '../../../../shared/rules/media.ts'
import { MEDIA_PATH } from '../../lib/media-paths.ts'

export const MEDIA_KINDS: readonly MediaKind[] = ['image', 'video']

/** The library's search as it sits in the page's address (a search can be bookmarked and shared). */
export interface MediaFilters {
  page: number
  search: string
  kind: MediaKind | ''
}

export function filtersFrom(params: URLSearchParams): MediaFilters {
  const page = Number(params.get('page'))
  const kind = params.get('kind') ?? ''
  return {
    page: Number.isInteger(page) && page > 0 && page <= 100_000 ? page : 1,
    search: (params.get('q') ?? '').trim().slice(0, MEDIA_LIMITS.search),
    kind: (MEDIA_KINDS as readonly string[]).includes(kind) ? (kind as MediaKind) : '',
  }
}

export function listPayload(filters: MediaFilters) {
  return {
    page: filters.page,
    pageSize: MEDIA_LIMITS.pageSizeDefault,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
  }
}

export function pageHref(filters: MediaFilters, page: number): string {
  const params = new URLSearchParams()
  if (filters.search) params.set('q', filters.search)
  if (filters.kind) params.set('kind', filters.kind)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `${MEDIA_PATH}?${query}` : MEDIA_PATH
}
