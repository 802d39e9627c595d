import type { Queryable } from '../../../db/client.ts'

/**
 * SQL of payments: one provider-neutral attempt per try (at most one open per order) and the
 * provider events already handled. Attempt rows are locked after their order's row.
 */

/** How a sandbox payment ends, decided when the payer chose it (the record it settles from). */
export type SettleOutcome = 'succeeded' | 'declined'

/** A sandbox payment's settlement: its outcome, due this many seconds after the payer chose it. */
export interface SandboxSettlement {
  outcome: SettleOutcome
  inSeconds: number
}

export interface AttemptRow {
  id: string
  order_id: string
  provider: 'sandbox' | 'stripe' | 'bank'
  status: 'creating' | 'open' | 'processing' | 'succeeded' | 'failed' | 'cancelled'
  amount_minor: number
  currency: string
  provider_ref: string | null
  redirect_url: string | null
  sandbox_secret: string | null
  settle_after: Date | null
  settle_outcome: SettleOutcome | null
  check_after: Date | null
  refund_due: boolean
  refund_reason: string | null
  received_minor: number | null
  received_currency: string | null
  payment_ref: string | null
  created_at: Date
  processing_at: Date | null
  confirmed_at: Date | null
  /** A bank transfer's reference (docs/product.md#bank-transfer); null for other providers. */
  bank_reference: string | null
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

/**
 * The payer has paid. A sandbox payment records its settlement in the same statement; a card
 * payment is asked about at the provider after `checkSeconds` if its word has not come by then.
 */
export async function markProcessing(tx: Queryable, id: string, settlement: SandboxSettlement | null, checkSeconds: number): Promise<void> {
  await tx.query(
    `update payment_attempts set status = 'processing', processing_at = now(), updated_at = now(),
       settle_after = case when $2::text is null then null else now() + make_interval(secs => $3) end, settle_outcome = $2,
       check_after = case when provider = 'stripe' then now() + make_interval(secs => $4) end
     where id = $1`,
    [id, settlement?.outcome ?? null, settlement?.inSeconds ?? 0, checkSeconds],
  )
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

/**
 * Claims sandbox payments whose settlement is due, for one instance: the rows are taken with FOR
 * UPDATE SKIP LOCKED and their settlement moved `leaseSeconds` on, so a second instance finds them
 * not due; if this one dies before settling, another takes them when the lease runs out. The claim
 * never waits on a lock, so taking attempt rows before their orders here cannot deadlock.
 */
export async function claimDueSettlements(db: Queryable, limit: number, leaseSeconds: number): Promise<Array<{ id: string; settle_outcome: SettleOutcome }>> {
  const result = await db.query<{ id: string; settle_outcome: SettleOutcome }>(
    `update payment_attempts set settle_after = now() + make_interval(secs => $2)
     where id in (
       select id from payment_attempts where status = 'processing' and provider = 'sandbox' and settle_after <= now()
       order by settle_after limit $1 for update skip locked
     )
     returning id, settle_outcome`,
    [limit, leaseSeconds],
  )
  return result.rows
}

/** The attempt is processing in the sandbox and its settlement is due (on the database's clock). */
export async function settlementDue(db: Queryable, id: string): Promise<SettleOutcome | null> {
  const result = await db.query<{ settle_outcome: SettleOutcome }>(
    `select settle_outcome from payment_attempts where id = $1 and provider = 'sandbox' and status = 'processing' and settle_after <= now()`,
    [id],
  )
  return result.rows[0]?.settle_outcome ?? null
}

/**
 * Claims card payments whose provider has not answered by their check time, for one instance (FOR
 * UPDATE SKIP LOCKED): the next check is moved on by as long as the payment has been processing
 * (so the provider is asked after 1, 2, 4 ... times `firstSeconds`), at least `firstSeconds` and at most an hour.
 */
export async function claimDueChecks(db: Queryable, limit: number, firstSeconds: number): Promise<Array<{ id: string; provider_ref: string | null }>> {
  const result = await db.query<{ id: string; provider_ref: string | null }>(
    `update payment_attempts
     set check_after = now() + least(greatest(make_interval(secs => $2), now() - coalesce(processing_at, now())), interval '1 hour')
     where id in (
       select id from payment_attempts where status = 'processing' and provider = 'stripe' and check_after <= now()
       order by check_after limit $1 for update skip locked
     )
     returning id, provider_ref`,
    [limit, firstSeconds],
  )
  return result.rows
}
