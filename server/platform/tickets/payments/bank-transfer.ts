import { randomInt, randomUUID } from 'node:crypto'
import { LOCALES, type Locale } from '../../../../shared/languages.ts'
import {
  amountFit,
  compactReference,
  isReference,
  makeReference,
  referencesIn,
  type TransferDecision,
  type TransferIssue,
} from '../../../../shared/rules/bank-transfer.ts'
import type { Queryable } from '../../../db/client.ts'
import { ERROR_CODES } from '../../../../shared/contracts/define.ts'
import { conflict, DomainError, invalid, notFound } from '../../errors.ts'
import { exhibitionInScope } from '../../exhibitions/index.ts'
import type { StaffActor } from '../../staff-actor.ts'
import type { ExhibitionInfo } from '../exhibition-info.ts'
import { orderTransaction } from '../lock-pending.ts'
import { markPaid } from '../mark-paid.ts'
import { queueBankTransferMail, queueCancelledMail } from '../order-mails.ts'
import { instructionsOf } from './bank-transfer-offer.ts'
import { type OrderFacts, settle } from '../order-rules.ts'
import * as orders from '../orders.repo.ts'
import { releaseOrders } from '../release-orders.ts'
import type { TicketsContext } from '../tickets-context.ts'
import { readStatement, StatementProblem, type StatementLine } from './bank-statements.ts'
import * as repo from './bank-transfer.repo.ts'
import * as payments from './payments.repo.ts'

/**
 * Bank transfer (docs/product.md#bank-transfer): the organiser's account per exhibition, the buyer's
 * choice of it (a reference of their own, the seats held until the transfer's deadline), and the
 * money matched in the console from a statement or by hand. A match applies the existing payment
 * path (order-rules.ts `settle`, then mark-paid.ts): exactly the amount pays the order; anything else
 * waits for staff; a line is recorded once by its key, so no statement pays twice.
 */

const auditActor = (actor: StaffActor) => ({ staffId: actor.staffId, address: actor.address })

/**
 * Inside startPayment's transaction: the order's transfer attempt with a fresh reference, the order's
 * deadline moved to the transfer's (its seats stay held so long), and the instructions mailed.
 */
export async function openTransfer(context: TicketsContext, tx: Queryable, order: orders.OrderRow): Promise<payments.AttemptRow> {
  const settings = await repo.settingsOf(tx, order.exhibition_id)
  if (!settings?.enabled) throw invalid({ method: 'messages.methodUnavailable' }, 'tickets:messages.methodUnavailable')
  const attempt = await repo.insertBankAttempt(tx, {
    orderId: order.id,
    amountMinor: order.total_minor,
    currency: order.currency,
    reference: await freshReference(tx),
  })
  await repo.extendDeadline(tx, order.id, settings.deadline_days)
  const extended = (await orders.orderById(tx, order.id)) as orders.OrderRow
  await orders.logEvent(tx, order.id, 'paymentStarted', { attemptId: attempt.id, provider: 'bank', amountMinor: order.total_minor })
  await queueBankTransferMail(context, tx, extended, instructionsOf(settings, attempt, extended.expires_at), 'instructions', settings.time_zone)
  return attempt
}

/**
 * A reference no attempt has: 1.1 × 10¹⁰ of them make a repeat rare but, over many orders, not
 * impossible, so one taken is drawn again (the unique index stays the last word).
 */
async function freshReference(tx: Queryable): Promise<string> {
  for (;;) {
    const reference = makeReference((below) => randomInt(below))
    if (!(await repo.attemptByReference(tx, reference))) return reference
  }
}

/** Reminders 24 hours before a transfer's deadline, to buyers who chose it longer ago than that; each once. */
export const REMINDER_HOURS = 24

/** Job: reminds buyers whose transfer is due within a day (claimed once across instances). Returns how many were reminded. */
export async function remindDueTransfers(context: TicketsContext, batch = 50): Promise<number> {
  const { db } = context.platform
  return db.transaction(async (tx) => {
    const due = await repo.claimDueReminders(tx, REMINDER_HOURS, batch)
    for (const { order_id, attempt_id } of due) {
      const order = (await orders.orderById(tx, order_id)) as orders.OrderRow
      const attempt = (await payments.attemptById(tx, attempt_id)) as payments.AttemptRow
      const settings = await repo.settingsOf(tx, order.exhibition_id)
      if (settings) await queueBankTransferMail(context, tx, order, instructionsOf(settings, attempt, order.expires_at), 'reminder', settings.time_zone)
    }
    return due.length
  })
}

/** One transfer that came in, as the console records it. */
interface Incoming {
  key: string
  source: 'statement' | 'hand'
  bookedOn: string | null
  amountMinor: number
  currency: string
  remittance: string
  payer: string | null
  /** Typed by staff: the line is matched to this reference and no other. */
  reference?: string
}

export type Applied = 'paid' | 'review' | 'unknown' | 'repeat'

