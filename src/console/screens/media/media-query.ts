import { MEDIA_LIMITS, type MediaKind } from '../../../../shared/rules/media.ts'
import { choiceFilter, type FiltersOfQuery, listQuery, searchFilter } from '../../ui/list-query.ts'

export const MEDIA_KINDS: readonly MediaKind[] = ['image', 'video']

/** The library's search as it sits in the page's address (a search can be bookmarked and shared). */
export const mediaQuery = listQuery(
  { search: searchFilter(MEDIA_LIMITS.search), kind: choiceFilter('kind', MEDIA_KINDS, { label: 'kind', any: 'kinds.all', option: 'kinds' }) },
  { pageSize: MEDIA_LIMITS.pageSizeDefault, maxPage: 100_000 },
)

export type MediaFilters = FiltersOfQuery<typeof mediaQuery>
