import type { WaitingState } from '../../../../shared/rules/waiting-list.ts'
import type { Queryable } from '../../../db/client.ts'

/**
 * SQL of the waiting list (docs/product.md#waiting-list, migration 0480). The seats an offer holds
 * are counted in ticket_types.reserved through the same conditional update buyers use.
 */

export interface EntryRow {
  id: string
  ticket_type_id: number
  account_id: string
  quantity: number
  locale: string
  state: WaitingState
  joined_at: Date
  offered_quantity: number | null
  offered_at: Date | null
  offer_until: Date | null
  offered_by_hand: boolean
  offer_mailed_at: Date | null
  order_id: string | null
  ended_at: Date | null
}

const COLUMNS = `id::text as id, ticket_type_id, account_id, quantity, locale, state, joined_at, offered_quantity, offered_at, offer_until,
  offered_by_hand, offer_mailed_at, order_id, ended_at`

/** The account's live entry (waiting or offered) for a type, locked. */
export async function liveEntry(tx: Queryable, ticketTypeId: number, accountId: string): Promise<EntryRow | null> {
  const result = await tx.query<EntryRow>(
    `select ${COLUMNS} from waiting_list_entries where ticket_type_id = $1 and account_id = $2 and state in ('waiting', 'offered') for update`,
    [ticketTypeId, accountId],
  )
  return result.rows[0] ?? null
}

export async function entryById(tx: Queryable, id: string, lock = false): Promise<EntryRow | null> {
  const result = await tx.query<EntryRow>(`select ${COLUMNS} from waiting_list_entries where id = $1${lock ? ' for update' : ''}`, [id])
  return result.rows[0] ?? null
}

export async function entryByTokenHash(tx: Queryable, tokenHash: string, lock = false): Promise<EntryRow | null> {
  const result = await tx.query<EntryRow>(`select ${COLUMNS} from waiting_list_entries where offer_token_hash = $1${lock ? ' for update' : ''}`, [tokenHash])
  return result.rows[0] ?? null
}

export async function insertEntry(
  tx: Queryable,
  entry: { ticketTypeId: number; accountId: string; quantity: number; locale: string; at: Date },
): Promise<void> {
  await tx.query('insert into waiting_list_entries (ticket_type_id, account_id, quantity, locale, joined_at) values ($1, $2, $3, $4, $5)', [
    entry.ticketTypeId,
    entry.accountId,
    entry.quantity,
    entry.locale,
    entry.at,
  ])
}

/** A waiting entry's new quantity: its place in line stays. */
export async function setQuantity(tx: Queryable, id: string, quantity: number, locale: string): Promise<void> {
  await tx.query('update waiting_list_entries set quantity = $2, locale = $3 where id = $1', [id, quantity, locale])
}

/** Ends an entry; an offer's seats are the caller's to give back. */
export async function endEntry(tx: Queryable, id: string, state: Exclude<WaitingState, 'waiting' | 'offered'>, at: Date, orderId: string | null = null) {
  await tx.query('update waiting_list_entries set state = $2, ended_at = $3, order_id = $4, offer_token_hash = null where id = $1', [id, state, at, orderId])
}

/** The entry holds `quantity` seats until `until`; the mail job writes its link. */
export async function markOffered(tx: Queryable, id: string, quantity: number, at: Date, until: Date, byHand: boolean): Promise<void> {
  await tx.query(
    `update waiting_list_entries set state = 'offered', offered_quantity = $2, offered_at = $3, offer_until = $4, offered_by_hand = $5,
       offer_mailed_at = null, offer_token_hash = null where id = $1`,
    [id, quantity, at, until, byHand],
  )
}

