import { describe, expect, it } from 'vitest'
import {
  type AttemptFacts,
  attemptAccepts,
  automaticRefundKey,
  buyerRefundState,
  checkoutExpired,
  decide,
  inPaymentGrace,
  isPastDeadline,
  MAX_SEATS_HELD_PER_ACCOUNT,
  mayHold,
  nextStepOf,
  ORDER_EVENTS,
  ORDER_STATES,
  type OrderEvent,
  type OrderFacts,
  type OrderState,
  PAYMENT_GRACE_MINUTES,
  paymentBlocker,
  REFUND_LEASE_SECONDS,
  REFUND_MAX_TRIES,
  refundableMinor,
  refundPromisedBy,
  refundRetrySeconds,
  settle,
  stateOf,
  TRANSITIONS,
  type Transition,
  visibleStatus,
} from './order-rules.ts'

const NOW = new Date('2027-01-26T09:00:00Z')
const minutes = (count: number) => new Date(NOW.getTime() + count * 60_000)

/** An order in `state` whose deadline is `deadlineIn` minutes away (negative: past). */
function orderIn(state: OrderState, deadlineIn = 20): { order: OrderFacts; attempt: AttemptFacts | null } {
  const status = state === 'processing' ? 'pending' : state === 'expired' ? 'cancelled' : state
  const order: OrderFacts = {
    status,
    cancel_reason: state === 'expired' ? 'expired' : state === 'cancelled' ? 'buyer' : null,
    expires_at: minutes(deadlineIn),
    now: NOW,
  }
  // A payment being checked started two minutes before the deadline.
  const attempt: AttemptFacts | null = state === 'processing' ? { status: 'processing', processing_at: minutes(deadlineIn - 2) } : null
  return { order, attempt }
}

const allow = (to: OrderState): Transition => ({ kind: 'to', to })
const refuse = (refusal: string) => ({ kind: 'refuse', refusal })
const refund = (reason: string) => ({ kind: 'refund', reason })
const unchanged = { kind: 'unchanged' }

/** Every (state, event) pair before the deadline, spelled out: the table the console will extend. */
const EXPECTED: Record<OrderState, Record<OrderEvent, object>> = {
  pending: {
    edit: allow('pending'),
    startPayment: allow('pending'),
    paymentProcessing: allow('processing'),
    paymentSucceeded: allow('paid'),
    paymentFailed: allow('pending'),
    cancelByBuyer: allow('cancelled'),
    // Not due yet: the sweeper leaves it.
    expire: unchanged,
    cancelByStaff: allow('cancelled'),
    refundByStaff: refuse('orderNotPaid'),
    editByStaff: allow('pending'),
  },
  processing: {
    edit: refuse('paymentInProgress'),
    startPayment: unchanged,
    paymentProcessing: unchanged,
    paymentSucceeded: allow('paid'),
    paymentFailed: allow('pending'),
    cancelByBuyer: refuse('paymentInProgress'),
    expire: unchanged,
    cancelByStaff: refuse('paymentInProgress'),
    refundByStaff: refuse('paymentInProgress'),
    editByStaff: refuse('paymentInProgress'),
  },
  paid: {
    edit: refuse('orderPaid'),
    startPayment: refuse('orderPaid'),
    paymentProcessing: unchanged,
    paymentSucceeded: refund('alreadyPaid'),
    paymentFailed: unchanged,
    cancelByBuyer: refuse('orderPaid'),
    expire: unchanged,
    cancelByStaff: allow('cancelled'),
    refundByStaff: allow('paid'),
    editByStaff: allow('paid'),
  },
  cancelled: {
    edit: refuse('orderCancelled'),
    startPayment: refuse('orderCancelled'),
    paymentProcessing: unchanged,
    paymentSucceeded: refund('orderCancelled'),
    paymentFailed: unchanged,
    cancelByBuyer: unchanged,
    expire: unchanged,
    cancelByStaff: unchanged,
    refundByStaff: allow('cancelled'),
    editByStaff: refuse('orderCancelled'),
  },
  expired: {
    edit: refuse('orderExpired'),
    startPayment: refuse('orderExpired'),
    paymentProcessing: unchanged,
    paymentSucceeded: refund('orderCancelled'),
    paymentFailed: unchanged,
    cancelByBuyer: unchanged,
    expire: unchanged,
    cancelByStaff: unchanged,
    refundByStaff: allow('expired'),
    editByStaff: refuse('orderExpired'),
  },
}

