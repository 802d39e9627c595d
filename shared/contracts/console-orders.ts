import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { ORDER_LIST_LIMITS, ORDER_LIST_STATUSES, PAYMENT_METHODS } from '../rules/console-orders.ts'
import { defineContract } from './define.ts'
import { companyInvoiceView, documentSummary } from './invoices.ts'
import { answerText, attendeeInput } from './tickets.ts'

/**
 * Orders in the organiser's console (docs/product.md#console-orders): the order list with
 * its search and filters, an order's full history, and the staff verbs on it (resend e-tickets,
 * correct an attendee, cancel, refund), plus the queue of payments refunded automatically.
 * Messages are `console:errors.*` keys; attendee fields carry the checkout's `tickets:` keys.
 */

const orderNumber = z
  .string({ error: 'errors.required' })
  .trim()
  .toUpperCase()
  .regex(/^T-[0-9A-HJKMNP-TV-Z]{10}$/, 'console:errors.orderNotFound')
const uuid = z.uuid({ error: 'errors.invalid' })
const isoTime = z.string()
const money = z.number().int()

const orderState = z.enum(['pending', 'processing', 'paid', 'cancelled', 'expired'])
const method = z.enum(PAYMENT_METHODS)
const cancelReason = z.enum(['buyer', 'expired', 'staff']).nullable()
const refundStatus = z.enum(['requested', 'succeeded', 'failed'])
const refundReason = z.enum(['orderCancelled', 'alreadyPaid', 'attemptSuperseded', 'amountMismatch', 'staff', 'selfCancel'])

export const orderListRow = z.object({
  number: z.string(),
  exhibitionId: z.number().int(),
  exhibitionTitle: z.string(),
  state: orderState,
  cancelReason,
  buyerEmail: z.string(),
  attendeeNames: z.array(z.string()),
  tickets: z.number().int(),
  currency: z.string(),
  totalMinor: money,
  refundedMinor: money,
  method: method.nullable(),
  createdAt: isoTime,
})

export const orderList = defineContract({
  ...CONSOLE.orderList,
  payload: z.object({
    pageSize: z.coerce.number().int().min(1).max(ORDER_LIST_LIMITS.pageSizeMax).default(ORDER_LIST_LIMITS.pageSizeDefault),
    /** Keyset paging (docs/product.md#order-search): the page after (older than) or before (newer than) this order. */
    after: orderNumber.optional(),
    before: orderNumber.optional(),
    search: z.string().trim().max(ORDER_LIST_LIMITS.search, 'errors.tooLong').optional(),
    exhibitionId: z.coerce.number().int().positive().optional(),
    status: z.enum(ORDER_LIST_STATUSES, { error: 'errors.invalid' }).optional(),
    method: method.optional(),
    from: z.iso.date({ error: 'errors.invalid' }).optional(),
    to: z.iso.date({ error: 'errors.invalid' }).optional(),
  }),
  result: z.object({
    rows: z.array(orderListRow),
    /**
     * How many orders match; when `totalIsAtLeast`, at least that many (counting stops there); null when a
     * search matches too many to count.
     */
    total: z.number().int().nullable(),
    totalIsAtLeast: z.boolean(),
    /** The cursors of the neighbouring pages, null at either end. */
    older: z.string().nullable(),
    newer: z.string().nullable(),
    /** The exhibitions the member may see, for the filter. */
    exhibitions: z.array(z.object({ id: z.number().int(), title: z.string() })),
  }),
})

const attendeeView = z.object({
  id: z.string(),
  position: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** '' when not given. */
  company: z.string(),
  jobTitle: z.string(),
  email: z.string(),
  phone: z.object({ e164: z.string(), country: z.string() }),
  identity: z.string(),
  industry: z.string(),
  ticket: z
    .object({
      id: z.string(),
      typeName: z.string(),
      /** What refunding this ticket gives back (its price less its share of the discount). */
      refundMinor: money,
      voided: z.boolean(),
      refunded: z.boolean(),
      /** When and at which gate the holder came in (the check-in that stands), else null. */
      checkedIn: z.object({ at: isoTime, gate: z.string() }).nullable(),
    })
    .nullable(),
  /** The attendee's answers to the organiser's questions, as people read them (docs/product.md#ticket-questions). */
  answers: z.array(answerText).default([]),
})

