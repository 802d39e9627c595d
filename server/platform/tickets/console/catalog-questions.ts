import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-ticket-questions.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import { CHOICE_KINDS, cleanNumber, TICKET_QUESTION_LIMITS } from '../../../../shared/rules/ticket-questions.ts'
import type { Queryable } from '../../../db/client.ts'
import { conflict, invalid, notFound } from '../../errors.ts'
import { type CatalogContext, exhibitionInScope, ticketTypesOf } from '../../exhibitions/index.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { choiceId } from '../question-views.ts'
import * as repo from '../questions.repo.ts'
import { exhibitionTitle } from './staff-orders.repo.ts'

type SaveInput = z.output<typeof contracts.saveTicketQuestion.payload>
type Editor = z.output<typeof contracts.ticketQuestionEditor.result>

/** The questions of an exhibition as the console edits them, with the ticket types they may be limited to. */
export async function ticketQuestionEditor(db: Queryable, actor: StaffActor, exhibitionId: number): Promise<Editor> {
  const exhibition = await exhibitionInScope(db, actor.scope, exhibitionId)
  const [title, types, questions, counts] = await Promise.all([
    exhibitionTitle(db, exhibition.id, actor.locale),
    ticketTypesOf(db, exhibition.id),
    repo.questionsOf(db, exhibition.id),
    repo.answerCounts(db, exhibition.id),
  ])
  return {
    exhibition: { id: exhibition.id, title: title ?? '' },
    ticketTypes: types.map((type) => ({ id: type.id, name: type.texts[actor.locale]?.name || type.texts.en?.name || type.key })),
    questions: questions.map((question) => ({
      id: question.id,
      kind: question.kind,
      required: question.required,
      position: question.position,
      ticketTypeIds: question.ticket_type_ids,
      min: question.min_value ?? '',
      max: question.max_value ?? '',
      texts: Object.fromEntries(
        Object.entries(question.texts).map(([locale, text]) => [locale, { text: text?.text ?? '', help: text?.help ?? '', choices: text?.choices ?? [] }]),
      ),
      answers: counts.get(question.id) ?? 0,
    })),
    limit: TICKET_QUESTION_LIMITS.questionsMax,
  }
}

/**
 * The stored form of a question: its languages that have a text; for choices the labels, the same
 * number in every language that names them (English decides how many); for numbers the bounds read
 * as numbers are, in order.
 */
function fieldsOf(input: SaveInput, typeIds: readonly number[]): repo.QuestionFields {
  const choice = CHOICE_KINDS.includes(input.kind)
  const english = input.texts.en?.choices ?? []
  const errors: Record<string, string> = {}
  if (choice && (english.length < TICKET_QUESTION_LIMITS.choicesMin || english.some((label) => !label)))
    errors['texts.en.choices'] = 'console:errors.ticketQuestionChoices'
  const texts: repo.QuestionTexts = {}
  for (const locale of LOCALES) {
    const text = input.texts[locale]
    if (!text?.text) continue
    const labels = choice ? text.choices : []
    const named = labels.filter(Boolean)
    if (choice && locale !== 'en' && named.length > 0 && (labels.length !== english.length || named.length !== labels.length)) {
      errors[`texts.${locale}.choices`] = 'console:errors.ticketQuestionChoicesEach'
    }
    texts[locale] = { text: text.text, help: text.help, choices: named.length ? labels : [] }
  }
  const number = input.kind === 'number'
  const min = number && input.min ? cleanNumber(input.min) : null
  const max = number && input.max ? cleanNumber(input.max) : null
  if (number && input.min && min === null) errors.min = 'console:errors.ticketQuestionBound'
  if (number && input.max && max === null) errors.max = 'console:errors.ticketQuestionBound'
  if (min !== null && max !== null && Number(min) > Number(max)) errors.max = 'console:errors.ticketQuestionBounds'
  if (input.ticketTypeIds.some((id) => !typeIds.includes(id))) errors.ticketTypeIds = 'console:errors.ticketTypeNotFound'
  if (Object.keys(errors).length) throw invalid(errors)
  const ticketTypeIds = typeIds.filter((id) => input.ticketTypeIds.includes(id))
  return { kind: input.kind, required: input.required, ticketTypeIds, min, max, choiceCount: choice ? english.length : 0, texts }
}

