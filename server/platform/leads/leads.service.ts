import type { z } from 'zod'
import writeXlsxFile from 'write-excel-file/node'
import type * as contracts from '../../../shared/contracts/leads.ts'
import type { Locale } from '../../../shared/languages.ts'
import { EXPORT_MEDIA_TYPES, type ExportFormat } from '../../../shared/rules/console-exports.ts'
import { ERASED } from '../../../shared/rules/console-visitors.ts'
import {
  keptAnswer,
  LEAD_FIELDS,
  LEAD_LIMITS,
  LEAD_MESSAGES,
  type LeadQuestionKind,
  type LeadRating,
  type LeadSyncOutcome,
  shownAnswer,
} from '../../../shared/rules/leads.ts'
import { displayName, searchForm } from '../../../shared/rules/names.ts'
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
type QuestionInput = z.output<typeof contracts.saveLeadQuestion.payload>
type QuestionView = z.output<typeof contracts.leadQuestion>
type AnswerRow = Awaited<ReturnType<typeof repo.answersOf>>[number]
type SyncInput = z.output<typeof contracts.syncLeads.payload>
type SyncEntry = SyncInput['scans'][number]
type SyncItem = z.output<typeof contracts.syncLeads.result>['items'][number]

/** The injected clock (tests set it): every scan and change is stamped with it. */
const now = () => new Date(Date.now())
const strings = loadStrings('leads')

const two = (value: number) => String(value).padStart(2, '0')
/** The venue's wall clock, digits only, so every language reads it alike and the page needs no Intl. */
function venueTime(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone)
  return `${clock.year}-${two(clock.month)}-${two(clock.day)} ${two(clock.hour)}:${two(clock.minute)}`
}

const questionView = (row: repo.QuestionRow): QuestionView => ({ id: row.id, kind: row.kind as LeadQuestionKind, label: row.label, options: row.options })

/** Who the lead is, as the attendee's consent allows now (docs/product.md#leads): computed on every read. */
function viewOf(row: repo.LeadRow, answers: readonly AnswerRow[]): LeadView {
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
    answers: answers
      .filter((answer) => answer.lead_id === row.id)
      .map((answer) => ({ questionId: answer.question_id, value: shownAnswer(answer.kind as LeadQuestionKind, answer.value) })),
  }
}

