import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/tickets.ts'
import type { Locale } from '../../../shared/languages.ts'
import { attendeeChangesOpen } from '../../../shared/rules/tickets.ts'
import {
  checkTicketAnswers,
  questionsForType,
  TICKET_ANSWER_MESSAGES,
  type TicketAnswers,
  type TicketQuestionView,
} from '../../../shared/rules/ticket-questions.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, invalid, notFound } from '../errors.ts'
import { countryChoices, isCountryCode } from '../kit/country-names.ts'
import type { Platform } from '../platform.ts'
import type { RateRule } from '../rate-limits.ts'
import { answerFilesOf, attachAnswerFiles } from './answer-files.ts'
import { answerText, questionView } from './question-views.ts'
import * as questions from './questions.repo.ts'

type AnswerView = Pick<z.output<typeof contracts.orderDetail>['attendees'][number], 'answers' | 'answerTexts'>

/** Changes to answers after the order: enough for a person correcting a few tickets, not for a script. */
export const ANSWER_CHANGES_PER_ACCOUNT: RateRule = { name: 'tickets.answers.account', points: 30, durationSeconds: 60 * 60 }

/** The exhibition's questions in a language, in their order. */
export async function questionViewsOf(db: Queryable, exhibitionId: number, locale: Locale): Promise<TicketQuestionView[]> {
  return (await questions.questionsOf(db, exhibitionId)).map((row) => questionView(row, locale))
}

/** A country question's choices go with the order only when the exhibition asks one. */
export const countriesFor = (views: readonly TicketQuestionView[], locale: Locale) =>
  views.some((view) => view.kind === 'country') ? countryChoices(locale) : []

/**
 * Each attendee's answers checked against the questions of their ticket type; every problem of every
 * form at once, as `attendees.<index>.answers.<question id>`.
 */
export function checkOrderAnswers(
  views: readonly TicketQuestionView[],
  attendees: ReadonlyArray<{ ticketTypeId: number; answers: Readonly<Record<string, unknown>> }>,
): TicketAnswers[] {
  const fields: Record<string, string> = {}
  const clean = attendees.map((attendee, index) => {
    const checked = checkTicketAnswers(questionsForType(views, attendee.ticketTypeId), attendee.answers, isCountryCode)
    for (const [id, key] of Object.entries(checked.errors)) fields[`attendees.${index}.answers.${id}`] = key
    return checked.clean
  })
  if (Object.keys(fields).length) throw invalid(fields)
  return clean
}

/** The answers of the order's attendees, by attendee id: as the form holds them and as people read them. */
export async function answerViewsOf(
  db: Queryable,
  attendeeIds: readonly string[],
  views: readonly TicketQuestionView[],
  locale: Locale,
): Promise<Map<string, AnswerView>> {
  const byAttendee = new Map<string, AnswerView>(attendeeIds.map((id) => [id, { answers: {}, answerTexts: [] }]))
  const rows = await questions.answersOf(db, attendeeIds)
  const fileKinds = new Set(views.filter((view) => view.kind === 'file').map((view) => view.id))
  const files = await answerFilesOf(
    db,
    rows.filter((row) => fileKinds.has(row.question_id) && typeof row.value === 'string').map((row) => row.value as string),
  )
  for (const view of views) {
    for (const row of rows) {
      if (row.question_id !== view.id) continue
      const target = byAttendee.get(row.attendee_id)
      if (!target) continue
      const file = view.kind === 'file' ? files.get(row.value as string) : undefined
      // A file answer whose file is gone (erased) is no answer.
      if (view.kind === 'file' && !file) continue
      target.answers[String(view.id)] = row.value
      target.answerTexts.push(
        file
          ? { questionId: view.id, question: view.text, answer: file.name, file }
          : { questionId: view.id, question: view.text, answer: answerText(view, row.value, locale) },
      )
    }
  }
  return byAttendee
}

/** Writes an attendee's clean answers and gives them the files they name; the ids of the questions whose file cannot be given. */
export async function writeAnswers(
  tx: Queryable,
  caller: { accountId: string; attendeeId: string; now: Date },
  views: readonly TicketQuestionView[],
  answers: TicketAnswers,
): Promise<number[]> {
  await questions.replaceAnswers(tx, caller.attendeeId, answers)
  return attachAnswerFiles(tx, caller, views, answers)
}

/**
 * The buyer, or the attendee signed in with the ticket's own address, changes a ticket's answers
 * until the cut-off (`attendeeChangesOpen` in shared/rules/tickets.ts, docs/product.md#attendee-changes). Anyone else hears the same 404 as for a
 * ticket that does not exist; a cancelled order's tickets are not changed.
 */
export async function setTicketAnswers(
  platform: Platform,
  caller: { userId: string; locale: Locale },
  input: z.output<typeof contracts.setTicketAnswers.payload>,
): Promise<z.output<typeof contracts.setTicketAnswers.result>> {
  await platform.rateLimits.consume(ANSWER_CHANGES_PER_ACCOUNT, caller.userId)
  return platform.db.transaction(async (tx) => {
    const found = await tx.query<{
      attendee_id: string
      order_id: string
      exhibition_id: number
      status: string
      starts_at: Date
      attendee_changes_until: Date | null
    }>(
      `select a.id::text as attendee_id, o.id::text as order_id, o.exhibition_id, o.status, e.starts_at, e.attendee_changes_until
         from ticket_attendees a join ticket_orders o on o.id = a.order_id join exhibitions e on e.id = o.exhibition_id
        where o.number = $1 and a.position = $2
          and ((o.account_id = $3 and a.transferred_at is null) or exists (select 1 from accounts c where c.id = $3 and c.email_verified_at is not null and lower(c.email) = lower(a.email)))
        for update of a`,
      [input.orderNumber, input.position, caller.userId],
    )
    const ticket = found.rows[0]
    if (!ticket) throw notFound()
    if (ticket.status === 'cancelled') throw conflict('tickets:questions.errors.cancelled')
    if (!attendeeChangesOpen({ startsAt: ticket.starts_at, attendeeChangesUntil: ticket.attendee_changes_until }, new Date()))
      throw conflict('tickets:questions.errors.closed')
    const types = await tx.query<{ ticket_type_id: number; quantity: number }>(
      `select l.ticket_type_id, l.quantity from ticket_order_lines l join ticket_types t on t.id = l.ticket_type_id
        where l.order_id = $1 order by t.sort, t.id`,
      [ticket.order_id],
    )
    const positions = types.rows.flatMap((line) => Array.from({ length: line.quantity }, () => line.ticket_type_id))
    const views = await questionViewsOf(tx, ticket.exhibition_id, caller.locale)
    const ticketTypeId = positions[input.position - 1] ?? 0
    const checked = checkTicketAnswers(questionsForType(views, ticketTypeId), input.answers, isCountryCode)
    if (Object.keys(checked.errors).length) {
      throw invalid(Object.fromEntries(Object.entries(checked.errors).map(([id, key]) => [`answers.${id}`, key])))
    }
    const refused = await writeAnswers(tx, { accountId: caller.userId, attendeeId: ticket.attendee_id, now: new Date() }, views, checked.clean)
    if (refused.length) throw invalid(Object.fromEntries(refused.map((id) => [`answers.${id}`, TICKET_ANSWER_MESSAGES.file])))
    const view = (await answerViewsOf(tx, [ticket.attendee_id], views, caller.locale)).get(ticket.attendee_id) ?? { answers: {}, answerTexts: [] }
    return { position: input.position, ...view }
  })
}
