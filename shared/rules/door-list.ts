import type { BadgeRole } from './badges.ts'
import type { DoorTicketState } from './console-checkin.ts'
import { displayName } from './names.ts'

/**
 * The door's ticket list as `console$checkinList` sends it and the device keeps it
 * (docs/product.md#door-sync). Zod-free: the server writes it, the check-in screen reads, merges and
 * stores it, and the tests read it through this one module.
 *
 * A row per ticket, by position, and the ticket type, role, exhibitor and state of a row as an index
 * into `kinds`, sent once per answer: the keys of 50,000 objects, the derived name and the type's
 * name repeated on every row were a third of what a phone parsed and a tenth of what it downloaded on
 * Fast 3G (docs/performance.md#the-door-list). Rows come ordered by order code, so the three tickets
 * of an order sit together and the code compresses to a back-reference.
 *
 * A row is keyed by the first 16 hex digits of the ticket's id, not the whole UUID (the ids were half
 * the compressed bytes). The door finds the row of a scanned code by the same prefix of the id the
 * signed code carries, and a pick by hand goes to the server as the key, which answers `unknown` unless
 * exactly one ticket of the exhibition has it. Ids are random UUIDs the server makes (60 random bits in
 * the key, version digit aside), so two tickets of one exhibition sharing a key is about a one in a
 * billion chance at 50,000 tickets, and nobody can choose an id to make one; the server judges every
 * scan by the whole id when it arrives.
 */

/** `xxxxxxxx-xxxx-xxxx`: the first 16 hex digits of a ticket's id, as the id is written. */
/**
 * Named in every request for the list: a door screen still open from before a change of the rows'
 * shape asks without it (or with its own) and is refused, keeping its saved list and scans, instead of
 * reading rows it would misunderstand. Change it whenever the rows change.
 */
export const DOOR_LIST_FORMAT = 'rows-1'

export const TICKET_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}$/
const KEY_LENGTH = 18

/** The key of a ticket id (or of a key: the same key), lower case as PostgreSQL writes ids. */
export const ticketKey = (ticketIdOrKey: string): string => ticketIdOrKey.slice(0, KEY_LENGTH).toLowerCase()

/** The lowest and highest id with this key, for a range over the ids' index. */
export const ticketKeyRange = (key: string): [string, string] => [`${key}-0000-000000000000`, `${key}-ffff-ffffffffffff`]

/** What a row's `kind` points at: the type's name in the member's language, the badge role, the exhibitor of a team pass (null: a visitor's ticket), the state. */
export type DoorKind = [ticketType: string, role: BadgeRole, company: string | null, state: DoorTicketState]
/** The ticket's live check-in: when (ISO), the gate, the device, the member who let it in. */
export type DoorCheckin = [at: string, gate: string, deviceId: string, staffName: string]
/**
 * One ticket: its key, order code, the holder's given and family name, its kind, then (left off when
 * empty, from the end) its check-in, and the company and position the holder gave.
 */
export type DoorRow = [
  key: string,
  orderNumber: string,
  firstName: string,
  lastName: string,
  kind: number,
  checkin?: DoorCheckin | null,
  holderCompany?: string | null,
  jobTitle?: string | null,
]

/** The part of a list this module reads and writes; the contract's result has these fields and more. */
export interface DoorRows {
  full: boolean
  kinds: DoorKind[]
  tickets: DoorRow[]
  /** Keys of tickets no longer in the list (re-issued under a new id): their old codes are unknown now. */
  removed: string[]
}

/** A ticket as the door screen reads it: a row with its kind filled in and its name as shown (shared/rules/names.ts). */
export interface DoorTicket {
  key: string
  orderNumber: string
  name: string
  firstName: string
  lastName: string
  ticketType: string
  company: string | null
  holderCompany: string | null
  jobTitle: string | null
  role: BadgeRole
  state: DoorTicketState
  checkin: { at: string; gate: string; deviceId: string; staffName: string } | null
}

export type DoorTicketFields = Omit<DoorTicket, 'name'>

