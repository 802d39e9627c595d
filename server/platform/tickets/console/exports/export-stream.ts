import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { localeOf } from '../../../../../shared/languages.ts'
import type { ConsoleLanguage } from '../../../../../shared/rules/console-access.ts'
import type { ExportFormat, ExportKind } from '../../../../../shared/rules/console-exports.ts'
import { currencyDigits } from '../../../../../shared/rules/money.ts'
import type { Database, Queryable } from '../../../../db/client.ts'
import { type Cell, csvBytes } from '../../../kit/csv.ts'
import { cursorRows } from '../../../kit/cursor.ts'
import { consoleStrings } from '../../../kit/strings.ts'
import { xlsxBytes } from '../../../kit/xlsx-stream.ts'
import type { Platform } from '../../../platform.ts'
import type { StaffActor } from '../../../staff-actor.ts'
import { answerViewsOf, questionViewsOf } from '../../ticket-answers.ts'
import { countExportRows, type ExportAttendeeRow, type ExportOrderRow, exhibitionExists, exportAttendees, exportOrders } from './exports.repo.ts'

type Translate = ReturnType<typeof consoleStrings>
/** A column: its header's key under `console:exports.columns` and its cell (states in the member's language). */
type Column<Row> = readonly [key: string, cell: (row: Row, t: Translate) => Cell]

const time = (value: Date | null) => value?.toISOString() ?? null
/** Money as a number a spreadsheet sums: 232.2 for 23220 pence, 5000 for 5000 yen. */
const amount = (minor: number, currency: string) => minor / 10 ** currencyDigits(currency)

const ORDER_COLUMNS: readonly Column<ExportOrderRow>[] = [
  ['order', (row) => row.number],
  ['status', (row, t) => t(`exports.orderStates.${row.status}`)],
  ['cancelReason', (row) => row.cancel_reason],
  ['buyerEmail', (row) => row.buyer_email],
  ['language', (row) => row.locale],
  ['tickets', (row) => row.tickets],
  ['currency', (row) => row.currency],
  ['subtotal', (row) => amount(row.subtotal_minor, row.currency)],
  ['discount', (row) => amount(row.discount_minor, row.currency)],
  ['total', (row) => amount(row.total_minor, row.currency)],
  ['refunded', (row) => amount(row.refunded_minor, row.currency)],
  ['coupon', (row) => row.coupon_code],
  ['createdAt', (row) => time(row.created_at)],
  ['paidAt', (row) => time(row.paid_at)],
  ['cancelledAt', (row) => time(row.cancelled_at)],
]

const ATTENDEE_COLUMNS: readonly Column<ExportAttendeeRow>[] = [
  ['order', (row) => row.number],
  ['ticketStatus', (row, t) => t(`exports.ticketStates.${row.ticket_state}`)],
  ['orderStatus', (row, t) => t(`exports.orderStates.${row.status}`)],
  ['position', (row) => row.position],
  ['firstName', (row) => row.first_name],
  ['lastName', (row) => row.last_name],
  ['company', (row) => row.company],
  ['jobTitle', (row) => row.job_title],
  ['email', (row) => row.email],
  ['phone', (row) => row.phone_e164],
  ['phoneCountry', (row) => row.phone_country],
  ['identity', (row) => row.identity],
  ['industry', (row) => row.industry],
  ['ticketType', (row) => row.ticket_type],
  ['checkedInAt', (row) => time(row.checked_in_at)],
  ['checkinGate', (row) => row.checkin_gate],
]

export interface ExportRequest {
  exhibitionId: number
  kind: ExportKind
  format: ExportFormat
  /** The member's console language: headers and states are read by organisers, not engineers. */
  language: ConsoleLanguage
}

type Batches = AsyncIterable<Cell[][]>

async function* orderBatches(tx: Queryable, exhibitionId: number, t: Translate, batchRows: number): Batches {
  const query = exportOrders(exhibitionId)
  for await (const rows of cursorRows<ExportOrderRow>(tx, query.sql, query.params, batchRows)) {
    yield rows.map((row) => ORDER_COLUMNS.map(([, cell]) => cell(row, t)))
  }
}

/**
 * The attendees with one more column per question of the organiser's (docs/product.md#ticket-questions),
 * headed by the question in the member's language; several choices joined in one cell. The answers
 * are read per batch, for that batch's attendees.
 */
async function attendeeTable(tx: Queryable, request: ExportRequest, t: Translate, batchRows: number) {
  const locale = localeOf(request.language)
  const views = await questionViewsOf(tx, request.exhibitionId, locale)
  const query = exportAttendees(request.exhibitionId, locale)
  async function* batches(): Batches {
    for await (const rows of cursorRows<ExportAttendeeRow>(tx, query.sql, query.params, batchRows)) {
      const answers = views.length
        ? await answerViewsOf(
            tx,
            rows.map((row) => row.attendee_id),
            views,
            locale,
          )
        : null
      yield rows.map((row) => {
        const cells = ATTENDEE_COLUMNS.map(([, cell]) => cell(row, t))
        if (!answers) return cells
        const texts = answers.get(row.attendee_id)?.answerTexts ?? []
        return [...cells, ...views.map((view) => texts.find((text) => text.questionId === view.id)?.answer ?? null)]
      })
    }
  }
  return { header: [...ATTENDEE_COLUMNS.map(([key]) => t(`exports.columns.${key}`)), ...views.map((view) => view.text)], batches: batches() }
}

/**
 * Before the first byte (docs/product.md#console-exports): an exhibition outside the member's limits,
 * or none, is not found (false); otherwise the export is audited, naming who took which list with how
 * many rows it held then, and committed, so a download cut off halfway is on record too.
 */
export async function auditExport(platform: Platform, actor: StaffActor, request: Omit<ExportRequest, 'language'>): Promise<boolean> {
  const { exhibitionId, kind, format } = request
  if (actor.scope !== null && !actor.scope.includes(exhibitionId)) return false
  return platform.db.transaction(async (tx) => {
    if (!(await exhibitionExists(tx, exhibitionId))) return false
    const rows = await countExportRows(tx, exhibitionId, kind)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: 'console$exportFile', target: `exhibition:${exhibitionId}`, before: null, after: { kind, format, rows } },
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
  const t = consoleStrings(request.language)
  await db.transaction(async (tx) => {
    // The planner prices a whole exhibition's rows high enough to compile them first: 4 of 8.5 s for
    // 100,000 attendees on PostgreSQL, for a query that reads each row once (docs/performance.md#streamed-exports).
    await tx.query('set local jit = off')
    const table =
      request.kind === 'orders'
        ? { header: ORDER_COLUMNS.map(([key]) => t(`exports.columns.${key}`)), batches: orderBatches(tx, request.exhibitionId, t, batchRows) }
        : await attendeeTable(tx, request, t, batchRows)
    const bytes = request.format === 'csv' ? csvBytes(table.header, table.batches) : xlsxBytes(table.header, table.batches)
    try {
      // One chunk read ahead: memory holds the batch being written and the next one.
      await pipeline(Readable.from(bytes, { highWaterMark: 1 }), sink)
    } catch (error) {
      // The stream gives up on the rows at once, but a fetch may still be on its way: wait for it and
      // the cursor's closing before the transaction ends, or they would run on a connection it left.
      await bytes.return(undefined)
      throw error
    }
  })
}
