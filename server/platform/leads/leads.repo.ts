import type { CaptureRefusal } from '../../../shared/rules/leads.ts'
import type { Queryable } from '../../db/client.ts'

/** The ticket a scan names, as the lead needs it (read from the tickets domain's tables). */
export interface ScannedTicket {
  id: string
  exhibition_id: number
  voided: boolean
}

export async function ticketById(db: Queryable, ticketId: string): Promise<ScannedTicket | null> {
  const result = await db.query<ScannedTicket>(
    `select t.id::text as id, t.exhibition_id, (t.voided_at is not null or o.status <> 'paid') as voided
       from e_tickets t join ticket_orders o on o.id = t.order_id
      where t.id = $1`,
    [ticketId],
  )
  return result.rows[0] ?? null
}

/** The tickets a phone's queued codes name, at once (docs/product.md#leads-offline). */
export async function ticketsByIds(db: Queryable, ticketIds: readonly string[]): Promise<ScannedTicket[]> {
  if (!ticketIds.length) return []
  const result = await db.query<ScannedTicket>(
    `select t.id::text as id, t.exhibition_id, (t.voided_at is not null or o.status <> 'paid') as voided
       from e_tickets t join ticket_orders o on o.id = t.order_id
      where t.id = any($1::uuid[])`,
    [[...ticketIds]],
  )
  return result.rows
}

/** The tickets of an order typed by its code, in the order's positions. */
export async function ticketsOfOrder(db: Queryable, orderNumber: string): Promise<(ScannedTicket & { position: number })[]> {
  const result = await db.query<ScannedTicket & { position: number }>(
    `select t.id::text as id, t.exhibition_id, (t.voided_at is not null or o.status <> 'paid') as voided, a.position
       from ticket_orders o
       join e_tickets t on t.order_id = o.id
       join ticket_attendees a on a.id = t.attendee_id
      where o.number = $1
      order by a.position`,
    [orderNumber],
  )
  return result.rows
}

/**
 * The live tickets of the exhibition whose holder shares their name with exhibitors and was admitted at
 * the door, whose whole name is the typed one in either order (folded as `searchForm` folds it). At most
 * two: one is the answer, two say the name is not enough.
 */
export async function ticketsByName(db: Queryable, exhibitionId: number, folded: string): Promise<ScannedTicket[]> {
  const result = await db.query<ScannedTicket>(
    `select t.id::text as id, t.exhibition_id, false as voided
       from e_tickets t
       join ticket_orders o on o.id = t.order_id and o.status = 'paid'
       join ticket_attendees a on a.id = t.attendee_id
      where t.exhibition_id = $1 and t.voided_at is null and 'name' = any(a.shares)
        and exists (select 1 from checkin_scans s where s.ticket_id = t.id and s.outcome = 'checkedIn' and s.undone_at is null)
        and ($2 = ${nameForm('a.first_name')} || ${nameForm('a.last_name')} or $2 = ${nameForm('a.last_name')} || ${nameForm('a.first_name')})
      limit 2`,
    [exhibitionId, folded],
  )
  return result.rows
}

export async function timeZoneOf(db: Queryable, exhibitionId: number): Promise<string> {
  const result = await db.query<{ time_zone: string }>('select time_zone from exhibitions where id = $1', [exhibitionId])
  return result.rows[0]?.time_zone ?? 'UTC'
}

export async function captureOn(db: Queryable, exhibitionId: number): Promise<boolean> {
  const result = await db.query<{ enabled: boolean }>('select enabled from lead_capture where exhibition_id = $1', [exhibitionId])
  return result.rows[0]?.enabled ?? false
}

/**
 * The one rule of who may capture (docs/product.md#lead-capture-rule): the exhibition's switch is on, and
 * the exhibitor's booth packages allow it: at least one booth sold to it includes capture, or it holds
 * no sold booth at all (its space was arranged outside the floor plan). Every scanning or syncing
 * function asks this, so the rule lives once. Answers why capture is off, or null when it is on.
 */
