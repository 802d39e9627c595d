import type { z } from 'zod'
import writeXlsxFile from 'write-excel-file/node'
import type * as contracts from '../../../shared/contracts/leads.ts'
import type { Locale } from '../../../shared/languages.ts'
import { EXPORT_MEDIA_TYPES, type ExportFormat } from '../../../shared/rules/console-exports.ts'
import { LEAD_FIELDS, LEAD_MESSAGES, type LeadRating } from '../../../shared/rules/leads.ts'
import { displayName, nameMatches } from '../../../shared/rules/names.ts'
import { wallClock } from '../../../shared/zoned-time.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, forbidden, gone, invalid, notFound } from '../errors.ts'
import { type Cell, toCsv } from '../kit/csv.ts'
import { loadStrings } from '../kit/strings.ts'
import type { Platform } from '../platform.ts'
import { sharedContact } from '../tickets/index.ts'
import * as repo from './leads.repo.ts'

type LeadView = z.output<typeof contracts.leadView>
type ScanInput = z.output<typeof contracts.scanLead.payload>
type QualifyInput = z.output<typeof contracts.qualifyLead.payload>
type ListInput = z.output<typeof contracts.leadList.payload>

/** The injected clock (tests set it): every scan and change is stamped with it. */
const now = () => new Date(Date.now())
const strings = loadStrings('leads')

const two = (value: number) => String(value).padStart(2, '0')
/** The venue's wall clock, digits only, so every language reads it alike and the page needs no Intl. */
function venueTime(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone)
  return `${clock.year}-${two(clock.month)}-${two(clock.day)} ${two(clock.hour)}:${two(clock.minute)}`
}

/** Who the lead is, as the attendee's consent allows now (docs/product.md#leads): computed on every read. */
function viewOf(row: repo.LeadRow): LeadView {
  return {
    id: row.id,
    ...sharedContact(row),
    scannedBy: row.scanned_by,
    scannedAt: row.scanned_at.toISOString(),
    scannedAtVenue: venueTime(row.scanned_at, row.time_zone),
    lastScannedAt: row.last_scanned_at.toISOString(),
    scans: row.scans,
    rating: row.rating as LeadRating | null,
    tags: row.tags,
    notes: row.notes,
  }
}

