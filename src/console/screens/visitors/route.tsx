import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type VisitorRow, visitorSearch } from '../../../api/console.ts'
import { VISITOR_LIMITS } from '../../../api/rules/console-visitors.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { visitorPath } from '../../lib/visitor-paths.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { ListFilters } from '../../ui/list-filters.tsx'
import { Pager, pageCount } from '../../ui/pager.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { AccountState } from '../../ui/account-state.tsx'

interface SearchData {
  query: string
  page: number
  rows: VisitorRow[]
  total: number
}

/** The search sits in the page's address (`?q=...&page=2`), so a result can be reloaded and shared. */
export async function loader(args: LoaderFunctionArgs): Promise<SearchData> {
  const params = new URL(args.request.url).searchParams
  const query = (params.get('q') ?? '').trim().slice(0, VISITOR_LIMITS.search)
  const asked = Number(params.get('page'))
  const page = Number.isInteger(asked) && asked > 0 && asked <= 100_000 ? asked : 1
  const result = await staffCall(args, visitorSearch, { query, page, pageSize: VISITOR_LIMITS.pageSizeDefault })
  return { query, page, rows: result.rows, total: result.total }
}

const pageHref = (query: string, page: number) => {
  const params = new URLSearchParams()
  if (query) params.set('q', query)
  if (page > 1) params.set('page', String(page))
  const text = params.toString()
  return text ? `?${text}` : '?'
}

function VisitorLine({ row }: { row: VisitorRow }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  return (
    <tr>
      <td>
        <Link to={visitorPath(row.id)}>{row.nick}</Link>
        <div className={ui.muted}>{row.email}</div>
      </td>
      <td className={ui.nowrap}>{formatDateTime(row.createdAt, language)}</td>
      <td className={ui.nowrap}>{row.lastSignInAt ? formatDateTime(row.lastSignInAt, language) : t('visitors.never')}</td>
      <td>
        <AccountState blocked={row.blocked} />
      </td>
    </tr>
  )
}

/** Visitor accounts (docs/product.md#console-visitors): find a person by e-mail address or nick and open their account. */
export function Component() {
  const { t } = useTranslation()
  const { query, page, rows, total } = useLoaderData() as SearchData
  const pages = pageCount(total, VISITOR_LIMITS.pageSizeDefault)
  return (
    <ConsolePage title={t('visitors.title')} lead={t('visitors.lead')}>
      <ListFilters
        key={query}
        id="visitors"
        label={t('visitors.searchLabel')}
        search={{ label: t('visitors.search'), hint: t('visitors.searchHint'), value: query, maxLength: VISITOR_LIMITS.search }}
        choices={[]}
        applyLabel={t('visitors.find')}
        clearLabel={t('visitors.clear')}
      />
      <TableFrame label={t('visitors.title')}>
        <table className={ui.table}>
          <caption className="visually-hidden">{t('visitors.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('visitors.visitor')}</th>
              <th scope="col">{t('visitors.created')}</th>
              <th scope="col">{t('visitors.lastSignIn')}</th>
              <th scope="col">{t('visitors.state')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length ? null : (
              <tr>
                <td colSpan={4} className={ui.muted}>
                  {t(query ? 'visitors.noMatch' : 'visitors.empty')}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <VisitorLine key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      </TableFrame>
      <Pager
        label={t('visitors.pages')}
        summary={t('visitors.pageOf', { page, pages, count: total })}
        page={page}
        pages={pages}
        href={(next) => pageHref(query, next)}
      />
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}
