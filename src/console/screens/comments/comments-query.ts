import { COMMENT_STATES, MODERATION_LIMITS } from '../../../../shared/rules/console-comments.ts'
import { digits, type FiltersOfQuery, listQuery, oneOf, onlySet, text } from '../../ui/list-query.ts'

/** The queue's search and filters in the page's address; a state of '' is every comment, visible and hidden. */
export const commentQuery = listQuery(
  {
    search: { param: 'q', rule: text(MODERATION_LIMITS.search) },
    exhibitionId: { param: 'exhibition', rule: digits(9) },
    state: { param: 'state', rule: oneOf(COMMENT_STATES.filter((state) => state !== 'all')) },
  },
  { maxPage: 100_000 },
)

export type CommentFilters = FiltersOfQuery<typeof commentQuery>

export const { filtersFrom, pageHref } = commentQuery

/** The list call's payload: only what is set. */
export function listPayload(filters: CommentFilters) {
  return {
    page: filters.page,
    pageSize: MODERATION_LIMITS.pageSizeDefault,
    state: filters.state || 'all',
    ...onlySet({ search: filters.search.trim(), exhibitionId: filters.exhibitionId && Number(filters.exhibitionId) }),
  } as const
}
