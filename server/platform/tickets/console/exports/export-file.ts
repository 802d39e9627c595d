import writeXlsxFile from 'write-excel-file/node'
import type { ConsoleLanguage } from '../../../../../shared/rules/console-access.ts'
import { localeOf } from '../../../../../shared/languages.ts'
import { EXPORT_MEDIA_TYPES, type ExportFormat, type ExportKind } from '../../../../../shared/rules/console-exports.ts'
import type { Database, Queryable } from '../../../../db/client.ts'
import { notFound } from '../../../errors.ts'
import type { Platform } from '../../../platform.ts'
import type { StaffActor } from '../../../staff-actor.ts'
import { type Cell, toCsv } from '../../../kit/csv.ts'
import { currencyDigits } from '../../../../../shared/rules/money.ts'
import { consoleStrings } from '../../../kit/strings.ts'
import { answerViewsOf, questionViewsOf } from '../../ticket-answers.ts'
import { type ExportAttendeeRow, type ExportOrderRow, exhibitionExists, exportAttendees, exportOrders } from './exports.repo.ts'

interface Table {
  header: readonly string[]
  rows: Cell[][]
}

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

/** Headers in the member's console language: the people who open these files are organisers, not engineers. */
function tableFrom<Row>(columns: readonly Column<Row>[], rows: readonly Row[], language: ConsoleLanguage): Table {
  const t = consoleStrings(language)
  return {
    header: columns.map(([key]) => t(`exports.columns.${key}`)),
    rows: rows.map((row) => columns.map(([, cell]) => cell(row, t))),
  }
}

/**
 * The attendees with one more column per question of the organiser's (docs/product.md#ticket-questions),
 * headed by the question in the member's language; several choices joined in one cell.
 */
async function attendeeTable(db: Queryable, exhibitionId: number, language: ConsoleLanguage): Promise<Table> {
  const locale = localeOf(language)
  const rows = await exportAttendees(db, exhibitionId, locale)
  const table = tableFrom(ATTENDEE_COLUMNS, rows, language)
  const views = await questionViewsOf(db, exhibitionId, locale)
  if (!views.length) return table
  const answers = await answerViewsOf(
    db,
    rows.map((row) => row.attendee_id),
    views,
    locale,
  )
  return {
    header: [...table.header, ...views.map((view) => view.text)],
    rows: table.rows.map((cells, index) => {
      const texts = answers.get(rows[index]?.attendee_id ?? '')?.answerTexts ?? []
      return [...cells, ...views.map((view) => texts.find((text) => text.questionId === view.id)?.answer ?? null)]
    }),
  }
}

async function tableOf(db: Queryable, kind: ExportKind, exhibitionId: number, language: ConsoleLanguage): Promise<Table> {
  return kind === 'orders' ? tableFrom(ORDER_COLUMNS, await exportOrders(db, exhibitionId), language) : attendeeTable(db, exhibitionId, language)
}

/**
 * XLSX cells are typed: text is stored as a string, never as a formula, so it keeps its exact value
 * (the apostrophe of the CSV would show as part of the name here).
 */
const toXlsx = (table: Table) => writeXlsxFile([[...table.header], ...table.rows]).toBuffer()

/**
 * One exhibition's orders or attendees as a file (docs/product.md#console-exports). Personal data leaves the
 * system here, so each export writes an audit row naming who took which list, with how many rows.
 * An exhibition outside the member's limits does not exist for them.
 */
export async function exportFile(
  db: Database,
  platform: Platform,
  actor: StaffActor,
  request: { exhibitionId: number; kind: ExportKind; format: ExportFormat; language?: ConsoleLanguage },
) {
  const { exhibitionId, kind, format, language = 'en' } = request
  if (actor.scope !== null && !actor.scope.includes(exhibitionId)) throw notFound('console:errors.exhibitionNotFound')
  return db.transaction(async (tx) => {
    if (!(await exhibitionExists(tx, exhibitionId))) throw notFound('console:errors.exhibitionNotFound')
    const table = await tableOf(tx, kind, exhibitionId, language)
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
