import { MAX_TICKETS_PER_ORDER } from '../../../shared/rules/tickets.ts'
import type { NextStep } from '../../../shared/checkout-steps.ts'

/**
 * The rules that decide where an order stands and what may happen to it next (docs/product.md#orders):
 * the payment deadline and its grace, the allowed transitions and why the others are refused, the
 * fate of a payment that arrives, and the next step the buyer is shown. Pure: no SQL, no clock of its
 * own (the database's `now` comes with every row), so every service asks here and SQL takes its
 * parameters from here. The console's staff verbs (cancel, refund, check-in) join the tables below.
 */

/**
 * A payer who finished paying before the deadline keeps the order while the provider's confirmation
 * is on its way, so their money buys the order instead of a refund (docs/product.md#payment-grace).
 */
export const PAYMENT_GRACE_MINUTES = 10
const MINUTE_MS = 60_000

/** What the rules read of an order: its row's status, deadline and the database's clock when it was read. */
export interface OrderFacts {
  status: 'pending' | 'paid' | 'cancelled'
  cancel_reason: 'buyer' | 'expired' | 'staff' | null
  expires_at: Date
  now: Date
}

export type AttemptStatus = 'creating' | 'open' | 'processing' | 'succeeded' | 'failed' | 'cancelled'

/** What the rules read of a payment attempt. */
export interface AttemptFacts {
  status: AttemptStatus
  processing_at: Date | null
}

/**
 * The countdown of a new order (ORDER_PAYMENT_MINUTES, docs/product.md#payment-countdown): its
 * deadline is its creation plus these minutes, on the database's clock (orders.repo.ts `insertOrder`).
 */
export function paymentWindowMinutes(config: { ORDER_PAYMENT_MINUTES: number }): number {
  return config.ORDER_PAYMENT_MINUTES
}

/** The countdown has run out (the deadline itself counts as past). */
export function isPastDeadline(order: Pick<OrderFacts, 'expires_at' | 'now'>): boolean {
  return order.expires_at.getTime() <= order.now.getTime()
}

/** The payer finished paying before the deadline, and the grace after the deadline has not run out. */
export function inPaymentGrace(order: Pick<OrderFacts, 'expires_at' | 'now'>, attempt: AttemptFacts | null): boolean {
  if (attempt?.status !== 'processing' || attempt.processing_at === null) return false
  const deadline = order.expires_at.getTime()
  return attempt.processing_at.getTime() <= deadline && order.now.getTime() < deadline + PAYMENT_GRACE_MINUTES * MINUTE_MS
}

/** Where an order stands: `processing` is a pending order whose payment is being checked; `expired` a cancelled one whose countdown ran out. */
export type OrderState = 'pending' | 'processing' | 'paid' | 'cancelled' | 'expired'
export const ORDER_STATES = ['pending', 'processing', 'paid', 'cancelled', 'expired'] as const satisfies readonly OrderState[]

/** `attempt`: the order's open payment attempt (at most one), or the one being confirmed. */
export function stateOf(order: Pick<OrderFacts, 'status' | 'cancel_reason'>, attempt: Pick<AttemptFacts, 'status'> | null): OrderState {
  if (order.status === 'paid') return 'paid'
  if (order.status === 'cancelled') return order.cancel_reason === 'expired' ? 'expired' : 'cancelled'
  return attempt?.status === 'processing' ? 'processing' : 'pending'
}

/** The status the contract shows (`checking` while a payment is being checked). */
export function visibleStatus(
  order: Pick<OrderFacts, 'status'>,
  latestAttempt: Pick<AttemptFacts, 'status'> | null,
): 'pending' | 'checking' | 'paid' | 'cancelled' {
  return order.status === 'pending' && latestAttempt?.status === 'processing' ? 'checking' : order.status
}

/**
 * What can happen to an order: the buyer edits it (tickets, attendees, confirmation), starts or
 * abandons a payment, the provider reports one, the buyer cancels, the countdown runs out; in the
 * console, staff cancel it (with or without a refund), refund it, or correct its attendees.
 */
export type OrderEvent =
  | 'edit'
  | 'startPayment'
  | 'paymentProcessing'
  | 'paymentSucceeded'
  | 'paymentFailed'
  | 'cancelByBuyer'
  | 'expire'
  | 'cancelByStaff'
  | 'refundByStaff'
  | 'editByStaff'
export const ORDER_EVENTS = [
  'edit',
  'startPayment',
  'paymentProcessing',
  'paymentSucceeded',
  'paymentFailed',
  'cancelByBuyer',
  'expire',
  'cancelByStaff',
  'refundByStaff',
  'editByStaff',
] as const satisfies readonly OrderEvent[]

