import type { z } from 'zod'
import type * as contracts from '../../../../../shared/contracts/console-checkin.ts'
import { CHECKIN_LIMITS, type CheckinOutcome } from '../../../../../shared/rules/console-checkin.ts'
import { ticketKey, toDoorRows } from '../../../../../shared/rules/door-list.ts'
import type { Database, Queryable } from '../../../../db/client.ts'
import { gone, notFound } from '../../../errors.ts'
import type { Platform } from '../../../platform.ts'
import type { TicketSigner } from '../../e-tickets.ts'
import type { StaffActor } from '../../../staff-actor.ts'
import { exhibitionTitle } from '../staff-orders.repo.ts'
import * as repo from './checkin.repo.ts'

type SyncPayload = z.output<typeof contracts.checkinSync.payload>
type SyncResult = z.output<typeof contracts.checkinSync.result>
type First = SyncResult['scans'][number]['first']

const firstOf = (row: Partial<repo.LiveCheckinRow> | null | undefined): First =>
  row?.scanned_at ? { at: row.scanned_at.toISOString(), gate: row.gate ?? '', deviceId: row.device_id ?? '', staffName: row.staff_name ?? '' } : null

function inScope(actor: StaffActor, exhibitionId: number): void {
  if (actor.scope !== null && !actor.scope.includes(exhibitionId)) throw notFound('console:errors.exhibitionNotFound')
}

/** The exhibitions a door member may check in for: on now or coming, soonest first. */
export async function checkinExhibitions(db: Queryable, actor: StaffActor) {
  const rows = await repo.doorExhibitions(db, actor.scope)
  const titles = await Promise.all(rows.map((row) => exhibitionTitle(db, row.id, actor.locale)))
  return {
    exhibitions: rows.map((row, index) => ({
      id: row.id,
      title: titles[index] ?? '',
      startsAt: row.starts_at.toISOString(),
      endsAt: row.ends_at.toISOString(),
      timeZone: row.time_zone,
      city: row.city,
    })),
  }
}

/**
 * A device's sync token (docs/product.md#door-sync): the list's exhibition and language (ticket types and
 * exhibitors are named in the member's language) and the snapshot its read saw, as
 * `xmin:xmax:running,…`. Not secret: it only says where to read from, within what the member may read
 * anyway. With very many transactions running, the token keeps xmin alone (`xmin:xmin:`), which asks
 * again for everything from the oldest of them: more rows, never fewer.
 */
const TOKEN = /^d1\.(\d{1,10})\.([a-z-]{2,5})\.(\d{1,20}):(\d{1,20}):((?:\d{1,20}(?:,\d{1,20})*)?)$/
const TOKEN_RUNNING = 40

function tokenOf(exhibitionId: number, locale: string, snapshot: { xmin: bigint; xmax: bigint; running: bigint[] }): string {
  const whole = snapshot.running.length <= TOKEN_RUNNING
  return `d1.${exhibitionId}.${locale}.${snapshot.xmin}:${whole ? snapshot.xmax : snapshot.xmin}:${whole ? snapshot.running.join(',') : ''}`
}

/** The snapshot a token reads from, as PostgreSQL writes it; a token this read cannot continue is refused, and the device takes the whole list. */
function readSince(token: string, exhibitionId: number, locale: string, now: { xmax: bigint }): string {
  const parts = TOKEN.exec(token)
  const refuse = () => gone('console:errors.checkinListStale')
  if (!parts || Number(parts[1]) !== exhibitionId || parts[2] !== locale) throw refuse()
  const xmin = BigInt(parts[3] as string)
  const xmax = BigInt(parts[4] as string)
  const running = parts[5] ? (parts[5] as string).split(',').map((xid) => BigInt(xid)) : []
  // A token ahead of the database (restored from a backup, another server's) would skip changes.
  if (xmin > xmax || xmax > now.xmax || running.some((xid) => xid < xmin || xid >= xmax)) throw refuse()
  return `${xmin}:${xmax}:${[...new Set(running)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(',')}`
}

