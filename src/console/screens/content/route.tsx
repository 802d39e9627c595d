import { useTranslation } from 'react-i18next'
import { Link, useLoaderData } from 'react-router'
import { type EditorialRow, editorialList } from '../../../api/console-editorial.ts'
import { consoleContentPath, EDITORIAL_KINDS, EDITORIAL_LIMITS, EDITORIAL_STATES } from '../../../../shared/rules/console-editorial.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDateTime } from '../../lib/format.ts'
import { type ListData as KitListData, listLoader } from '../../screen-kit.ts'
import type { Column } from '../../ui/data-table.tsx'
import { EditorialState } from '../../ui/editorial-state.tsx'
import { choiceFilter, type FiltersOfQuery, listQuery, searchFilter } from '../../ui/list-query.ts'
import { ListScreen } from '../../ui/list-screen.tsx'
import ui from '../../ui/ui.module.css'
import styles from './content.module.css'

/** The list's search and filters in the page's address. */
const contentQuery = listQuery(
  {
    search: searchFilter(EDITORIAL_LIMITS.search),
    kind: choiceFilter('kind', EDITORIAL_KINDS, { label: 'kind', any: 'anyKind', option: 'kinds' }),
    state: choiceFilter('state', EDITORIAL_STATES, { label: 'state', any: 'anyState', option: 'states' }),
  },
  { pageSize: EDITORIAL_LIMITS.pageSizeDefault },
)

type ListData = KitListData<FiltersOfQuery<typeof contentQuery>, { rows: EditorialRow[]; total: number }>

/** One page of news, bulletins and videos in every state, searched and filtered on the server. */
export const loader = listLoader(contentQuery, editorialList, contentQuery.payload)

function useColumns(): Array<Column<EditorialRow>> {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  return [
    {
      header: t('content.columns.title'),
      className: styles.titleCell,
      cell: (row) => (
        <>
          <Link to={consoleContentPath(row.kind, row.id)}>{row.title || row.slug}</Link>
          <div className={ui.muted}>
            {t(`content.kinds.${row.kind}`)} · <span className={`${ui.mono} ${styles.slug}`}>{row.slug}</span>
          </div>
        </>
      ),
    },
    {
      header: t('content.state'),
      cell: (row) => <EditorialState state={row.state} />,
    },
    {
      header: t('content.columns.when'),
      className: ui.nowrap,
      cell: (row) => formatDateTime(row.state === 'draft' ? row.updatedAt : row.publishedAt, language),
    },
    {
      header: t('content.columns.languages'),
      cell: (row) => <span className={ui.muted}>{t('content.languagesCount', { count: row.locales.length, total: LOCALES.length })}</span>,
    },
  ]
}

/** The content list (docs/product.md#console-content): find an item, see its state and which of the 12 languages it has, open it. */
export function Component() {
  const { t } = useTranslation()
  const data = useLoaderData() as ListData
  const columns = useColumns()
  return (
    <ListScreen
      words="content"
      data={data}
      query={contentQuery}
      intro={
        <p className={ui.actions}>
          {EDITORIAL_KINDS.map((kind) => (
            <Link key={kind} className={`${ui.button} ${kind === 'news' ? ui.primary : ''}`} to={consoleContentPath(kind, 'new')}>
              {t(`content.new.${kind}`)}
            </Link>
          ))}
        </p>
      }
      columns={columns}
      rowKey={(row) => `${row.kind}-${row.id}`}
      times
    />
  )
}
