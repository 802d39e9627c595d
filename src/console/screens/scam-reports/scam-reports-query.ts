import { REPORT_CHANNEL_KINDS, SCAM_GROUP_STATUSES, SCAM_REPORT_LIMITS } from '../../../../shared/rules/scam-reports.ts'
import { choiceFilter, type FiltersOfQuery, listQuery, searchFilter } from '../../ui/list-query.ts'

/** The queue's search and filters in the address; `after` is the keyset pager's place (the last group of the page before). */
export const scamReportQuery = listQuery(
  {
    search: searchFilter(SCAM_REPORT_LIMITS.search),
    status: choiceFilter('status', SCAM_GROUP_STATUSES, { label: 'statusLabel', any: 'anyStatus', option: 'statuses' }),
    kind: choiceFilter('kind', REPORT_CHANNEL_KINDS, { label: 'kindLabel', any: 'anyKind', option: 'kinds' }),
    after: { param: 'after', rule: (raw: string) => (/^[0-9TZ:.+-]{10,40}_\d{1,18}$/.test(raw) ? raw : '') },
  },
  { pageSize: SCAM_REPORT_LIMITS.pageSizeDefault, maxPage: 1 },
)

export type ScamReportFilters = FiltersOfQuery<typeof scamReportQuery>

/** The list call's payload: the filters that are set, and the page size (the keyset needs no page number). */
export const scamReportPayload = (filters: ScamReportFilters) => {
  const { page: _page, ...payload } = scamReportQuery.payload(filters)
  return payload
}