const pairs = ORDER_STATES.flatMap((state) => ORDER_EVENTS.map((event) => [state, event] as const))

describe('order transitions before the deadline', () => {
  it('when the table is read, then it names every state and every event', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual([...ORDER_STATES].sort())
    for (const state of ORDER_STATES) expect(Object.keys(TRANSITIONS[state]).sort()).toEqual([...ORDER_EVENTS].sort())
  })

  it.each(pairs)('when an order is %s and %s happens, then the table decides', (state, event) => {
    const { order, attempt } = orderIn(state)
    expect(stateOf(order, attempt)).toBe(state)
    expect(decide(order, attempt, event)).toEqual({ ...EXPECTED[state][event], expireFirst: false })
  })
})

describe('the deadline and the grace', () => {
  it('when the deadline is reached to the millisecond, then it is past', () => {
    expect(isPastDeadline({ expires_at: NOW, now: NOW })).toBe(true)
    expect(isPastDeadline({ expires_at: minutes(0.001), now: NOW })).toBe(false)
  })

  it.each(ORDER_EVENTS.filter((event) => event !== 'expire'))('when a pending order is past its deadline and %s happens, then it expires first', (event) => {
    const { order } = orderIn('pending', -1)
    expect(decide(order, null, event)).toEqual({ ...TRANSITIONS.expired[event], expireFirst: true })
  })

  it('when a pending order is past its deadline, then the sweeper expires it; before, it does not', () => {
    expect(decide(orderIn('pending', -1).order, null, 'expire')).toEqual({ ...allow('expired'), expireFirst: false })
    expect(decide(orderIn('pending', 0).order, null, 'expire')).toEqual({ ...allow('expired'), expireFirst: false })
    expect(decide(orderIn('pending', 1).order, null, 'expire')).toEqual({ ...unchanged, expireFirst: false })
  })

  it('when the payer finished paying before the deadline, then the order is held for the grace and expires after it', () => {
    for (const deadlineIn of [-1, -(PAYMENT_GRACE_MINUTES - 0.01)]) {
      const { order, attempt } = orderIn('processing', deadlineIn)
      expect(inPaymentGrace(order, attempt)).toBe(true)
      expect(decide(order, attempt, 'expire')).toEqual({ ...unchanged, expireFirst: false })
      expect(decide(order, attempt, 'edit')).toEqual({ ...refuse('paymentInProgress'), expireFirst: false })
      expect(decide(order, attempt, 'paymentSucceeded')).toEqual({ ...allow('paid'), expireFirst: false })
    }
    const after = orderIn('processing', -PAYMENT_GRACE_MINUTES)
    expect(inPaymentGrace(after.order, after.attempt)).toBe(false)
    expect(decide(after.order, after.attempt, 'expire')).toEqual({ ...allow('expired'), expireFirst: false })
    expect(decide(after.order, after.attempt, 'paymentSucceeded')).toEqual({ ...refund('orderCancelled'), expireFirst: true })
  })

  it('when the payer started paying only after the deadline, then there is no grace', () => {
    const { order } = orderIn('pending', -1)
    const late: AttemptFacts = { status: 'processing', processing_at: minutes(-0.5) }
    expect(inPaymentGrace(order, late)).toBe(false)
    expect(decide(order, late, 'expire')).toEqual({ ...allow('expired'), expireFirst: false })
  })

  it('when an attempt is open but not processing, then it gives no grace', () => {
    const { order } = orderIn('pending', -1)
    expect(inPaymentGrace(order, { status: 'open', processing_at: null })).toBe(false)
  })
})

