import { createHash } from 'node:crypto'
import Stripe from 'stripe'
import type { Locale } from '../../../../shared/languages.ts'
import type { RefundCause } from '../order-rules.ts'

/** What a provider needs to open a hosted checkout for one payment attempt. */
export interface CheckoutInput {
  attemptId: string
  orderNumber: string
  amountMinor: number
  currency: string
  description: string
  locale: Locale
  customerEmail: string
  successUrl: string
  cancelUrl: string
  /** The order's payment deadline. */
  expiresAt: Date
}

export type ProviderState = 'open' | 'processing' | 'paid' | 'failed'

export interface ProviderLookup {
  state: ProviderState
  amountMinor: number | null
  currency: string | null
  /** The provider's id of the payment (Stripe: the PaymentIntent), once there is one. */
  paymentRef: string | null
}

/** Money one payment took, given back; the provider refunds once per idempotency key. */
export interface RefundInput {
  paymentRef: string
  amountMinor: number
  currency: string
  idempotencyKey: string
  reason: RefundCause
}

/**
 * The provider's final word. A transient trouble (network, the provider's own errors, rate limits)
 * is thrown instead: the caller tries again later with the same idempotency key.
 */
export type RefundResult = { outcome: 'succeeded'; providerRef: string } | { outcome: 'failed'; failure: string }

export interface RefundProvider {
  refund(input: RefundInput): Promise<RefundResult>
}

/** A card provider behind a hosted checkout page (Stripe Checkout). The sandbox is built in. */
export interface CardProvider extends RefundProvider {
  readonly name: 'stripe'
  /** Idempotent by attempt id: asking twice for one attempt gives the same checkout. */
  createCheckout(input: CheckoutInput): Promise<{ providerRef: string; redirectUrl: string }>
  /** Asks where a checkout stands (the payer came back before the webhook). */
  lookup(providerRef: string): Promise<ProviderLookup>
  /** Closes a checkout nobody may pay any more (order cancelled, expired or changed). */
  cancel(providerRef: string): Promise<void>
  /** Verifies a webhook's signature and parses it; throws when the signature is wrong. */
  parseWebhook(rawBody: Buffer, signature: string): Stripe.Event
}

const STRIPE_LOCALES: Record<Locale, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: 'en',
  es: 'es',
  fil: 'fil',
  id: 'id',
  ja: 'ja',
  pt: 'pt',
  ru: 'ru',
  th: 'th',
  vi: 'vi',
  'zh-cn': 'zh',
  'zh-hk': 'zh-HK',
  'zh-tw': 'zh-TW',
}

/** Stripe lets a Checkout Session live between 30 minutes and 24 hours. */
const MIN_SESSION_MS = 31 * 60_000
const MAX_SESSION_MS = 23 * 60 * 60_000

export interface StripeOptions {
  secretKey: string
  webhookSecret: string
  /** Tests point the SDK at a local stand-in of the API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' }
}

/**
 * Stripe Checkout through the official SDK. The session is created with the attempt id as its
 * idempotency key and client reference; the amount and currency come back in the webhook and are
 * checked against the attempt before an order is marked paid.
 */
export function createStripeProvider(options: StripeOptions): CardProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: 'expo-site tickets' },
    ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
  })
  return {
    name: 'stripe',
    async createCheckout(input) {
      const now = Date.now()
      const expiresAt = Math.min(now + MAX_SESSION_MS, Math.max(input.expiresAt.getTime(), now + MIN_SESSION_MS))
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: input.attemptId,
          customer_email: input.customerEmail,
          line_items: [
            {
              quantity: 1,
              price_data: { currency: input.currency.toLowerCase(), unit_amount: input.amountMinor, product_data: { name: input.description } },
            },
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: Math.floor(expiresAt / 1000),
          locale: STRIPE_LOCALES[input.locale],
          metadata: { attemptId: input.attemptId, orderNumber: input.orderNumber },
          payment_intent_data: { metadata: { attemptId: input.attemptId, orderNumber: input.orderNumber } },
        },
        { idempotencyKey: `checkout-${input.attemptId}` },
      )
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL')
      return { providerRef: session.id, redirectUrl: session.url }
    },
    async lookup(providerRef) {
      // The PaymentIntent says whether a delayed payment (a bank debit) failed after the session completed.
      const session = await stripe.checkout.sessions.retrieve(providerRef, { expand: ['payment_intent'] })
      return {
        state: sessionState(session),
        amountMinor: session.amount_total ?? null,
        currency: session.currency?.toUpperCase() ?? null,
        paymentRef: paymentIntentOf(session),
      }
    },
    async refund(input) {
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.paymentRef,
            amount: input.amountMinor,
            // Stripe knows only a few reasons; ours travels in the metadata.
            ...(input.reason === 'alreadyPaid' ? { reason: 'duplicate' as const } : {}),
            metadata: { reason: input.reason },
          },
          { idempotencyKey: input.idempotencyKey },
        )
        // pending and requires_action: Stripe has taken the refund and finishes it on its side.
        if (refund.status === 'failed' || refund.status === 'canceled')
          return { outcome: 'failed', failure: `Stripe: ${refund.failure_reason ?? refund.status}` }
        return { outcome: 'succeeded', providerRef: refund.id }
      } catch (error) {
        // Refused for what was asked (already refunded, more than was charged, a key reused for other parameters): final.
        if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError) {
          return { outcome: 'failed', failure: `Stripe: ${error.code ?? error.type}: ${error.message}` }
        }
        throw error
      }
    },
    async cancel(providerRef) {
      try {
        await stripe.checkout.sessions.expire(providerRef)
      } catch (error) {
        // Already completed or expired: nothing left to close.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error
      }
    },
    parseWebhook(rawBody, signature) {
      return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret)
    },
  }
}

export function sessionState(
  session: Pick<Stripe.Checkout.Session, 'status' | 'payment_status'> & Partial<Pick<Stripe.Checkout.Session, 'payment_intent'>>,
): ProviderState {
  if (session.status === 'expired') return 'failed'
  if (session.status !== 'complete') return 'open'
  if (session.payment_status !== 'unpaid') return 'paid'
  // A delayed payment that failed leaves the session complete and unpaid; its PaymentIntent goes back to wanting a payment method.
  const intent = session.payment_intent
  if (intent && typeof intent !== 'string' && (intent.status === 'requires_payment_method' || intent.status === 'canceled')) return 'failed'
  return 'processing'
}

export function paymentIntentOf(session: Pick<Stripe.Checkout.Session, 'payment_intent'>): string | null {
  const intent = session.payment_intent
  return typeof intent === 'string' ? intent : (intent?.id ?? null)
}

/**
 * The sandbox's refunds: it took no real money, so a refund only gets a reference of its own, made
 * from the idempotency key (asking twice answers the same refund, as a real provider does).
 */
export function createSandboxRefunds(): RefundProvider {
  return {
    async refund(input) {
      return { outcome: 'succeeded', providerRef: `sandbox_re_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}` }
    },
  }
}

/**
 * Refunds of bank transfers (docs/product.md#bank-transfer): no provider takes them back; the
 * organiser's bank sends the money when staff refund in the console, so the refund is recorded as
 * made, under a reference of its own made from the idempotency key, for the bookkeeping to match.
 */
export function createBankRefunds(): RefundProvider {
  return {
    async refund(input) {
      return { outcome: 'succeeded', providerRef: `bank_out_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}` }
    },
  }
}
