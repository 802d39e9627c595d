import { randomUUID } from 'node:crypto'
import type { Locale } from '../../../../shared/languages.ts'
import type { Scope } from '../../staff-actor.ts'
import type { Queryable } from '../../../db/client.ts'
import type { OrderListStatus, PaymentMethod } from '../../../../shared/rules/console-orders.ts'
import type { PersonName } from '../../../../shared/rules/names.ts'
import type { RefundReason, RefundStatus } from '../order-rules.ts'
import type { AttendeeRow, OrderRow } from '../orders.repo.ts'
import type { AttemptRow } from '../payments/payments.repo.ts'

/**
 * SQL of the console's order screens (0105_staff_orders.sql): the searchable list, an order's
 * history, its tickets and refunds, and the queue of payments refunded automatically. Locks follow
 * the domain's order: order row, attempt row, refund rows, ticket types, coupons.
 */

/** The exhibitions a member may see: null, all of them. */

/** An exhibition's title in English, else in any language it has. */
/**
 * A locale to write into SQL as a literal. Locales come from the closed list of LANGUAGE_INFO; the
 * pattern check keeps anything else out of the SQL.
 */
export function localeLiteral(locale: Locale): string {
  if (!/^[a-z]{2}(-[a-z]{2})?$/.test(locale)) throw new Error(`not a locale: ${locale}`)
  return `'${locale}'`
}

/** A ticket type's name (`alias` is the ticket_types row) in the member's locale, else English, else its key. */
export const TYPE_NAME = (alias: string, locale: Locale) =>
  `coalesce(${alias}.texts->${localeLiteral(locale)}->>'name', ${alias}.texts->'en'->>'name', ${alias}.key)`

/** A ticket type's badge role: an exhibitor pass's is always exhibitor (docs/product.md#badges). */
export const BADGE_ROLE = (alias: string) => `case when ${alias}.exhibitor_pass then 'exhibitor' else ${alias}.badge_role end`

/** An exhibition's title in the member's locale, else English, else any. */
const TITLE = (alias: string, locale: Locale) =>
  `coalesce((select t.title from exhibition_texts t where t.exhibition_id = ${alias} order by t.locale <> ${localeLiteral(locale)}, t.locale <> 'en', t.locale limit 1), '')`

export interface ListFilter {
  scope: Scope
  locale: Locale
  search: string | null
  exhibitionId: number | null
  status: OrderListStatus | null
  method: PaymentMethod | null
  from: string | null
  to: string | null
  /** Keyset paging: orders older than (after) or newer than (before) this order's number. */
  after: string | null
  before: string | null
}

export interface ListRow {
  number: string
  exhibition_id: number
  exhibition_title: string
  status: OrderRow['status']
  cancel_reason: OrderRow['cancel_reason']
  processing: boolean
  buyer_email: string
  /** Each attendee's name in parts, shown by shared/rules/names.ts. */
  attendee_names: PersonName[]
  tickets: number
  currency: string
  total_minor: number
  refunded_minor: number
  method: PaymentMethod | null
  created_at: Date
}

/**
 * A search matching at most this many orders and tickets is sorted and counted from its matches; a term
 * matching more (a common family name, say) is found by walking the orders newest first, where matches
 * are dense, and is not counted (docs/product.md#order-search).
 */
const SEARCH_FETCH_CAP = 5000
/**
 * How many of the newest orders are tried for a trigram search, which a common term fills a page from: a
 * first few, then the rest only when the matches among those promise a page. Each order tried costs a
 * look at its tickets, so a term that turns out rare (an address, most full names) pays for the first
 * few alone before its matches are read from the index (docs/performance.md#a-million-orders).
 */
const DENSE_PROBE = { first: 500, whole: 2000 }
/** Counting the plain list stops here: "more than 10,000 orders". */
const COUNT_CAP = 10_000

type AddParameter = (value: unknown) => string

/** A statement's parameters as they are written into it: `add` returns the placeholder. */
function sqlParameters(): { values: unknown[]; add: AddParameter } {
  const values: unknown[] = []
  return {
    values,
    add: (value) => {
      values.push(value)
      return `$${values.length}`
    },
  }
}

