import { COMMENT_STATES, MODERATION_LIMITS } from '../../../../shared/rules/console-comments.ts'
import { choiceFilter, exhibitionFilter, type FiltersOfQuery, listQuery, searchFilter } from '../../ui/list-query.ts'

/** The queue's search and filters in the page's address; a state of '' is every comment, visible and hidden. */
export const commentQuery = listQuery(
  {
    search: searchFilter(MODERATION_LIMITS.search),
    exhibitionId: exhibitionFilter(9),
    state: choiceFilter(
      'state',
      COMMENT_STATES.filter((state) => state !== 'all'),
      { label: 'stateLabel', any: 'anyState', option: 'states' },
    ),
  },
  { pageSize: MODERATION_LIMITS.pageSizeDefault, maxPage: 100_000 },
)

export type CommentFilters = FiltersOfQuery<typeof commentQuery>

/** The list call's payload: the platform's "all" where no state is chosen. */
export const listPayload = (filters: CommentFilters) => ({ ...commentQuery.payload(filters), state: filters.state || 'all' }) as const
