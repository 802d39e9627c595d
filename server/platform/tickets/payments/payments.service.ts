import type Stripe from 'stripe'
import type { PaymentMethod } from '../../../../shared/rules/tickets.ts'
import type { Caller, TicketsContext } from '../tickets-context.ts'
import { checkPayment, settleDuePayments, settleFromRecord } from './check-payment.ts'
import {
  type ConfirmOutcome,
  confirmPayment,
  failPayment,
  markProcessing,
  type PaymentConfirmation,
  type PaymentReporter,
  type ProcessingReport,
} from './confirm-payment.ts'
import type { CardProvider } from './providers.ts'
import { executeDueRefunds } from './refund-payments.ts'
import { startPayment } from './start-payment.ts'
import { handleStripeEvent } from './stripe-events.ts'

/**
 * Payments (docs/product.md#orders), one file per operation: start-payment.ts, confirm-payment.ts (confirm,
 * processing, failure), check-payment.ts, stripe-events.ts, refund-payments.ts. The rules they follow are order-rules.ts.
 */
export function createPaymentsService(context: TicketsContext) {
  return {
    /** Configuration seam: the card provider (Stripe from the environment; tests give a stand-in). */
    setCardProvider: (provider: CardProvider | null) => context.checkouts.setCard(provider),
    cardProvider: () => context.checkouts.card(),
    startPayment: (caller: Caller, orderNumber: string, method: PaymentMethod) => startPayment(context, caller, orderNumber, method),
    confirm: (attemptId: string, via: PaymentConfirmation): Promise<ConfirmOutcome> => confirmPayment(context, attemptId, via),
    markProcessing: (attemptId: string, via: ProcessingReport) => markProcessing(context, attemptId, via),
    fail: (attemptId: string, via: PaymentReporter & { reason: 'declined' | 'expired' | 'abandoned' }) => failPayment(context, attemptId, via),
    checkPayment: (caller: Caller, orderNumber: string) => checkPayment(context, caller, orderNumber),
    /** A sandbox payment's recorded settlement, applied now if it is due (the payer's "pay" follows its record at once). */
    settleFromRecord: (attemptId: string) => settleFromRecord(context, attemptId),
    /** The settling job's work, once (tests and any instance; check-payment.ts). */
    settleDue: (limit?: number) => settleDuePayments(context, limit),
    handleStripeEvent: (event: Stripe.Event) => handleStripeEvent(context, event),
    /** The refund job's work, once (tests and any instance; refund-payments.ts). */
    executeDueRefunds: (batch?: number) => executeDueRefunds(context, batch),
  }
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