/**
 * What a door device downloads (docs/product.md#checkin): enough to judge every ticket offline. With a
 * token from an earlier answer, only the tickets changed since (docs/product.md#door-sync) and the keys
 * of those that left the list, as compact rows (shared/rules/door-list.ts). One repeatable-read
 * transaction: the token is the snapshot the rows were read in.
 */
export async function checkinList(db: Database, signer: TicketSigner, actor: StaffActor, exhibitionId: number, token?: string) {
  inScope(actor, exhibitionId)
  const read = await db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only')
    const snapshot = await repo.doorSnapshot(tx)
    const since = token === undefined ? null : readSince(token, exhibitionId, actor.locale, snapshot)
    const exhibition = await tx.query<{ id: number; starts_at: Date; ends_at: Date; time_zone: string }>(
      'select id, starts_at, ends_at, time_zone from exhibitions where id = $1',
      [exhibitionId],
    )
    const row = exhibition.rows[0]
    if (!row) throw notFound('console:errors.exhibitionNotFound')
    const title = await exhibitionTitle(tx, exhibitionId, actor.locale)
    const tickets = await repo.doorTickets(tx, exhibitionId, actor.locale, since)
    const removed = since === null ? [] : await repo.doorRemovals(tx, exhibitionId, since)
    const gates = await repo.checkinsPerGate(tx, exhibitionId)
    return { snapshot, since, row, title, tickets, removed, gates }
  })
  const { row, tickets, gates } = read
  const key = signer.publicKey()
  const rows = toDoorRows(
    tickets.map((ticket) => ({
      key: ticketKey(ticket.id),
      orderNumber: ticket.order_number,
      firstName: ticket.first_name,
      lastName: ticket.last_name,
      ticketType: ticket.ticket_type,
      company: ticket.company,
      holderCompany: ticket.holder_company,
      jobTitle: ticket.job_title,
      role: ticket.role,
      state: ticket.state,
      checkin: firstOf(ticket),
    })),
  )
  const listed = new Set(rows.tickets.map((row) => row[0]))
  return {
    exhibition: { id: row.id, title: read.title ?? '', startsAt: row.starts_at.toISOString(), endsAt: row.ends_at.toISOString(), timeZone: row.time_zone },
    publicKey: { kid: key.kid, x: key.jwk.x },
    full: read.since === null,
    token: tokenOf(exhibitionId, actor.locale, read.snapshot),
    ...rows,
    // A row read again wins over a tombstone of the same key.
    removed: [...new Set(read.removed.map(ticketKey))].filter((key) => !listed.has(key)),
    gates: gates.map((gate) => ({ gate: gate.gate, checkedIn: gate.checked_in })),
    serverTime: new Date().toISOString(),
  }
}

/** Which ticket a scan names, and what the door must say before anyone is let in. */
async function judge(db: Queryable, signer: TicketSigner, exhibitionId: number, scan: SyncPayload['scans'][number]) {
  let ticketId: string
  if ('code' in scan) {
    const signed = signer.verify(scan.code.trim())
    if (!signed) return { ticketId: null, outcome: 'forged' as const }
    if (signed.exhibitionId !== exhibitionId) return { ticketId: null, outcome: 'wrongExhibition' as const }
    ticketId = signed.ticketId
  } else if ('ticketKey' in scan) {
    const found = await repo.doorTicketByKey(db, exhibitionId, scan.ticketKey)
    if (!found) return { ticketId: null, outcome: 'unknown' as const }
    ticketId = found.id
  } else {
    ticketId = scan.ticketId
  }
  const ticket = await repo.doorTicket(db, ticketId)
  if (!ticket) return { ticketId: null, outcome: 'unknown' as const }
  if (ticket.exhibition_id !== exhibitionId) return { ticketId: null, outcome: 'wrongExhibition' as const }
  if (ticket.state !== 'valid') return { ticketId: ticket.id, outcome: ticket.state }
  return { ticketId: ticket.id, outcome: 'checkedIn' as const }
}