export async function captureAllowed(q: Queryable, exhibitorId: number): Promise<CaptureRefusal | null> {
  const result = await q.query<{ enabled: boolean | null; sold: number; capturing: number }>(
    `select c.enabled,
            (select count(*)::int from booths b where b.exhibitor_id = x.id and b.state = 'sold') as sold,
            (select count(*)::int from booths b where b.exhibitor_id = x.id and b.state = 'sold' and b.lead_capture) as capturing
       from exhibitors x left join lead_capture c on c.exhibition_id = x.exhibition_id
      where x.id = $1`,
    [exhibitorId],
  )
  const row = result.rows[0]
  if (!row?.enabled) return 'exhibition'
  return row.sold > 0 && row.capturing === 0 ? 'package' : null
}

export async function setCapture(tx: Queryable, exhibitionId: number, enabled: boolean, at: Date): Promise<boolean> {
  const before = await captureOn(tx, exhibitionId)
  await tx.query(
    `insert into lead_capture (exhibition_id, enabled, updated_at) values ($1, $2, $3)
     on conflict (exhibition_id) do update set enabled = excluded.enabled, updated_at = excluded.updated_at`,
    [exhibitionId, enabled, at],
  )
  return before
}

/**
 * One lead per exhibitor and ticket: the first scan makes it, each later one (from any device, at the
 * same moment too) only counts. The unique key decides the race; `scans` says which this was.
 */
export async function recordScan(tx: Queryable, exhibitorId: number, ticketId: string, accountId: string, at: Date): Promise<{ id: number; scans: number }> {
  const result = await tx.query<{ id: number; scans: number }>(
    `insert into leads (exhibitor_id, ticket_id, scanned_by, scanned_at, last_scanned_at, updated_at)
     values ($1, $2, $3, $4, $4, $4)
     on conflict (exhibitor_id, ticket_id) do update set scans = leads.scans + 1, last_scanned_at = excluded.last_scanned_at
     returning id::int as id, scans`,
    [exhibitorId, ticketId, accountId, at],
  )
  return result.rows[0] as { id: number; scans: number }
}

/**
 * The queued entries not received before, recorded as received now; an entry sent again (the phone
 * never heard the answer) is not returned, so it counts nothing twice. In id order, so that two
 * phones' batches lock the same keys in the same order.
 */
export async function receiveScans(tx: Queryable, exhibitorId: number, scanIds: readonly string[], at: Date): Promise<Set<string>> {
  if (!scanIds.length) return new Set()
  const result = await tx.query<{ scan_id: string }>(
    `insert into lead_device_scans (exhibitor_id, scan_id, received_at)
     select $1, id, $3 from unnest($2::uuid[]) as u (id) order by id
     on conflict (exhibitor_id, scan_id) do nothing
     returning scan_id::text as scan_id`,
    [exhibitorId, [...scanIds], at],
  )
  return new Set(result.rows.map((row) => row.scan_id))
}

export interface QueuedScans {
  ticketId: string
  firstAt: Date
  lastAt: Date
  scans: number
}

/**
 * A phone's scans of several tickets in one statement, one lead per ticket still: a ticket new to the
 * team becomes a lead, a known one counts the phone's scans; the earliest scan (from whichever device)
 * keeps its time and who made it. Returns the leads and which of them this made.
 */
export async function recordQueuedScans(
  tx: Queryable,
  exhibitorId: number,
  accountId: string,
  entries: readonly QueuedScans[],
  at: Date,
): Promise<Map<string, { id: number; inserted: boolean }>> {
  if (!entries.length) return new Map()
  const sorted = [...entries].sort((a, b) => (a.ticketId < b.ticketId ? -1 : 1))
  const result = await tx.query<{ id: number; ticket_id: string; inserted: boolean }>(
    `insert into leads (exhibitor_id, ticket_id, scanned_by, scanned_at, last_scanned_at, scans, updated_at)
     select $1, u.ticket, $2, u.first_at, u.last_at, u.scans, $7
       from unnest($3::uuid[], $4::timestamptz[], $5::timestamptz[], $6::int[]) with ordinality as u (ticket, first_at, last_at, scans, n)
      order by u.n
     on conflict (exhibitor_id, ticket_id) do update set
       scans = leads.scans + excluded.scans,
       scanned_by = case when excluded.scanned_at < leads.scanned_at then excluded.scanned_by else leads.scanned_by end,
       scanned_at = least(leads.scanned_at, excluded.scanned_at),
       last_scanned_at = greatest(leads.last_scanned_at, excluded.last_scanned_at)
     returning id::int as id, ticket_id::text as ticket_id, (xmax = 0) as inserted`,
    [
      exhibitorId,
      accountId,
      sorted.map((entry) => entry.ticketId),
      sorted.map((entry) => entry.firstAt.toISOString()),
      sorted.map((entry) => entry.lastAt.toISOString()),
      sorted.map((entry) => entry.scans),
      at,
    ],
  )
  return new Map(result.rows.map((row) => [row.ticket_id, { id: row.id, inserted: row.inserted }]))
}

