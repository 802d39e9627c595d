import { localeOf } from '../../../../../shared/languages.ts'
import { currencyDigits } from '../../../../../shared/rules/money.ts'
import type { Queryable } from '../../../../db/client.ts'
import type { Cell } from '../../../kit/csv.ts'
import { cursorBatches, type ExportSource, type ExportTableRequest } from '../../../kit/export-table.ts'
import { consoleStrings } from '../../../kit/strings.ts'
import { answerViewsOf, questionViewsOf } from '../../ticket-answers.ts'
import { countExportRows, type ExportAttendeeRow, type ExportOrderRow, exportAttendees, exportOrders } from './exports.repo.ts'

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

/**
 * The attendees with one more column per question of the organiser's (docs/product.md#ticket-questions),
 * headed by the question in the member's language; several choices joined in one cell. The answers
 * are read per batch, for that batch's attendees.
 */
async function attendeeTable(tx: Queryable, request: ExportTableRequest, batchRows: number) {
  const t = consoleStrings(request.language)
  const locale = localeOf(request.language)
  const views = await questionViewsOf(tx, request.exhibitionId, locale)
  const batches = cursorBatches<ExportAttendeeRow>(tx, exportAttendees(request.exhibitionId, locale), batchRows, async (rows) => {
    const answers = views.length
      ? await answerViewsOf(
          tx,
          rows.map((row) => row.attendee_id),
          views,
          locale,
        )
      : null
    return rows.map((row) => {
      const cells = ATTENDEE_COLUMNS.map(([, cell]) => cell(row, t))
      if (!answers) return cells
      const texts = answers.get(row.attendee_id)?.answerTexts ?? []
      return [...cells, ...views.map((view) => texts.find((text) => text.questionId === view.id)?.answer ?? null)]
    })
  })
  return { header: [...ATTENDEE_COLUMNS.map(([key]) => t(`exports.columns.${key}`)), ...views.map((view) => view.text)], batches }
}

/**
 * An exhibition's orders and attendees (docs/product.md#console-exports), oldest first, each audited as
 * `console$exportFile` naming the list.
 */
export const ORDER_EXPORTS: Record<'orders' | 'attendees', ExportSource> = {
  orders: {
    audit: () => ({ function: 'console$exportFile', after: { kind: 'orders' } }),
    count: (tx, exhibitionId) => countExportRows(tx, exhibitionId, 'orders'),
    async table(tx, request, batchRows) {
      const t = consoleStrings(request.language)
      return {
        header: ORDER_COLUMNS.map(([key]) => t(`exports.columns.${key}`)),
        batches: cursorBatches<ExportOrderRow>(tx, exportOrders(request.exhibitionId), batchRows, (rows) =>
          rows.map((row) => ORDER_COLUMNS.map(([, cell]) => cell(row, t))),
        ),
      }
    },
  },
  attendees: {
    audit: () => ({ function: 'console$exportFile', after: { kind: 'attendees' } }),
    count: (tx, exhibitionId) => countExportRows(tx, exhibitionId, 'attendees'),
    table: attendeeTable,
  },
}
