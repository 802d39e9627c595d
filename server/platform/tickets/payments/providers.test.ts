import type Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { sessionState } from './providers.ts'

const intent = (status: Stripe.PaymentIntent.Status) => ({ id: 'pi_1', object: 'payment_intent', status }) as Stripe.PaymentIntent

describe('where a Stripe Checkout Session stands', () => {
  it('when open, expired, or complete and paid, then open, failed or paid', () => {
    expect(sessionState({ status: 'open', payment_status: 'unpaid' })).toBe('open')
    expect(sessionState({ status: 'expired', payment_status: 'unpaid' })).toBe('failed')
    expect(sessionState({ status: 'complete', payment_status: 'paid' })).toBe('paid')
    expect(sessionState({ status: 'complete', payment_status: 'no_payment_required' })).toBe('paid')
  })

  it('when complete and unpaid, then processing, unless its PaymentIntent shows the delayed payment failed', () => {
    expect(sessionState({ status: 'complete', payment_status: 'unpaid' })).toBe('processing')
    expect(sessionState({ status: 'complete', payment_status: 'unpaid', payment_intent: 'pi_1' })).toBe('processing')
    expect(sessionState({ status: 'complete', payment_status: 'unpaid', payment_intent: intent('processing') })).toBe('processing')
    expect(sessionState({ status: 'complete', payment_status: 'unpaid', payment_intent: intent('requires_payment_method') })).toBe('failed')
    expect(sessionState({ status: 'complete', payment_status: 'unpaid', payment_intent: intent('canceled') })).toBe('failed')
  })
})
