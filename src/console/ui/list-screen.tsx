import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { type Column, DataTable } from './data-table.tsx'
import { ListPage, type ListPageProps } from './list-page.tsx'

type ListScreenProps<Row, F extends { page: number }> = ListPageProps<F, { rows: readonly Row[]; total: number | null }> & {
  columns: ReadonlyArray<Column<Row>>
  rowKey(row: Row): string | number
  rowClass?(row: Row): string | undefined
  /** What an empty list says; the words' `empty` when left out. */
  empty?: ReactNode
}

/**
 * A console list screen (docs/CONVENTIONS.md#a-console-screen-srcconsole) whose list is a table
 * (cards on a phone): `ListPage` with the page's rows in a `DataTable`, named by the title.
 */
export function ListScreen<Row, F extends { page: number }>({ columns, rowKey, rowClass, empty, ...page }: ListScreenProps<Row, F>) {
  const { t } = useTranslation()
  return (
    <ListPage
      {...page}
      list={
        <DataTable
          label={t(`${page.words}.title`)}
          columns={columns}
          rows={page.data.page.rows}
          rowKey={rowKey}
          rowClass={rowClass}
          empty={empty ?? t(`${page.words}.empty`)}
        />
      }
    />
  )
}
