import type { ReactNode } from 'react'
import { TableFrame } from './table-frame.tsx'
import styles from './ui.module.css'

/** One column of a console list: its header, what a row shows in it, and an optional class for both (alignment, width). */
export interface Column<Row> {
  header: string
  cell(row: Row): ReactNode
  className?: string
  /**
   * A column of row actions (buttons that name their row): its header is for screen readers only, and a
   * phone's card shows the buttons without a name beside them.
   */
  actions?: boolean
}

interface DataTableProps<Row> {
  /** Names the table (its caption) and its scrolling frame. */
  label: string
  /** The table's caption where it says more than the frame's name (how many of how many rows it shows, say); `label` otherwise. */
  caption?: string
  columns: ReadonlyArray<Column<Row>>
  rows: readonly Row[]
  rowKey(row: Row): string | number
  /** What an empty list says (no rows, or none that match the filters); left out where a list is never empty (the signed-in member's own row is in it). */
  empty?: ReactNode
  /** A row's own class (a disabled member, say). */
  rowClass?(row: Row): string | undefined
}

/**
 * A console list's table. From a laptop up it is a table that scrolls sideways in its frame when it is
 * wider; on a phone each row reads as a card, its cells stacked, each under its column's name (the
 * header row is out of sight then, its names repeated beside each value), so nothing scrolls sideways.
 * It stays a table in the markup either way: screen readers keep rows, columns and headers.
 */
export function DataTable<Row>({ label, caption, columns, rows, rowKey, empty, rowClass }: DataTableProps<Row>) {
  return (
    <TableFrame label={label}>
      <table className={`${styles.table} ${styles.cards}`}>
        <caption className="visually-hidden">{caption ?? label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.className}>
                {column.actions ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length || empty === undefined ? null : (
            <tr>
              <td colSpan={columns.length} className={`${styles.muted} ${styles.emptyCell}`}>
                {empty}
              </td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClass?.(row)}>
              {columns.map((column) => (
                <td key={column.header} className={column.className} data-label={column.actions ? undefined : column.header}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  )
}
