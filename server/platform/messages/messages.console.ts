import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/console-messages.ts'
import { LOCALES } from '../../../shared/languages.ts'
import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import { MESSAGE_LIMITS, paragraphsOf } from '../../../shared/rules/messages.ts'
import { fromVenueTime, isVenueTime } from '../../../shared/venue-time.ts'
import type { Database, Queryable } from '../../db/client.ts'
import { conflict, invalid, notFound } from '../errors.ts'
import { nudgeAfterCommit } from '../jobs.ts'
import { queueMail } from '../mailer.ts'
import type { Platform } from '../platform.ts'
import type { StaffActor } from '../staff-actor.ts'
import { consoleStrings } from '../kit/strings.ts'
import { exhibitionTitle } from '../tickets/index.ts'
import { type Brand, footerOf, type MessageText, messageMail, textFor } from './message-mail.ts'
import * as repo from './messages.repo.ts'

type Texts = z.output<typeof contracts.sendMessage.payload>['texts']
type Summary = z.output<typeof contracts.messageList.result>['messages'][number]
type AudienceInput = Pick<z.output<typeof contracts.previewMessage.payload>, 'exhibitionId' | 'audience' | 'ticketTypeIds' | 'checkedIn'>
type Draft = z.output<typeof contracts.previewMessage.payload>

const exhibitionNotFound = () => notFound('console:errors.exhibitionNotFound')

export const brandOf = (platform: Platform): Brand => ({
  origin: platform.config.PUBLIC_ORIGIN,
  name: platform.config.BRAND_NAME,
  contactEmail: platform.config.CONTACT_EMAIL,
})

/** An exhibition outside the member's limits does not exist for them. */
async function exhibitionFor(db: Queryable, actor: StaffActor, exhibitionId: number) {
  if (actor.scope !== null && !actor.scope.includes(exhibitionId)) throw exhibitionNotFound()
  const exhibition = await repo.exhibitionOf(db, exhibitionId)
  if (!exhibition) throw exhibitionNotFound()
  return { id: exhibition.id, timeZone: exhibition.time_zone, title: (await exhibitionTitle(db, exhibitionId, actor.locale)) ?? '' }
}

/**
 * The languages written, in the order given: a language with a subject and no body (or the reverse)
 * is a mistake to point at; one with neither is not written; at least one must be.
 */
export function writtenTexts(texts: Texts): MessageText[] {
  const errors: Record<string, string> = {}
  const written: MessageText[] = []
  for (const [locale, text] of Object.entries(texts) as Array<[MessageText['locale'], { subject: string; body: string } | undefined]>) {
    if (!text || (!text.subject && !text.body)) continue
    if (!text.subject) errors[`texts.${locale}.subject`] = 'errors.required'
    if (!text.body) errors[`texts.${locale}.body`] = 'errors.required'
    written.push({ locale, subject: text.subject, body: text.body })
  }
  if (!written.length) errors.texts = 'console:errors.messageNoText'
  if (Object.keys(errors).length) throw invalid(errors)
  return written.sort((a, b) => LOCALES.indexOf(a.locale) - LOCALES.indexOf(b.locale))
}

/** Attendee filters mean nothing to exhibitors; ticket types must be the exhibition's own. */
async function filterOf(db: Queryable, input: AudienceInput, locale: string): Promise<repo.AudienceFilter> {
  if (input.audience === 'exhibitors') return { exhibitionId: input.exhibitionId, audience: 'exhibitors', ticketTypeIds: [], checkedIn: 'any' }
  const known = new Set((await repo.ticketTypesOf(db, input.exhibitionId, locale)).map((type) => type.id))
  if (input.ticketTypeIds.some((id) => !known.has(id))) throw invalid({ ticketTypeIds: 'errors.invalid' })
  return { exhibitionId: input.exhibitionId, audience: 'attendees', ticketTypeIds: [...new Set(input.ticketTypeIds)], checkedIn: input.checkedIn }
}

function summaryOf(row: repo.MessageRow, counts: repo.Counts | undefined, actor: StaffActor): Summary {
  return {
    id: row.id,
    kind: row.kind,
    audience: row.audience,
    checkedIn: row.checked_in,
    ticketTypeIds: row.ticket_type_ids,
    state: row.state,
    subject: textFor(row.texts, actor.locale).subject,
    languages: row.texts.map((text) => text.locale),
    sendAt: row.send_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    counts: counts ?? { queued: 0, sent: 0, failed: 0, skipped: 0, cancelled: 0 },
  }
}

async function messageOf(db: Queryable, exhibitionId: number, id: number, lock = false) {
  const row = await repo.messageById(db, id, lock)
  if (row?.exhibition_id !== exhibitionId) throw notFound('console:errors.messageNotFound')
  return row
}