/** A device's clock may be wrong: a scan claimed for well after now is taken as made now. */
function scanTime(claimed: string, now: Date): Date {
  const at = new Date(claimed)
  return at.getTime() - now.getTime() > CHECKIN_LIMITS.clockSkewMinutes * 60_000 ? now : at
}

/**
 * Judges a device's scans in the order they were made, then its undos (docs/product.md#checkin). The
 * first scan of a ticket to reach the server checks it in, whichever device made it; later ones are
 * `already`, with when, where and on which device it came in. A scan id seen before answers as it
 * did (the device resends what it has not heard back about). Each undo is audited.
 */
export async function checkinSync(db: Database, platform: Platform, signer: TicketSigner, actor: StaffActor, payload: SyncPayload): Promise<SyncResult> {
  inScope(actor, payload.exhibitionId)
  const exists = await db.query('select 1 from exhibitions where id = $1', [payload.exhibitionId])
  if (!exists.rowCount) throw notFound('console:errors.exhibitionNotFound')
  const now = new Date()
  const scans: SyncResult['scans'] = []
  for (const scan of payload.scans) {
    scans.push(await recordScan(db, signer, actor, payload, scan, now))
  }
  const undos: SyncResult['undos'] = []
  for (const undo of payload.undos) {
    const undone = await db.transaction(async (tx) => {
      const ended = await repo.undoCheckin(tx, undo.scanId, payload.exhibitionId, actor.staffId, scanTime(undo.undoneAt, now))
      if (!ended) return repo.isUndone(tx, undo.scanId, payload.exhibitionId)
      await platform.services.staff.audit(
        tx,
        { staffId: actor.staffId, address: actor.address },
        {
          function: 'console$checkinSync',
          target: `ticket:${ended.ticket_id}`,
          before: { checkedIn: true, scanId: undo.scanId, gate: ended.gate },
          after: { checkedIn: false, deviceId: payload.deviceId },
        },
      )
      return true
    })
    undos.push({ scanId: undo.scanId, undone })
  }
  return { scans, undos }
}

async function recordScan(
  db: Database,
  signer: TicketSigner,
  actor: StaffActor,
  payload: SyncPayload,
  scan: SyncPayload['scans'][number],
  now: Date,
): Promise<SyncResult['scans'][number]> {
  const answered = async (id: string): Promise<SyncResult['scans'][number] | null> => {
    const known = await repo.scanById(db, id)
    if (!known) return null
    if (known.exhibition_id !== payload.exhibitionId) return { id, outcome: 'unknown', ticketId: null, first: null }
    const first = known.ticket_id && (known.outcome === 'checkedIn' || known.outcome === 'already') ? await repo.liveCheckin(db, known.ticket_id) : null
    return { id, outcome: known.outcome, ticketId: known.ticket_id, first: firstOf(first) }
  }
  const before = await answered(scan.id)
  if (before) return before

  const { ticketId, outcome } = await judge(db, signer, payload.exhibitionId, scan)
  const row: repo.NewScan = {
    id: scan.id,
    exhibitionId: payload.exhibitionId,
    ticketId,
    outcome,
    gate: scan.gate,
    deviceId: payload.deviceId,
    method: 'code' in scan ? 'scan' : 'manual',
    staffId: actor.staffId,
    scannedAt: scanTime(scan.scannedAt, now),
  }
  let stored: CheckinOutcome = outcome
  if (!(await repo.insertScan(db, row))) {
    // The same scan id raced in from another request, or the ticket is in already.
    const raced = await answered(scan.id)
    if (raced) return raced
    stored = 'already'
    await repo.insertScan(db, { ...row, outcome: stored })
  }
  const first = ticketId && (stored === 'checkedIn' || stored === 'already') ? await repo.liveCheckin(db, ticketId) : null
  return { id: scan.id, outcome: stored, ticketId, first: firstOf(first) }
}
