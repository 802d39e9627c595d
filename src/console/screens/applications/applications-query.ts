import { APPLICATION_STATUSES, REVIEW_LIMITS } from '../../../../shared/rules/applications.ts'
import { digits, type FiltersOfQuery, listQuery, oneOf, onlySet, text } from '../../ui/list-query.ts'

export const APPLICATION_KINDS = ['exhibitor', 'attendee'] as const

/** The review queue's search and filters in the page's address (a filtered queue can be bookmarked and shared). */
export const applicationQuery = listQuery({
  search: { param: 'q', rule: text(REVIEW_LIMITS.search) },
  exhibitionId: { param: 'exhibition', rule: digits(9) },
  kind: { param: 'kind', rule: oneOf(APPLICATION_KINDS) },
  status: { param: 'status', rule: oneOf(APPLICATION_STATUSES) },
})

export type ApplicationFilters = FiltersOfQuery<typeof applicationQuery>

export const { filtersFrom, pageHref } = applicationQuery

/** The list call's payload: only what is set. */
export function listPayload(filters: ApplicationFilters) {
  return {
    page: filters.page,
    pageSize: REVIEW_LIMITS.pageSizeDefault,
    ...onlySet({
      search: filters.search.trim(),
      exhibitionId: filters.exhibitionId && Number(filters.exhibitionId),
      kind: filters.kind,
      status: filters.status,
    }),
  }
}
