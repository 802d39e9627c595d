import type { BadgeRole } from '../../../../shared/rules/badges.ts'
import type { CheckinList } from '../../../api/console-checkin.ts'
import { CHECKIN_LIMITS, type CheckinOutcome } from '../../../../shared/rules/console-checkin.ts'
import { isNameQuery, nameMatches, searchForm } from '../../../../shared/rules/names.ts'
import type { SignedTicket } from '../../../../shared/rules/ticket-code.ts'
import { type DoorTicket, type DoorTicketFields, doorTicket, doorTickets, mergeDoorLists, ticketKey, toDoorRows } from '../../../../shared/rules/door-list.ts'

export type { DoorTicket }
export type FirstCheckin = NonNullable<DoorTicket['checkin']>

/**
 * A scan or an undo waiting for the network, as checkinSync takes it: a ticket picked by hand goes by
 * its key in the list; one queued before keys, by its id.
 */
export type QueuedScan = { id: string; gate: string; scannedAt: string } & ({ code: string } | { ticketKey: string } | { ticketId: string })
export interface QueuedUndo {
  scanId: string
  undoneAt: string
}

/** A scan as the door shows it: answered at once on the device, corrected by the server's answer after a sync. */
export interface DoorScan {
  id: string
  /** The ticket's key in the list (its whole id in scans kept from before keys: shared/rules/door-list.ts). */
  ticketId: string | null
  name: string | null
  ticketType: string | null
  /** The exhibitor of a team pass; absent in scans kept from before passes were shown. */
  company?: string | null
  /** What the holder gave on the attendee form; absent in scans kept from before it was asked. */
  holderCompany?: string | null
  jobTitle?: string | null
  /** The badge role shown as a band and a word; absent in scans kept from before roles were shown. */
  role?: BadgeRole | null
  /** The QR code as scanned (not kept for a ticket picked by name): the printed badge carries it. */
  code?: string | null
  outcome: CheckinOutcome
  at: string
  gate: string
  first: FirstCheckin | null
  synced: boolean
  undone: boolean
}

/** What the device keeps per exhibition, in IndexedDB. */
export interface DoorData {
  list: CheckinList
  scans: QueuedScan[]
  undos: QueuedUndo[]
  recent: DoorScan[]
}

/** What a sync taught the device: its own check-ins that the server refused, in the words the door needs. */
export interface Learnt {
  already: Array<{ scanId: string; name: string; gate: string }>
  refused: Array<{ scanId: string; name: string; outcome: CheckinOutcome }>
}

export const RECENT_KEPT = 30

/**
 * The device's answer before the server's: the signature first (checked by the caller), then the
 * exhibition, then the ticket as the list knows it, then this device's own check-ins not yet in the
 * list. A ticket checked in here a minute ago is `already`, online or not.
 */
export function judgeLocally(
  data: DoorData,
  signed: SignedTicket | null,
  deviceId: string,
): { outcome: CheckinOutcome; ticket: DoorTicket | null; first: FirstCheckin | null } {
  if (!signed) return { outcome: 'forged', ticket: null, first: null }
  if (signed.exhibitionId !== data.list.exhibition.id) return { outcome: 'wrongExhibition', ticket: null, first: null }
  const ticket = doorTicket(data.list, signed.ticketId)
  if (!ticket) return { outcome: 'unknown', ticket: null, first: null }
  if (ticket.state !== 'valid') return { outcome: ticket.state, ticket, first: null }
  const undone = new Set(data.undos.map((undo) => undo.scanId))
  const isThis = (scan: DoorScan) => scan.ticketId !== null && ticketKey(scan.ticketId) === ticket.key
  const here = data.recent.find((scan) => isThis(scan) && scan.outcome === 'checkedIn' && !scan.undone && !undone.has(scan.id))
  if (here) return { outcome: 'already', ticket, first: { at: here.at, gate: here.gate, deviceId, staffName: '' } }
  // The list's check-in, unless it is one this device undid and has not synced yet.
  const undoWaiting = data.recent.some((scan) => isThis(scan) && undone.has(scan.id))
  const listed = ticket.checkin && !undoWaiting ? ticket.checkin : null
  if (listed) return { outcome: 'already', ticket, first: listed }
  return { outcome: 'checkedIn', ticket, first: null }
}

