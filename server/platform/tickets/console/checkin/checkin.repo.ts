import type { CheckinOutcome, DoorTicketState } from '../../../../../shared/rules/console-checkin.ts'
import type { Locale } from '../../../../../shared/languages.ts'
import type { Queryable } from '../../../../db/client.ts'
import type { BadgeRole } from '../../../../../shared/rules/badges.ts'
import { ticketKeyRange } from '../../../../../shared/rules/door-list.ts'
import { BADGE_ROLE, LIVE_CHECKIN_JOIN, localeLiteral, TYPE_NAME } from '../staff-orders.repo.ts'

/** SQL of check-in at the door (server/db/migrations/0110_checkins.sql). */

/** A ticket's state at the door: a cancelled order's or a voided ticket lets nobody in, nor does a refunded one. */
const DOOR_STATE = `case
    when exists (select 1 from refunds r where r.order_id = o.id and r.status <> 'failed' and (r.ticket_ids is null or e.id = any (r.ticket_ids))) then 'refunded'
    when o.status <> 'paid' or e.voided_at is not null then 'cancelled'
    else 'valid' end`

export interface LiveCheckinRow {
  scanned_at: Date
  gate: string
  device_id: string
  staff_name: string
}

export interface DoorTicketRow extends Partial<LiveCheckinRow> {
  id: string
  exhibition_id: number
  order_number: string
  first_name: string
  last_name: string
  ticket_type: string
  /** The exhibitor whose team pass this is, named in the member's language (docs/product.md#team-passes); null: a visitor's ticket. */
  company: string | null
  /** What the holder gave on the attendee form (docs/product.md#attendee-company); null when not given. */
  holder_company: string | null
  job_title: string | null
  /** The badge role: a pass's is always exhibitor (docs/product.md#badges). */
  role: BadgeRole
  state: DoorTicketState
  scan_id: string | null
}

const DOOR_TICKET = (locale: Locale) =>
  `select e.id, e.exhibition_id, o.number as order_number, a.first_name, a.last_name,
     ${TYPE_NAME('t', locale)} as ticket_type, ${DOOR_STATE} as state, ${BADGE_ROLE('t')} as role,
     (select ct.name from exhibitors x join exhibitor_company_texts ct on ct.company_id = x.company_id where x.id = o.pass_exhibitor_id
       order by ct.locale <> ${localeLiteral(locale)}, ct.locale <> 'en', ct.locale limit 1) as company,
     nullif(a.company, '') as holder_company, nullif(a.job_title, '') as job_title,
     c.id as scan_id, c.scanned_at, c.gate, c.device_id, s.name as staff_name
   from e_tickets e
   join ticket_orders o on o.id = e.order_id
   join ticket_attendees a on a.id = e.attendee_id
   join ticket_types t on t.id = e.ticket_type_id
   ${LIVE_CHECKIN_JOIN}
   left join staff_members s on s.id = c.staff_id`

/**
 * The exhibition's tickets by order code (an order's tickets side by side, which the list's
 * compression needs: shared/rules/door-list.ts), or (since: the snapshot of an earlier read, docs/product.md#door-sync) only
 * those whose last change was made by a transaction that read could not see. The triggers of
 * 0590_door_changes.sql keep door_xid.
 */
export async function doorTickets(db: Queryable, exhibitionId: number, locale: Locale, since: string | null = null): Promise<DoorTicketRow[]> {
  const result = await db.query<DoorTicketRow>(
    `${DOOR_TICKET(locale)} where e.exhibition_id = $1
       and ($2::text is null or (e.door_xid >= pg_snapshot_xmin($2::text::pg_snapshot) and not pg_visible_in_snapshot(e.door_xid, $2::text::pg_snapshot)))
     order by o.number, a.position, e.id`,
    [exhibitionId, since],
  )
  return result.rows
}

/**
 * The one ticket of the exhibition whose id starts with a door list's key (shared/rules/door-list.ts),
 * found as a range of the ids' index; null when none does, or more than one.
 */
export async function doorTicketByKey(db: Queryable, exhibitionId: number, key: string): Promise<DoorTicketRow | null> {
  const [low, high] = ticketKeyRange(key)
  const result = await db.query<DoorTicketRow>(`${DOOR_TICKET('en')} where e.id between $1::uuid and $2::uuid and e.exhibition_id = $3 limit 2`, [
    low,
    high,
    exhibitionId,
  ])
  return result.rows.length === 1 ? (result.rows[0] ?? null) : null
}

/** Ticket ids that left the exhibition's list (re-issued under a new id, deleted) unseen by the read of `since`. */
export async function doorRemovals(db: Queryable, exhibitionId: number, since: string): Promise<string[]> {
  const result = await db.query<{ ticket_id: string }>(
    `select ticket_id from door_removals where exhibition_id = $1
        and door_xid >= pg_snapshot_xmin($2::text::pg_snapshot) and not pg_visible_in_snapshot(door_xid, $2::text::pg_snapshot)
      order by ticket_id`,
    [exhibitionId, since],
  )
  return result.rows.map((row) => row.ticket_id)
}

