import writeXlsxFile from 'write-excel-file/node'
import { EXPORT_MEDIA_TYPES, type ExportFormat, type ExportKind } from '../../../../../src/api/rules/console-exports.ts'
import type { Database, Queryable } from '../../../../db/client.ts'
import { notFound } from '../../../errors.ts'
import type { Platform } from '../../../platform.ts'
import type { StaffActor } from '../staff-scope.ts'
import { type Cell, toCsv } from './csv.ts'
import { exhibitionExists, exportAttendees, exportOrders } from './exports.repo.ts'

interface Table {
  header: readonly string[]
  rows: Cell[][]
}

const time = (value: Date | null) => value?.toISOString() ?? null

async function tableOf(db: Queryable, kind: ExportKind, exhibitionId: number): Promise<Table> {
  if (kind === 'orders') {
    const rows = await exportOrders(db, exhibitionId)
    return {
      header: [
        'order',
        'status',
        'cancel_reason',
        'buyer_email',
        'language',
        'tickets',
        'currency',
        'subtotal_minor',
        'discount_minor',
        'total_minor',
        'refunded_minor',
        'coupon',
        'created_at',
        'paid_at',
        'cancelled_at',
      ],
      rows: rows.map((row) => [
        row.number,
        row.status,
        row.cancel_reason,
        row.buyer_email,
        row.locale,
        row.tickets,
        row.currency,
        row.subtotal_minor,
        row.discount_minor,
        row.total_minor,
        row.refunded_minor,
        row.coupon_code,
        time(row.created_at),
        time(row.paid_at),
        time(row.cancelled_at),
      ]),
    }
  }
  const rows = await exportAttendees(db, exhibitionId)
  return {
    header: ['order', 'order_status', 'position', 'first_name', 'last_name', 'email', 'phone', 'phone_country', 'identity', 'industry', 'ticket_type'],
    rows: rows.map((row) => [
      row.number,
      row.status,
      row.position,
      row.first_name,
      row.last_name,
      row.email,
      row.phone_e164,
      row.phone_country,
      row.identity,
      row.industry,
      row.ticket_type,
    ]),
  }
}

/**
 * XLSX cells are typed: text is stored as a string, never as a formula, so it keeps its exact value
 * (the apostrophe of the CSV would show as part of the name here).
 */
const toXlsx = (table: Table) => writeXlsxFile([[...table.header], ...table.rows]).toBuffer()

/**
 * One exhibition's orders or attendees as a file (CONSOLE.md "Exports"). Personal data leaves the
 * system here, so each export writes an audit row naming who took which list, with how many rows.
 * An exhibition outside the member's limits does not exist for them.
 */
export async function exportFile(
  db: Database,
  platform: Platform,
  actor: StaffActor,
  request: { exhibitionId: number; kind: ExportKind; format: ExportFormat },
) {
  const { exhibitionId, kind, format } = request
  if (actor.scope !== null && !actor.scope.includes(exhibitionId)) throw notFound('console:errors.exhibitionNotFound')
  return db.transaction(async (tx) => {
    if (!(await exhibitionExists(tx, exhibitionId))) throw notFound('console:errors.exhibitionNotFound')
    const table = await tableOf(tx, kind, exhibitionId)
    const file = format === 'csv' ? toCsv(table.header, table.rows) : await toXlsx(table)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: 'console$exportFile', target: `exhibition:${exhibitionId}`, before: null, after: { kind, format, rows: table.rows.length } },
    )
    return {
      fileName: `exhibition-${exhibitionId}-${kind}.${format}`,
      mediaType: EXPORT_MEDIA_TYPES[format],
      rows: table.rows.length,
      base64: file.toString('base64'),
    }
  })
}