describe('money that arrives', () => {
  const attempt = (overrides: Partial<AttemptFacts & { amount_minor: number; currency: string }> = {}) => ({
    status: 'processing' as const,
    processing_at: minutes(-5),
    amount_minor: 9900,
    currency: 'USD',
    ...overrides,
  })
  const report = { amountMinor: 9900, currency: 'USD', seenBefore: false }
  const order = (state: OrderState, deadlineIn = 20) => ({ ...orderIn(state, deadlineIn).order, total_minor: 9900 })

  it('when a pending order is paid in time, then it is paid', () => {
    expect(settle(order('pending'), attempt({ status: 'open', processing_at: null }), report)).toEqual({ outcome: 'paid' })
    expect(settle(order('pending'), attempt(), report)).toEqual({ outcome: 'paid' })
  })

  it('when the same confirmation arrives again, then it is a duplicate', () => {
    expect(settle(order('paid'), attempt({ status: 'succeeded' }), report)).toEqual({ outcome: 'duplicate' })
    expect(settle(order('pending'), attempt(), { ...report, seenBefore: true })).toEqual({ outcome: 'duplicate' })
  })

  it('when a second payment arrives for a paid order, then it is flagged for refund', () => {
    expect(settle(order('paid'), attempt({ status: 'failed' }), report)).toEqual({ outcome: 'refund', reason: 'alreadyPaid', expireFirst: false })
  })

  it('when money arrives for an expired or cancelled order, then it is flagged for refund and the order stays as it is', () => {
    expect(settle(order('expired'), attempt({ status: 'cancelled' }), report)).toEqual({ outcome: 'refund', reason: 'orderCancelled', expireFirst: false })
    expect(settle(order('cancelled'), attempt({ status: 'cancelled' }), report)).toEqual({ outcome: 'refund', reason: 'orderCancelled', expireFirst: false })
  })

  it('when money arrives after the deadline for an order the sweeper has not expired yet, then it expires now and the money is flagged', () => {
    expect(settle(order('pending', -1), attempt({ status: 'open', processing_at: null }), report)).toEqual({
      outcome: 'refund',
      reason: 'orderCancelled',
      expireFirst: true,
    })
    expect(settle(order('pending', -1), attempt(), report)).toEqual({ outcome: 'paid' })
  })

  it('when the amount or currency differs, then it is flagged for refund whatever the order', () => {
    expect(settle(order('pending'), attempt(), { ...report, amountMinor: 100 })).toEqual({ outcome: 'refund', reason: 'amountMismatch', expireFirst: false })
    expect(settle(order('pending'), attempt(), { ...report, currency: 'EUR' })).toEqual({ outcome: 'refund', reason: 'amountMismatch', expireFirst: false })
    expect(settle(order('pending'), attempt(), { ...report, amountMinor: null, currency: null })).toEqual({ outcome: 'paid' })
  })

  it('when the attempt was closed or the tickets changed since, then it is superseded', () => {
    expect(settle(order('pending'), attempt({ status: 'cancelled', processing_at: null }), report)).toEqual({
      outcome: 'refund',
      reason: 'attemptSuperseded',
      expireFirst: false,
    })
    expect(settle({ ...order('pending'), total_minor: 19800 }, attempt(), report)).toEqual({
      outcome: 'refund',
      reason: 'attemptSuperseded',
      expireFirst: false,
    })
  })
})

describe('payment attempts', () => {
  it.each([
    ['creating', true, true],
    ['open', true, true],
    ['processing', false, true],
    ['succeeded', false, false],
    ['failed', false, false],
    ['cancelled', false, false],
  ] as const)('when an attempt is %s, then "processing" is taken: %s, a failure: %s', (status, processing, failed) => {
    expect(attemptAccepts(status, 'processing')).toBe(processing)
    expect(attemptAccepts(status, 'failed')).toBe(failed)
  })
})

describe('what the buyer sees', () => {
  const facts = (status: OrderFacts['status'], confirmed = false) => ({ status, confirmed_at: confirmed ? NOW : null })

  it.each([
    [facts('paid'), 2, null, 'tickets'],
    [facts('cancelled'), 2, null, 'none'],
    [facts('pending'), 1, null, 'attendees'],
    [facts('pending'), 2, null, 'review'],
    [facts('pending', true), 2, { status: 'processing' as const }, 'checking'],
    [facts('pending', true), 2, { status: 'failed' as const }, 'payment'],
    [facts('pending', true), 2, null, 'payment'],
  ])('when the order is %o with %i attendees of 2 and attempt %o, then the next step is %s', (order, attendees, attempt, step) => {
    expect(nextStepOf(order, { attendees, tickets: 2 }, attempt)).toBe(step)
  })

  it('when a payment is being checked, then the status shows "checking"', () => {
    expect(visibleStatus({ status: 'pending' }, { status: 'processing' })).toBe('checking')
    expect(visibleStatus({ status: 'pending' }, { status: 'open' })).toBe('pending')
    expect(visibleStatus({ status: 'paid' }, { status: 'succeeded' })).toBe('paid')
  })

  it('when an order is free or not confirmed, then it cannot be paid', () => {
    expect(paymentBlocker({ total_minor: 0, confirmed_at: NOW })).toBe('nothingToPay')
    expect(paymentBlocker({ total_minor: 100, confirmed_at: null })).toBe('notConfirmed')
    expect(paymentBlocker({ total_minor: 100, confirmed_at: NOW })).toBeNull()
  })
})

