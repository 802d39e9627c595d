import { APPLICATION_STATUSES, REVIEW_LIMITS } from '../../../../shared/rules/applications.ts'
import { exhibitionFilter, type FiltersOfQuery, listQuery, oneOf, searchFilter } from '../../ui/list-query.ts'

export const APPLICATION_KINDS = ['exhibitor', 'attendee'] as const

/** The review queue's search and filters in the page's address (a filtered queue can be bookmarked and shared). */
export const applicationQuery = listQuery(
  {
    search: searchFilter(REVIEW_LIMITS.search),
    exhibitionId: exhibitionFilter(9),
    kind: { param: 'kind', rule: oneOf(APPLICATION_KINDS) },
    status: { param: 'status', rule: oneOf(APPLICATION_STATUSES) },
  },
  { pageSize: REVIEW_LIMITS.pageSizeDefault },
)

export type ApplicationFilters = FiltersOfQuery<typeof applicationQuery>
