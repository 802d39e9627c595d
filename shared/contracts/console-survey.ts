import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { CONSOLE } from '../functions/console.ts'
import { SURVEY_KINDS, SURVEY_LIMITS } from '../rules/survey.ts'
import { defineContract } from './define.ts'

/**
 * The post-event survey in the organiser's console (docs/product.md#survey): an exhibition's
 * questions with their texts in the 12 languages, their order, the results as counts, and the answers
 * as a file. Messages are `console:errors.*` keys or `errors.*` of `common`.
 */

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid')
const locale = z.enum(LOCALES)

const questionText = z.object({
  text: z.string().trim().max(SURVEY_LIMITS.questionText, 'errors.tooLong').default(''),
  options: z.array(z.string().trim().max(SURVEY_LIMITS.optionText, 'errors.tooLong')).max(SURVEY_LIMITS.optionsMax, 'console:errors.surveyOptions').default([]),
})

/** A language without the question's text is missing and falls back; English is required. */
const questionTexts = z.partialRecord(locale, questionText).refine((texts) => Boolean(texts.en?.text), {
  message: 'console:errors.surveyEnglishText',
  path: ['en', 'text'],
})

const editorQuestion = z.object({
  id: z.number().int(),
  kind: z.enum(SURVEY_KINDS),
  required: z.boolean(),
  hidden: z.boolean(),
  position: z.number().int(),
  texts: z.partialRecord(locale, z.object({ text: z.string(), options: z.array(z.string()) })),
})

const editor = z.object({
  exhibition: z.object({ id: z.number().int(), title: z.string(), endsAt: z.string(), ended: z.boolean() }),
  questions: z.array(editorQuestion),
  /** Answers received: once there are any, questions are hidden, not deleted, and keep their kind and options. */
  answers: z.number().int(),
  invitations: z.number().int(),
})

export const surveyEditor = defineContract({
  ...CONSOLE.surveyEditor,
  payload: z.object({ exhibitionId: id }),
  result: editor,
})

export const saveSurveyQuestion = defineContract({
  ...CONSOLE.saveSurveyQuestion,
  /** Without `id`: a new question at the end. */
  payload: z.object({
    exhibitionId: id,
    id: id.optional(),
    kind: z.enum(SURVEY_KINDS, { error: 'errors.invalid' }),
    required: z.boolean({ error: 'errors.invalid' }).default(false),
    hidden: z.boolean({ error: 'errors.invalid' }).default(false),
    texts: questionTexts,
  }),
  result: editor,
})

export const deleteSurveyQuestion = defineContract({
  ...CONSOLE.deleteSurveyQuestion,
  payload: z.object({ exhibitionId: id, id }),
  result: editor,
})

export const reorderSurveyQuestions = defineContract({
  ...CONSOLE.reorderSurveyQuestions,
  /** Every question's id, in the new order. */
  payload: z.object({ exhibitionId: id, ids: z.array(id).max(SURVEY_LIMITS.questionsMax * 4, 'errors.invalid') }),
  result: editor,
})

const resultQuestion = z.object({
  id: z.number().int(),
  kind: z.enum(SURVEY_KINDS),
  text: z.string(),
  hidden: z.boolean(),
  /** How many answers gave this question a value. */
  answered: z.number().int(),
  /** Choice questions: each option's label and how many picked it. */
  options: z.array(z.object({ label: z.string(), count: z.number().int() })),
  /** Ratings: how many gave 1, 2, 3, 4, 5 stars, and the average (null without any). */
  ratings: z.array(z.number().int()),
  average: z.number().nullable(),
  /** Free text: one page of answers, newest first. */
  texts: z.object({ items: z.array(z.object({ text: z.string(), answeredAt: z.string() })), total: z.number().int(), page: z.number().int() }),
})

export const surveyResults = defineContract({
  ...CONSOLE.surveyResults,
  payload: z.object({
    exhibitionId: id,
    /** The free-text question whose answers are paged to `textPage`; the others show their first page. */
    textQuestionId: id.optional(),
    textPage: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(100_000, 'errors.invalid').default(1),
  }),
  result: z.object({
    answers: z.number().int(),
    invitations: z.number().int(),
    pageSize: z.number().int(),
    questions: z.array(resultQuestion),
  }),
})

export type SurveyEditor = z.infer<typeof editor>
export type SurveyEditorQuestion = z.infer<typeof editorQuestion>
export type SurveyResults = z.infer<typeof surveyResults.result>
