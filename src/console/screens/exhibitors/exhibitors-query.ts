import { CONSOLE_EXHIBITOR_LIMITS, EXHIBITOR_PROGRESS } from '../../../../shared/rules/console-exhibitors.ts'
import { EXHIBITOR_KINDS } from '../../../../shared/rules/exhibitors.ts'
import { exhibitionFilter, type FiltersOfQuery, listQuery, oneOf, searchFilter } from '../../ui/list-query.ts'

/** The exhibitor list's search and filters in the page's address (a filtered list can be bookmarked and shared). */
export const exhibitorQuery = listQuery(
  {
    search: searchFilter(CONSOLE_EXHIBITOR_LIMITS.search),
    exhibitionId: exhibitionFilter(9),
    kind: { param: 'kind', rule: oneOf(EXHIBITOR_KINDS) },
    stage: { param: 'stage', rule: oneOf(EXHIBITOR_PROGRESS) },
  },
  { pageSize: CONSOLE_EXHIBITOR_LIMITS.pageSizeDefault },
)

export type ExhibitorFilters = FiltersOfQuery<typeof exhibitorQuery>