/** The place in line: 1 for the first waiting entry of the type. */
export async function placeOf(db: Queryable, entry: Pick<EntryRow, 'ticket_type_id' | 'joined_at' | 'id'>): Promise<number> {
  const result = await db.query<{ ahead: number }>(
    `select count(*)::int as ahead from waiting_list_entries
     where ticket_type_id = $1 and state = 'waiting' and (joined_at, id) < ($2::timestamptz, $3::bigint)`,
    [entry.ticket_type_id, entry.joined_at, entry.id],
  )
  return (result.rows[0]?.ahead ?? 0) + 1
}

export interface LineType {
  id: number
  exhibition_id: number
  capacity: number
  reserved: number
  open: boolean
  offer_hours: number | null
}

/** A ticket type, locked, with whether it still sells and its exhibition's offer time. */
export async function lockType(tx: Queryable, ticketTypeId: number, at: Date): Promise<LineType | null> {
  const result = await tx.query<LineType>(
    `select t.id, t.exhibition_id, t.capacity, t.reserved, (t.active and not t.exhibitor_pass and (t.sales_end_at is null or t.sales_end_at > $2)) as open,
       (select s.offer_hours from waiting_list_settings s where s.exhibition_id = t.exhibition_id) as offer_hours
     from ticket_types t where t.id = $1 for update of t`,
    [ticketTypeId, at],
  )
  return result.rows[0] ?? null
}

/** The type's waiting entries in line order, locked (only waiting ones: offered entries are locked before their type). */
export async function lineOf(tx: Queryable, ticketTypeId: number, limit: number): Promise<EntryRow[]> {
  const result = await tx.query<EntryRow>(
    `select ${COLUMNS} from waiting_list_entries where ticket_type_id = $1 and state = 'waiting' order by joined_at, id limit $2 for update`,
    [ticketTypeId, limit],
  )
  return result.rows
}

/** Takes seats for an offer if that many are free (the buyers' own conditional update). */
export async function holdSeats(tx: Queryable, ticketTypeId: number, quantity: number): Promise<boolean> {
  const result = await tx.query(
    'update ticket_types set reserved = reserved + $2, updated_at = now() where id = $1 and reserved + $2 <= capacity returning id',
    [ticketTypeId, quantity],
  )
  return result.rows.length === 1
}

/** An offer's seats back to the type without offering them on (its holder is buying them in the same transaction). */
export async function unholdSeats(tx: Queryable, ticketTypeId: number, quantity: number): Promise<void> {
  await tx.query('update ticket_types set reserved = reserved - $2, updated_at = now() where id = $1', [ticketTypeId, quantity])
}

/** Offers past their time, claimed so that any number of lapse jobs take each once. */
export async function claimLapsed(tx: Queryable, at: Date, limit: number): Promise<EntryRow[]> {
  const result = await tx.query<EntryRow>(
    `select ${COLUMNS} from waiting_list_entries where state = 'offered' and offer_until <= $1 order by offer_until, id limit $2 for update skip locked`,
    [at, limit],
  )
  return result.rows
}

export interface UnmailedOffer extends EntryRow {
  email: string
  exhibition_id: number
  texts: Record<string, { name?: string }>
  key: string
}

/** Offers whose mail is not written yet, claimed once each. */
export async function claimUnmailed(tx: Queryable, limit: number): Promise<UnmailedOffer[]> {
  const result = await tx.query<UnmailedOffer>(
    `select w.id::text as id, w.ticket_type_id, w.account_id, w.quantity, w.locale, w.state, w.joined_at, w.offered_quantity, w.offered_at, w.offer_until,
       w.offered_by_hand, w.offer_mailed_at, w.order_id, w.ended_at, a.email, t.exhibition_id, t.texts, t.key
     from waiting_list_entries w join accounts a on a.id = w.account_id join ticket_types t on t.id = w.ticket_type_id
     where w.state = 'offered' and w.offer_mailed_at is null order by w.offered_at, w.id limit $1 for update of w skip locked`,
    [limit],
  )
  return result.rows
}