/** The list's filters other than the search, as conditions on `ticket_orders o`. */
function filterConditions(filter: ListFilter, param: AddParameter): string[] {
  const where = ['o.pass_exhibitor_id is null']
  if (filter.scope !== null) where.push(`o.exhibition_id = any(${param(filter.scope)}::int[])`)
  if (filter.exhibitionId !== null) where.push(`o.exhibition_id = ${param(filter.exhibitionId)}`)
  if (filter.status === 'pending') where.push(`o.status = 'pending' and not ${PROCESSING}`)
  if (filter.status === 'processing') where.push(`o.status = 'pending' and ${PROCESSING}`)
  if (filter.status === 'paid') where.push("o.status = 'paid'")
  if (filter.status === 'cancelled') where.push("o.status = 'cancelled' and o.cancel_reason <> 'expired'")
  if (filter.status === 'expired') where.push("o.status = 'cancelled' and o.cancel_reason = 'expired'")
  if (filter.method !== null) where.push(`exists (select 1 from payment_attempts p where p.order_id = o.id and p.provider = ${param(filter.method)})`)
  if (filter.from !== null) where.push(`o.created_at >= ${param(filter.from)}::date`)
  if (filter.to !== null) where.push(`o.created_at < ${param(filter.to)}::date + 1`)
  return where
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`)

/**
 * The search term's conditions on `ticket_orders o` and on `ticket_attendees a`, each answered by an
 * index of 0510_order_search.sql: trigrams for a part of three characters or more, the start of a
 * name for one or two (a CJK given or family name), the start of an address, the end of a phone number.
 */
function searchConditions(term: string, param: AddParameter): { order: string; attendee: string } {
  const starts = param(`${likeLiteral(term)}%`)
  const long = [...term].length >= 3
  const within = long ? param(`%${likeLiteral(term)}%`) : null
  // A number typed in its national form ("07700 900123") has a trunk 0 that the stored +44… form lacks.
  const digits = term.replace(/\D/g, '').replace(/^0+/, '')
  const order = [`o.number = ${param(term.toUpperCase())}`, `lower(o.buyer_email) like ${starts}`]
  if (within) order.push(`lower(split_part(o.buyer_email, '@', 1)) like ${within}`)
  const attendee = within
    ? [`order_search_name(a.first_name, a.last_name, a.email) like ${within}`]
    : [`lower(a.first_name) like ${starts}`, `lower(a.last_name || a.first_name) like ${starts}`]
  attendee.push(`lower(a.email) like ${starts}`)
  if (digits.length >= 4) attendee.push(`reverse(a.phone_e164) like ${param(`${[...digits].reverse().join('')}%`)}`)
  return { order: order.join(' or '), attendee: attendee.join(' or ') }
}

/** An order's code: found by equality alone, never probed for nor looked for in names and addresses. */
const ORDER_NUMBER = /^T-[0-9A-HJKMNP-TV-Z]{10}$/

const PROCESSING = "exists (select 1 from payment_attempts p where p.order_id = o.id and p.status = 'processing')"

export interface OrderListPage {
  rows: ListRow[]
  /** Null when a search matches too many orders to count (SEARCH_FETCH_CAP). */
  total: number | null
  totalIsAtLeast: boolean
  older: string | null
  newer: string | null
}

/**
 * One page of orders, newest first, paged by keyset (`after`/`before` an order's number). The search
 * matches the order code exactly, a part of an attendee's name (first last, last first, or written
 * together as CJK names are) or of an address before its @, the start of an address, or the last
 * digits of an attendee's phone number.
 */
export async function listOrders(db: Queryable, filter: ListFilter, pageSize: number): Promise<OrderListPage> {
  const cursor = filter.before ?? filter.after
  const backwards = filter.before !== null
  const direction = backwards ? 'asc' : 'desc'
  type Conditions = (param: AddParameter) => string[]
  /** The filtered orders' conditions and `more`, from the cursor on unless `whole`; each statement has its own parameters. */
  const statement = (more: Conditions, whole = false) => {
    const { values, add } = sqlParameters()
    const where = [...filterConditions(filter, add), ...more(add)]
    if (cursor && !whole)
      where.push(`(o.created_at, o.id) ${backwards ? '>' : '<'} (select c.created_at, c.id from ticket_orders c where c.number = ${add(cursor)})`)
    return { where: where.join(' and '), values, add }
  }
  const pageFrom = (source: string, where: string, values: unknown[]) =>
    db.query<ListRow>(
      `select o.number, o.exhibition_id, ${TITLE('o.exhibition_id', filter.locale)} as exhibition_title, o.status, o.cancel_reason,
         ${PROCESSING} as processing,
         o.buyer_email, o.currency, o.total_minor, o.created_at,
         coalesce((select json_agg(json_build_object('first', a.first_name, 'last', a.last_name) order by a.position) from ticket_attendees a where a.order_id = o.id), '[]') as attendee_names,
         (select coalesce(sum(l.quantity), 0)::int from ticket_order_lines l where l.order_id = o.id) as tickets,
         (select coalesce(sum(r.amount_minor), 0)::int from refunds r where r.order_id = o.id and r.status <> 'failed') as refunded_minor,
         (select p.provider from payment_attempts p where p.order_id = o.id order by p.status = 'succeeded' desc, p.created_at desc limit 1) as method
       from ${source} where ${where}
       order by o.created_at ${direction}, o.id ${direction} limit ${pageSize + 1}`,
      values,
    )

  const term = filter.search?.trim().toLowerCase() ?? ''
  const matchesTerm: Conditions = (param) => {
    const { order, attendee } = searchConditions(term, param)
    // `offset 0` keeps the check per order: without it the planner may read every matching ticket once to
    // hash them (its trigram estimates are low), which is the cost walking the newest orders avoids.
    return [`(${order} or exists (select 1 from ticket_attendees a where a.order_id = o.id and (${attendee}) offset 0))`]
  }
  let matching: Conditions = () => []
  let counted = true
  let fetched: ListRow[] | null = null
  if (term && ORDER_NUMBER.test(term.toUpperCase())) {
    // A whole order code is that order or none: no name or address holds one, and reading the trigram
    // indexes for it cost about 30 ms of the 2 its equality costs (docs/performance.md#a-million-orders).
    matching = (param) => [`o.number = ${param(term.toUpperCase())}`]
  } else if (term) {
    // A part of three characters or more goes through trigrams, whose index reads every match before the
    // first row: for a term as common as a frequent family name, the newest orders answer sooner.
    if ([...term].length >= 3) {
      const probe = async (offset: number, limit: number) => {
        const newest = statement(() => [])
        const source = `(select o.* from ticket_orders o where ${newest.where} order by o.created_at ${direction}, o.id ${direction} offset ${offset} limit ${limit}) o`
        return (await pageFrom(source, matchesTerm(newest.add).join(' and '), newest.values)).rows
      }
      let found = await probe(0, DENSE_PROBE.first)
      if (found.length <= pageSize && (found.length * DENSE_PROBE.whole) / DENSE_PROBE.first > pageSize)
        found = [...found, ...(await probe(DENSE_PROBE.first, DENSE_PROBE.whole - DENSE_PROBE.first))]
      if (found.length > pageSize) fetched = found.slice(0, pageSize + 1)
    }
    if (fetched === null) {
      const search = sqlParameters()
      const { order, attendee } = searchConditions(term, search.add)
      const matches = await db.query<{ id: string }>(
        `select o.id from ticket_orders o where ${order} union all select a.order_id from ticket_attendees a where ${attendee} limit ${SEARCH_FETCH_CAP + 1}`,
        search.values,
      )
      if (matches.rows.length <= SEARCH_FETCH_CAP) {
        const ids = [...new Set(matches.rows.map((row) => row.id))]
        matching = (param) => [`o.id = any(${param(ids)}::uuid[])`]
      } else matching = matchesTerm
    }
    counted = matching !== matchesTerm && fetched === null
  }
  if (fetched === null) {
    const listed = statement(matching)
    fetched = (await pageFrom('ticket_orders o', listed.where, listed.values)).rows
  }

  let total: number | null = null
  let totalIsAtLeast = false
  if (counted) {
    const all = statement(matching, true)
    const counting =
      (
        await db.query<{ total: number }>(
          `select count(*)::int as total from (select 1 from ticket_orders o where ${all.where} limit ${COUNT_CAP + 1}) c`,
          all.values,
        )
      ).rows[0]?.total ?? 0
    totalIsAtLeast = counting > COUNT_CAP
    total = Math.min(counting, COUNT_CAP)
  }

  const more = fetched.length > pageSize
  const rows = fetched.slice(0, pageSize)
  if (backwards) rows.reverse()
  const first = rows[0]?.number ?? null
  const last = rows.at(-1)?.number ?? null
  return {
    rows,
    total,
    totalIsAtLeast,
    newer: backwards ? (more ? first : null) : cursor ? first : null,
    older: backwards ? last : more ? last : null,
  }
}

export async function exhibitionsInScope(db: Queryable, scope: Scope, locale: Locale): Promise<Array<{ id: number; title: string }>> {
  const result = await db.query<{ id: number; title: string }>(
    `select e.id, ${TITLE('e.id', locale)} as title from exhibitions e where $1::int[] is null or e.id = any($1) order by e.starts_at desc, e.id desc`,
    [scope],
  )
  return result.rows
}

/** The exhibition's title in the locale (see TITLE), or null when there is no such exhibition. */
export async function exhibitionTitle(db: Queryable, exhibitionId: number, locale: Locale): Promise<string | null> {
  const result = await db.query<{ title: string }>(`select ${TITLE('e.id', locale)} as title from exhibitions e where e.id = $1`, [exhibitionId])
  return result.rows[0]?.title ?? null
}

export async function orderByNumber(db: Queryable, number: string, lock = false): Promise<OrderRow | null> {
  const result = await db.query<OrderRow>(`select *, now() as now from ticket_orders where number = $1${lock ? ' for update' : ''}`, [number])
  return result.rows[0] ?? null
}

export interface EventRow {
  at: Date
  kind: string
  data: Record<string, unknown>
}

export async function eventsOf(db: Queryable, orderId: string): Promise<EventRow[]> {
  return (await db.query<EventRow>('select at, kind, data from ticket_order_events where order_id = $1 order by id', [orderId])).rows
}

export interface MailRow {
  at: Date
  kind: string
  to_address: string
  subject: string
  sent_at: Date | null
  last_error: string | null
}

/** The mails queued about the order (each recorded as a `mail` event naming its outbox row). */
export async function mailsOf(db: Queryable, orderId: string): Promise<MailRow[]> {
  const result = await db.query<MailRow>(
    `select e.at, e.data ->> 'kind' as kind, m.to_address, m.subject, m.sent_at, m.last_error
       from ticket_order_events e join mail_outbox m on m.id = (e.data ->> 'outboxId')::bigint
      where e.order_id = $1 and e.kind = 'mail' order by e.id`,
    [orderId],
  )
  return result.rows
}

export interface StaffRefundRow {
  id: string
  amount_minor: number
  currency: string
  reason: RefundReason | 'staff'
  status: RefundStatus
  ticket_ids: string[] | null
  requested_by_email: string | null
  requested_at: Date
  settled_at: Date | null
  failure_text: string | null
}

export async function refundsOfOrder(db: Queryable, orderId: string): Promise<StaffRefundRow[]> {
  const result = await db.query<StaffRefundRow>(
    `select r.id, r.amount_minor, r.currency, r.reason, r.status, r.ticket_ids::text[] as ticket_ids, m.email as requested_by_email,
       r.requested_at, r.settled_at, r.failure_text
     from refunds r left join staff_members m on m.id = r.requested_by where r.order_id = $1 order by r.requested_at, r.id`,
    [orderId],
  )
  return result.rows
}

/** Joins e-ticket `e` to a ticket's check-in that stands (not undone) as `c`; the partial unique index keeps it to one row. */
export const LIVE_CHECKIN_JOIN = "left join checkin_scans c on c.ticket_id = e.id and c.outcome = 'checkedIn' and c.undone_at is null"

export interface OrderTicketRow {
  id: string
  attendee_id: string
  ticket_type_id: number
  code: string
  voided_at: Date | null
  checked_in_at: Date | null
  checkin_gate: string | null
  /** Handed to someone other than the buyer (docs/product.md#ticket-transfer). */
  transferred: boolean
}

export async function ticketsOfOrder(db: Queryable, orderId: string): Promise<OrderTicketRow[]> {
  const result = await db.query<OrderTicketRow>(
    `select e.id, e.attendee_id, e.ticket_type_id, e.code, e.voided_at, c.scanned_at as checked_in_at, c.gate as checkin_gate,
            (a.transferred_at is not null and lower(a.email) <> lower(o.buyer_email)) as transferred
     from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id
     ${LIVE_CHECKIN_JOIN}
     where e.order_id = $1 order by a.position`,
    [orderId],
  )
  return result.rows
}

/** The e-tickets that a refund which did not fail covers already. */
export async function refundedTicketIds(db: Queryable, orderId: string): Promise<Set<string>> {
  const result = await db.query<{ id: string }>(
    "select distinct unnest(ticket_ids)::text as id from refunds where order_id = $1 and status <> 'failed' and ticket_ids is not null",
    [orderId],
  )
  return new Set(result.rows.map((row) => row.id))
}

/** Stops e-tickets letting their holders in; returns the ticket types of those voided now. */
export async function voidTickets(tx: Queryable, orderId: string, ticketIds: string[] | null): Promise<Map<number, number>> {
  const result = await tx.query<{ ticket_type_id: number }>(
    `update e_tickets set voided_at = now() where order_id = $1 and voided_at is null and ($2::uuid[] is null or id = any($2))
     returning ticket_type_id`,
    [orderId, ticketIds],
  )
  const seats = new Map<number, number>()
  for (const row of result.rows) seats.set(row.ticket_type_id, (seats.get(row.ticket_type_id) ?? 0) + 1)
  return seats
}

/** A paid order cancelled by staff, or by its buyer cancelling its last ticket: its coupon use goes back too. */
export async function cancelPaidOrder(tx: Queryable, orderId: string, by: 'staff' | 'buyer' = 'staff'): Promise<void> {
  await tx.query(
    `update ticket_orders set status = 'cancelled', cancel_reason = $2, cancelled_at = now(), updated_at = now(),
       coupon_state = case when coupon_id is null then null else 'released' end
     where id = $1 and status = 'paid'`,
    [orderId, by],
  )
}

/** The payment that bought the order (the first that succeeded and was not itself refunded as late or duplicate). */
export async function buyingAttempt(db: Queryable, orderId: string, lock = false): Promise<{ id: string; taken_minor: number } | null> {
  const result = await db.query<{ id: string; taken_minor: number }>(
    `select id, coalesce(received_minor, amount_minor) as taken_minor from payment_attempts
     where order_id = $1 and status = 'succeeded' and not refund_due order by confirmed_at, id limit 1${lock ? ' for update' : ''}`,
    [orderId],
  )
  return result.rows[0] ?? null
}

/** Writes an attendee's details as the row now holds them (its shares and answers are written apart). */
export async function updateAttendee(tx: Queryable, row: AttendeeRow): Promise<void> {
  await tx.query(
    `update ticket_attendees set first_name = $2, last_name = $3, email = $4, phone_e164 = $5, phone_country = $6, identity = $7, industry = $8,
       company = $9, job_title = $10
     where id = $1`,
    [row.id, row.first_name, row.last_name, row.email, row.phone_e164, row.phone_country, row.identity, row.industry, row.company, row.job_title],
  )
}

/**
 * Gives a valid ticket a new id and code, so the QR code mailed to the old address stops opening the
 * door (the door checks a code's signature, then finds its ticket id in the list). A ticket the door
 * already saw (a scan names it) keeps its code: its holder is inside, and the scans keep their ticket.
 * The new code, or null when nothing was reissued.
 */
export async function reissueTicket(tx: Queryable, ticketId: string, codeFor: (newId: string) => string): Promise<string | null> {
  const id = randomUUID()
  const code = codeFor(id)
  const result = await tx.query(
    `update e_tickets set id = $2, code = $3, issued_at = now()
      where id = $1 and voided_at is null and not exists (select 1 from checkin_scans c where c.ticket_id = $1)`,
    [ticketId, id, code],
  )
  return result.rowCount === 1 ? code : null
}

export interface QueueRow {
  number: string
  exhibition_title: string
  buyer_email: string
  provider: PaymentMethod
  amount_minor: number
  currency: string
  reason: RefundReason
  confirmed_at: Date
  refund_status: RefundStatus | null
  refund_requested_at: Date | null
  refund_settled_at: Date | null
  refund_failure: string | null
}

/**
 * Payments that could not buy their order (payment_attempts.refund_due, settled by order-rules.ts
 * `settle`) with their automatic refund, oldest first. `open`: not yet refunded.
 */
export async function paymentQueue(
  db: Queryable,
  scope: Scope,
  locale: Locale,
  open: boolean,
  page: number,
  pageSize: number,
): Promise<{ rows: QueueRow[]; total: number }> {
  const from = `from payment_attempts a join ticket_orders o on o.id = a.order_id
    left join lateral (select * from refunds r where r.attempt_id = a.id and r.reason <> 'staff' order by r.requested_at desc limit 1) r on true
    where a.refund_due and ($1::int[] is null or o.exhibition_id = any($1)) and (not $2 or r.status is null or r.status <> 'succeeded')`
  const [rows, count] = await Promise.all([
    db.query<QueueRow>(
      `select o.number, ${TITLE('o.exhibition_id', locale)} as exhibition_title, o.buyer_email, a.provider,
         coalesce(a.received_minor, a.amount_minor) as amount_minor, coalesce(a.received_currency, a.currency) as currency, a.refund_reason as reason,
         coalesce(a.confirmed_at, a.updated_at) as confirmed_at, r.status as refund_status, r.requested_at as refund_requested_at,
         r.settled_at as refund_settled_at, r.failure_text as refund_failure
       ${from} order by coalesce(a.confirmed_at, a.updated_at), a.id limit $3 offset $4`,
      [scope, open, pageSize, (page - 1) * pageSize],
    ),
    db.query<{ total: number }>(`select count(*)::int as total ${from}`, [scope, open]),
  ])
  return { rows: rows.rows, total: count.rows[0]?.total ?? 0 }
}

export async function attemptsOfOrder(db: Queryable, orderId: string): Promise<AttemptRow[]> {
  return (await db.query<AttemptRow>('select * from payment_attempts where order_id = $1 order by created_at, id', [orderId])).rows
}