/** The team's leads of these tickets, by ticket. */
export async function leadIdsOf(db: Queryable, exhibitorId: number, ticketIds: readonly string[]): Promise<Map<string, number>> {
  if (!ticketIds.length) return new Map()
  const result = await db.query<{ id: number; ticket_id: string }>(
    'select id::int as id, ticket_id::text as ticket_id from leads where exhibitor_id = $1 and ticket_id = any($2::uuid[])',
    [exhibitorId, [...ticketIds]],
  )
  return new Map(result.rows.map((row) => [row.ticket_id, row.id]))
}

export interface QueuedQualification {
  ticketId: string
  rating: string | null
  tags: readonly string[]
  notes: string
  editedAt: Date
}

/**
 * Qualifying done on phones offline: the latest edit by the devices' clocks wins, whichever arrives
 * first. A ticket whose attendee was erased takes none: what was written about them went with them,
 * and a phone that was offline then must not bring it back (docs/product.md#leads-offline).
 */
export async function qualifyQueued(tx: Queryable, exhibitorId: number, entries: readonly QueuedQualification[], erasedName: string, at: Date): Promise<void> {
  if (!entries.length) return
  const rows = entries.map((entry) => ({
    ticket: entry.ticketId,
    rating: entry.rating,
    tags: entry.tags,
    notes: entry.notes,
    edited_at: entry.editedAt.toISOString(),
  }))
  await tx.query(
    `update leads l set rating = q.rating, tags = array(select jsonb_array_elements_text(q.tags)), notes = q.notes,
            qualified_at = q.edited_at, updated_at = $4
       from jsonb_to_recordset($2::jsonb) as q (ticket uuid, rating text, tags jsonb, notes text, edited_at timestamptz)
      where l.exhibitor_id = $1 and l.ticket_id = q.ticket
        and (l.qualified_at is null or l.qualified_at < q.edited_at)
        and not exists (
          select 1 from e_tickets t join ticket_attendees a on a.id = t.attendee_id
           where t.id = l.ticket_id and a.first_name = $3 and a.email like '%@erased.invalid')`,
    [exhibitorId, JSON.stringify(rows), erasedName, at],
  )
}

export async function qualify(
  tx: Queryable,
  exhibitorId: number,
  leadId: number,
  values: { rating: string | null; tags: readonly string[]; notes: string },
  at: Date,
): Promise<boolean> {
  const result = await tx.query(
    'update leads set rating = $3, tags = $4::text[], notes = $5, updated_at = $6, qualified_at = $6 where id = $2 and exhibitor_id = $1',
    [exhibitorId, leadId, values.rating, [...values.tags], values.notes, at],
  )
  return result.rowCount > 0
}

/** A lead with its ticket holder's details as they are now; which of them may be shown is decided above. */
export interface LeadRow {
  id: number
  scanned_by: string | null
  scanned_at: Date
  last_scanned_at: Date
  scans: number
  rating: string | null
  tags: string[]
  notes: string
  shares: string[]
  first_name: string
  last_name: string
  company: string
  job_title: string
  email: string
  phone_e164: string
  time_zone: string
  /** Where a page that ends with this lead goes on (LEAD_CURSOR's form). */
  cursor: string
}