/**
 * Why a verb is refused; each is a `tickets:messages.*` key for the buyer (order-refusals.ts) and a
 * `console:errors.*` key for staff (console/staff-refusals.ts).
 */
export type Refusal = 'orderPaid' | 'orderCancelled' | 'orderExpired' | 'paymentInProgress' | 'orderNotPaid'

/**
 * Why money that arrived cannot buy the order (payment_attempts.refund_reason): it is refunded
 * automatically through the provider (refunds.reason; refund-payments.ts).
 */
export type RefundReason = 'amountMismatch' | 'alreadyPaid' | 'orderCancelled' | 'attemptSuperseded'

export type Transition =
  /** Allowed: the order moves to (or stays in) `to`. */
  | { kind: 'to'; to: OrderState }
  /** Refused with a message for the buyer; nothing changes. */
  | { kind: 'refuse'; refusal: Refusal }
  /** The money is recorded and refunded automatically; the order keeps its state. */
  | { kind: 'refund'; reason: RefundReason }
  /** Nothing to do: a repeat of something already done, or a report about a closed order. */
  | { kind: 'unchanged' }

const to = (state: OrderState): Transition => ({ kind: 'to', to: state })
const refuse = (refusal: Refusal): Transition => ({ kind: 'refuse', refusal })
const refund = (reason: RefundReason): Transition => ({ kind: 'refund', reason })
const unchanged: Transition = { kind: 'unchanged' }

/**
 * Every (state, event) pair. The deadline sits on top (`decide`): a pending order past its deadline
 * and outside the grace expires first, and the event then meets the expired order.
 */
export const TRANSITIONS: Record<OrderState, Record<OrderEvent, Transition>> = {
  pending: {
    edit: to('pending'),
    startPayment: to('pending'),
    paymentProcessing: to('processing'),
    paymentSucceeded: to('paid'),
    paymentFailed: to('pending'),
    cancelByBuyer: to('cancelled'),
    expire: to('expired'),
    cancelByStaff: to('cancelled'),
    // Nothing was paid: there is nothing to give back.
    refundByStaff: refuse('orderNotPaid'),
    editByStaff: to('pending'),
  },
  processing: {
    // The money may be on its way: nothing about the order may change under it.
    edit: refuse('paymentInProgress'),
    // Starting again answers the payment being checked (the buyer is sent to the check screen).
    startPayment: unchanged,
    paymentProcessing: unchanged,
    paymentSucceeded: to('paid'),
    paymentFailed: to('pending'),
    cancelByBuyer: refuse('paymentInProgress'),
    expire: to('expired'),
    // Staff wait for the provider's answer too: the money either buys the order or is refunded.
    cancelByStaff: refuse('paymentInProgress'),
    refundByStaff: refuse('paymentInProgress'),
    editByStaff: refuse('paymentInProgress'),
  },
  paid: {
    edit: refuse('orderPaid'),
    startPayment: refuse('orderPaid'),
    paymentProcessing: unchanged,
    // A second payment (another attempt, or another method) for an order already paid.
    paymentSucceeded: refund('alreadyPaid'),
    paymentFailed: unchanged,
    cancelByBuyer: refuse('orderPaid'),
    expire: unchanged,
    // The organiser's decision (docs/product.md#console-orders): seats go back, tickets stop working.
    cancelByStaff: to('cancelled'),
    // Money goes back (all or some tickets); the order stays paid for the tickets not refunded.
    refundByStaff: to('paid'),
    // A name misspelt, an attendee replaced: the tickets stay, their holder changes.
    editByStaff: to('paid'),
  },
  cancelled: {
    edit: refuse('orderCancelled'),
    startPayment: refuse('orderCancelled'),
    paymentProcessing: unchanged,
    paymentSucceeded: refund('orderCancelled'),
    paymentFailed: unchanged,
    // Cancelling twice changes nothing.
    cancelByBuyer: unchanged,
    expire: unchanged,
    cancelByStaff: unchanged,
    // A paid order cancelled without a refund may be refunded later (what is left of the payment).
    refundByStaff: to('cancelled'),
    editByStaff: refuse('orderCancelled'),
  },
  expired: {
    edit: refuse('orderExpired'),
    startPayment: refuse('orderExpired'),
    paymentProcessing: unchanged,
    // Paid after the countdown ended: the money is recorded and refunded.
    paymentSucceeded: refund('orderCancelled'),
    paymentFailed: unchanged,
    cancelByBuyer: unchanged,
    expire: unchanged,
    cancelByStaff: unchanged,
    // Money that arrived late is refunded automatically; staff may still give back what is left.
    refundByStaff: to('expired'),
    editByStaff: refuse('orderExpired'),
  },
}