/** The exhibition's words for mails, in every language, read before a transaction (the cache reads outside it). */
async function infosOf(context: TicketsContext, exhibitionId: number): Promise<Map<Locale, ExhibitionInfo>> {
  return new Map(await Promise.all(LOCALES.map(async (locale) => [locale, await context.exhibitions.get(exhibitionId, locale)] as const)))
}

/** Why money that cannot buy its order waits: the order has gone or changed, or was paid already. */
function issueOf(reason: string): TransferIssue {
  return reason === 'alreadyPaid' ? 'alreadyPaid' : 'closed'
}

/**
 * Inside a transaction: records the line (once by its key) and applies it. The order's row is locked
 * before its attempt's, as every payment path does, so a statement line and a match by hand for one
 * order take turns: the first pays it, the second finds it paid and waits for staff.
 */
async function applyIncoming(
  context: TicketsContext,
  tx: Queryable,
  actor: StaffActor,
  exhibitionId: number,
  infos: Map<Locale, ExhibitionInfo>,
  line: Incoming,
  closed: payments.ProviderCheckout[],
): Promise<{ applied: Applied; transfer: repo.TransferRow | null; order: orders.OrderRow | null }> {
  const transfer = await repo.recordTransfer(tx, { ...line, lineKey: line.key, exhibitionId, recordedBy: actor.staffId })
  if (!transfer) return { applied: 'repeat', transfer: null, order: null }
  const candidates = line.reference ? [line.reference] : referencesIn(`${line.remittance}`)
  let found: { reference: string; attempt: payments.AttemptRow } | null = null
  for (const reference of candidates) {
    const attempt = await repo.attemptByReference(tx, reference)
    if (attempt) {
      found = { reference, attempt }
      break
    }
  }
  const order = found ? await orders.orderById(tx, found.attempt.order_id, true) : null
  if (!found || !order || order.exhibition_id !== exhibitionId) {
    const settled = await repo.settleTransfer(tx, transfer.id, {
      reference: candidates[0] ?? null,
      attemptId: null,
      orderId: null,
      state: 'unknown',
      issue: null,
    })
    return { applied: 'unknown', transfer: settled, order: null }
  }
  const attempt = (await payments.attemptById(tx, found.attempt.id, true)) as payments.AttemptRow
  const matched = { reference: found.reference, attemptId: attempt.id, orderId: order.id }
  const review = async (issue: TransferIssue) => ({
    applied: 'review' as const,
    transfer: await repo.settleTransfer(tx, transfer.id, { ...matched, state: 'review', issue }),
    order,
  })
  const fit = amountFit({ minor: line.amountMinor, currency: line.currency }, { minor: attempt.amount_minor, currency: attempt.currency })
  const settlement = settle(order, attempt, { amountMinor: null, currency: null, seenBefore: false })
  if (settlement.outcome === 'duplicate') return review('alreadyPaid')
  if (settlement.outcome === 'refund') {
    if (settlement.expireFirst) {
      closed.push(...(await releaseOrders(context.platform, tx, [order], 'expired')))
      await queueCancelledMail(context, tx, order, 'expired')
    }
    return review(issueOf(settlement.reason))
  }
  if (fit !== 'exact') return review(fit)
  await pay(context, tx, order, attempt, transfer, infos)
  return { applied: 'paid', transfer: await repo.settleTransfer(tx, transfer.id, { ...matched, state: 'paid', issue: null }), order }
}

/** The money buys the order: the attempt succeeds with what came in, and mark-paid.ts issues the tickets, invoice and mail. */
async function pay(
  context: TicketsContext,
  tx: Queryable,
  order: orders.OrderRow,
  attempt: payments.AttemptRow,
  transfer: repo.TransferRow,
  infos: Map<Locale, ExhibitionInfo>,
): Promise<void> {
  await payments.markSucceeded(tx, attempt.id, null, { amountMinor: transfer.amount_minor, currency: transfer.currency, paymentRef: `transfer:${transfer.id}` })
  await markPaid(context, tx, order, infos.get(order.locale as Locale) as ExhibitionInfo, { attemptId: attempt.id, provider: 'bank', transfer: transfer.id })
}

const busyDesk = () => conflict('console:bankTransfer.busy')

export interface ImportSummary {
  lines: number
  paid: number
  review: number
  unknown: number
  repeats: number
}

/**
 * A statement uploaded for an exhibition's account: every credit recorded once and applied, all in
 * one transaction with its audit entry. A file that cannot be read changes nothing.
 */