/** The exhibitions and languages of offers still to mail. */
export async function unmailedExhibitions(db: Queryable): Promise<Array<{ exhibition_id: number; locale: string }>> {
  const result = await db.query<{ exhibition_id: number; locale: string }>(
    `select distinct t.exhibition_id, w.locale from waiting_list_entries w join ticket_types t on t.id = w.ticket_type_id
     where w.state = 'offered' and w.offer_mailed_at is null`,
  )
  return result.rows
}

export async function markMailed(tx: Queryable, id: string, tokenHash: string, at: Date): Promise<void> {
  await tx.query('update waiting_list_entries set offer_token_hash = $2, offer_mailed_at = $3 where id = $1', [id, tokenHash, at])
}

export interface MyEntryRow extends EntryRow {
  offer_token_hash: string | null
  exhibition_id: number
  texts: Record<string, { name?: string }>
  key: string
  place: number
}

/** The account's live entries, with each one's place. */
export async function entriesOfAccount(db: Queryable, accountId: string, exhibitionId: number | null): Promise<MyEntryRow[]> {
  const result = await db.query<MyEntryRow>(
    `select w.id::text as id, w.ticket_type_id, w.account_id, w.quantity, w.locale, w.state, w.joined_at, w.offered_quantity, w.offered_at, w.offer_until,
       w.offered_by_hand, w.offer_mailed_at, w.order_id, w.ended_at, w.offer_token_hash, t.exhibition_id, t.texts, t.key,
       (select count(*)::int + 1 from waiting_list_entries o where o.ticket_type_id = w.ticket_type_id and o.state = 'waiting'
          and (o.joined_at, o.id) < (w.joined_at, w.id)) as place
     from waiting_list_entries w join ticket_types t on t.id = w.ticket_type_id
     where w.account_id = $1 and w.state in ('waiting', 'offered') and ($2::int is null or t.exhibition_id = $2)
     order by w.joined_at, w.id`,
    [accountId, exhibitionId],
  )
  return result.rows
}

export interface StaffEntryRow extends EntryRow {
  email: string
  nick: string | null
}

/** A type's whole list for the console: live entries in line order, then ended ones, newest first. */
export async function entriesOfType(db: Queryable, ticketTypeId: number): Promise<StaffEntryRow[]> {
  const result = await db.query<StaffEntryRow>(
    `select w.id::text as id, w.ticket_type_id, w.account_id, w.quantity, w.locale, w.state, w.joined_at, w.offered_quantity, w.offered_at, w.offer_until,
       w.offered_by_hand, w.offer_mailed_at, w.order_id, w.ended_at, a.email, a.nick
     from waiting_list_entries w join accounts a on a.id = w.account_id
     where w.ticket_type_id = $1
     order by (w.state in ('waiting', 'offered')) desc, case when w.state in ('waiting', 'offered') then w.joined_at end, w.ended_at desc nulls last, w.id
     limit 500`,
    [ticketTypeId],
  )
  return result.rows
}

export async function saveOfferHours(tx: Queryable, exhibitionId: number, hours: number): Promise<void> {
  await tx.query(
    'insert into waiting_list_settings (exhibition_id, offer_hours) values ($1, $2) on conflict (exhibition_id) do update set offer_hours = excluded.offer_hours',
    [exhibitionId, hours],
  )
}

export async function offerHoursOf(db: Queryable, exhibitionId: number): Promise<number | null> {
  const result = await db.query<{ offer_hours: number }>('select offer_hours from waiting_list_settings where exhibition_id = $1', [exhibitionId])
  return result.rows[0]?.offer_hours ?? null
}

/** An account's entries at erasure: the offers among them hold seats. */
export async function entriesForErasure(tx: Queryable, accountId: string): Promise<EntryRow[]> {
  const result = await tx.query<EntryRow>(`select ${COLUMNS} from waiting_list_entries where account_id = $1 order by id for update`, [accountId])
  return result.rows
}

export async function deleteEntriesOf(tx: Queryable, accountId: string): Promise<void> {
  await tx.query('delete from waiting_list_entries where account_id = $1', [accountId])
}
