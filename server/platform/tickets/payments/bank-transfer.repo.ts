import type { TransferIssue, TransferState } from '../../../../shared/rules/bank-transfer.ts'
import type { Queryable } from '../../../db/client.ts'
import type { AttemptRow } from './payments.repo.ts'

/** SQL of bank transfers (docs/product.md#bank-transfer): the organiser's account per exhibition, and the money that came in. */

export interface BankSettingsRow {
  exhibition_id: number
  enabled: boolean
  account_holder: string
  iban: string | null
  bic: string | null
  account_number: string | null
  bank_name: string | null
  deadline_days: number
  updated_at: Date
  /** The venue's, read with the settings: a deadline in a mail is the venue's time. */
  time_zone: string
}

export async function settingsOf(db: Queryable, exhibitionId: number, lock = false): Promise<BankSettingsRow | null> {
  const result = await db.query<BankSettingsRow>(
    `select s.*, e.time_zone from bank_transfer_settings s join exhibitions e on e.id = s.exhibition_id
      where s.exhibition_id = $1${lock ? ' for update of s' : ''}`,
    [exhibitionId],
  )
  return result.rows[0] ?? null
}

export type BankSettingsValues = Omit<BankSettingsRow, 'exhibition_id' | 'updated_at' | 'time_zone'>

export async function saveSettings(tx: Queryable, exhibitionId: number, values: BankSettingsValues): Promise<void> {
  await tx.query(
    `insert into bank_transfer_settings (exhibition_id, enabled, account_holder, iban, bic, account_number, bank_name, deadline_days)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (exhibition_id) do update set enabled = $2, account_holder = $3, iban = $4, bic = $5, account_number = $6, bank_name = $7,
       deadline_days = $8, updated_at = now()`,
    [exhibitionId, values.enabled, values.account_holder, values.iban, values.bic, values.account_number, values.bank_name, values.deadline_days],
  )
}

/** A transfer attempt for the order, open (the one-open-attempt index keeps it alone), with its reference. */
export async function insertBankAttempt(
  tx: Queryable,
  values: { orderId: string; amountMinor: number; currency: string; reference: string },
): Promise<AttemptRow> {
  const result = await tx.query<AttemptRow>(
    `insert into payment_attempts (order_id, provider, status, amount_minor, currency, bank_reference, provider_ref)
     values ($1, 'bank', 'open', $2, $3, $4, $4) returning *`,
    [values.orderId, values.amountMinor, values.currency, values.reference],
  )
  return result.rows[0] as AttemptRow
}

export async function attemptByReference(db: Queryable, reference: string): Promise<AttemptRow | null> {
  const result = await db.query<AttemptRow>('select * from payment_attempts where bank_reference = $1', [reference])
  return result.rows[0] ?? null
}

export interface TransferRow {
  id: string
  exhibition_id: number
  line_key: string
  source: 'statement' | 'hand'
  booked_on: string | null
  amount_minor: number
  currency: string
  remittance: string
  payer: string | null
  reference: string | null
  attempt_id: string | null
  order_id: string | null
  state: TransferState
  issue: TransferIssue | null
  recorded_by: string | null
  decided_by: string | null
  decided_at: Date | null
  created_at: Date
}

const columns = (t: '' | 't.') =>
  `${t}id::text as id, ${t}exhibition_id, ${t}line_key, ${t}source, to_char(${t}booked_on, 'YYYY-MM-DD') as booked_on,
   ${t}amount_minor::int as amount_minor, ${t}currency, ${t}remittance, ${t}payer, ${t}reference, ${t}attempt_id, ${t}order_id, ${t}state,
   ${t}issue, ${t}recorded_by, ${t}decided_by, ${t}decided_at, ${t}created_at`
const TRANSFER_COLUMNS = columns('')

export interface NewTransfer {
  exhibitionId: number
  lineKey: string
  source: 'statement' | 'hand'
  bookedOn: string | null
  amountMinor: number
  currency: string
  remittance: string
  payer: string | null
  recordedBy: string
}

/**
 * Records a line once: a key seen before (the same statement uploaded again, or two uploads at
 * once) inserts nothing and answers null. On PostgreSQL the second of two racing inserts waits for
 * the first to commit, then finds the key taken.
 */
