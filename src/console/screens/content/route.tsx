import { useTranslation } from 'react-i18next'
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { type EditorialRow, editorialList } from '../../../api/console-editorial.ts'
import {
  consoleContentPath,
  EDITORIAL_KINDS,
  EDITORIAL_LIMITS,
  EDITORIAL_STATES,
  type EditorialKind,
  type EditorialState,
} from '../../../api/rules/console-editorial.ts'
import { LOCALES } from '../../../i18n/languages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import { ListFilters } from '../../ui/list-filters.tsx'
import { Pager, pageCount } from '../../ui/pager.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import styles from './content.module.css'

interface Filters {
  search: string
  kind: EditorialKind | ''
  state: EditorialState | ''
  page: number
}

interface ListData {
  filters: Filters
  rows: EditorialRow[]
  total: number
}

const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | '' => (allowed.includes(value as T) ? (value as T) : '')

function filtersFrom(params: URLSearchParams): Filters {
  const page = Number(params.get('page'))
  return {
    search: (params.get('q') ?? '').slice(0, EDITORIAL_LIMITS.search),
    kind: pick(params.get('kind'), EDITORIAL_KINDS),
    state: pick(params.get('state'), EDITORIAL_STATES),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  }
}

function pageHref(filters: Filters, page: number): string {
  const params = new URLSearchParams()
  if (filters.search) params.set('q', filters.search)
  if (filters.kind) params.set('kind', filters.kind)
  if (filters.state) params.set('state', filters.state)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `?${query}` : '?'
}

/** One page of news, bulletins and videos in every state, searched and filtered on the server. */
export async function loader(args: LoaderFunctionArgs): Promise<ListData> {
  const filters = filtersFrom(new URL(args.request.url).searchParams)
  const page = await staffCall(args, editorialList, {
    page: filters.page,
    pageSize: EDITORIAL_LIMITS.pageSizeDefault,
    ...(filters.search ? { search: filters.search } : {}),
    ...(filters.kind ? { kind: filters.kind } : {}),
    ...(filters.state ? { state: filters.state } : {}),
  })
  return { filters, rows: page.rows, total: page.total }
}

/** The content list (docs/product.md#console-content): find an item, see its state and which of the 12 languages it has, open it. */
export function Component() {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const { filters, rows, total } = useLoaderData() as ListData
  const pages = pageCount(total, EDITORIAL_LIMITS.pageSizeDefault)
  return (
    <ConsolePage title={t('content.title')} lead={t('content.lead')}>
      <p className={ui.actions}>
        {EDITORIAL_KINDS.map((kind) => (
          <Link key={kind} className={`${ui.button} ${kind === 'news' ? ui.primary : ''}`} to={consoleContentPath(kind, 'new')}>
            {t(`content.new.${kind}`)}
          </Link>
        ))}
      </p>
      <ListFilters
        key={JSON.stringify(filters)}
        id="content"
        label={t('content.filters')}
        search={{ label: t('content.search'), hint: t('content.searchHint'), value: filters.search, maxLength: EDITORIAL_LIMITS.search }}
        choices={[
          {
            name: 'kind',
            label: t('content.kind'),
            anyLabel: t('content.anyKind'),
            value: filters.kind,
            options: EDITORIAL_KINDS.map((kind) => ({ value: kind, label: t(`content.kinds.${kind}`) })),
          },
          {
            name: 'state',
            label: t('content.state'),
            anyLabel: t('content.anyState'),
            value: filters.state,
            options: EDITORIAL_STATES.map((state) => ({ value: state, label: t(`content.states.${state}`) })),
          },
        ]}
        applyLabel={t('content.apply')}
        clearLabel={t('content.clear')}
      />
      <TableFrame label={t('content.title')}>
        <table className={ui.table}>
          <caption className="visually-hidden">{t('content.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('content.columns.title')}</th>
              <th scope="col">{t('content.state')}</th>
              <th scope="col">{t('content.columns.when')}</th>
              <th scope="col">{t('content.columns.languages')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length ? null : (
              <tr>
                <td colSpan={4} className={ui.muted}>
                  {t('content.empty')}
                </td>
              </tr>
            )}
            {rows.map((row) => (
              <tr key={`${row.kind}-${row.id}`}>
                <td className={styles.titleCell}>
                  <Link to={consoleContentPath(row.kind, row.id)}>{row.title || row.slug}</Link>
                  <div className={ui.muted}>
                    {t(`content.kinds.${row.kind}`)} · <span className={`${ui.mono} ${styles.slug}`}>{row.slug}</span>
                  </div>
                </td>
                <td>
                  <span className={`${styles.state} ${styles[row.state] ?? ''}`}>{t(`content.states.${row.state}`)}</span>
                </td>
                <td className={ui.nowrap}>{formatDateTime(row.state === 'draft' ? row.updatedAt : row.publishedAt, language)}</td>
                <td>
                  <span className={ui.muted}>{t('content.languagesCount', { count: row.locales.length, total: LOCALES.length })}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <Pager
        label={t('content.pages')}
        summary={t('content.pageOf', { page: filters.page, pages, count: total })}
        page={filters.page}
        pages={pages}
        href={(page) => pageHref(filters, page)}
      />
      <p className={ui.hint}>{t('common.timesInUtc')}</p>
    </ConsolePage>
  )
}