/** The countdown decides before the event: the order expires now (in the same transaction as the event). */
export type Decision = Transition & { expireFirst: boolean }

/** A pending order whose countdown ran out, and whose payer is not in the grace. */
export function isDue(order: OrderFacts, attempt: AttemptFacts | null): boolean {
  return order.status === 'pending' && isPastDeadline(order) && !inPaymentGrace(order, attempt)
}

/**
 * What `event` does to the order. `attempt` is the order's open payment attempt (for a payment
 * report: the attempt reported on), which makes a pending order `processing` and may hold it in the
 * grace.
 */
export function decide(order: OrderFacts, attempt: AttemptFacts | null, event: OrderEvent): Decision {
  const state = stateOf(order, attempt)
  if (event === 'expire') return { ...(isDue(order, attempt) ? TRANSITIONS[state].expire : unchanged), expireFirst: false }
  if (isDue(order, attempt)) return { ...TRANSITIONS.expired[event], expireFirst: true }
  return { ...TRANSITIONS[state][event], expireFirst: false }
}

/** A payment confirmation as the provider reports it (amount and currency when it says them). */
export interface PaymentReport {
  amountMinor: number | null
  currency: string | null
  /** This provider event was handled before (payment_events). */
  seenBefore: boolean
}

/** The attempt being confirmed, with what the order asks for now. */
export interface ConfirmedAttempt extends AttemptFacts {
  amount_minor: number
  currency: string
}

export type Settlement = { outcome: 'paid' } | { outcome: 'duplicate' } | { outcome: 'refund'; reason: RefundReason; expireFirst: boolean }

/** An attempt that may still take money: at most one per order (payments.repo.ts `openAttempt`). */
export const OPEN_ATTEMPT_STATUSES = ['creating', 'open', 'processing'] as const satisfies readonly AttemptStatus[]
const OPEN_ATTEMPT: ReadonlySet<AttemptStatus> = new Set(OPEN_ATTEMPT_STATUSES)

/**
 * What a provider's report may do to a payment attempt: "the payer has paid, the money is on its
 * way" moves an attempt not yet processing; a decline, expiry or abandonment closes any open one.
 * Anything else is a repeat or a report about a closed attempt, and changes nothing.
 */
export const ATTEMPT_REPORTS = {
  processing: ['creating', 'open'],
  failed: OPEN_ATTEMPT_STATUSES,
} as const satisfies Record<string, readonly AttemptStatus[]>

export function attemptAccepts(status: AttemptStatus, report: keyof typeof ATTEMPT_REPORTS): boolean {
  return (ATTEMPT_REPORTS[report] as readonly AttemptStatus[]).includes(status)
}

/**
 * The fate of money that arrived (docs/product.md#late-payments; a confirmation is applied once): a repeat changes nothing,
 * money that does not match or cannot buy the order is refunded, never dropped or kept, and
 * otherwise the order is paid.
 */
export function settle(order: OrderFacts & { total_minor: number }, attempt: ConfirmedAttempt, report: PaymentReport): Settlement {
  if (report.seenBefore || attempt.status === 'succeeded') return { outcome: 'duplicate' }
  const amountOk = (report.amountMinor ?? attempt.amount_minor) === attempt.amount_minor && (report.currency ?? attempt.currency) === attempt.currency
  if (!amountOk) return { outcome: 'refund', reason: 'amountMismatch', expireFirst: false }
  const state = stateOf(order, attempt)
  if (state === 'pending' || state === 'processing') {
    // A closed attempt, or one for an amount the order no longer asks (the tickets changed since).
    if (!OPEN_ATTEMPT.has(attempt.status) || order.total_minor !== attempt.amount_minor) {
      return { outcome: 'refund', reason: 'attemptSuperseded', expireFirst: false }
    }
  }
  const decision = decide(order, attempt, 'paymentSucceeded')
  if (decision.kind === 'refund') return { outcome: 'refund', reason: decision.reason, expireFirst: decision.expireFirst }
  if (decision.kind === 'to' && decision.to === 'paid') return { outcome: 'paid' }
  throw new Error(`a payment cannot settle an order in state ${state}`)
}

/**
 * A hosted checkout (the sandbox's page) whose payer may no longer pay: its attempt was closed
 * (superseded, or its order cancelled), or its order is cancelled, expired or past its deadline. A
 * real provider's session has expired by then, so the page refuses instead of taking money that
 * would only be refunded.
 */
export function checkoutExpired(order: OrderFacts, attempt: AttemptFacts): boolean {
  if (attempt.status === 'cancelled' || attempt.status === 'creating') return true
  const state = stateOf(order, attempt)
  return state === 'cancelled' || state === 'expired' || (attempt.status === 'open' && isDue(order, attempt))
}