export const orderDetailView = z.object({
  number: z.string(),
  exhibitionId: z.number().int(),
  exhibitionTitle: z.string(),
  state: orderState,
  cancelReason,
  locale: z.string(),
  buyerEmail: z.string(),
  currency: z.string(),
  subtotalMinor: money,
  discountMinor: money,
  totalMinor: money,
  couponCode: z.string().nullable(),
  createdAt: isoTime,
  expiresAt: isoTime,
  paidAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
  /** What the payment that bought the order took, what went (or is going) back, and what may still. */
  paidMinor: money,
  refundedMinor: money,
  refundableMinor: money,
  attendees: z.array(attendeeView),
  /** The company the buyer asked an invoice for (null: none), and the order's invoice and credit notes (docs/product.md#invoices). */
  invoiceRequest: companyInvoiceView.nullable(),
  /**
   * The booth a booth order holds or bought (docs/product.md#booth-checkout); null for tickets. A refund
   * alone leaves the booth sold: only cancelling the order frees it.
   */
  booth: z.object({ number: z.string(), hall: z.string() }).nullable(),
  documents: z.array(documentSummary),
  history: z.array(z.object({ at: isoTime, kind: z.string(), data: z.record(z.string(), z.unknown()) })),
  attempts: z.array(
    z.object({
      id: z.string(),
      provider: method,
      status: z.string(),
      amountMinor: money,
      currency: z.string(),
      createdAt: isoTime,
      confirmedAt: isoTime.nullable(),
      refundReason: z.string().nullable(),
    }),
  ),
  refunds: z.array(
    z.object({
      id: z.string(),
      amountMinor: money,
      currency: z.string(),
      reason: refundReason,
      status: refundStatus,
      ticketIds: z.array(z.string()).nullable(),
      requestedBy: z.string().nullable(),
      requestedAt: isoTime,
      settledAt: isoTime.nullable(),
      failure: z.string().nullable(),
    }),
  ),
  mails: z.array(z.object({ at: isoTime, kind: z.string(), to: z.string(), subject: z.string(), sentAt: isoTime.nullable(), error: z.string().nullable() })),
  /** What order-rules.ts allows staff to do now (the buttons shown). */
  allowed: z.object({ cancel: z.boolean(), refund: z.boolean(), editAttendees: z.boolean(), resend: z.boolean() }),
})

const byNumber = z.object({ number: orderNumber })
const detailResult = z.object({ order: orderDetailView })

export const orderDetail = defineContract({ ...CONSOLE.orderDetail, payload: byNumber, result: detailResult })

export const resendTickets = defineContract({
  ...CONSOLE.resendTickets,
  payload: z.object({ number: orderNumber, attendeeId: uuid.optional() }),
  result: z.object({ mails: z.number().int() }),
})

export const changeAttendee = defineContract({
  ...CONSOLE.changeAttendee,
  payload: z.object({ number: orderNumber, attendeeId: uuid, attendee: attendeeInput }),
  result: detailResult,
})

export const cancelOrder = defineContract({
  ...CONSOLE.cancelOrder,
  payload: z.object({ number: orderNumber, refund: z.boolean({ error: 'errors.required' }) }),
  result: detailResult,
})

export const refundOrder = defineContract({
  ...CONSOLE.refundOrder,
  payload: z.object({
    number: orderNumber,
    /** null: everything the order's payment may still give back. */
    ticketIds: z.array(uuid).min(1).max(5).nullable(),
    /** One per confirmation dialog: a repeated call answers the refund made the first time. */
    idempotencyKey: uuid,
  }),
  result: detailResult,
})

export const paymentQueueRow = z.object({
  number: z.string(),
  exhibitionTitle: z.string(),
  buyerEmail: z.string(),
  provider: method,
  amountMinor: money,
  currency: z.string(),
  reason: refundReason,
  receivedAt: isoTime,
  /** The promise to the payer: refunded within this many working days (order-rules.ts). */
  promisedBy: isoTime,
  refund: z.object({ status: refundStatus, requestedAt: isoTime, settledAt: isoTime.nullable(), failure: z.string().nullable() }).nullable(),
  overdue: z.boolean(),
})

export const paymentQueue = defineContract({
  ...CONSOLE.paymentQueue,
  payload: z.object({
    page: z.coerce.number().int().min(1).default(1),
    /** open: not yet refunded (requested, failed or not started). */
    show: z.enum(['open', 'all']).default('open'),
  }),
  result: z.object({ rows: z.array(paymentQueueRow), total: z.number().int() }),
})

export type OrderListRow = z.output<typeof orderListRow>
export type ConsoleOrderDetail = z.output<typeof orderDetailView>
export type PaymentQueueRow = z.output<typeof paymentQueueRow>
