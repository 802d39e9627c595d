import { CONSOLE_EXHIBITOR_LIMITS, EXHIBITOR_PROGRESS } from '../../../../shared/rules/console-exhibitors.ts'
import { EXHIBITOR_KINDS } from '../../../../shared/rules/exhibitors.ts'
import { digits, type FiltersOfQuery, listQuery, oneOf, onlySet, text } from '../../ui/list-query.ts'

/** The exhibitor list's search and filters in the page's address (a filtered list can be bookmarked and shared). */
export const exhibitorQuery = listQuery({
  search: { param: 'q', rule: text(CONSOLE_EXHIBITOR_LIMITS.search) },
  exhibitionId: { param: 'exhibition', rule: digits(9) },
  kind: { param: 'kind', rule: oneOf(EXHIBITOR_KINDS) },
  stage: { param: 'stage', rule: oneOf(EXHIBITOR_PROGRESS) },
})

export type ExhibitorFilters = FiltersOfQuery<typeof exhibitorQuery>

export const { filtersFrom, pageHref } = exhibitorQuery

/** The list call's payload: only what is set. */
export function listPayload(filters: ExhibitorFilters) {
  return {
    page: filters.page,
    pageSize: CONSOLE_EXHIBITOR_LIMITS.pageSizeDefault,
    ...onlySet({
      search: filters.search.trim(),
      exhibitionId: filters.exhibitionId && Number(filters.exhibitionId),
      kind: filters.kind,
      stage: filters.stage,
    }),
  }
}
