import { z } from 'zod'
import { SURVEY } from '../functions/survey.ts'
import { SURVEY_KINDS, SURVEY_LIMITS } from '../rules/survey.ts'
import { defineContract } from './define.ts'

/**
 * The survey page's two calls (docs/product.md#survey). The token of the personal link names
 * the ticket; an unknown or expired one is a 404 (`survey:errors.notFound`). The answers' shape is
 * checked here, their sense against the questions by checkSurveyAnswers (shared/rules/survey.ts).
 */

// Any string that is no live token, however malformed, is the same "not found" (the platform's 404).
const token = z.string({ error: 'survey:errors.notFound' }).max(200, 'survey:errors.notFound')

const question = z.object({
  id: z.number().int(),
  kind: z.enum(SURVEY_KINDS),
  required: z.boolean(),
  text: z.string(),
  options: z.array(z.string()),
})

export const surveyForm = defineContract({
  ...SURVEY.surveyForm,
  payload: z.object({ token }),
  result: z.object({
    exhibition: z.object({ title: z.string(), city: z.string(), startsAt: z.string(), endsAt: z.string(), timeZone: z.string() }),
    questions: z.array(question),
    /** When the ticket's answer came in; null while it may still answer. */
    answeredAt: z.string().nullable(),
  }),
})

const value = z.union([
  z.number({ error: 'survey:errors.invalid' }),
  z.array(z.number({ error: 'survey:errors.invalid' })).max(SURVEY_LIMITS.optionsMax, 'survey:errors.invalid'),
  // Longer than any answer may be, so the field gets its own "too long" rather than a refused request.
  z.string({ error: 'survey:errors.invalid' }).max(SURVEY_LIMITS.answerText * 4, 'survey:errors.tooLong'),
  z.null(),
])

export const submitSurvey = defineContract({
  ...SURVEY.submitSurvey,
  payload: z.object({
    token,
    answers: z
      .record(z.string().regex(/^\d{1,9}$/, 'survey:errors.unknownQuestion'), value, { error: 'survey:errors.invalid' })
      .refine((answers) => Object.keys(answers).length <= SURVEY_LIMITS.questionsMax * 2, 'survey:errors.invalid'),
  }),
  result: z.object({ answeredAt: z.string() }),
})

export type SurveyForm = z.infer<typeof surveyForm.result>