const LEAD_COLUMNS = `l.id::int as id, c.nick as scanned_by, l.scanned_at, l.last_scanned_at, l.scans, l.rating, l.tags, l.notes,
            a.shares, a.first_name, a.last_name, a.company, a.job_title, a.email, a.phone_e164, ex.time_zone,
            to_char(l.last_scanned_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || l.id as cursor`
const LEAD_JOINS = `from leads l
       join exhibitors x on x.id = l.exhibitor_id
       join exhibitions ex on ex.id = x.exhibition_id
       join e_tickets t on t.id = l.ticket_id
       join ticket_attendees a on a.id = t.attendee_id
       left join accounts c on c.id = l.scanned_by`

export async function leadsOf(db: Queryable, exhibitorId: number, leadId?: number): Promise<LeadRow[]> {
  const result = await db.query<LeadRow>(
    `select ${LEAD_COLUMNS}
       ${LEAD_JOINS}
      where l.exhibitor_id = $1 and ($2::bigint is null or l.id = $2)
      order by l.last_scanned_at desc, l.id desc`,
    [exhibitorId, leadId ?? null],
  )
  return result.rows
}

/** What the team's list keeps (docs/product.md#lead-team-view); every filter is optional. */
export interface LeadFilter {
  rating: string | null
  tag: string | null
  scannedBy: string | null
  /** Kept answers ('yes' / 'no' for yes / no) every lead must have given. */
  answers: readonly { questionId: number; value: string }[]
  /** The typed search, lower-cased for e-mails and tags, and in `searchForm` for names. */
  search: { lower: string; name: string } | null
}

/**
 * A name part as `searchForm` (shared/rules/names.ts) makes it, in SQL: full-width folded, accents off,
 * lower case, no spaces or name punctuation. The search runs here, over the team's leads, not in a page.
 */
const nameForm = (column: string) =>
  `regexp_replace(lower(normalize(regexp_replace(normalize(normalize(${column}, NFKC), NFD), '[\\u0300-\\u036f]', '', 'g'), NFC)), '[[:space:].,''’·・‐-]+', '', 'g')`

/** The filters as SQL over `l` (leads) and `a` (the ticket's attendee), its parameters from $2 on. */
function filterSql(filter: LeadFilter): { where: string; params: unknown[] } {
  const params = [
    filter.rating,
    filter.tag,
    filter.scannedBy,
    filter.answers.map((answer) => answer.questionId),
    filter.answers.map((answer) => answer.value),
    filter.search?.lower ?? null,
    filter.search?.name ?? '',
  ]
  const where = `l.exhibitor_id = $1
        and ($2::text is null or coalesce(l.rating, 'none') = $2)
        and ($3::text is null or $3 = any(l.tags))
        and ($4::uuid is null or l.scanned_by = $4)
        and not exists (select 1 from unnest($5::bigint[], $6::text[]) f(question_id, value)
                         where not exists (select 1 from lead_answers y where y.lead_id = l.id and y.question_id = f.question_id and y.value = f.value))
        and ($7::text is null
             or exists (select 1 from unnest(l.tags) g(tag) where strpos(g.tag, $7) > 0)
             or ('email' = any(a.shares) and strpos(lower(a.email), $7) > 0)
             or ('company' = any(a.shares) and strpos(lower(a.company), $7) > 0)
             -- A name is searched only where its holder shares it: a withheld name is not there to find.
             or ('name' = any(a.shares) and $8 <> ''
                 and (strpos(${nameForm('a.first_name')} || ${nameForm('a.last_name')}, $8) > 0
                      or strpos(${nameForm('a.last_name')} || ${nameForm('a.first_name')}, $8) > 0)))`
  return { where, params }
}

/** One page of the team's list, newest scan first, after the cursor; one more row than asked says there is more. */
export async function leadPage(
  db: Queryable,
  exhibitorId: number,
  filter: LeadFilter,
  after: { at: string; id: number } | null,
  size: number,
): Promise<LeadRow[]> {
  const { where, params } = filterSql(filter)
  const result = await db.query<LeadRow>(
    `select ${LEAD_COLUMNS}
       ${LEAD_JOINS}
      where ${where}
        and ($9::timestamptz is null or (l.last_scanned_at, l.id) < ($9::timestamptz, $10::bigint))
      order by l.last_scanned_at desc, l.id desc
      limit $11`,
    [exhibitorId, ...params, after?.at ?? null, after?.id ?? null, size + 1],
  )
  return result.rows
}

