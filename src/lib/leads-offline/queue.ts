import { LEAD_LIMITS, type LeadRating, type LeadSyncOutcome } from '../../../shared/rules/leads.ts'
import type { DoorKey, SignedTicket } from '../../../shared/rules/ticket-code.ts'

/**
 * The lead scanner's queue on the phone (docs/product.md#leads-offline), as pure functions: one entry
 * per ticket, so a badge scanned twice while offline is one lead that counts two scans; the qualifying
 * done on a queued lead rides with it; a batch goes out, and what changed while it was out stays.
 */

export interface QueuedQualification {
  rating: LeadRating | null
  tags: string[]
  notes: string
  /** The device's clock at the edit: the latest edit wins on the server. */
  editedAt: string
}

export interface QueuedLead {
  /** The entry's id, made on the phone: the server counts an entry once however often it is sent. */
  id: string
  ticketId: string
  code: string
  scannedAt: string
  lastScannedAt: string
  scans: number
  qualified?: QueuedQualification
  /** Bumped at each change, so a change made while the entry was on its way is not taken as sent. */
  version: number
}

/** What a phone keeps per account and exhibitor: what it needs to check codes offline, and its queue. */
export interface LeadsDevice {
  accountId: string
  exhibitorId: number
  exhibitionId: number
  publicKey: DoorKey
  queue: QueuedLead[]
}

/** The phone's own answer to a code before any server's: the signature, then the exhibition. */
export function judgeOnDevice(signed: SignedTicket | null, exhibitionId: number): 'badCode' | 'otherExhibition' | null {
  if (!signed) return 'badCode'
  if (signed.exhibitionId !== exhibitionId) return 'otherExhibition'
  return null
}

/** A scan queued: a ticket already waiting counts one more scan, else it waits as a new entry. */
export function queueScan(
  queue: readonly QueuedLead[],
  scan: { ticketId: string; code: string; at: string; id: string },
): { queue: QueuedLead[]; entry: QueuedLead; repeated: boolean } {
  const waiting = queue.find((entry) => entry.ticketId === scan.ticketId)
  if (waiting) {
    const entry = { ...waiting, scans: waiting.scans + 1, lastScannedAt: scan.at, version: waiting.version + 1 }
    return { queue: queue.map((item) => (item.id === waiting.id ? entry : item)), entry, repeated: true }
  }
  const entry: QueuedLead = { id: scan.id, ticketId: scan.ticketId, code: scan.code, scannedAt: scan.at, lastScannedAt: scan.at, scans: 1, version: 1 }
  return { queue: [...queue, entry], entry, repeated: false }
}

/** Rating, tags and notes given to a queued lead on the phone. */
export function qualifyQueued(queue: readonly QueuedLead[], id: string, values: Omit<QueuedQualification, 'editedAt'>, at: string): QueuedLead[] {
  return queue.map((entry) =>
    entry.id === id ? { ...entry, qualified: { ...values, tags: [...values.tags], editedAt: at }, version: entry.version + 1 } : entry,
  )
}

/** The entries that go out next, as lead$sync takes them. */
export function nextBatch(queue: readonly QueuedLead[], limit: number = LEAD_LIMITS.batch): QueuedLead[] {
  return queue.slice(0, limit)
}

export function toPayload(entry: QueuedLead) {
  const { version: _version, ticketId: _ticketId, ...sent } = entry
  return sent
}

/**
 * The queue once the server answered a batch: a sent entry leaves it, unless it changed meanwhile.
 * Then it stays: with a new id and only the scans made since when it was scanned again (the server
 * counted the rest under the old id), with the same id when only its qualifying changed (the server
 * takes the latest edit, whatever the entry). Entries the server refused leave too, and are named.
 */
export function afterSync(
  queue: readonly QueuedLead[],
  sent: readonly QueuedLead[],
  answers: ReadonlyArray<{ id: string; outcome: LeadSyncOutcome }>,
  newId: () => string,
): { queue: QueuedLead[]; refused: Array<{ entry: QueuedLead; outcome: LeadSyncOutcome }> } {
  const sentById = new Map(sent.map((entry) => [entry.id, entry]))
  const outcomes = new Map(answers.map((answer) => [answer.id, answer.outcome]))
  const refused: Array<{ entry: QueuedLead; outcome: LeadSyncOutcome }> = []
  const next: QueuedLead[] = []
  for (const entry of queue) {
    const was = sentById.get(entry.id)
    const outcome = outcomes.get(entry.id)
    if (!was || !outcome) {
      next.push(entry)
      continue
    }
    if (outcome !== 'added' && outcome !== 'repeated') {
      refused.push({ entry, outcome })
      continue
    }
    if (entry.version === was.version) continue
    const more = entry.scans - was.scans
    if (more > 0) next.push({ ...entry, id: newId(), scans: more, scannedAt: was.lastScannedAt, version: 1 })
    else if (entry.qualified !== was.qualified) next.push(entry)
  }
  return { queue: next, refused }
}

/** Scans waiting on this phone: each entry's own count (a badge scanned twice waits as two scans of one lead). */
export function waitingScans(queue: readonly QueuedLead[]): number {
  return queue.reduce((sum, entry) => sum + entry.scans, 0)
}

/** The next try after this many failed ones: 2 s doubling up to a minute, so a phone back in range sends soon. */
export function retryDelay(failures: number): number {
  return Math.min(60_000, 2_000 * 2 ** Math.max(0, failures))
}