/** The exhibition's messages with their progress; with `id`, that message in full as well. */
export async function messageList(db: Queryable, actor: StaffActor, exhibitionId: number, id?: number) {
  const exhibition = await exhibitionFor(db, actor, exhibitionId)
  const chosen = id === undefined ? null : await messageOf(db, exhibitionId, id)
  const [ticketTypes, rows] = await Promise.all([
    repo.ticketTypesOf(db, exhibitionId, actor.locale),
    repo.messagesOf(db, exhibitionId, MESSAGE_LIMITS.listSize),
  ])
  const counts = await repo.countsOf(db, [...rows.map((row) => row.id), ...(chosen ? [chosen.id] : [])])
  return {
    exhibition,
    ticketTypes,
    messages: rows.map((row) => summaryOf(row, counts.get(row.id), actor)),
    message: chosen
      ? {
          ...summaryOf(chosen, counts.get(chosen.id), actor),
          texts: Object.fromEntries(chosen.texts.map((text) => [text.locale, { subject: text.subject, body: text.body }])),
        }
      : null,
  }
}

/**
 * A draft: how many it would reach now and how many of them are left out; with `language`, the mail
 * a reader of that language gets (paragraphs and footer, as the console shows them); with
 * `mailToMe`, that mail to the member's own address, marked as a test. The test's unsubscribe link
 * (marketing) names no recipient, so it leads to the page's "not a valid link".
 */
export async function previewMessage(platform: Platform, actor: StaffActor, language: ConsoleLanguage, draft: Draft) {
  const { db } = platform
  const exhibition = await exhibitionFor(db, actor, draft.exhibitionId)
  const counted = await repo.countAudience(db, await filterOf(db, draft, actor.locale), draft.kind, platform.config.BRAND_NAME)
  if (!draft.language) return { ...counted, mail: null, testTo: null }
  const text = textFor(writtenTexts(draft.texts), draft.language)
  const brand = brandOf(platform)
  const paragraphs = paragraphsOf(text.body)
  const mail = { language: text.locale, subject: text.subject, paragraphs, footer: footerOf(draft.kind, text.locale, brand, exhibition.title) }
  if (!draft.mailToMe) return { ...counted, mail, testTo: null }
  const to = await repo.staffEmail(db, actor.staffId)
  if (!to) throw notFound('console:errors.messageNotFound')
  await platform.rateLimits.consume({ name: 'messages.test', points: 10, durationSeconds: 600 }, actor.staffId)
  const prefix = `${consoleStrings(language)('mail.testPrefix')} `
  await db.transaction((tx) =>
    queueMail(tx, messageMail({ to, kind: draft.kind, text, brand, exhibition: exhibition.title, unsubscribeToken: 'test', subjectPrefix: prefix })),
  )
  return { ...counted, mail, testTo: to }
}

/** A message written and set to go now or at a venue time, with its audit row, in one transaction. */
export async function sendMessage(platform: Platform, actor: StaffActor, input: z.output<typeof contracts.sendMessage.payload>) {
  const db: Database = platform.db
  const exhibition = await exhibitionFor(db, actor, input.exhibitionId)
  const texts = writtenTexts(input.texts)
  const filter = await filterOf(db, input, actor.locale)
  if (input.sendAt && !isVenueTime(input.sendAt)) throw invalid({ sendAt: 'errors.invalid' })
  const now = new Date()
  const sendAt = input.sendAt ? fromVenueTime(input.sendAt, exhibition.timeZone) : now
  // A minute's grace: the member picked "this minute" on a clock that has moved on since.
  if (sendAt.getTime() < now.getTime() - 60_000) throw invalid({ sendAt: 'console:errors.messageSendAtPast' })
  if (sendAt.getTime() > now.getTime() + MESSAGE_LIMITS.scheduleDays * 86_400_000) throw invalid({ sendAt: 'console:errors.messageSendAtFar' })
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertMessage(tx, { ...filter, kind: input.kind, texts, sendAt, staffId: actor.staffId })
    // "Send now" goes out when this commits, not at the job's next round (docs/product.md#mail-after-commit).
    if (sendAt.getTime() <= now.getTime()) await nudgeAfterCommit(tx, repo.MESSAGES_JOB)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      {
        function: 'console$sendMessage',
        target: `message:${inserted.id}`,
        before: null,
        after: { ...filter, kind: input.kind, sendAt: sendAt.toISOString(), subjects: Object.fromEntries(texts.map((text) => [text.locale, text.subject])) },
      },
    )
    return inserted
  })
  return { id: row.id }
}

/** Stops a message: whoever is still queued is not mailed; what is in the outbox already goes. */
export async function cancelMessage(platform: Platform, actor: StaffActor, exhibitionId: number, id: number) {
  await exhibitionFor(platform.db, actor, exhibitionId)
  return platform.db.transaction(async (tx) => {
    const row = await messageOf(tx, exhibitionId, id, true)
    if (row.state !== 'scheduled' && row.state !== 'sending') throw conflict('console:errors.messageFinished')
    await repo.cancel(tx, id, new Date())
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: 'console$cancelMessage', target: `message:${id}`, before: { state: row.state }, after: { state: 'cancelled' } },
    )
    return { id, state: 'cancelled' as const }
  })
}