/** Leads as the team reads them, each with its answers (one query for all of them). */
async function viewsOf(db: Queryable, rows: readonly repo.LeadRow[]): Promise<LeadView[]> {
  const answers = await repo.answersOf(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => viewOf(row, answers))
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
    if (!input.orderCode && input.name) {
      // A whole name, never a part: typing names must not become a way to list who came.
      const folded = searchForm(input.name)
      const found = folded ? await repo.ticketsByName(db, exhibitionId, folded) : []
      if (found.length > 1) throw invalid({ name: LEAD_MESSAGES.nameAmbiguous }, LEAD_MESSAGES.nameAmbiguous)
      if (!found[0]) throw notFound(LEAD_MESSAGES.nameNotFound)
      return found[0]
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

  /** A device's clock is never trusted beyond the server's: a scan or an edit "from the future" happened now. */
  const notAfter = (claimed: string, at: Date) => {
    const time = new Date(claimed)
    return time.getTime() > at.getTime() ? at : time
  }

  /** Each queued code judged as lead$scan judges one, all tickets read at once; the ticket id where it may become a lead. */
  async function judge(entries: readonly SyncEntry[], exhibitionId: number): Promise<Array<{ outcome: LeadSyncOutcome | null; ticketId: string | null }>> {
    const signed = entries.map((entry) => platform.services.tickets.signer.verify(entry.code))
    const ids = [...new Set(signed.flatMap((ticket) => (ticket && ticket.exhibitionId === exhibitionId ? [ticket.ticketId] : [])))]
    const tickets = new Map((await repo.ticketsByIds(db, ids)).map((ticket) => [ticket.id, ticket]))
    return signed.map((ticket) => {
      if (!ticket) return { outcome: 'badCode', ticketId: null }
      if (ticket.exhibitionId !== exhibitionId) return { outcome: 'otherExhibition', ticketId: null }
      const known = tickets.get(ticket.ticketId)
      if (!known) return { outcome: 'badCode', ticketId: null }
      if (known.exhibition_id !== exhibitionId) return { outcome: 'otherExhibition', ticketId: null }
      if (known.voided) return { outcome: 'voided', ticketId: null }
      return { outcome: null, ticketId: known.id }
    })
  }

  async function one(exhibitorId: number, leadId: number): Promise<LeadView> {
    const [row] = await repo.leadsOf(db, exhibitorId, leadId)
    if (!row) throw notFound(LEAD_MESSAGES.notFound)
    return (await viewsOf(db, [row]))[0] as LeadView
  }

  /** The list's filters checked against the exhibitor's questions: an answer filter names a choice or yes / no question of theirs. */
  function filterOf(input: ListInput, questions: readonly repo.QuestionRow[]): repo.LeadFilter {
    const fields: Record<string, string> = {}
    const answers = (input.answers ?? []).map((answer, index) => {
      const question = questions.find((item) => item.id === answer.questionId)
      if (!question || question.kind === 'text') fields[`answers.${index}.questionId`] = LEAD_MESSAGES.questionNotFound
      else if ((question.kind === 'yesno') !== (typeof answer.value === 'boolean')) fields[`answers.${index}.value`] = 'errors.invalid'
      return { questionId: answer.questionId, value: typeof answer.value === 'boolean' ? (answer.value ? 'yes' : 'no') : answer.value }
    })
    const [first] = Object.values(fields)
    if (first) throw invalid(fields, first)
    const search = input.search?.trim() ?? ''
    return {
      rating: input.rating ?? null,
      tag: input.tag ?? null,
      scannedBy: input.scannedBy ?? null,
      answers,
      search: search ? { lower: search.toLowerCase(), name: searchForm(search) } : null,
    }
  }

  /** The answers a qualify call sets, checked against the questions as they are now (locked until it commits). */
  async function answersToKeep(tx: Queryable, exhibitorId: number, answers: QualifyInput['answers']) {
    if (!answers?.length) return []
    const questions = await repo.questionsOf(tx, exhibitorId, 'share')
    const fields: Record<string, string> = {}
    const kept: { questionId: number; value: string | null }[] = []
    answers.forEach((answer, index) => {
      // A question removed while the lead was open: its answer has nowhere to go, the rest is saved.
      const question = questions.find((item) => item.id === answer.questionId)
      if (!question) return
      const outcome = keptAnswer({ kind: question.kind as LeadQuestionKind, options: question.options }, answer.value)
      if ('problem' in outcome) fields[`answers.${index}.value`] = outcome.problem
      else kept.push({ questionId: question.id, value: outcome.value })
    })
    const [first] = Object.values(fields)
    if (first) throw invalid(fields, first)
    return kept
  }

  /** An admin's change to the questions (docs/product.md#lead-questions): the exhibitor locked, so changes queue. */
  async function changeQuestions(accountId: string, exhibitorId: number, locale: Locale, work: (tx: Queryable) => Promise<void>) {
    return db.transaction(async (tx) => {
      await platform.services.exhibitors.lockForAdmin(tx, exhibitorId, accountId, locale)
      await work(tx)
      return { questions: (await repo.questionsOf(tx, exhibitorId)).map(questionView) }
    })
  }

  return {
    async scan(accountId: string, input: ScanInput, locale: Locale): Promise<{ lead: LeadView; repeated: boolean }> {
      const { exhibitionId } = await memberOf(db, input.exhibitorId, accountId, locale)
      const refusal = await repo.captureAllowed(db, input.exhibitorId)
      if (refusal) throw forbidden(refusal === 'exhibition' ? LEAD_MESSAGES.captureOff : LEAD_MESSAGES.packageOff)
      const ticket = await ticketOf(input, exhibitionId)
      if (ticket.exhibition_id !== exhibitionId) throw conflict(LEAD_MESSAGES.otherExhibition)
      if (ticket.voided) throw gone(LEAD_MESSAGES.voided)
      const recorded = await db.transaction(async (tx) => {
        const row = await repo.recordScan(tx, input.exhibitorId, ticket.id, accountId, now())
        if (row.scans === 1) await platform.services.leadWebhooks.record(tx, [row.id], 'lead.created')
        return row
      })
      return { lead: await one(input.exhibitorId, recorded.id), repeated: recorded.scans > 1 }
    },

    /**
     * A phone's queued scans (docs/product.md#leads-offline): judged as lead$scan judges one, then, in
     * one transaction, the entries not received before count their scans into one lead per ticket (the
     * earliest scan time kept, none later than now), and the qualifying done offline is applied where
     * it is the latest edit. Sending the same batch again answers alike and changes nothing.
     */
    async sync(accountId: string, input: SyncInput, locale: Locale): Promise<{ items: SyncItem[] }> {
      const { exhibitionId } = await memberOf(db, input.exhibitorId, accountId, locale)
      const refusal = await repo.captureAllowed(db, input.exhibitorId)
      if (refusal) throw forbidden(refusal === 'exhibition' ? LEAD_MESSAGES.captureOff : LEAD_MESSAGES.packageOff)
      const judged = await judge(input.scans, exhibitionId)
      const at = now()
      const accepted = input.scans.flatMap((entry, index) => {
        const ticketId = judged[index]?.ticketId
        return ticketId ? [{ entry, ticketId }] : []
      })
      const made = await db.transaction(async (tx) => {
        const fresh = await repo.receiveScans(
          tx,
          input.exhibitorId,
          accepted.map(({ entry }) => entry.id),
          at,
        )
        // One row per ticket: a phone that queued a ticket twice (or a forged batch) still makes one lead.
        const merged = new Map<string, repo.QueuedScans>()
        for (const { entry, ticketId } of accepted) {
          if (!fresh.has(entry.id)) continue
          const first = notAfter(entry.scannedAt, at)
          const last = notAfter(entry.lastScannedAt, at)
          const times = { firstAt: first < last ? first : last, lastAt: first < last ? last : first }
          const before = merged.get(ticketId)
          merged.set(
            ticketId,
            before
              ? {
                  ticketId,
                  firstAt: before.firstAt < times.firstAt ? before.firstAt : times.firstAt,
                  lastAt: before.lastAt > times.lastAt ? before.lastAt : times.lastAt,
                  scans: before.scans + entry.scans,
                }
              : { ticketId, ...times, scans: entry.scans },
          )
        }
        const recorded = await repo.recordQueuedScans(tx, input.exhibitorId, accountId, [...merged.values()], at)
        const edits = accepted.flatMap(({ entry, ticketId }) =>
          entry.qualified ? [{ ticketId, ...entry.qualified, editedAt: notAfter(entry.qualified.editedAt, at) }] : [],
        )
        await repo.qualifyQueued(tx, input.exhibitorId, edits, ERASED.name, at)
        return recorded
      })
      const leads = await repo.leadIdsOf(
        db,
        input.exhibitorId,
        accepted.map(({ ticketId }) => ticketId),
      )
      const told = new Set<string>()
      const items = input.scans.map((entry, index): SyncItem => {
        const verdict = judged[index]
        if (!verdict?.ticketId) return { id: entry.id, outcome: verdict?.outcome ?? 'badCode', leadId: null }
        // The entry that made the lead says so once; any other entry of the ticket found it there.
        const added = made.get(verdict.ticketId)?.inserted === true && !told.has(verdict.ticketId)
        told.add(verdict.ticketId)
        return { id: entry.id, outcome: added ? 'added' : 'repeated', leadId: leads.get(verdict.ticketId) ?? null }
      })
      return { items }
    },

    async list(accountId: string, input: ListInput, locale: Locale) {
      const { exhibitionId, role } = await memberOf(db, input.exhibitorId, accountId, locale)
      const questions = await repo.questionsOf(db, input.exhibitorId)
      const filter = filterOf(input, questions)
      const [cursorAt, cursorId] = input.after?.split('~') ?? []
      const after = cursorAt && cursorId ? { at: cursorAt, id: Number(cursorId) } : null
      const [refusal, facts, rows, matching, timeZone] = await Promise.all([
        repo.captureAllowed(db, input.exhibitorId),
        repo.listFacts(db, input.exhibitorId),
        repo.leadPage(db, input.exhibitorId, filter, after, LEAD_LIMITS.page),
        repo.matchingCount(db, input.exhibitorId, filter),
        repo.timeZoneOf(db, exhibitionId),
      ])
      const page = rows.slice(0, LEAD_LIMITS.page)
      const key = platform.services.tickets.signer.publicKey()
      return {
        captureOn: refusal === null,
        captureOff: refusal,
        role,
        exhibitionId,
        publicKey: { kid: key.kid, x: key.jwk.x },
        timeZone,
        total: facts.total,
        scans: facts.scans,
        matching,
        items: await viewsOf(db, page),
        next: rows.length > page.length ? (page.at(-1)?.cursor ?? null) : null,
        questions: questions.map(questionView),
        tags: facts.tags,
        scanners: facts.scanners,
      }
    },

    async qualify(accountId: string, input: QualifyInput, locale: Locale): Promise<{ lead: LeadView }> {
      await memberOf(db, input.exhibitorId, accountId, locale)
      await db.transaction(async (tx) => {
        const answers = await answersToKeep(tx, input.exhibitorId, input.answers)
        const at = now()
        if (!(await repo.qualify(tx, input.exhibitorId, input.leadId, input, at))) throw notFound(LEAD_MESSAGES.notFound)
        await repo.setAnswers(tx, input.leadId, answers, at)
        await platform.services.leadWebhooks.record(tx, [input.leadId], 'lead.updated')
      })
      return { lead: await one(input.exhibitorId, input.leadId) }
    },

    /** The team's leads as a file: a column per field, filled only where consented now, and the consent itself. */
    async export(accountId: string, input: { exhibitorId: number; format: ExportFormat }, locale: Locale) {
      await memberOf(db, input.exhibitorId, accountId, locale)
      const t = strings(locale)
      const [rows, questions] = await Promise.all([
        repo.leadsOf(db, input.exhibitorId).then((found) => viewsOf(db, found)),
        repo.questionsOf(db, input.exhibitorId),
      ])
      const answerCell = (lead: LeadView, questionId: number): Cell => {
        const value = lead.answers.find((answer) => answer.questionId === questionId)?.value
        if (value === undefined) return null
        return typeof value === 'boolean' ? t(value ? 'answers.yes' : 'answers.no') : value
      }
      const header = [
        t('export.name'),
        t('export.company'),
        t('export.position'),
        t('export.email'),
        t('export.phone'),
        t('export.consent'),
        t('export.rating'),
        t('export.tags'),
        t('export.notes'),
        t('export.scannedBy'),
        t('export.scannedAt'),
        t('export.scans'),
        // A column per question, headed by the team's own words (docs/product.md#lead-questions).
        ...questions.map((question) => question.label),
      ]
      const table: Cell[][] = rows.map((lead) => [
        lead.firstName !== null ? displayName({ first: lead.firstName, last: lead.lastName ?? '' }) : null,
        lead.company,
        lead.jobTitle,
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
        ...questions.map((question) => answerCell(lead, question.id)),
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

    /** An admin adds a question (at the end, at most LEAD_LIMITS.questions) or changes one. */
    async saveQuestion(accountId: string, input: QuestionInput, locale: Locale) {
      const values = { kind: input.kind, label: input.label, options: input.kind === 'choice' ? input.options : [] }
      return changeQuestions(accountId, input.exhibitorId, locale, async (tx) => {
        if (input.questionId) {
          if (!(await repo.changeQuestion(tx, input.exhibitorId, input.questionId, values, now()))) throw notFound(LEAD_MESSAGES.questionNotFound)
          return
        }
        if ((await repo.questionsOf(tx, input.exhibitorId)).length >= LEAD_LIMITS.questions) throw conflict(LEAD_MESSAGES.tooManyQuestions)
        await repo.addQuestion(tx, input.exhibitorId, values, now())
      })
    },

    async removeQuestion(accountId: string, input: { exhibitorId: number; questionId: number }, locale: Locale) {
      return changeQuestions(accountId, input.exhibitorId, locale, async (tx) => {
        if (!(await repo.removeQuestion(tx, input.exhibitorId, input.questionId))) throw notFound(LEAD_MESSAGES.questionNotFound)
      })
    },

    /** One place up or down; at either end it stays where it is. */
    async moveQuestion(accountId: string, input: { exhibitorId: number; questionId: number; direction: 'up' | 'down' }, locale: Locale) {
      return changeQuestions(accountId, input.exhibitorId, locale, async (tx) => {
        const ids = (await repo.questionsOf(tx, input.exhibitorId)).map((question) => question.id)
        const from = ids.indexOf(input.questionId)
        if (from < 0) throw notFound(LEAD_MESSAGES.questionNotFound)
        const to = input.direction === 'up' ? from - 1 : from + 1
        if (to < 0 || to >= ids.length) return
        ;[ids[from], ids[to]] = [ids[to] as number, ids[from] as number]
        await repo.orderQuestions(tx, input.exhibitorId, ids, now())
      })
    },
  }
}

export type LeadsService = ReturnType<typeof createLeadsService>