/** Leads of exhibitor teams (docs/product.md#leads): scanning, the team's list, qualifying and the export. */
export function createLeadsService(platform: Platform) {
  const { db } = platform

  /** Any member of the exhibitor (admin or staff); anyone else hears the exhibitor's 404. */
  const memberOf = (q: Queryable, exhibitorId: number, accountId: string, locale: Locale) =>
    platform.services.exhibitors.forMember(q, exhibitorId, accountId, locale)

  async function ticketOf(input: ScanInput, exhibitionId: number): Promise<repo.ScannedTicket> {
    if (input.code) {
      const signed = platform.services.tickets.signer.verify(input.code)
      if (!signed) throw invalid({ code: LEAD_MESSAGES.badCode }, LEAD_MESSAGES.badCode)
      if (signed.exhibitionId !== exhibitionId) throw conflict(LEAD_MESSAGES.otherExhibition)
      const ticket = await repo.ticketById(db, signed.ticketId)
      if (!ticket) throw invalid({ code: LEAD_MESSAGES.badCode }, LEAD_MESSAGES.badCode)
      return ticket
    }
    if (!input.orderCode) throw invalid({ code: LEAD_MESSAGES.badCode }, LEAD_MESSAGES.badCode)
    const tickets = await repo.ticketsOfOrder(db, input.orderCode)
    if (!tickets.length) throw notFound(LEAD_MESSAGES.ticketNotFound)
    const first = tickets[0] as repo.ScannedTicket
    if (first.exhibition_id !== exhibitionId) throw conflict(LEAD_MESSAGES.otherExhibition)
    const live = tickets.filter((ticket) => !ticket.voided)
    const chosen = input.position ? tickets.find((ticket) => ticket.position === input.position) : live.length === 1 ? live[0] : undefined
    if (input.position && !chosen) throw notFound(LEAD_MESSAGES.ticketNotFound)
    if (!chosen) {
      if (!live.length) throw gone(LEAD_MESSAGES.voided)
      throw invalid({ position: LEAD_MESSAGES.ambiguous }, LEAD_MESSAGES.ambiguous)
    }
    return chosen
  }

  async function one(exhibitorId: number, leadId: number): Promise<LeadView> {
    const [row] = await repo.leadsOf(db, exhibitorId, leadId)
    if (!row) throw notFound(LEAD_MESSAGES.notFound)
    return viewOf(row)
  }

  return {
    async scan(accountId: string, input: ScanInput, locale: Locale): Promise<{ lead: LeadView; repeated: boolean }> {
      const { exhibitionId } = await memberOf(db, input.exhibitorId, accountId, locale)
      const refusal = await repo.captureAllowed(db, input.exhibitorId)
      if (refusal) throw forbidden(refusal === 'exhibition' ? LEAD_MESSAGES.captureOff : LEAD_MESSAGES.packageOff)
      const ticket = await ticketOf(input, exhibitionId)
      if (ticket.exhibition_id !== exhibitionId) throw conflict(LEAD_MESSAGES.otherExhibition)
      if (ticket.voided) throw gone(LEAD_MESSAGES.voided)
      const recorded = await db.transaction((tx) => repo.recordScan(tx, input.exhibitorId, ticket.id, accountId, now()))
      return { lead: await one(input.exhibitorId, recorded.id), repeated: recorded.scans > 1 }
    },

    async list(accountId: string, input: ListInput, locale: Locale) {
      await memberOf(db, input.exhibitorId, accountId, locale)
      const [refusal, rows] = await Promise.all([repo.captureAllowed(db, input.exhibitorId), repo.leadsOf(db, input.exhibitorId)])
      const search = input.search?.trim() ?? ''
      const items = rows.map(viewOf).filter((lead) => {
        if (input.rating && (lead.rating ?? 'none') !== input.rating) return false
        if (!search) return true
        const tagged = lead.tags.some((tag) => tag.includes(search.toLowerCase()))
        // A name is searched only where its holder shares it: a withheld name is not there to find.
        const named = lead.firstName !== null && nameMatches({ first: lead.firstName, last: lead.lastName ?? '' }, search)
        const mailed = lead.email?.toLowerCase().includes(search.toLowerCase()) ?? false
        return tagged || named || mailed
      })
      return { captureOn: refusal === null, captureOff: refusal, total: rows.length, scans: rows.reduce((sum, row) => sum + row.scans, 0), items }
    },

    async qualify(accountId: string, input: QualifyInput, locale: Locale): Promise<{ lead: LeadView }> {
      await memberOf(db, input.exhibitorId, accountId, locale)
      const changed = await db.transaction((tx) => repo.qualify(tx, input.exhibitorId, input.leadId, input, now()))
      if (!changed) throw notFound(LEAD_MESSAGES.notFound)
      return { lead: await one(input.exhibitorId, input.leadId) }
    },

    /** The team's leads as a file: a column per field, filled only where consented now, and the consent itself. */
    async export(accountId: string, input: { exhibitorId: number; format: ExportFormat }, locale: Locale) {
      await memberOf(db, input.exhibitorId, accountId, locale)
      const t = strings(locale)
      const rows = (await repo.leadsOf(db, input.exhibitorId)).map(viewOf)
      const header = [
        t('export.name'),
        t('export.email'),
        t('export.phone'),
        t('export.consent'),
        t('export.rating'),
        t('export.tags'),
        t('export.notes'),
        t('export.scannedBy'),
        t('export.scannedAt'),
        t('export.scans'),
      ]
      const table: Cell[][] = rows.map((lead) => [
        lead.firstName !== null ? displayName({ first: lead.firstName, last: lead.lastName ?? '' }) : null,
        lead.email,
        lead.phone,
        lead.shares.length
          ? LEAD_FIELDS.filter((field) => lead.shares.includes(field))
              .map((field) => t(`fields.${field}`))
              .join(', ')
          : t('export.anonymous'),
        lead.rating ? t(`ratings.${lead.rating}`) : null,
        lead.tags.join(', ') || null,
        lead.notes || null,
        lead.scannedBy,
        lead.scannedAtVenue,
        lead.scans,
      ])
      // XLSX cells are typed: text stays text, never a formula; the CSV writer defuses formulas itself.
      const file = input.format === 'csv' ? toCsv(header, table) : await writeXlsxFile([header, ...table]).toBuffer()
      return {
        fileName: `exhibitor-${input.exhibitorId}-leads.${input.format}`,
        mediaType: EXPORT_MEDIA_TYPES[input.format],
        rows: table.length,
        base64: file.toString('base64'),
      }
    },
  }
}

export type LeadsService = ReturnType<typeof createLeadsService>