/**
 * The snapshot this read sees (in a repeatable-read transaction, the whole transaction's): `xmin` the
 * oldest transaction still running, `xmax` the first not yet begun, `running` those in between still
 * running. A later read asks for what this one could not see.
 */
export async function doorSnapshot(db: Queryable): Promise<{ xmin: bigint; xmax: bigint; running: bigint[] }> {
  const result = await db.query<{ xmin: string; xmax: string; running: string[] }>(
    `select pg_snapshot_xmin(s)::text as xmin, pg_snapshot_xmax(s)::text as xmax,
            array(select x::text from pg_snapshot_xip(s) x order by x) as running
       from pg_current_snapshot() s`,
  )
  const row = result.rows[0] as { xmin: string; xmax: string; running: string[] }
  return { xmin: BigInt(row.xmin), xmax: BigInt(row.xmax), running: row.running.map((xid) => BigInt(xid)) }
}

export async function doorTicket(db: Queryable, ticketId: string): Promise<DoorTicketRow | null> {
  const result = await db.query<DoorTicketRow>(`${DOOR_TICKET('en')} where e.id = $1`, [ticketId])
  return result.rows[0] ?? null
}

/** Published exhibitions within the member's scope that have not ended more than a day ago, soonest first. */
export async function doorExhibitions(
  db: Queryable,
  scope: readonly number[] | null,
): Promise<Array<{ id: number; starts_at: Date; ends_at: Date; time_zone: string; city: string }>> {
  const result = await db.query<{ id: number; starts_at: Date; ends_at: Date; time_zone: string; city: string }>(
    `select id, starts_at, ends_at, time_zone, city from exhibitions
      where published and ends_at > now() - interval '1 day' and ($1::int[] is null or id = any ($1))
      order by starts_at, id limit 50`,
    [scope],
  )
  return result.rows
}

export async function checkinsPerGate(db: Queryable, exhibitionId: number): Promise<Array<{ gate: string; checked_in: number }>> {
  const result = await db.query<{ gate: string; checked_in: number }>(
    `select gate, count(*)::int as checked_in from checkin_scans
      where exhibition_id = $1 and outcome = 'checkedIn' and undone_at is null group by gate order by gate`,
    [exhibitionId],
  )
  return result.rows
}

export interface ScanRow {
  id: string
  exhibition_id: number
  ticket_id: string | null
  outcome: CheckinOutcome
}

export async function scanById(db: Queryable, id: string): Promise<ScanRow | null> {
  const result = await db.query<ScanRow>('select id, exhibition_id, ticket_id, outcome from checkin_scans where id = $1', [id])
  return result.rows[0] ?? null
}

export interface NewScan {
  id: string
  exhibitionId: number
  ticketId: string | null
  outcome: CheckinOutcome
  gate: string
  deviceId: string
  method: 'scan' | 'manual'
  staffId: string
  scannedAt: Date
}

/**
 * Stores a scan unless its id is known already. A `checkedIn` scan of a ticket that has a live
 * check-in is not stored (the partial unique index): the caller stores it as `already`. Returns
 * whether this row was written.
 */
export async function insertScan(db: Queryable, scan: NewScan): Promise<boolean> {
  const result = await db.query(
    `insert into checkin_scans (id, exhibition_id, ticket_id, outcome, gate, device_id, method, staff_id, scanned_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict do nothing`,
    [scan.id, scan.exhibitionId, scan.ticketId, scan.outcome, scan.gate, scan.deviceId, scan.method, scan.staffId, scan.scannedAt],
  )
  return (result.rowCount ?? 0) > 0
}

/** The ticket's live check-in, if it has one. */
export async function liveCheckin(db: Queryable, ticketId: string): Promise<LiveCheckinRow | null> {
  const result = await db.query<LiveCheckinRow>(
    `select c.scanned_at, c.gate, c.device_id, s.name as staff_name from checkin_scans c join staff_members s on s.id = c.staff_id
      where c.ticket_id = $1 and c.outcome = 'checkedIn' and c.undone_at is null`,
    [ticketId],
  )
  return result.rows[0] ?? null
}

/** Ends a live check-in of this exhibition; returns its ticket, or null when there was none to end. */
export async function undoCheckin(
  tx: Queryable,
  scanId: string,
  exhibitionId: number,
  staffId: string,
  at: Date,
): Promise<{ ticket_id: string; gate: string } | null> {
  const result = await tx.query<{ ticket_id: string; gate: string }>(
    `update checkin_scans set undone_at = $4, undone_by = $3
      where id = $1 and exhibition_id = $2 and outcome = 'checkedIn' and undone_at is null returning ticket_id, gate`,
    [scanId, exhibitionId, staffId, at],
  )
  return result.rows[0] ?? null
}

export async function isUndone(db: Queryable, scanId: string, exhibitionId: number): Promise<boolean> {
  const result = await db.query('select 1 from checkin_scans where id = $1 and exhibition_id = $2 and undone_at is not null', [scanId, exhibitionId])
  return (result.rowCount ?? 0) > 0
}
