import { APPLICATIONS_OF } from '../../applications/index.ts'
import type { Queryable } from '../../../db/client.ts'

/** What the console reads of a visitor account (never the password hash). */
export interface VisitorRow {
  id: string
  email: string
  email_verified_at: Date | null
  nick: string
  avatar_url: string | null
  locale: string
  created_at: Date
  updated_at: Date
  blocked_at: Date | null
  blocked_reason: string | null
  last_sign_in_at: Date | null
}

const VISITOR_COLUMNS = `a.id, a.email, a.email_verified_at, a.nick, a.avatar_url, a.locale, a.created_at, a.updated_at, a.blocked_at, a.blocked_reason,
  (select max(s.created_at) from sessions s where s.account_id = a.id and (s.secret_hash is not null or s.kind = 'oauth')) as last_sign_in_at`

/** `%`, `_` and `\` typed by a member are letters, not patterns. */
const literal = (value: string) => value.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)

/**
 * One page of accounts: an e-mail address exactly or by its beginning, or a part of a nick, without
 * case; nothing typed: the newest accounts first.
 */
export async function searchVisitors(db: Queryable, query: string, page: number, pageSize: number): Promise<{ rows: VisitorRow[]; total: number }> {
  const where = `where $1 = '' or lower(a.email) like $1 || '%' or lower(a.nick) like '%' || $1 || '%'`
  const pattern = literal(query)
  const [rows, total] = await Promise.all([
    db.query<VisitorRow>(
      `select ${VISITOR_COLUMNS} from accounts a ${where}
       order by (lower(a.email) = $4) desc, a.created_at desc, a.id limit $2 offset $3`,
      [pattern, pageSize, (page - 1) * pageSize, query.toLowerCase()],
    ),
    db.query<{ n: number }>(`select count(*)::int as n from accounts a ${where}`, [pattern]),
  ])
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 }
}

export async function visitorById(db: Queryable, id: string, lock = false): Promise<VisitorRow | null> {
  const result = await db.query<VisitorRow>(`select ${VISITOR_COLUMNS} from accounts a where a.id = $1${lock ? ' for update of a' : ''}`, [id])
  return result.rows[0] ?? null
}

export interface VisitorOrderRow {
  number: string
  status: 'pending' | 'paid' | 'cancelled'
  exhibition_id: number
  exhibition_title: string
  currency: string
  total_minor: number
  created_at: Date
  kept: boolean
}

/**
 * Whether money moved for an order: paid once (even if cancelled or refunded since), or a payment
 * that took money, or a refund. Such an order is a bookkeeping record and outlives its buyer.
 */
const MONEY_MOVED = `(o.paid_at is not null
  or exists (select 1 from payment_attempts p where p.order_id = o.id and (p.status in ('succeeded', 'processing') or p.refund_due))
  or exists (select 1 from refunds r where r.order_id = o.id))`

const titleOf = (exhibition: string, locale: string) =>
  `coalesce((select t.title from exhibition_texts t where t.exhibition_id = ${exhibition} and t.locale = ${locale}),
            (select t.title from exhibition_texts t where t.exhibition_id = ${exhibition} and t.locale = 'en'), '')`

export async function ordersOf(db: Queryable, accountId: string, locale: string): Promise<VisitorOrderRow[]> {
  const result = await db.query<VisitorOrderRow>(
    `select o.number, o.status, o.exhibition_id, ${titleOf('o.exhibition_id', '$2')} as exhibition_title, o.currency, o.total_minor, o.created_at,
       ${MONEY_MOVED} as kept
     from ticket_orders o where o.account_id = $1 order by o.created_at desc, o.number`,
    [accountId, locale],
  )
  return result.rows
}

export interface VisitorApplicationRow {
  reference: string
  kind: 'exhibitor' | 'attendee'
  status: string
  exhibition_id: number
  exhibition_title: string
  created_at: Date
}

/** A person's applications: sent while signed in, or from their address without an account. */

export async function applicationsOf(db: Queryable, accountId: string, email: string, locale: string): Promise<VisitorApplicationRow[]> {
  const result = await db.query<VisitorApplicationRow>(
    `select a.reference, a.kind, a.status, a.exhibition_id, ${titleOf('a.exhibition_id', '$3')} as exhibition_title, a.created_at
     from applications a where ${APPLICATIONS_OF} order by a.created_at desc, a.id`,
    [accountId, email, locale],
  )
  return result.rows
}

export async function countsOf(db: Queryable, accountId: string): Promise<{ comments: number; follows: number }> {
  const result = await db.query<{ comments: number; follows: number }>(
    `select (select count(*)::int from exhibition_comments where account_id = $1) as comments,
            (select count(*)::int from account_follows where account_id = $1) as follows`,
    [accountId],
  )
  return result.rows[0] ?? { comments: 0, follows: 0 }
}

export interface VisitorSessionRow {
  id: string
  kind: 'login' | 'oauth'
  user_agent: string | null
  ip: string | null
  created_at: Date
  last_seen_at: Date
  expires_at: Date
  revoked_at: Date | null
}

/** Sessions that work now: signed in (the ticket exchanged) or granted, not ended, not expired. */
const LIVE = `s.revoked_at is null and s.expires_at > now() and (s.secret_hash is not null or s.kind = 'oauth')`

export async function liveSessionsOf(db: Queryable, accountId: string): Promise<VisitorSessionRow[]> {
  const result = await db.query<VisitorSessionRow>(
    `select s.id, s.kind, s.user_agent, s.ip, s.created_at, s.last_seen_at, s.expires_at, s.revoked_at
     from sessions s where s.account_id = $1 and ${LIVE} order by s.last_seen_at desc, s.id`,
    [accountId],
  )
  return result.rows
}

/**
 * Ends sessions of an account: one (when live) or every one, including sign-ins whose ticket has not
 * been exchanged yet (a block must not let a sign-in in flight through).
 */
export async function endSessions(tx: Queryable, accountId: string, sessionId: string | null): Promise<string[]> {
  const result = await tx.query<{ id: string }>(
    sessionId
      ? `update sessions s set revoked_at = now(), ticket_hash = null where s.account_id = $1 and s.id = $2 and ${LIVE} returning s.id`
      : `update sessions set revoked_at = now(), ticket_hash = null where account_id = $1 and revoked_at is null and $2::uuid is null returning id`,
    [accountId, sessionId],
  )
  return result.rows.map((row) => row.id)
}

export async function setBlock(tx: Queryable, accountId: string, reason: string | null): Promise<void> {
  await tx.query(
    `update accounts set blocked_at = case when $2::text is null then null else now() end, blocked_reason = $2, updated_at = now() where id = $1`,
    [accountId, reason],
  )
}

/** Whether an account may sign in: it exists and is not blocked. */
export async function maySignIn(db: Queryable, accountId: string): Promise<boolean> {
  return (await db.query('select 1 from accounts where id = $1 and blocked_at is null', [accountId])).rows.length > 0
}

export { MONEY_MOVED }
