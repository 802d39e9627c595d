import { randomBytes } from 'node:crypto'
import type Stripe from 'stripe'
import type { z } from 'zod'
import type * as contracts from '../../../../src/api/contracts/tickets.ts'
import type { PaymentMethod } from '../../../../src/api/rules/tickets.ts'
import { type Locale, urlLanguageOfLocale } from '../../../../src/i18n/languages.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, gone, invalid, notFound } from '../../errors.ts'
import { isLockTrouble, type OrderCore, type TicketsDeps } from '../orders.core.ts'
import { type Caller, notPending, orderExpired } from '../orders.service.ts'
import * as repo from '../tickets.repo.ts'
import type { CardProvider } from './providers.ts'

type OrderDetail = z.output<typeof contracts.orderDetail>
export type ConfirmOutcome = 'paid' | 'duplicate' | 'refund' | 'unknown'

const OPEN = new Set(['creating', 'open', 'processing'])
/** How long the sandbox's "the bank confirms later" takes. */
export const SANDBOX_SETTLE_SECONDS = 8

/**
 * Payments (issue 9): a provider-neutral attempt per try, at most one open per order. Starting twice
 * answers the same attempt; a confirmation is applied once (the attempt row, and for webhooks the
 * provider's event id, are locked and checked in the same transaction); money that arrives for an
 * order that can no longer be bought is recorded and flagged for refund, never dropped.
 */