/** Check-ins per gate: the server's count, plus this device's not yet synced, minus its undos not yet synced. */
export function gateCounts(data: DoorData): Array<{ gate: string; checkedIn: number }> {
  const counts = new Map(data.list.gates.map((gate) => [gate.gate, gate.checkedIn]))
  const waiting = new Set(data.scans.map((scan) => scan.id))
  const undoing = new Set(data.undos.map((undo) => undo.scanId))
  for (const scan of data.recent) {
    if (scan.outcome !== 'checkedIn') continue
    if (waiting.has(scan.id) && !scan.undone) counts.set(scan.gate, (counts.get(scan.gate) ?? 0) + 1)
    if (scan.synced && undoing.has(scan.id)) counts.set(scan.gate, (counts.get(scan.gate) ?? 0) - 1)
  }
  return [...counts].map(([gate, checkedIn]) => ({ gate, checkedIn: Math.max(0, checkedIn) })).sort((a, b) => a.gate.localeCompare(b.gate))
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base' })

/**
 * Tickets whose holder's name (its parts in either order: shared/rules/names.ts) or order code
 * contains the query, for the manual look-up, by family name then given name (the list comes by order).
 */
export function lookUp(tickets: readonly DoorTicket[], query: string, limit = 20): DoorTicket[] {
  if (!isNameQuery(query)) return []
  const code = searchForm(query)
  return tickets
    .filter((ticket) => nameMatches({ first: ticket.firstName, last: ticket.lastName }, query) || searchForm(ticket.orderNumber).includes(code))
    .sort((a, b) => byName.compare(a.lastName, b.lastName) || byName.compare(a.firstName, b.firstName))
    .slice(0, limit)
}

/**
 * The server's answers folded into the device's scans: each answered scan is synced with the server's
 * outcome, and a check-in the device had let in that the server refused is learnt.
 */
export function applyAnswers(
  recent: readonly DoorScan[],
  answers: ReadonlyArray<{ id: string; outcome: CheckinOutcome; first: FirstCheckin | null }>,
): { recent: DoorScan[]; learnt: Learnt } {
  const byId = new Map(answers.map((answer) => [answer.id, answer]))
  const learnt: Learnt = { already: [], refused: [] }
  const next = recent.map((scan) => {
    const answer = byId.get(scan.id)
    if (!answer) return scan
    if (scan.outcome === 'checkedIn' && answer.outcome === 'already')
      learnt.already.push({ scanId: scan.id, name: scan.name ?? '', gate: answer.first?.gate ?? '' })
    else if (scan.outcome === 'checkedIn' && answer.outcome !== 'checkedIn')
      learnt.refused.push({ scanId: scan.id, name: scan.name ?? '', outcome: answer.outcome })
    return { ...scan, outcome: answer.outcome, first: answer.first ?? scan.first, synced: true }
  })
  return { recent: next, learnt }
}

/** The device's list after an answer of checkinList (docs/product.md#door-sync; shared/rules/door-list.ts). */
export function mergeList(kept: CheckinList | null, answer: CheckinList): CheckinList {
  return mergeDoorLists(kept, answer, kept?.exhibition.id === answer.exhibition.id)
}

/** The kept list's tickets as the screen reads them (made once per list). */
export const listTickets = (list: CheckinList): DoorTicket[] => doorTickets(list)

/** A ticket as a list kept before rows (docs/product.md#door-sync) held it; older lists lack the later fields. */
interface KeptTicket {
  id: string
  orderNumber: string
  name: string
  firstName?: string
  lastName?: string
  ticketType: string
  company?: string | null
  holderCompany?: string | null
  jobTitle?: string | null
  role?: DoorTicket['role']
  state: DoorTicket['state']
  checkin: FirstCheckin | null
}

/**
 * A device's stored state, in this version's shape. A list kept by an earlier version (objects per
 * ticket, no `kinds`) is turned into rows, its token kept, so a door that is offline when the screen
 * updates still answers from it, and the next sync brings only what changed since. A list from before
 * names came in parts is searched by the name as shown, held as the given name.
 */
export function upgradeDoorData(stored: DoorData): DoorData {
  const list = stored.list as CheckinList & { tickets: unknown[] }
  if (Array.isArray(list.kinds)) return stored
  const kept = list.tickets as unknown as KeptTicket[]
  const rows = toDoorRows(
    kept.map(
      (ticket): DoorTicketFields => ({
        key: ticketKey(ticket.id),
        orderNumber: ticket.orderNumber,
        firstName: ticket.firstName ?? ticket.name,
        lastName: ticket.lastName ?? '',
        ticketType: ticket.ticketType,
        company: ticket.company ?? null,
        holderCompany: ticket.holderCompany ?? null,
        jobTitle: ticket.jobTitle ?? null,
        role: ticket.role ?? 'visitor',
        state: ticket.state,
        checkin: ticket.checkin,
      }),
    ),
  )
  return { ...stored, list: { ...stored.list, ...rows, removed: [] } }
}

/** The batch of a device's queue that goes out next. */
export function nextBatch(data: DoorData): { scans: QueuedScan[]; undos: QueuedUndo[] } | null {
  if (!data.scans.length && !data.undos.length) return null
  return { scans: data.scans.slice(0, CHECKIN_LIMITS.batch), undos: data.undos.slice(0, CHECKIN_LIMITS.batch) }
}

/** A sent batch out of the queue, and the server's answers folded into the device's scans. */
export function afterSent(
  data: DoorData,
  sent: { scans: readonly QueuedScan[]; undos: readonly QueuedUndo[] },
  answers: Parameters<typeof applyAnswers>[1],
): { data: DoorData; learnt: Learnt } {
  const sentScans = new Set(sent.scans.map((scan) => scan.id))
  const sentUndos = new Set(sent.undos.map((undo) => undo.scanId))
  const applied = applyAnswers(data.recent, answers)
  return {
    data: {
      ...data,
      scans: data.scans.filter((scan) => !sentScans.has(scan.id)),
      undos: data.undos.filter((undo) => !sentUndos.has(undo.scanId)),
      recent: applied.recent,
    },
    learnt: applied.learnt,
  }
}
