import type { Writable } from 'node:stream'
import type { ExportFormat, ExportKind } from '../../../shared/rules/console-exports.ts'
import type { Database } from '../../db/client.ts'
import { type ExportSource, type ExportTableRequest, writeExport } from '../kit/export-table.ts'
import type { Platform } from '../platform.ts'
import type { StaffActor } from '../staff-actor.ts'
import { APPLICATION_EXPORT } from '../applications/index.ts'
import { EXHIBITOR_EXPORT } from '../exhibitors/index.ts'
import { SURVEY_EXPORT } from '../survey/index.ts'
import { ORDER_EXPORTS } from '../tickets/index.ts'

/** Each list the console streams, offered by the domain that owns its rows (docs/product.md#streamed-exports). */
export const EXPORT_SOURCES: Record<ExportKind, ExportSource> = {
  ...ORDER_EXPORTS,
  applications: APPLICATION_EXPORT,
  exhibitors: EXHIBITOR_EXPORT,
  survey: SURVEY_EXPORT,
}

export interface ExportRequest extends ExportTableRequest {
  kind: ExportKind
  format: ExportFormat
}

/**
 * Before the first byte (docs/product.md#streamed-exports): an exhibition outside the member's limits,
 * or none, is not found (false); otherwise the export is audited, naming who took which list with how
 * many rows it held then, and committed, so a download cut off halfway is on record too.
 */
export async function auditExport(platform: Platform, actor: StaffActor, request: Omit<ExportRequest, 'language'>): Promise<boolean> {
  const { exhibitionId, kind, format, only } = request
  if (actor.scope !== null && !actor.scope.includes(exhibitionId)) return false
  const source = EXPORT_SOURCES[kind]
  return platform.db.transaction(async (tx) => {
    const exists = await tx.query('select 1 from exhibitions where id = $1', [exhibitionId])
    if (!exists.rows.length) return false
    const rows = await source.count(tx, exhibitionId, only)
    const line = source.audit(only)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: line.function, target: `exhibition:${exhibitionId}`, before: null, after: { ...line.after, format, rows } },
    )
    return true
  })
}

/**
 * The file into `sink` as the cursor hands the rows over, one batch at a time and only as fast as
 * `sink` takes them. When `sink` ends early (the member's browser went away), the pipeline fails,
 * the transaction rolls back and the cursor closes with it.
 */
export async function streamExport(db: Database, request: ExportRequest, sink: Writable, batchRows: number): Promise<void> {
  await db.transaction(async (tx) => {
    // The planner prices a whole exhibition's rows high enough to compile them first: 4 of 8.5 s for
    // 100,000 attendees on PostgreSQL, for a query that reads each row once (docs/performance.md#streamed-exports).
    await tx.query('set local jit = off')
    await writeExport(await EXPORT_SOURCES[request.kind].table(tx, request, batchRows), request.format, sink)
  })
}
