import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import type { ExportFormat } from '../../../shared/rules/console-exports.ts'
import type { Queryable } from '../../db/client.ts'
import { type Cell, csvBytes } from './csv.ts'
import { cursorRows } from './cursor.ts'
import { xlsxBytes } from './xlsx-stream.ts'

/**
 * What a domain offers the console's streamed exports (docs/product.md#streamed-exports): a list's
 * header and its rows batch by batch from a cursor, so the route that sends the file owns none of
 * the domain's tables, and the domain none of the download's queueing, auditing or bytes.
 */

export type ExportBatches = AsyncIterable<readonly (readonly Cell[])[]>

export interface ExportTable {
  header: readonly string[]
  batches: ExportBatches
}

export interface ExportTableRequest {
  exhibitionId: number
  /** The member's console language: headers and states are read by organisers, not engineers. */
  language: ConsoleLanguage
  /** A narrower list where the kind allows one (EXPORT_ONLY), else null. */
  only: string | null
}

export interface ExportSource {
  /** The audit line's function, and what it records beside the format and the number of rows. */
  audit(only: string | null): { function: string; after: Record<string, unknown> }
  /** How many rows the list holds now, for its audit line, written before the file goes out. */
  count(tx: Queryable, exhibitionId: number, only: string | null): Promise<number>
  /** The list inside `tx`, a transaction: its cursor lives and dies with it. */
  table(tx: Queryable, request: ExportTableRequest, batchRows: number): Promise<ExportTable>
}

/** A query's rows from a cursor, `batchRows` at a time, each batch turned into cells (which may read more for that batch). */
export async function* cursorBatches<Row>(
  tx: Queryable,
  query: { sql: string; params: readonly unknown[] },
  batchRows: number,
  cells: (rows: Row[]) => Cell[][] | Promise<Cell[][]>,
): ExportBatches {
  for await (const rows of cursorRows<Row>(tx, query.sql, query.params, batchRows)) yield await cells(rows)
}

/**
 * The file into `sink` as the batches come, only as fast as `sink` takes them. When `sink` ends
 * early (the member's browser went away) the pipeline fails; the caller's transaction then rolls
 * back and the cursor closes with it.
 */
export async function writeExport(table: ExportTable, format: ExportFormat, sink: Writable): Promise<void> {
  const bytes = format === 'csv' ? csvBytes(table.header, table.batches) : xlsxBytes(table.header, table.batches)
  try {
    // One chunk read ahead: memory holds the batch being written and the next one.
    await pipeline(Readable.from(bytes, { highWaterMark: 1 }), sink)
  } catch (error) {
    // The stream gives up on the rows at once, but a fetch may still be on its way: wait for it and
    // the cursor's closing before the transaction ends, or they would run on a connection it left.
    await bytes.return(undefined)
    throw error
  }
}