/** Tickets as rows and their kinds (the server's answer; a list kept in the old format, converted). */
export function toDoorRows(tickets: Iterable<DoorTicketFields>): { kinds: DoorKind[]; tickets: DoorRow[] } {
  const kinds: DoorKind[] = []
  const kindIndex = new Map<string, number>()
  const rows: DoorRow[] = []
  for (const ticket of tickets) {
    const kind: DoorKind = [ticket.ticketType, ticket.role, ticket.company, ticket.state]
    const name = JSON.stringify(kind)
    let index = kindIndex.get(name)
    if (index === undefined) {
      index = kinds.push(kind) - 1
      kindIndex.set(name, index)
    }
    const checkin: DoorCheckin | null = ticket.checkin ? [ticket.checkin.at, ticket.checkin.gate, ticket.checkin.deviceId, ticket.checkin.staffName] : null
    const row: DoorRow = [ticket.key, ticket.orderNumber, ticket.firstName, ticket.lastName, index, checkin, ticket.holderCompany, ticket.jobTitle]
    while (row.length > 5 && (row[row.length - 1] === null || row[row.length - 1] === undefined)) row.pop()
    rows.push(row)
  }
  return { kinds, tickets: rows }
}

function ticketOf(row: DoorRow, kinds: readonly DoorKind[]): DoorTicket {
  const [key, orderNumber, firstName, lastName, kind, checkin, holderCompany, jobTitle] = row
  const [ticketType, role, company, state] = kinds[kind] ?? ['', 'visitor', null, 'cancelled']
  return {
    key,
    orderNumber,
    name: displayName({ first: firstName, last: lastName }),
    firstName,
    lastName,
    ticketType,
    company,
    holderCompany: holderCompany ?? null,
    jobTitle: jobTitle ?? null,
    role,
    state,
    checkin: checkin ? { at: checkin[0], gate: checkin[1], deviceId: checkin[2], staffName: checkin[3] } : null,
  }
}

const read = new WeakMap<object, { tickets: DoorTicket[]; byKey: Map<string, DoorTicket> }>()

/** A list's rows as tickets, and each by its key; made once per list read or merged. */
function readList(list: Pick<DoorRows, 'kinds' | 'tickets'>) {
  let known = read.get(list)
  if (!known) {
    const tickets = list.tickets.map((row) => ticketOf(row, list.kinds))
    known = { tickets, byKey: new Map(tickets.map((ticket) => [ticket.key, ticket])) }
    read.set(list, known)
  }
  return known
}

export const doorTickets = (list: Pick<DoorRows, 'kinds' | 'tickets'>): DoorTicket[] => readList(list).tickets

/** The ticket a (scanned) id or a key names in the list, if any. */
export const doorTicket = (list: Pick<DoorRows, 'kinds' | 'tickets'>, ticketIdOrKey: string): DoorTicket | null =>
  readList(list).byKey.get(ticketKey(ticketIdOrKey)) ?? null

/**
 * The device's list after an answer (docs/product.md#door-sync): a whole list replaces it; changes
 * replace their rows by key (new ones join at the end, their kinds added to the kept ones), the removed
 * keys go, and everything else is the answer's (exhibition, key, counts, time, token).
 */
export function mergeDoorLists<List extends DoorRows>(kept: List | null, answer: List, sameList: boolean): List {
  if (answer.full || !kept || !sameList) return answer
  const kinds = [...kept.kinds]
  const kindIndex = new Map(kinds.map((kind, index) => [JSON.stringify(kind), index]))
  const kindOf = (index: number) => {
    const kind = answer.kinds[index] as DoorKind
    const name = JSON.stringify(kind)
    let at = kindIndex.get(name)
    if (at === undefined) {
      at = kinds.push(kind) - 1
      kindIndex.set(name, at)
    }
    return at
  }
  const changed = new Map<string, DoorRow>()
  for (const row of answer.tickets) {
    const moved = [...row] as DoorRow
    moved[4] = kindOf(row[4])
    changed.set(row[0], moved)
  }
  const removed = new Set(answer.removed)
  const tickets: DoorRow[] = []
  for (const row of kept.tickets) {
    if (removed.has(row[0])) continue
    tickets.push(changed.get(row[0]) ?? row)
    changed.delete(row[0])
  }
  tickets.push(...changed.values())
  return { ...answer, full: true, kinds, tickets, removed: [] }
}
