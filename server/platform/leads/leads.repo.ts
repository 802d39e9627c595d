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

export async function timeZoneOf(db: Queryable, exhibitionId: number): Promise<string> {
  const result = await db.query<{ time_zone: string }>('select time_zone from exhibitions where id = $1', [exhibitionId])
  return result.rows[0]?.time_zone ?? 'UTC'
}

export async function captureOn(db: Queryable, exhibitionId: number): Promise<boolean> {
  const result = await db.query<{ enabled: boolean }>('select enabled from lead_capture where exhibition_id = $1', [exhibitionId])
  return result.rows[0]?.enabled ?? false
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
  email: string
  phone_e164: string
  time_zone: string
}

export async function leadsOf(db: Queryable, exhibitorId: number, leadId?: number): Promise<LeadRow[]> {
  const result = await db.query<LeadRow>(
    `select l.id::int as id, c.nick as scanned_by, l.scanned_at, l.last_scanned_at, l.scans, l.rating, l.tags, l.notes,
            a.shares, a.first_name, a.last_name, a.email, a.phone_e164, ex.time_zone
       from leads l
       join exhibitors x on x.id = l.exhibitor_id
       join exhibitions ex on ex.id = x.exhibition_id
       join e_tickets t on t.id = l.ticket_id
       join ticket_attendees a on a.id = t.attendee_id
       left join accounts c on c.id = l.scanned_by
      where l.exhibitor_id = $1 and ($2::bigint is null or l.id = $2)
      order by l.last_scanned_at desc, l.id desc`,
    [exhibitorId, leadId ?? null],
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

/** A forgotten person's tickets: what the team wrote about them goes with them. */
export async function eraseNotes(tx: Queryable, attendeeIds: readonly string[]): Promise<void> {
  if (!attendeeIds.length) return
  await tx.query(
    `update leads set notes = '', tags = '{}', rating = null
      where ticket_id in (select id from e_tickets where attendee_id = any($1::uuid[]))`,
    [[...attendeeIds]],
  )
}
