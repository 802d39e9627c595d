import { APPLICATION_STATUSES, REVIEW_LIMITS } from '../../../../shared/rules/applications.ts'
import { choiceFilter, exhibitionFilter, type FiltersOfQuery, listQuery, searchFilter } from '../../ui/list-query.ts'

export const APPLICATION_KINDS = ['exhibitor', 'attendee'] as const

/** The review queue's search and filters in the page's address (a filtered queue can be bookmarked and shared). */
export const applicationQuery = listQuery(
  {
    search: searchFilter(REVIEW_LIMITS.search),
    exhibitionId: exhibitionFilter(9),
    kind: choiceFilter('kind', APPLICATION_KINDS, { label: 'kind', any: 'anyKind', option: 'kinds' }),
    status: choiceFilter('status', APPLICATION_STATUSES, { label: 'statusLabel', any: 'anyStatus', option: 'status' }),
  },
  { pageSize: REVIEW_LIMITS.pageSizeDefault },
)

export type ApplicationFilters = FiltersOfQuery<typeof applicationQuery>