export async function recordTransfer(tx: Queryable, line: NewTransfer): Promise<TransferRow | null> {
  const result = await tx.query<TransferRow>(
    `insert into bank_transfers (exhibition_id, line_key, source, booked_on, amount_minor, currency, remittance, payer, state, recorded_by)
     values ($1, $2, $3, $4::date, $5, $6, $7, $8, 'unknown', $9)
     on conflict (line_key) do nothing
     returning ${TRANSFER_COLUMNS}`,
    [line.exhibitionId, line.lineKey, line.source, line.bookedOn, line.amountMinor, line.currency, line.remittance, line.payer, line.recordedBy],
  )
  return result.rows[0] ?? null
}

export async function settleTransfer(
  tx: Queryable,
  id: string,
  values: { reference: string | null; attemptId: string | null; orderId: string | null; state: TransferState; issue: TransferIssue | null },
): Promise<TransferRow> {
  const result = await tx.query<TransferRow>(
    `update bank_transfers set reference = $2, attempt_id = $3, order_id = $4, state = $5, issue = $6 where id = $1 returning ${TRANSFER_COLUMNS}`,
    [id, values.reference, values.attemptId, values.orderId, values.state, values.issue],
  )
  return result.rows[0] as TransferRow
}

export async function transferById(db: Queryable, id: string, lock = false): Promise<TransferRow | null> {
  const result = await db.query<TransferRow>(`select ${TRANSFER_COLUMNS} from bank_transfers where id = $1${lock ? ' for update' : ''}`, [id])
  return result.rows[0] ?? null
}

export async function decideTransfer(tx: Queryable, id: string, state: 'accepted' | 'returned', staffId: string): Promise<TransferRow> {
  const result = await tx.query<TransferRow>(
    `update bank_transfers set state = $2, decided_by = $3, decided_at = now() where id = $1 returning ${TRANSFER_COLUMNS}`,
    [id, state, staffId],
  )
  return result.rows[0] as TransferRow
}

export interface QueueRow extends TransferRow {
  order_number: string | null
  order_total_minor: number | null
  order_currency: string | null
}

/** The exhibition's transfers, those waiting for staff (under review or unknown) first when `open`. */
export async function transferQueue(
  db: Queryable,
  exhibitionId: number,
  open: boolean,
  limit: number,
  offset: number,
): Promise<{ rows: QueueRow[]; total: number }> {
  const where = `t.exhibition_id = $1${open ? ` and t.state in ('review', 'unknown')` : ''}`
  const [rows, count] = await Promise.all([
    db.query<QueueRow>(
      `select ${columns('t.')}, o.number as order_number, o.total_minor as order_total_minor, o.currency as order_currency
       from bank_transfers t left join ticket_orders o on o.id = t.order_id
       where ${where} order by t.created_at desc, t.id desc limit $2 offset $3`,
      [exhibitionId, limit, offset],
    ),
    db.query<{ total: number }>(`select count(*)::int as total from bank_transfers t where ${where}`, [exhibitionId]),
  ])
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 }
}

/**
 * Claims open transfers whose deadline is near and who have had no reminder, for one instance
 * (FOR UPDATE SKIP LOCKED): each is marked reminded in the claim, so a reminder goes out once.
 */
export async function claimDueReminders(tx: Queryable, hoursBefore: number, limit: number): Promise<Array<{ attempt_id: string; order_id: string }>> {
  const result = await tx.query<{ attempt_id: string; order_id: string }>(
    `update payment_attempts a set reminded_at = now()
     where a.id in (
       select a2.id from payment_attempts a2 join ticket_orders o on o.id = a2.order_id
       where a2.provider = 'bank' and a2.status = 'open' and a2.reminded_at is null and o.status = 'pending'
         and o.expires_at > now() and o.expires_at <= now() + make_interval(hours => $1)
       order by o.expires_at limit $2 for update of a2 skip locked
     )
     returning a.id as attempt_id, a.order_id`,
    [hoursBefore, limit],
  )
  return result.rows
}

/** The order's deadline becomes the transfer's: its seats stay held until then. */
export async function extendDeadline(tx: Queryable, orderId: string, days: number): Promise<void> {
  // Never past the opening: seats held for money that may come after the doors open help nobody.
  await tx.query(
    `update ticket_orders o set expires_at = greatest(o.expires_at, least(now() + make_interval(days => $2), x.starts_at)), updated_at = now()
       from exhibitions x where x.id = o.exhibition_id and o.id = $1`,
    [orderId, days],
  )
}
