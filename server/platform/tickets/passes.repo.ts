import type { Queryable } from '../../db/client.ts'

/** SQL of team passes (docs/product.md#team-passes): the pass type, the pass orders and their e-tickets. */

export interface PassTypeRow {
  id: number
  currency: string
}

export async function passTypeOf(db: Queryable, exhibitionId: number): Promise<PassTypeRow | null> {
  const result = await db.query<PassTypeRow>('select id, currency from ticket_types where exhibition_id = $1 and exhibitor_pass', [exhibitionId])
  return result.rows[0] ?? null
}

/**
 * The pass type costs nothing and counts no seats (capacity 0: a pass never takes a seat a buyer
 * could have had); its currency is the exhibition's first ticket type's, so no figure ever mixes one in.
 * Null when its key is taken by an ordinary type; two first passes at once meet at the unique index.
 */
export async function insertPassType(tx: Queryable, exhibitionId: number, key: string): Promise<PassTypeRow | null> {
  const result = await tx.query<PassTypeRow>(
    `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, active, exhibitor_pass, max_per_order)
     values ($1, $2, 0, coalesce((select currency from ticket_types where exhibition_id = $1 order by sort, id limit 1), 'USD'), 0, true, true, 1)
     on conflict do nothing returning id, currency`,
    [exhibitionId, key],
  )
  return result.rows[0] ?? (await passTypeOf(tx, exhibitionId))
}

export async function markPassOrder(tx: Queryable, orderId: string, exhibitorId: number): Promise<void> {
  await tx.query('update ticket_orders set pass_exhibitor_id = $2, confirmed_at = now() where id = $1', [orderId, exhibitorId])
}

export interface PassRow {
  id: string
  order_id: string
  first_name: string
  last_name: string
  email: string
  phone_e164: string
  locale: string
  issued_at: Date
  checked_in: boolean
}

const PASS_COLUMNS = `e.id, e.order_id, a.first_name, a.last_name, a.email, a.phone_e164, o.locale, e.issued_at,
  exists (select 1 from checkin_scans c where c.ticket_id = e.id and c.outcome = 'checkedIn' and c.undone_at is null) as checked_in`

const VALID_PASSES = `from e_tickets e join ticket_orders o on o.id = e.order_id join ticket_attendees a on a.id = e.attendee_id
  where o.pass_exhibitor_id = $1 and o.status = 'paid' and e.voided_at is null`

export async function validPasses(db: Queryable, exhibitorId: number): Promise<PassRow[]> {
  const result = await db.query<PassRow>(`select ${PASS_COLUMNS} ${VALID_PASSES} order by e.issued_at, e.id`, [exhibitorId])
  return result.rows
}

export async function countValidPasses(db: Queryable, exhibitorId: number): Promise<number> {
  const result = await db.query<{ count: number }>(`select count(*)::int as count ${VALID_PASSES}`, [exhibitorId])
  return result.rows[0]?.count ?? 0
}

export async function countValidPassesOf(db: Queryable, exhibitorIds: number[]): Promise<Map<number, number>> {
  if (!exhibitorIds.length) return new Map()
  const result = await db.query<{ exhibitor_id: string; count: number }>(
    `select o.pass_exhibitor_id as exhibitor_id, count(*)::int as count
     from e_tickets e join ticket_orders o on o.id = e.order_id
     where o.pass_exhibitor_id = any($1::bigint[]) and o.status = 'paid' and e.voided_at is null
     group by 1`,
    [exhibitorIds],
  )
  return new Map(result.rows.map((row) => [Number(row.exhibitor_id), row.count]))
}

export async function voidPass(tx: Queryable, exhibitorId: number, ticketId: string): Promise<PassRow | null> {
  const result = await tx.query<PassRow>(
    `with voided as (
       update e_tickets e set voided_at = now()
        from ticket_orders o
       where e.id = $2 and o.id = e.order_id and o.pass_exhibitor_id = $1 and o.status = 'paid' and e.voided_at is null
       returning e.*
     )
     select e.id, e.order_id, a.first_name, a.last_name, a.email, a.phone_e164, o.locale, e.issued_at,
       exists (select 1 from checkin_scans c where c.ticket_id = e.id and c.outcome = 'checkedIn' and c.undone_at is null) as checked_in
     from voided e join ticket_orders o on o.id = e.order_id join ticket_attendees a on a.id = e.attendee_id`,
    [exhibitorId, ticketId],
  )
  return result.rows[0] ?? null
}