/** How many leads the filters keep, over all pages. */
export async function matchingCount(db: Queryable, exhibitorId: number, filter: LeadFilter): Promise<number> {
  const { where, params } = filterSql(filter)
  const result = await db.query<{ n: number }>(
    `select count(*)::int as n
       from leads l join e_tickets t on t.id = l.ticket_id join ticket_attendees a on a.id = t.attendee_id
      where ${where}`,
    [exhibitorId, ...params],
  )
  return result.rows[0]?.n ?? 0
}

/** The team's totals, its tags and who of it scanned: the list's summary and its filters' choices. */
export async function listFacts(
  db: Queryable,
  exhibitorId: number,
): Promise<{ total: number; scans: number; tags: string[]; scanners: { accountId: string; nick: string }[] }> {
  const [totals, tags, scanners] = await Promise.all([
    db.query<{ total: number; scans: number }>('select count(*)::int as total, coalesce(sum(scans), 0)::int as scans from leads where exhibitor_id = $1', [
      exhibitorId,
    ]),
    db.query<{ tag: string }>('select distinct unnest(tags) as tag from leads where exhibitor_id = $1 order by 1', [exhibitorId]),
    db.query<{ accountId: string; nick: string }>(
      `select c.id::text as "accountId", c.nick from accounts c
        where c.id in (select scanned_by from leads where exhibitor_id = $1)
        order by c.nick, c.id`,
      [exhibitorId],
    ),
  ])
  return {
    total: totals.rows[0]?.total ?? 0,
    scans: totals.rows[0]?.scans ?? 0,
    tags: tags.rows.map((row) => row.tag),
    scanners: scanners.rows,
  }
}

export interface QuestionRow {
  id: number
  kind: string
  label: string
  options: string[]
}

/** The exhibitor's questions in order; locked (shared) while answers are checked against them. */
export async function questionsOf(db: Queryable, exhibitorId: number, lock: 'share' | null = null): Promise<QuestionRow[]> {
  const result = await db.query<QuestionRow>(
    `select id::int as id, kind, label, options from lead_questions where exhibitor_id = $1 order by position, id${lock ? ' for share' : ''}`,
    [exhibitorId],
  )
  return result.rows
}

export async function addQuestion(
  tx: Queryable,
  exhibitorId: number,
  values: { kind: string; label: string; options: readonly string[] },
  at: Date,
): Promise<void> {
  await tx.query(
    `insert into lead_questions (exhibitor_id, kind, label, options, position, updated_at)
     select $1, $2, $3, $4::text[], coalesce(max(position), 0) + 1, $5 from lead_questions where exhibitor_id = $1`,
    [exhibitorId, values.kind, values.label, [...values.options], at],
  )
}

/** A changed question; answers it no longer fits (another kind, an option gone) go in the same step. */
export async function changeQuestion(
  tx: Queryable,
  exhibitorId: number,
  questionId: number,
  values: { kind: string; label: string; options: readonly string[] },
  at: Date,
): Promise<boolean> {
  const before = await tx.query<{ kind: string }>('select kind from lead_questions where id = $1 and exhibitor_id = $2 for update', [questionId, exhibitorId])
  const kind = before.rows[0]?.kind
  if (!kind) return false
  await tx.query('update lead_questions set kind = $2, label = $3, options = $4::text[], updated_at = $5 where id = $1', [
    questionId,
    values.kind,
    values.label,
    [...values.options],
    at,
  ])
  await tx.query(`delete from lead_answers where question_id = $1 and ($2::text <> $3::text or ($3 = 'choice' and value <> all($4::text[])))`, [
    questionId,
    kind,
    values.kind,
    [...values.options],
  ])
  return true
}