/** Each change to the questions: in one transaction with its audit row, the exhibition locked (two members saving at once queue). */
async function change(
  context: CatalogContext,
  actor: StaffActor,
  exhibitionId: number,
  work: (tx: Queryable) => Promise<{ target: string; before: unknown; after: unknown; fn: string }>,
): Promise<Editor> {
  const { db } = context.platform
  await db.transaction(async (tx) => {
    await exhibitionInScope(tx, actor.scope, exhibitionId, true)
    const done = await work(tx)
    await context.audit(tx, actor, { function: done.fn, target: done.target, before: done.before, after: done.after })
  })
  context.platform.contentChanged({ scope: 'tickets' })
  return ticketQuestionEditor(db, actor, exhibitionId)
}

async function questionOf(tx: Queryable, exhibitionId: number, id: number): Promise<repo.QuestionRow> {
  const question = await repo.questionById(tx, id)
  if (question?.exhibition_id !== exhibitionId) throw notFound('console:errors.ticketQuestionNotFound')
  return question
}

/**
 * Adds or changes a question. Once answered, its kind stays (the answers are of that kind) and a
 * choice somebody chose cannot be removed (docs/product.md#ticket-questions): labels may change and
 * choices may be added at the end.
 */
export function saveTicketQuestion(context: CatalogContext, actor: StaffActor, input: SaveInput): Promise<Editor> {
  return change(context, actor, input.exhibitionId, async (tx) => {
    const fields = fieldsOf(
      input,
      (await ticketTypesOf(tx, input.exhibitionId)).map((type) => type.id),
    )
    if (input.id === undefined) {
      const existing = await repo.questionsOf(tx, input.exhibitionId)
      if (existing.length >= TICKET_QUESTION_LIMITS.questionsMax)
        throw conflict('console:errors.ticketQuestionsTooMany', { max: TICKET_QUESTION_LIMITS.questionsMax })
      const id = await repo.insertQuestion(tx, input.exhibitionId, fields)
      return { fn: 'console$saveTicketQuestion', target: `ticketQuestion:${id}`, before: null, after: await repo.questionById(tx, id) }
    }
    const before = await questionOf(tx, input.exhibitionId, input.id)
    const answered = (await repo.answerCounts(tx, input.exhibitionId)).get(input.id) ?? 0
    if (answered && before.kind !== fields.kind) throw conflict('console:errors.ticketQuestionAnsweredKind')
    const removed = Array.from({ length: Math.max(0, before.choice_count - fields.choiceCount) }, (_, index) => choiceId(fields.choiceCount + index))
    if (await repo.anyChose(tx, input.id, removed)) throw conflict('console:errors.ticketQuestionChoiceChosen')
    await repo.updateQuestion(tx, input.id, fields)
    return { fn: 'console$saveTicketQuestion', target: `ticketQuestion:${input.id}`, before, after: await repo.questionById(tx, input.id) }
  })
}

/** Deletes a question nobody has answered; an answered one stays (its answers are the attendees'). */
export function deleteTicketQuestion(context: CatalogContext, actor: StaffActor, exhibitionId: number, id: number): Promise<Editor> {
  return change(context, actor, exhibitionId, async (tx) => {
    const before = await questionOf(tx, exhibitionId, id)
    if ((await repo.answerCounts(tx, exhibitionId)).get(id)) throw conflict('console:errors.ticketQuestionAnswered')
    await repo.deleteQuestion(tx, id)
    return { fn: 'console$deleteTicketQuestion', target: `ticketQuestion:${id}`, before, after: null }
  })
}

/** A new order of every question of the exhibition (the list must name each exactly once). */
export function reorderTicketQuestions(context: CatalogContext, actor: StaffActor, exhibitionId: number, ids: readonly number[]): Promise<Editor> {
  return change(context, actor, exhibitionId, async (tx) => {
    const before = (await repo.questionsOf(tx, exhibitionId)).map((question) => question.id)
    if (ids.length !== before.length || new Set(ids).size !== ids.length || !ids.every((id) => before.includes(id))) throw invalid({ ids: 'errors.invalid' })
    await repo.setPositions(tx, exhibitionId, ids)
    return { fn: 'console$reorderTicketQuestions', target: `exhibition:${exhibitionId}`, before: { order: before }, after: { order: ids } }
  })
}
