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

export async function qualify(
  tx: Queryable,
  exhibitorId: number,
  leadId: number,
  values: { rating: string | null; tags: readonly string[]; notes: string },
  at: Date,
): Promise<boolean> {
  const result = await tx.query('update leads set rating = $3, tags = $4::text[], notes = $5, updated_at = $6 where id = $2 and exhibitor_id = $1', [
    exhibitorId,
    leadId,
    values.rating,
    [...values.tags],
    values.notes,
    at,
  ])
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
