/**
 * The post-event survey (docs/product.md#survey): the kinds of question, the limits, and the
 * one check of a visitor's answers that the page runs before sending and the platform runs again.
 * Zod-free, so the survey page and the console's editor import it directly.
 */

export const SURVEY_KINDS = ['rating', 'single', 'multiple', 'text'] as const
export type SurveyKind = (typeof SURVEY_KINDS)[number]

export const SURVEY_LIMITS = {
  questionText: 300,
  optionText: 120,
  /** Choices of one question (radio buttons or check boxes a phone still shows on one screen). */
  optionsMin: 2,
  optionsMax: 12,
  questionsMax: 30,
  answerText: 2000,
  ratingMax: 5,
  /** An invitation goes out only for exhibitions that ended this recently (no mail about last year's fair). */
  mailWithinDays: 30,
  /** A link stops working this long after the exhibition ended. */
  openDays: 60,
  /** Free-text answers per page of the console's results. */
  textPageSize: 20,
} as const

/** One question as the survey page shows it, in the visitor's language. */
export interface SurveyQuestionView {
  id: number
  kind: SurveyKind
  required: boolean
  text: string
  options: string[]
}

/** A visitor's answer to one question: a rating 1–5, option indexes, or text. */
export type SurveyAnswerValue = number | number[] | string

/** Answers by question id (as a string, the way JSON and form fields name them). */
export type SurveyAnswers = Record<string, SurveyAnswerValue>

/** `survey:errors.*` keys by question id; empty when the answers may be sent. */
export type SurveyErrors = Record<string, string>

export const SURVEY_MESSAGES = {
  required: 'survey:errors.required',
  invalid: 'survey:errors.invalid',
  tooLong: 'survey:errors.tooLong',
  unknownQuestion: 'survey:errors.unknownQuestion',
} as const

const isIndex = (value: unknown, count: number) => Number.isInteger(value) && (value as number) >= 0 && (value as number) < count

/**
 * Checks answers against the questions shown: every required one answered, each value of its
 * question's kind (a rating 1–5, existing options, text within the limit), and nothing else. Blank
 * text and empty choices count as not answered. Returns the cleaned answers with the errors.
 */
export function checkSurveyAnswers(questions: readonly SurveyQuestionView[], answers: Readonly<Record<string, unknown>>) {
  const errors: SurveyErrors = {}
  const clean: SurveyAnswers = {}
  const known = new Set(questions.map((question) => String(question.id)))
  for (const key of Object.keys(answers)) if (!known.has(key)) errors[key] = SURVEY_MESSAGES.unknownQuestion
  for (const question of questions) {
    const key = String(question.id)
    const value = answers[key]
    const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0)
    if (blank) {
      if (question.required) errors[key] = SURVEY_MESSAGES.required
      continue
    }
    switch (question.kind) {
      case 'rating':
        if (Number.isInteger(value) && (value as number) >= 1 && (value as number) <= SURVEY_LIMITS.ratingMax) clean[key] = value as number
        else errors[key] = SURVEY_MESSAGES.invalid
        break
      case 'single':
        if (isIndex(value, question.options.length)) clean[key] = value as number
        else errors[key] = SURVEY_MESSAGES.invalid
        break
      case 'multiple':
        if (
          Array.isArray(value) &&
          value.length <= question.options.length &&
          value.every((item) => isIndex(item, question.options.length)) &&
          new Set(value).size === value.length
        )
          clean[key] = [...(value as number[])].sort((a, b) => a - b)
        else errors[key] = SURVEY_MESSAGES.invalid
        break
      case 'text':
        if (typeof value !== 'string') errors[key] = SURVEY_MESSAGES.invalid
        else if (value.trim().length > SURVEY_LIMITS.answerText) errors[key] = SURVEY_MESSAGES.tooLong
        else clean[key] = value.trim()
        break
    }
  }
  return { errors, clean }
}

/**
 * A form's fields (`q<id>`, repeated for check boxes) as answers: what the page sends and what the
 * platform's form route reads when the browser posts without JavaScript.
 */
export function answersFromForm(questions: readonly SurveyQuestionView[], get: (name: string) => string[]): Record<string, unknown> {
  const answers: Record<string, unknown> = {}
  for (const question of questions) {
    const values = get(`q${question.id}`)
    if (!values.length) continue
    if (question.kind === 'text') answers[question.id] = values[0] ?? ''
    else if (question.kind === 'multiple') answers[question.id] = values.map((value) => (/^\d+$/.test(value) ? Number(value) : value))
    else answers[question.id] = /^\d+$/.test(values[0] ?? '') ? Number(values[0]) : values[0]
  }
  return answers
}

/** The personal link of an invitation, under the visitor's URL language. */
export const surveyPath = (language: string, token: string) => `/${language}/survey/${encodeURIComponent(token)}`
