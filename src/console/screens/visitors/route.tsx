import { useTranslation } from 'react-i18next'
import { Link, useLoaderData } from 'react-router'
import { type VisitorRow, visitorSearch } from '../../../api/console-visitors.ts'
import { VISITOR_LIMITS } from '../../../../shared/rules/console-visitors.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { visitorPath } from '../../lib/visitor-paths.ts'
import { type ListData, listLoader } from '../../screen-kit.ts'
import type { Column } from '../../ui/data-table.tsx'
import { type FiltersOfQuery, listQuery } from '../../ui/list-query.ts'
import { ListScreen } from '../../ui/list-screen.tsx'
import ui from '../../ui/ui.module.css'
import { AccountState } from '../../ui/account-state.tsx'

/** The search sits in the page's address (`?q=...&page=2`), so a result can be reloaded and shared. */
const visitorQuery = listQuery(
  { query: { param: 'q', rule: (raw) => raw.trim().slice(0, VISITOR_LIMITS.search), field: { kind: 'search', maxLength: VISITOR_LIMITS.search } } },
  { pageSize: VISITOR_LIMITS.pageSizeDefault, maxPage: 100_000 },
)

type SearchData = ListData<FiltersOfQuery<typeof visitorQuery>, { rows: VisitorRow[]; total: number }>

export const loader = listLoader(visitorQuery, visitorSearch, ({ query, page }) => ({ query, page, pageSize: VISITOR_LIMITS.pageSizeDefault }))

function useColumns(): Array<Column<VisitorRow>> {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  return [
    {
      header: t('visitors.visitor'),
      cell: (row) => (
        <>
          <Link to={visitorPath(row.id)}>{row.nick}</Link>
          <div className={ui.muted}>{row.email}</div>
        </>
      ),
    },
    { header: t('visitors.created'), className: ui.nowrap, cell: (row) => formatDateTime(row.createdAt, language) },
    {
      header: t('visitors.lastSignIn'),
      className: ui.nowrap,
      cell: (row) => (row.lastSignInAt ? formatDateTime(row.lastSignInAt, language) : t('visitors.never')),
    },
    { header: t('visitors.state'), cell: (row) => <AccountState blocked={row.blocked} /> },
  ]
}

/** Visitor accounts (docs/product.md#console-visitors): find a person by e-mail address or nick and open their account. */
export function Component() {
  const { t } = useTranslation()
  const data = useLoaderData() as SearchData
  const { filters } = data
  const columns = useColumns()
  return (
    <ListScreen
      words="visitors"
      data={data}
      query={visitorQuery}
      columns={columns}
      rowKey={(row) => row.id}
      empty={filters.query ? t('visitors.noMatch') : undefined}
      times
    />
  )
}