/** Why money goes back: a settlement's reason (automatic), or staff (the console). */
export type RefundCause = RefundReason | 'staff' | 'selfCancel'

/** A refund's life at the provider: requested until it answers; succeeded and failed are final. */
export type RefundStatus = 'requested' | 'succeeded' | 'failed'

/** Calls to the provider before a refund is given up as failed (staff then see it and act). */
export const REFUND_MAX_TRIES = 8

/**
 * How long a claimed refund is left to the instance calling the provider: longer than the card
 * provider's timeout with its own retries (providers.ts: 15 s, 2 retries), so two instances never
 * call at once; if one dies mid-call, another retries after it with the same idempotency key.
 */
export const REFUND_LEASE_SECONDS = 120

/** Back-off after the `tries`th transient failure: 30 s, doubling, at most an hour. */
export function refundRetrySeconds(tries: number): number {
  return Math.min(30 * 2 ** Math.max(0, tries - 1), 3600)
}

/** The idempotency key of an automatic refund: one per attempt and reason, however often the money is reported. */
export function automaticRefundKey(attemptId: string, reason: RefundReason): string {
  return `refund-${attemptId}-${reason}`
}

/**
 * What refunding one ticket gives back: its price less its share of the order's discount, rounded
 * down, so the tickets of an order never give back more than was paid (the last one refunded takes
 * what is left: staff-refund.ts).
 */
export function ticketRefundMinor(unitPriceMinor: number, order: { subtotal_minor: number; total_minor: number }): number {
  if (order.subtotal_minor <= 0) return 0
  return Math.floor((unitPriceMinor * order.total_minor) / order.subtotal_minor)
}

/** What an attempt may still give back: what it took, less its refunds that did not fail. */
export function refundableMinor(takenMinor: number, refundedMinor: number): number {
  return Math.max(0, takenMinor - refundedMinor)
}

/**
 * The promise made to a payer whose money could not buy the order (docs/product.md#late-payments):
 * refunded within this many working days of its arrival. The console shows each such payment with
 * this date, so the organiser sees the promise and whether it is kept.
 */
export const REFUND_PROMISE_WORKING_DAYS = 10

/** The day by which the refund of money received at `receivedAt` is promised: working days are Monday to Friday (UTC). */
export function refundPromisedBy(receivedAt: Date): Date {
  const day = new Date(receivedAt.getTime())
  let left = REFUND_PROMISE_WORKING_DAYS
  while (left > 0) {
    day.setUTCDate(day.getUTCDate() + 1)
    const weekday = day.getUTCDay()
    if (weekday !== 0 && weekday !== 6) left--
  }
  return day
}

/**
 * What the buyer is told about money that could not buy the order: on its way back while a refund
 * is requested, failed (staff finish it by hand) or not yet made; refunded once every one succeeded.
 */
export function buyerRefundState(flaggedAttempts: number, refunds: readonly RefundStatus[]): 'pending' | 'refunded' | null {
  if (flaggedAttempts > refunds.length || refunds.some((status) => status !== 'succeeded')) return 'pending'
  return refunds.length ? 'refunded' : null
}

/**
 * Seats one account may hold unpaid for one exhibition, over all its pending orders: as many as one
 * order may have. A new order replaces the account's pending one (an order whose payment is being
 * checked is kept), so this bites only beside a payment being checked. Paid seats are sold, not held.
 */
export const MAX_SEATS_HELD_PER_ACCOUNT = MAX_TICKETS_PER_ORDER

export function mayHold(seatsHeldElsewhere: number, seatsWanted: number): boolean {
  return seatsHeldElsewhere + seatsWanted <= MAX_SEATS_HELD_PER_ACCOUNT
}

/** Why a pending order cannot be paid yet (or at all). */
export function paymentBlocker(order: { confirmed_at: Date | null; total_minor: number }): 'notConfirmed' | 'nothingToPay' | null {
  if (order.total_minor === 0) return 'nothingToPay'
  if (!order.confirmed_at) return 'notConfirmed'
  return null
}

/** Where "continue" leads (checkout-steps.ts maps the step to a screen). */
export function nextStepOf(
  order: Pick<OrderFacts, 'status'> & { confirmed_at: Date | null },
  progress: { attendees: number; tickets: number },
  latestAttempt: Pick<AttemptFacts, 'status'> | null,
): NextStep {
  if (order.status === 'paid') return 'tickets'
  if (order.status === 'cancelled') return 'none'
  if (progress.attendees < progress.tickets) return 'attendees'
  if (!order.confirmed_at) return 'review'
  if (latestAttempt?.status === 'processing') return 'checking'
  return 'payment'
}
