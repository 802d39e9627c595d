import type { BadgeRole } from '../../../../shared/rules/badges.ts'
import type { CheckinList } from '../../../api/console-checkin.ts'
import { CHECKIN_LIMITS, type CheckinOutcome } from '../../../../shared/rules/console-checkin.ts'
import { isNameQuery, nameMatches, searchForm } from '../../../../shared/rules/names.ts'
import type { SignedTicket } from '../../../../shared/rules/ticket-code.ts'

export type DoorTicket = CheckinList['tickets'][number]
export type FirstCheckin = NonNullable<DoorTicket['checkin']>

/** A scan or an undo waiting for the network, as checkinSync takes it. */
export type QueuedScan = { id: string; gate: string; scannedAt: string } & ({ code: string } | { ticketId: string })
export interface QueuedUndo {
  scanId: string
  undoneAt: string
}

/** A scan as the door shows it: answered at once on the device, corrected by the server's answer after a sync. */
export interface DoorScan {
  id: string
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
  const ticket = data.list.tickets.find((candidate) => candidate.id === signed.ticketId) ?? null
  if (!ticket) return { outcome: 'unknown', ticket: null, first: null }
  if (ticket.state !== 'valid') return { outcome: ticket.state, ticket, first: null }
  const undone = new Set(data.undos.map((undo) => undo.scanId))
  const here = data.recent.find((scan) => scan.ticketId === ticket.id && scan.outcome === 'checkedIn' && !scan.undone && !undone.has(scan.id))
  if (here) return { outcome: 'already', ticket, first: { at: here.at, gate: here.gate, deviceId, staffName: '' } }
  // The list's check-in, unless it is one this device undid and has not synced yet.
  const undoWaiting = data.recent.some((scan) => scan.ticketId === ticket.id && undone.has(scan.id))
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

/**
 * Tickets whose holder's name (its parts in either order: shared/rules/names.ts) or order code
 * contains the query, for the manual look-up. A list kept on the device before names came in parts
 * is searched by the name as shown until it is read again.
 */
export function lookUp(tickets: readonly DoorTicket[], query: string, limit = 20): DoorTicket[] {
  if (!isNameQuery(query)) return []
  const code = searchForm(query)
  return tickets
    .filter(
      (ticket) =>
        nameMatches(ticket.firstName === undefined ? { first: ticket.name, last: '' } : { first: ticket.firstName, last: ticket.lastName }, query) ||
        searchForm(ticket.orderNumber).includes(code),
    )
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

/**
 * The device's list after an answer of checkinList (docs/product.md#door-sync): a whole list replaces
 * it; changes replace their tickets by id (new ones join at the end), the removed ids go, and the
 * exhibition, key, counts, time and token are the answer's.
 */
export function mergeList(kept: CheckinList | null, answer: CheckinList): CheckinList {
  if (answer.full || !kept || kept.exhibition.id !== answer.exhibition.id) return answer
  const changed = new Map(answer.tickets.map((ticket) => [ticket.id, ticket]))
  const removed = new Set(answer.removed)
  const tickets: DoorTicket[] = []
  for (const ticket of kept.tickets) {
    if (removed.has(ticket.id)) continue
    tickets.push(changed.get(ticket.id) ?? ticket)
    changed.delete(ticket.id)
  }
  tickets.push(...changed.values())
  return { ...answer, full: true, tickets, removed: [] }
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
