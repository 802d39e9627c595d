import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ConsolePage } from './console-page.tsx'
import { type Column, DataTable } from './data-table.tsx'
import { Pager, pageCount } from './pager.tsx'
import styles from './ui.module.css'

export interface ListPagerProps {
  /** Names the pager's navigation landmark. */
  label: string
  /** "Page 2 of 5 (112 orders)" in the screen's words. */
  summary(values: { page: number; pages: number; count: number }): string
  page: number
  total: number
  pageSize: number
  href(page: number): string
}

/** The pager of a list paged on the server, from its total and page size. */
export function ListPager({ label, summary, page, total, pageSize, href }: ListPagerProps) {
  const pages = pageCount(total, pageSize)
  return <Pager label={label} summary={summary({ page, pages, count: total })} page={page} pages={pages} href={href} />
}

/** The list itself: a table (cards on a phone), or the screen's own list (comments as cards, say). */
type ListBody<Row> =
  | {
      columns: ReadonlyArray<Column<Row>>
      rows: readonly Row[]
      rowKey(row: Row): string | number
      rowClass?(row: Row): string | undefined
      empty: ReactNode
      /** Names the table; the title when left out. */
      tableLabel?: string
    }
  | { list: ReactNode }

type ListScreenProps<Row> = ListBody<Row> & {
  title: string
  lead?: string
  /** Beside the title (a "New ..." link, say). */
  actions?: ReactNode
  /** The list's search and filters (ui/list-filters.tsx). */
  filters?: ReactNode
  /** Between the filters and the list (an export panel, a status line, say). */
  children?: ReactNode
  pager: ListPagerProps
  /** The list shows times ("Times are shown in UTC." under it). */
  times?: boolean
}

/**
 * A console list screen (docs/CONVENTIONS.md#a-console-screen-srcconsole): title, filters sent as the page's address,
 * the table (cards on a phone), the pager, and the note on times. The loader side is
 * `listLoader` in screen-kit.ts with the filters of ui/list-query.ts.
 */
export function ListScreen<Row>({ title, lead, actions, filters, children, pager, times = false, ...body }: ListScreenProps<Row>) {
  const { t } = useTranslation()
  return (
    <ConsolePage title={title} lead={lead} actions={actions}>
      {filters}
      {children}
      {'list' in body ? body.list : <DataTable label={body.tableLabel ?? title} {...body} />}
      <ListPager {...pager} />
      {times ? <p className={styles.hint}>{t('common.timesInUtc')}</p> : null}
    </ConsolePage>
  )
}