export function createPaymentsService(deps: TicketsDeps, core: OrderCore) {
  const { platform } = deps
  const { db, config, logger } = platform
  let card: CardProvider | null = deps.card

  const transaction = async <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(async (tx) => {
        await tx.query("set local lock_timeout = '5s'")
        return work(tx)
      })
    } catch (error) {
      if (isLockTrouble(error)) throw conflict('tickets:messages.busy')
      throw error
    }
  }

  /** Records a provider notification once; false when it was handled before. */
  const firstDelivery = async (tx: Queryable, provider: string, eventId: string | undefined, kind: string, attemptId: string) => {
    if (!eventId) return true
    const result = await tx.query(
      'insert into payment_events (provider, event_id, kind, attempt_id) values ($1, $2, $3, $4) on conflict do nothing returning event_id',
      [provider, eventId, kind, attemptId],
    )
    return result.rows.length === 1
  }

  const siteUrl = (locale: Locale, path: string, number: string, extra = '') =>
    `${config.PUBLIC_ORIGIN}/${urlLanguageOfLocale(locale)}/apply/${path}?order=${encodeURIComponent(number)}${extra}`

  const ownOrder = async (caller: Caller, number: string) => {
    const order = await repo.orderOfAccount(db, number, caller.userId)
    if (!order) throw notFound()
    return core.expireIfDue(order)
  }

  const service = {
    /** Configuration seam: the card provider (Stripe from the environment; tests give a stand-in). */
    setCardProvider(provider: CardProvider | null) {
      card = provider
      deps.card = provider
    },

    async startPayment(caller: Caller, orderNumber: string, method: PaymentMethod): Promise<{ redirectUrl: string; attemptId: string }> {
      const order = await ownOrder(caller, orderNumber)
      if (order.status !== 'pending') throw notPending(order)
      if (!core.methods().includes(method)) throw invalid({ method: 'messages.methodUnavailable' }, 'tickets:messages.methodUnavailable')
      if (await platform.services.exhibitions.isOver(order.exhibition_id)) throw gone('tickets:messages.eventOver')
      if (order.total_minor === 0) throw conflict('tickets:messages.nothingToPay')
      if (!order.confirmed_at) throw conflict('tickets:messages.notConfirmed')
      const provider = method === 'card' ? 'stripe' : 'sandbox'
      const outcome = await transaction(async (tx) => {
        const locked = await repo.orderOfAccount(tx, orderNumber, caller.userId, true)
        if (!locked) return { refused: notFound() }
        if (locked.status !== 'pending') return { refused: notPending(locked) }
        if (!locked.confirmed_at) return { refused: conflict('tickets:messages.notConfirmed') }
        if (locked.expires_at.getTime() <= locked.now.getTime() && !(await core.inPaymentGrace(tx, locked))) {
          return { refused: orderExpired(), closed: await core.release(tx, [locked], 'expired') }
        }
        const open = await repo.openAttempt(tx, locked.id, true)
        if (open?.status === 'processing') return { processing: open }
        if (open && open.provider === provider && open.amount_minor === locked.total_minor && open.currency === locked.currency) return { attempt: open }
        const closed: Array<{ provider: string; provider_ref: string | null }> = []
        if (open) {
          await tx.query("update payment_attempts set status = 'cancelled', updated_at = now() where id = $1", [open.id])
          closed.push(open)
        }
        const created = await tx.query<repo.AttemptRow>(
          `insert into payment_attempts (order_id, provider, amount_minor, currency, sandbox_secret) values ($1, $2, $3, $4, $5) returning *`,
          [locked.id, provider, locked.total_minor, locked.currency, provider === 'sandbox' ? randomBytes(24).toString('base64url') : null],
        )
        const attempt = created.rows[0] as repo.AttemptRow
        await repo.logEvent(tx, locked.id, 'paymentStarted', { attemptId: attempt.id, provider, amountMinor: locked.total_minor })
        return { attempt, closed, order: locked }
      })
      core.closeAtProvider(outcome.closed ?? [])
      if ('refused' in outcome && outcome.refused) throw outcome.refused
      if ('processing' in outcome && outcome.processing)
        return { redirectUrl: siteUrl(caller.locale, 'unpaid', order.number), attemptId: outcome.processing.id }
      const attempt = (outcome as { attempt: repo.AttemptRow }).attempt
      if (attempt.redirect_url && attempt.status === 'open') return { redirectUrl: attempt.redirect_url, attemptId: attempt.id }
      let checkout: { providerRef: string; redirectUrl: string }
      if (attempt.provider === 'sandbox') {
        checkout = { providerRef: attempt.id, redirectUrl: `/pay/sandbox/${attempt.id}?key=${attempt.sandbox_secret}` }
      } else {
        if (!card) throw invalid({ method: 'messages.methodUnavailable' }, 'tickets:messages.methodUnavailable')
        try {
          checkout = await card.createCheckout({
            attemptId: attempt.id,
            orderNumber: order.number,
            amountMinor: attempt.amount_minor,
            currency: attempt.currency,
            description: `${config.BRAND_NAME} · ${(await core.exhibition(order.exhibition_id, caller.locale)).title} · ${order.number}`,
            locale: caller.locale,
            customerEmail: order.buyer_email,
            successUrl: siteUrl(caller.locale, 'unpaid', order.number, '&session_id={CHECKOUT_SESSION_ID}'),
            cancelUrl: siteUrl(caller.locale, 'payment', order.number, '&result=cancelled'),
            expiresAt: order.expires_at,
          })
        } catch (error) {
          // The attempt stays "creating": the next try asks again with the same idempotency key.
          logger.error({ err: error, attemptId: attempt.id }, 'the card provider refused to open a checkout')
          throw conflict('tickets:messages.paymentUnavailable')
        }
      }
      await db.query(
        "update payment_attempts set provider_ref = $2, redirect_url = $3, status = 'open', updated_at = now() where id = $1 and status = 'creating'",
        [attempt.id, checkout.providerRef, checkout.redirectUrl],
      )
      return { redirectUrl: checkout.redirectUrl, attemptId: attempt.id }
    },

    /**
     * The provider says the money has arrived. Applied once: a second delivery (or a second event
     * for the same attempt) changes nothing. An order that can no longer be bought keeps its state
     * and the payment is flagged for refund.
     */
    async confirm(attemptId: string, via: { provider: 'sandbox' | 'stripe'; eventId?: string; amountMinor?: number | null; currency?: string | null }) {
      const attempt = await repo.attemptById(db, attemptId)
      if (!attempt || attempt.provider !== via.provider) return 'unknown' satisfies ConfirmOutcome
      const order = (await repo.orderById(db, attempt.order_id)) as repo.OrderRow
      const info = await core.exhibition(order.exhibition_id, order.locale as Locale)
      let closed: Array<{ provider: string; provider_ref: string | null }> = []
      const outcome = await transaction(async (tx): Promise<ConfirmOutcome> => {
        const locked = (await repo.orderById(tx, order.id, true)) as repo.OrderRow
        const current = (await repo.attemptById(tx, attemptId, true)) as repo.AttemptRow
        if (!(await firstDelivery(tx, via.provider, via.eventId, 'succeeded', attemptId))) return 'duplicate'
        if (current.status === 'succeeded') return 'duplicate'
        const amountOk = (via.amountMinor ?? current.amount_minor) === current.amount_minor && (via.currency ?? current.currency) === current.currency
        let refund: string | null = null
        if (!amountOk) refund = 'amountMismatch'
        else if (locked.status === 'paid') refund = 'alreadyPaid'
        else if (locked.status === 'cancelled') refund = 'orderCancelled'
        else if (!OPEN.has(current.status) || locked.total_minor !== current.amount_minor) refund = 'attemptSuperseded'
        else if (locked.expires_at.getTime() <= locked.now.getTime() && !(current.processing_at && current.processing_at <= locked.expires_at)) {
          // Paid after the countdown ended: the order expires now, the money is kept on record for refund.
          closed = await core.release(tx, [locked], 'expired')
          refund = 'orderCancelled'
        }
        await tx.query(
          `update payment_attempts set status = 'succeeded', confirmed_at = now(), updated_at = now(), refund_due = $2, refund_reason = $3,
             processing_at = coalesce(processing_at, now()) where id = $1`,
          [attemptId, refund !== null, refund],
        )
        if (refund) {
          await repo.logEvent(tx, locked.id, 'refundDue', { attemptId, reason: refund, amountMinor: current.amount_minor })
          return 'refund'
        }
        await core.markPaid(tx, locked, info, { attemptId, provider: via.provider })
        return 'paid'
      })
      core.closeAtProvider(closed)
      if (outcome === 'refund') logger.warn({ attemptId, order: order.number }, 'payment received for an order that cannot be bought: flagged for refund')
      return outcome
    },

    /** The payer has paid; the provider's word is awaited (or, in the sandbox, due at `settleAfter`). */
    async markProcessing(attemptId: string, via: { provider: 'sandbox' | 'stripe'; eventId?: string; settleAfter?: Date }) {
      return transaction(async (tx) => {
        const current = await repo.attemptById(tx, attemptId, true)
        if (!current || current.provider !== via.provider || !(await firstDelivery(tx, via.provider, via.eventId, 'processing', attemptId))) return false
        if (current.status !== 'open' && current.status !== 'creating') return false
        await tx.query("update payment_attempts set status = 'processing', processing_at = now(), settle_after = $2, updated_at = now() where id = $1", [
          attemptId,
          via.settleAfter ?? null,
        ])
        await repo.logEvent(tx, current.order_id, 'paymentProcessing', { attemptId })
        return true
      })
    },

    /** Declined, expired at the provider, or abandoned by the payer: the order stays pending and may be paid again. */
    async fail(attemptId: string, via: { provider: 'sandbox' | 'stripe'; eventId?: string; reason: 'declined' | 'expired' | 'abandoned' }) {
      return transaction(async (tx) => {
        const current = await repo.attemptById(tx, attemptId, true)
        if (!current || current.provider !== via.provider || !(await firstDelivery(tx, via.provider, via.eventId, 'failed', attemptId))) return false
        if (!OPEN.has(current.status)) return false
        await tx.query('update payment_attempts set status = $2, failure_code = $3, updated_at = now() where id = $1', [
          attemptId,
          via.reason === 'abandoned' ? 'cancelled' : 'failed',
          via.reason,
        ])
        await repo.logEvent(tx, current.order_id, via.reason === 'abandoned' ? 'paymentAbandoned' : 'paymentFailed', { attemptId, reason: via.reason })
        return true
      })
    },

    /** The result page asks: sandbox confirmations that are due, or the card provider's own answer. */
    async checkPayment(caller: Caller, orderNumber: string): Promise<OrderDetail> {
      const order = await ownOrder(caller, orderNumber)
      if (order.status === 'pending') {
        const attempt = await repo.latestAttempt(db, order.id)
        if (attempt?.provider === 'sandbox' && attempt.status === 'processing' && attempt.settle_after && attempt.settle_after.getTime() <= Date.now()) {
          await service.confirm(attempt.id, { provider: 'sandbox' })
        } else if (attempt?.provider === 'stripe' && card && attempt.provider_ref && (attempt.status === 'open' || attempt.status === 'processing')) {
          try {
            const found = await card.lookup(attempt.provider_ref)
            if (found.state === 'paid') await service.confirm(attempt.id, { provider: 'stripe', amountMinor: found.amountMinor, currency: found.currency })
            else if (found.state === 'processing') await service.markProcessing(attempt.id, { provider: 'stripe' })
            else if (found.state === 'failed') await service.fail(attempt.id, { provider: 'stripe', reason: 'expired' })
          } catch (error) {
            logger.warn({ err: error, attemptId: attempt.id }, 'could not ask Stripe about a checkout; the webhook will tell')
          }
        }
      }
      return core.detail((await repo.orderById(db, order.id)) as repo.OrderRow, caller.locale)
    },

    /** Background job: sandbox payments whose delayed confirmation is due (any instance may run it). */
    async settleSandbox(limit = 20): Promise<number> {
      const due = await db.query<{ id: string }>(
        `select id from payment_attempts where status = 'processing' and provider = 'sandbox' and settle_after <= now() order by settle_after limit $1`,
        [limit],
      )
      let settled = 0
      for (const row of due.rows) if ((await service.confirm(row.id, { provider: 'sandbox' })) === 'paid') settled++
      return settled
    },

    /** A verified Stripe event (the webhook route checked its signature). */
    async handleStripeEvent(event: Stripe.Event): Promise<string> {
      if (!event.type.startsWith('checkout.session.')) return 'ignored'
      const session = event.data.object as Stripe.Checkout.Session
      const attempt =
        (await repo.attemptByProviderRef(db, 'stripe', session.id)) ??
        (session.client_reference_id ? await repo.attemptById(db, session.client_reference_id) : null)
      if (attempt?.provider !== 'stripe') {
        logger.warn({ eventId: event.id, session: session.id }, 'Stripe event for a checkout we do not know')
        return 'unknown'
      }
      const money = { amountMinor: session.amount_total ?? null, currency: session.currency?.toUpperCase() ?? null }
      switch (event.type) {
        case 'checkout.session.completed':
          if (session.payment_status === 'unpaid')
            return (await service.markProcessing(attempt.id, { provider: 'stripe', eventId: event.id })) ? 'processing' : 'duplicate'
          return service.confirm(attempt.id, { provider: 'stripe', eventId: event.id, ...money })
        case 'checkout.session.async_payment_succeeded':
          return service.confirm(attempt.id, { provider: 'stripe', eventId: event.id, ...money })
        case 'checkout.session.async_payment_failed':
          return (await service.fail(attempt.id, { provider: 'stripe', eventId: event.id, reason: 'declined' })) ? 'failed' : 'duplicate'
        case 'checkout.session.expired':
          return (await service.fail(attempt.id, { provider: 'stripe', eventId: event.id, reason: 'expired' })) ? 'failed' : 'duplicate'
        default:
          return 'ignored'
      }
    },

    cardProvider: () => card,
  }
  return service
}

export type PaymentsService = ReturnType<typeof createPaymentsService>