export async function importStatement(context: TicketsContext, actor: StaffActor, exhibitionId: number, file: string): Promise<ImportSummary> {
  const { db } = context.platform
  await exhibitionInScope(db, actor.scope, exhibitionId)
  let lines: StatementLine[]
  try {
    lines = readStatement(Buffer.from(file, 'utf8'))
  } catch (error) {
    if (error instanceof StatementProblem)
      throw new DomainError(error.code, ERROR_CODES.invalid, error.at === null ? {} : { at: error.at }, { statement: error.code })
    throw error
  }
  const infos = await infosOf(context, exhibitionId)
  const closed: payments.ProviderCheckout[] = []
  const summary = await orderTransaction(
    db,
    async (tx) => {
      const summary: ImportSummary = { lines: lines.length, paid: 0, review: 0, unknown: 0, repeats: 0 }
      for (const line of lines) {
        const { applied } = await applyIncoming(
          context,
          tx,
          actor,
          exhibitionId,
          infos,
          {
            key: line.key,
            source: 'statement',
            bookedOn: line.bookedOn,
            amountMinor: line.amountMinor,
            currency: line.currency,
            remittance: line.text,
            payer: line.payer,
          },
          closed,
        )
        summary[applied === 'repeat' ? 'repeats' : applied]++
      }
      await context.platform.services.staff.audit(tx, auditActor(actor), {
        function: 'console$importStatement',
        target: `exhibition:${exhibitionId}`,
        before: null,
        after: { ...summary },
      })
      return summary
    },
    busyDesk,
  )
  context.checkouts.close(closed)
  return summary
}

/** A transfer staff saw on the account and match by the reference the payer wrote, typed by hand. */
export async function matchByHand(
  context: TicketsContext,
  actor: StaffActor,
  input: { exhibitionId: number; reference: string; amountMinor: number; currency: string; bookedOn: string | null; payer: string | null },
): Promise<{ applied: Applied; transferId: string; orderNumber: string | null }> {
  const { db } = context.platform
  await exhibitionInScope(db, actor.scope, input.exhibitionId)
  if (!isReference(input.reference)) throw invalid({ reference: 'console:bankTransfer.badReference' })
  const infos = await infosOf(context, input.exhibitionId)
  const closed: payments.ProviderCheckout[] = []
  const matched = await orderTransaction(
    db,
    async (tx) => {
      const reference = compactReference(input.reference)
      const { applied, transfer, order } = await applyIncoming(
        context,
        tx,
        actor,
        input.exhibitionId,
        infos,
        {
          key: `hand:${randomUUID()}`,
          source: 'hand',
          bookedOn: input.bookedOn,
          amountMinor: input.amountMinor,
          currency: input.currency,
          remittance: reference,
          payer: input.payer,
          reference,
        },
        closed,
      )
      const recorded = transfer as repo.TransferRow
      await context.platform.services.staff.audit(tx, auditActor(actor), {
        function: 'console$matchTransfer',
        target: order ? `order:${order.number}` : `exhibition:${input.exhibitionId}`,
        before: null,
        after: { transfer: recorded.id, reference, amountMinor: input.amountMinor, currency: input.currency, state: recorded.state, issue: recorded.issue },
      })
      return { applied, transferId: recorded.id, orderNumber: order?.number ?? null }
    },
    busyDesk,
  )
  context.checkouts.close(closed)
  return matched
}

/**
 * Staff decide on a transfer that waits: accept it as the order's payment (too much or too little,
 * the order still open and in the same currency), or note it to be sent back by the organiser's
 * bank. Decided once; the order's row locked before the transfer's.
 */
export async function decideTransfer(context: TicketsContext, actor: StaffActor, transferId: string, decision: TransferDecision): Promise<repo.TransferRow> {
  const { db } = context.platform
  const first = await repo.transferById(db, transferId)
  if (!first) throw notFound('console:bankTransfer.notFound')
  await exhibitionInScope(db, actor.scope, first.exhibition_id)
  const infos = await infosOf(context, first.exhibition_id)
  return orderTransaction(
    db,
    async (tx) => {
      const order = first.order_id ? await orders.orderById(tx, first.order_id, true) : null
      const transfer = (await repo.transferById(tx, transferId, true)) as repo.TransferRow
      if (transfer.state !== 'review' && transfer.state !== 'unknown') throw conflict('console:bankTransfer.decided')
      if (decision === 'accept') {
        const attempt = transfer.attempt_id ? await payments.attemptById(tx, transfer.attempt_id, true) : null
        if (!order || !attempt || !acceptable(order, attempt, transfer)) throw conflict('console:bankTransfer.cannotAccept')
        await pay(context, tx, order, attempt, transfer, infos)
      }
      const decided = await repo.decideTransfer(tx, transfer.id, decision === 'accept' ? 'accepted' : 'returned', actor.staffId)
      await context.platform.services.staff.audit(tx, auditActor(actor), {
        function: 'console$decideTransfer',
        target: order ? `order:${order.number}` : `exhibition:${transfer.exhibition_id}`,
        before: { transfer: transfer.id, state: transfer.state, issue: transfer.issue, amountMinor: transfer.amount_minor, currency: transfer.currency },
        after: { transfer: transfer.id, state: decided.state },
      })
      return decided
    },
    busyDesk,
  )
}

/** Too much or too little for an order still waiting for it, in its currency: staff may let it pay. */
function acceptable(order: OrderFacts & { total_minor: number }, attempt: payments.AttemptRow, transfer: repo.TransferRow): boolean {
  if (transfer.issue !== 'over' && transfer.issue !== 'under') return false
  if (transfer.currency !== attempt.currency) return false
  return settle(order, attempt, { amountMinor: null, currency: null, seenBefore: false }).outcome === 'paid'
}
