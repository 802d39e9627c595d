import { CONSOLE_EXHIBITOR_LIMITS, EXHIBITOR_PROGRESS } from '../../../../shared/rules/console-exhibitors.ts'
import { EXHIBITOR_KINDS } from '../../../../shared/rules/exhibitors.ts'
import { choiceFilter, exhibitionFilter, type FiltersOfQuery, listQuery, searchFilter } from '../../ui/list-query.ts'

/** The exhibitor list's search and filters in the page's address (a filtered list can be bookmarked and shared). */
export const exhibitorQuery = listQuery(
  {
    search: searchFilter(CONSOLE_EXHIBITOR_LIMITS.search),
    exhibitionId: exhibitionFilter(9),
    kind: choiceFilter('kind', EXHIBITOR_KINDS, { label: 'kind', any: 'anyKind', option: 'kinds' }),
    stage: choiceFilter('stage', EXHIBITOR_PROGRESS, { label: 'stageLabel', any: 'anyStage', option: 'stages' }),
  },
  { pageSize: CONSOLE_EXHIBITOR_LIMITS.pageSizeDefault },
)

export type ExhibitorFilters = FiltersOfQuery<typeof exhibitorQuery>
