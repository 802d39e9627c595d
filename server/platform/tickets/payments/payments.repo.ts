import type { Queryable } from '../../../db/client.ts'

/**
 * SQL of payments: one provider-neutral attempt per try (at most one open per order) and the
 * provider events already handled. Attempt rows are locked after their order's row.
 */

export interface AttemptRow {
  id: string
  order_id: string
  provider: 'sandbox' | 'stripe'
  status: 'creating' | 'open' | 'processing' | 'succeeded' | 'failed' | 'cancelled'
  amount_minor: number
  currency: string
  provider_ref: string | null
  redirect_url: string | null
  sandbox_secret: string | null
  settle_after: Date | null
  refund_due: boolean
  refund_reason: string | null
  received_minor: number | null
  received_currency: string | null
  payment_ref: string | null
  created_at: Date
  processing_at: Date | null
  confirmed_at: Date | null
}

export async function latestAttempt(db: Queryable, orderId: string): Promise<AttemptRow | null> {
  const result = await db.query<AttemptRow>('select * from payment_attempts where order_id = $1 order by created_at desc limit 1', [orderId])
  return result.rows[0] ?? null
}

export async function openAttempt(db: Queryable, orderId: string, lock = false): Promise<AttemptRow | null> {
  const result = await db.query<AttemptRow>(
    `select * from payment_attempts where order_id = $1 and status in ('creating', 'open', 'processing')${lock ? ' for update' : ''}`,
    [orderId],
  )
  return result.rows[0] ?? null
}

export async function attemptById(db: Queryable, id: string, lock = false): Promise<AttemptRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null
  const result = await db.query<AttemptRow>(`select * from payment_attempts where id = $1${lock ? ' for update' : ''}`, [id])
  return result.rows[0] ?? null
}

export async function attemptByProviderRef(db: Queryable, provider: string, ref: string): Promise<AttemptRow | null> {
  const result = await db.query<AttemptRow>('select * from payment_attempts where provider = $1 and provider_ref = $2', [provider, ref])
  return result.rows[0] ?? null
}

/** Closes the open attempts of orders nobody may pay any more; returns what to close at the provider. */
export async function cancelOpenAttempts(tx: Queryable, orderIds: string[]): Promise<ProviderCheckout[]> {
  const result = await tx.query<ProviderCheckout>(
    `update payment_attempts set status = 'cancelled', updated_at = now() where order_id = any($1::uuid[]) and status in ('creating', 'open')
     returning provider, provider_ref`,
    [orderIds],
  )
  return result.rows
}

/** A checkout to close at its provider after commit. */
export interface ProviderCheckout {
  provider: string
  provider_ref: string | null
}

export async function cancelAttempt(tx: Queryable, id: string): Promise<void> {
  await tx.query("update payment_attempts set status = 'cancelled', updated_at = now() where id = $1", [id])
}

export async function insertAttempt(
  tx: Queryable,
  values: { orderId: string; provider: 'sandbox' | 'stripe'; amountMinor: number; currency: string; sandboxSecret: string | null },
): Promise<AttemptRow> {
  const result = await tx.query<AttemptRow>(
    'insert into payment_attempts (order_id, provider, amount_minor, currency, sandbox_secret) values ($1, $2, $3, $4, $5) returning *',
    [values.orderId, values.provider, values.amountMinor, values.currency, values.sandboxSecret],
  )
  return result.rows[0] as AttemptRow
}

/** The provider's checkout is open; only an attempt still being created takes it (a concurrent close wins). */
export async function openCheckout(db: Queryable, id: string, providerRef: string, redirectUrl: string): Promise<void> {
  await db.query(
    "update payment_attempts set provider_ref = $2, redirect_url = $3, status = 'open', updated_at = now() where id = $1 and status = 'creating'",
    [id, providerRef, redirectUrl],
  )
}

/** What the provider says it took, when it says it, and its id of the payment (a refund names it). */
export interface Received {
  amountMinor: number | null
  currency: string | null
  paymentRef: string | null
}

export async function markSucceeded(tx: Queryable, id: string, refundReason: string | null, received: Received): Promise<AttemptRow> {
  const result = await tx.query<AttemptRow>(
    `update payment_attempts set status = 'succeeded', confirmed_at = now(), updated_at = now(), refund_due = $2, refund_reason = $3,
       processing_at = coalesce(processing_at, now()), received_minor = $4, received_currency = $5, payment_ref = coalesce($6, payment_ref)
     where id = $1 returning *`,
    [id, refundReason !== null, refundReason, received.amountMinor, received.currency, received.paymentRef],
  )
  return result.rows[0] as AttemptRow
}

export async function markProcessing(tx: Queryable, id: string, settleAfter: Date | null): Promise<void> {
  await tx.query("update payment_attempts set status = 'processing', processing_at = now(), settle_after = $2, updated_at = now() where id = $1", [
    id,
    settleAfter,
  ])
}

export async function markFailed(tx: Queryable, id: string, status: 'failed' | 'cancelled', failureCode: string): Promise<void> {
  await tx.query('update payment_attempts set status = $2, failure_code = $3, updated_at = now() where id = $1', [id, status, failureCode])
}

/** Records a provider notification once; false when it was handled before. */
export async function firstDelivery(tx: Queryable, provider: string, eventId: string | undefined, kind: string, attemptId: string): Promise<boolean> {
  if (!eventId) return true
  const result = await tx.query(
    'insert into payment_events (provider, event_id, kind, attempt_id) values ($1, $2, $3, $4) on conflict do nothing returning event_id',
    [provider, eventId, kind, attemptId],
  )
  return result.rows.length === 1
}

/** Sandbox payments whose delayed confirmation is due. */
export async function dueSandboxAttempts(db: Queryable, limit: number): Promise<string[]> {
  const result = await db.query<{ id: string }>(
    `select id from payment_attempts where status = 'processing' and provider = 'sandbox' and settle_after <= now() order by settle_after limit $1`,
    [limit],
  )
  return result.rows.map((row) => row.id)
}