describe('seats one account holds unpaid', () => {
  it('when the seats held elsewhere and the seats wanted reach the cap, then they may be held; one more may not', () => {
    expect(MAX_SEATS_HELD_PER_ACCOUNT).toBe(5)
    expect(mayHold(0, 5)).toBe(true)
    expect(mayHold(3, 2)).toBe(true)
    expect(mayHold(3, 3)).toBe(false)
    expect(mayHold(5, 1)).toBe(false)
  })
})

describe('a hosted checkout that may no longer take money', () => {
  const open: AttemptFacts = { status: 'open', processing_at: null }
  it.each([
    ['pending', 20, open, false],
    ['pending', -1, open, true],
    ['cancelled', 20, open, true],
    ['expired', -1, open, true],
    ['pending', 20, { status: 'cancelled', processing_at: null }, true],
    ['pending', 20, { status: 'creating', processing_at: null }, true],
    // A closed attempt of a live order answers its own state (paid, declined), not an expired session.
    ['pending', 20, { status: 'failed', processing_at: null }, false],
    ['paid', 20, { status: 'succeeded', processing_at: NOW }, false],
    ['processing', 20, null, false],
  ] as const)('when the order is %s (deadline in %i min) and the attempt %o, then expired is %s', (state, deadlineIn, attempt, expired) => {
    const facts = orderIn(state, deadlineIn)
    expect(checkoutExpired(facts.order, attempt ?? (facts.attempt as AttemptFacts))).toBe(expired)
  })
})

describe('refunds', () => {
  it('when a provider fails for a moment, then the next try waits 30 s, doubling up to an hour, and the lease outlasts one call', () => {
    expect([1, 2, 3, 4].map(refundRetrySeconds)).toEqual([30, 60, 120, 240])
    expect(refundRetrySeconds(20)).toBe(3600)
    expect(REFUND_MAX_TRIES).toBeGreaterThan(1)
    // providers.ts: 15 s timeout, 2 retries by the SDK.
    expect(REFUND_LEASE_SECONDS).toBeGreaterThan(3 * 15)
  })

  it('when an automatic refund is asked again for the same payment, then its key is the same', () => {
    expect(automaticRefundKey('a1', 'alreadyPaid')).toBe('refund-a1-alreadyPaid')
    expect(automaticRefundKey('a1', 'alreadyPaid')).toBe(automaticRefundKey('a1', 'alreadyPaid'))
  })

  it('when refunds add up to what the attempt took, then nothing more may be refunded', () => {
    expect(refundableMinor(25800, 0)).toBe(25800)
    expect(refundableMinor(25800, 25800)).toBe(0)
    expect(refundableMinor(25800, 30000)).toBe(0)
  })

  it.each([
    [0, [], null],
    [1, [], 'pending'],
    [1, ['requested'], 'pending'],
    [1, ['failed'], 'pending'],
    [1, ['succeeded'], 'refunded'],
    [2, ['succeeded'], 'pending'],
    [0, ['succeeded', 'requested'], 'pending'],
  ] as const)('when %i payments could not buy the order and its refunds are %o, then the buyer sees %s', (flagged, statuses, shown) => {
    expect(buyerRefundState(flagged, statuses)).toBe(shown)
  })
})

describe('the refund promise', () => {
  it('when money arrives on a Friday, then its refund is promised ten working days later, two weekends skipped', () => {
    expect(refundPromisedBy(new Date('2027-01-29T15:00:00Z')).toISOString()).toBe('2027-02-12T15:00:00.000Z')
  })

  it('when money arrives on a Sunday, then the promise counts from Monday', () => {
    expect(refundPromisedBy(new Date('2027-01-31T08:00:00Z')).toISOString()).toBe('2027-02-12T08:00:00.000Z')
  })
})