/** A removed question (its answers go with it, on delete cascade); the others close up. */
export async function removeQuestion(tx: Queryable, exhibitorId: number, questionId: number): Promise<boolean> {
  const removed = await tx.query('delete from lead_questions where id = $1 and exhibitor_id = $2', [questionId, exhibitorId])
  if (!removed.rowCount) return false
  await tx.query(
    `update lead_questions q set position = r.n
       from (select id, row_number() over (order by position, id)::int as n from lead_questions where exhibitor_id = $1) r
      where q.id = r.id and q.position <> r.n`,
    [exhibitorId],
  )
  return true
}

/** The questions in a new order (every id of the exhibitor's, once). */
export async function orderQuestions(tx: Queryable, exhibitorId: number, ids: readonly number[], at: Date): Promise<void> {
  await tx.query(
    `update lead_questions q set position = o.n, updated_at = $3
       from unnest($2::bigint[]) with ordinality as o(id, n)
      where q.id = o.id and q.exhibitor_id = $1 and q.position <> o.n`,
    [exhibitorId, [...ids], at],
  )
}

/** Answers of a lead: a value sets it, null clears it. */
export async function setAnswers(tx: Queryable, leadId: number, answers: readonly { questionId: number; value: string | null }[], at: Date): Promise<void> {
  const kept = answers.filter((answer) => answer.value !== null)
  const cleared = answers.filter((answer) => answer.value === null).map((answer) => answer.questionId)
  if (cleared.length) await tx.query('delete from lead_answers where lead_id = $1 and question_id = any($2::bigint[])', [leadId, cleared])
  if (!kept.length) return
  await tx.query(
    `insert into lead_answers (lead_id, question_id, value, updated_at)
     select $1, question_id, value, $4 from unnest($2::bigint[], $3::text[]) as f(question_id, value)
     on conflict (lead_id, question_id) do update set value = excluded.value, updated_at = excluded.updated_at`,
    [leadId, kept.map((answer) => answer.questionId), kept.map((answer) => answer.value), at],
  )
}

/** The answers of these leads, with their question's kind (to read yes / no back). */
export async function answersOf(db: Queryable, leadIds: readonly number[]): Promise<{ lead_id: number; question_id: number; kind: string; value: string }[]> {
  if (!leadIds.length) return []
  const result = await db.query<{ lead_id: number; question_id: number; kind: string; value: string }>(
    `select y.lead_id::int as lead_id, y.question_id::int as question_id, q.kind, y.value
       from lead_answers y join lead_questions q on q.id = y.question_id
      where y.lead_id = any($1::bigint[])
      order by q.position, q.id`,
    [[...leadIds]],
  )
  return result.rows
}

/** Leads and scans per exhibitor of an exhibition: counts only, never who (the organiser's view). */
export async function countsOf(
  db: Queryable,
  exhibitionId: number,
  chain: readonly string[],
): Promise<{ exhibitor_id: number; name: string; leads: number; scans: number }[]> {
  const result = await db.query<{ exhibitor_id: number; name: string; leads: number; scans: number }>(
    `select e.id::int as exhibitor_id,
            coalesce((select x.name from exhibitor_company_texts x where x.company_id = e.company_id
                       order by array_position($2::text[], x.locale) nulls last limit 1), '') as name,
            count(l.id)::int as leads, coalesce(sum(l.scans), 0)::int as scans
       from exhibitors e left join leads l on l.exhibitor_id = e.id
      where e.exhibition_id = $1
      group by e.id
      order by e.id`,
    [exhibitionId, [...chain]],
  )
  return result.rows
}

/** A forgotten person's tickets: what the team wrote about them (answers to its questions included) goes with them. */
export async function eraseNotes(tx: Queryable, attendeeIds: readonly string[]): Promise<void> {
  if (!attendeeIds.length) return
  const leads = `select id from leads where ticket_id in (select id from e_tickets where attendee_id = any($1::uuid[]))`
  await tx.query(`delete from lead_answers where lead_id in (${leads})`, [[...attendeeIds]])
  await tx.query(`update leads set notes = '', tags = '{}', rating = null where id in (${leads})`, [[...attendeeIds]])
}
