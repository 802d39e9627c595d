import type { Queryable } from '../../../db/client.ts'
import type { RefundCause, RefundStatus } from '../order-rules.ts'

/**
 * SQL of refunds (0080_refunds.sql): money one payment attempt took, returned through its provider.
 * A refund row is locked after its attempt's row (which is locked after its order's).
 */

export interface RefundRow {
  id: string
  attempt_id: string
  order_id: string
  provider: 'sandbox' | 'stripe' | 'bank'
  amount_minor: number
  currency: string
  reason: RefundCause
  status: RefundStatus
  failure_text: string | null
  provider_ref: string | null
  idempotency_key: string
  tries: number
  next_try_at: Date
  ticket_ids: string[] | null
  requested_by: string | null
  requested_at: Date
  settled_at: Date | null
}

/** What an attempt's refunds give back, or are giving back: all but the failed ones. */
export async function refundedMinor(tx: Queryable, attemptId: string): Promise<number> {
  const result = await tx.query<{ sum: number }>(
    "select coalesce(sum(amount_minor), 0)::int as sum from refunds where attempt_id = $1 and status <> 'failed'",
    [attemptId],
  )
  return result.rows[0]?.sum ?? 0
}

export async function refundByKey(tx: Queryable, key: string): Promise<RefundRow | null> {
  const result = await tx.query<RefundRow>('select * from refunds where idempotency_key = $1', [key])
  return result.rows[0] ?? null
}

/** A new requested refund; null when one with this idempotency key exists already. */
export async function insertRefund(
  tx: Queryable,
  values: {
    attemptId: string
    orderId: string
    provider: 'sandbox' | 'stripe' | 'bank'
    amountMinor: number
    currency: string
    reason: RefundCause
    idempotencyKey: string
    ticketIds: string[] | null
    requestedBy: string | null
  },
): Promise<RefundRow | null> {
  const result = await tx.query<RefundRow>(
    `insert into refunds (attempt_id, order_id, provider, amount_minor, currency, reason, idempotency_key, ticket_ids, requested_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (idempotency_key) do nothing returning *`,
    [
      values.attemptId,
      values.orderId,
      values.provider,
      values.amountMinor,
      values.currency,
      values.reason,
      values.idempotencyKey,
      values.ticketIds,
      values.requestedBy,
    ],
  )
  return result.rows[0] ?? null
}

/** A claimed refund with what its provider needs to find the payment. */
export interface ClaimedRefund extends RefundRow {
  payment_ref: string | null
  checkout_ref: string | null
}

/**
 * Claims due refunds for one call each: their next try moves `leaseSeconds` ahead and their tries
 * count up, in one statement under FOR UPDATE SKIP LOCKED, so an instance that claims a refund is
 * the only one to call the provider for it until the lease runs out.
 */
export async function claimDueRefunds(tx: Queryable, limit: number, leaseSeconds: number): Promise<ClaimedRefund[]> {
  const result = await tx.query<ClaimedRefund>(
    `with due as (
       select id from refunds where status = 'requested' and next_try_at <= now() order by next_try_at limit $1 for update skip locked
     )
     update refunds r set tries = r.tries + 1, next_try_at = now() + make_interval(secs => $2), updated_at = now()
     from due, payment_attempts a
     where r.id = due.id and a.id = r.attempt_id
     returning r.*, a.payment_ref, a.provider_ref as checkout_ref`,
    [limit, leaseSeconds],
  )
  return result.rows
}

/** The provider refunded; only a refund still requested takes it (it is recorded once). */
export async function markRefundSucceeded(tx: Queryable, id: string, providerRef: string): Promise<RefundRow | null> {
  const result = await tx.query<RefundRow>(
    `update refunds set status = 'succeeded', provider_ref = $2, settled_at = now(), updated_at = now() where id = $1 and status = 'requested' returning *`,
    [id, providerRef],
  )
  return result.rows[0] ?? null
}

/** Given up: the provider refused for good, or the last try failed. */
export async function markRefundFailed(tx: Queryable, id: string, failureText: string): Promise<RefundRow | null> {
  const result = await tx.query<RefundRow>(
    `update refunds set status = 'failed', failure_text = $2, settled_at = now(), updated_at = now() where id = $1 and status = 'requested' returning *`,
    [id, failureText.slice(0, 500)],
  )
  return result.rows[0] ?? null
}

/** A transient failure: the next call waits `delaySeconds`. */
export async function retryRefundLater(db: Queryable, id: string, delaySeconds: number): Promise<void> {
  await db.query(`update refunds set next_try_at = now() + make_interval(secs => $2), updated_at = now() where id = $1 and status = 'requested'`, [
    id,
    delaySeconds,
  ])
}

/** What the buyer's view of an order needs: attempts whose money cannot buy it, and its refunds' states. */
export async function refundFactsOf(db: Queryable, orderId: string): Promise<{ flagged: number; statuses: RefundStatus[] }> {
  const [flagged, refunds] = await Promise.all([
    db.query<{ n: number }>('select count(*)::int as n from payment_attempts where order_id = $1 and refund_due', [orderId]),
    db.query<{ status: RefundStatus }>('select status from refunds where order_id = $1 order by requested_at', [orderId]),
  ])
  return { flagged: flagged.rows[0]?.n ?? 0, statuses: refunds.rows.map((row) => row.status) }
}
