import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { CONSOLE } from '../functions/console.ts'
import { TICKET_QUESTION_KINDS, TICKET_QUESTION_LIMITS } from '../rules/ticket-questions.ts'
import { defineContract } from './define.ts'

/**
 * The organiser's own questions on the attendee form in the console (docs/product.md#ticket-questions):
 * an exhibition's questions with their texts and choices in the 12 languages, for which ticket types,
 * in which order. Messages are `console:errors.*` keys or `errors.*` of `common`.
 */

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid')
const locale = z.enum(LOCALES)

const questionText = z.object({
  text: z.string({ error: 'errors.invalid' }).trim().max(TICKET_QUESTION_LIMITS.questionText, 'errors.tooLong').default(''),
  help: z.string({ error: 'errors.invalid' }).trim().max(TICKET_QUESTION_LIMITS.helpText, 'errors.tooLong').default(''),
  /** The choices' labels in this language, in the choices' order ('' or missing: the next language's). */
  choices: z
    .array(z.string({ error: 'errors.invalid' }).trim().max(TICKET_QUESTION_LIMITS.choiceLabel, 'errors.tooLong'))
    .max(TICKET_QUESTION_LIMITS.choicesMax, 'console:errors.ticketQuestionChoices')
    .default([]),
})

/** A language without the question's text is missing and falls back; English is required. */
const questionTexts = z.partialRecord(locale, questionText).refine((texts) => Boolean(texts.en?.text), {
  message: 'console:errors.ticketQuestionEnglish',
  path: ['en', 'text'],
})

const editorQuestion = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_QUESTION_KINDS),
  required: z.boolean(),
  position: z.number().int(),
  ticketTypeIds: z.array(z.number().int()),
  /** Number questions: the bounds as typed ('' for none). */
  min: z.string(),
  max: z.string(),
  texts: z.partialRecord(locale, z.object({ text: z.string(), help: z.string(), choices: z.array(z.string()) })),
  /** Attendees who answered it: once there are any, its kind stays and chosen choices stay. */
  answers: z.number().int(),
})

const editor = z.object({
  exhibition: z.object({ id: z.number().int(), title: z.string() }),
  ticketTypes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  questions: z.array(editorQuestion),
  limit: z.number().int(),
})

export const ticketQuestionEditor = defineContract({
  ...CONSOLE.ticketQuestionEditor,
  payload: z.object({ exhibitionId: id }),
  result: editor,
})

const bound = z.string({ error: 'console:errors.ticketQuestionBound' }).trim().max(30, 'console:errors.ticketQuestionBound').default('')

export const saveTicketQuestion = defineContract({
  ...CONSOLE.saveTicketQuestion,
  /** Without `id`: a new question at the end. */
  payload: z.object({
    exhibitionId: id,
    id: id.optional(),
    kind: z.enum(TICKET_QUESTION_KINDS, { error: 'errors.invalid' }),
    required: z.boolean({ error: 'errors.invalid' }).default(false),
    /** Empty: every ticket type of the exhibition. */
    ticketTypeIds: z.array(id).max(100, 'errors.invalid').default([]),
    min: bound,
    max: bound,
    texts: questionTexts,
  }),
  result: editor,
})

export const deleteTicketQuestion = defineContract({
  ...CONSOLE.deleteTicketQuestion,
  payload: z.object({ exhibitionId: id, id }),
  result: editor,
})

export const reorderTicketQuestions = defineContract({
  ...CONSOLE.reorderTicketQuestions,
  /** Every question's id, in the new order. */
  payload: z.object({ exhibitionId: id, ids: z.array(id).max(TICKET_QUESTION_LIMITS.questionsMax * 2, 'errors.invalid') }),
  result: editor,
})

export type TicketQuestionEditor = z.infer<typeof editor>
export type TicketQuestionEditorQuestion = z.infer<typeof editorQuestion>
