/**
 * The organiser's own questions on the attendee form (docs/product.md#ticket-questions): the kinds,
 * the limits, and the one check of an attendee's answers that the checkout page runs before sending
 * and the platform runs again. Zod-free, so the checkout page and the console's editor import it.
 */

import { ANSWER_FILE_MESSAGES, ANSWER_FILE_TOKEN } from './ticket-question-files.ts'

export const TICKET_QUESTION_KINDS = ['text', 'longText', 'number', 'choiceOne', 'choiceMany', 'yesNo', 'country', 'date', 'file'] as const
export type TicketQuestionKind = (typeof TICKET_QUESTION_KINDS)[number]

export const CHOICE_KINDS: readonly TicketQuestionKind[] = ['choiceOne', 'choiceMany']

export const TICKET_QUESTION_LIMITS = {
  /** Questions of one exhibition: each attendee form stays short enough to finish on a phone. */
  questionsMax: 20,
  questionText: 300,
  helpText: 300,
  choiceLabel: 120,
  choicesMin: 2,
  choicesMax: 20,
  answerText: 200,
  answerLongText: 2000,
  /** Digits a number answer may have on either side of the point. */
  numberDigits: 12,
  numberDecimals: 6,
} as const

/** One question as the attendee form shows it, in the visitor's language. */
export interface TicketQuestionView {
  id: number
  kind: TicketQuestionKind
  required: boolean
  text: string
  help: string
  /** The ticket types it is asked for; empty: every type. */
  ticketTypeIds: number[]
  choices: Array<{ id: string; label: string }>
  min: number | null
  max: number | null
}

/** An answer: text, a number or date as a clean string, a choice id, choice ids, yes/no, a country code, a file's token. */
export type TicketAnswerValue = string | string[] | boolean

/** Answers by question id (as a string, the way JSON and form fields name them). */
export type TicketAnswers = Record<string, TicketAnswerValue>

export const TICKET_ANSWER_MESSAGES = {
  required: 'tickets:questions.errors.required',
  invalid: 'tickets:questions.errors.invalid',
  tooLong: 'tickets:questions.errors.tooLong',
  number: 'tickets:questions.errors.number',
  tooSmall: 'tickets:questions.errors.tooSmall',
  tooBig: 'tickets:questions.errors.tooBig',
  date: 'tickets:questions.errors.date',
  choice: 'tickets:questions.errors.choice',
  country: 'tickets:questions.errors.country',
  file: ANSWER_FILE_MESSAGES.gone,
} as const

/** The questions asked for one ticket type, in their order. */
export const questionsForType = <Q extends Pick<TicketQuestionView, 'ticketTypeIds'>>(questions: readonly Q[], ticketTypeId: number): Q[] =>
  questions.filter((question) => question.ticketTypeIds.length === 0 || question.ticketTypeIds.includes(ticketTypeId))

/**
 * A number as people type it: full-width digits and a decimal comma are read ("２９９,５" is 299.5),
 * thousands separators are not (they read differently across the site's languages). The clean form
 * keeps the decimals as typed, so "299.00" stays "299.00".
 */
export function cleanNumber(typed: string): string | null {
  const text = typed.normalize('NFKC').trim().replace(',', '.')
  const pattern = new RegExp(`^-?\\d{1,${TICKET_QUESTION_LIMITS.numberDigits}}(\\.\\d{1,${TICKET_QUESTION_LIMITS.numberDecimals}})?$`)
  if (!pattern.test(text)) return null
  return text.replace(/^(-?)0+(?=\d)/, '$1')
}

/** A calendar day written YYYY-MM-DD that exists (no 31 April). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return year >= 1900 && year <= 2200 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const blank = (value: unknown) =>
  value === undefined || value === null || value === '' || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0)

/** One answer checked against its question: the clean value, or the message key of what is wrong. */
function checkAnswer(question: TicketQuestionView, value: unknown, isCountry: (code: string) => boolean): { value: TicketAnswerValue } | { error: string } {
  const choiceIds = new Set(question.choices.map((choice) => choice.id))
  switch (question.kind) {
    case 'text':
    case 'longText': {
      if (typeof value !== 'string') return { error: TICKET_ANSWER_MESSAGES.invalid }
      const text = value.normalize('NFC').trim()
      const max = question.kind === 'text' ? TICKET_QUESTION_LIMITS.answerText : TICKET_QUESTION_LIMITS.answerLongText
      if ([...text].length > max) return { error: TICKET_ANSWER_MESSAGES.tooLong }
      // Control characters other than line breaks of a long answer are refused, not stored.
      const controls = question.kind === 'text' ? /\p{Cc}/u : /[^\P{Cc}\n\r\t]/u
      if (controls.test(text)) return { error: TICKET_ANSWER_MESSAGES.invalid }
      return { value: text }
    }
    case 'number': {
      const clean = typeof value === 'string' ? cleanNumber(value) : typeof value === 'number' && Number.isFinite(value) ? cleanNumber(String(value)) : null
      if (clean === null) return { error: TICKET_ANSWER_MESSAGES.number }
      if (question.min !== null && Number(clean) < question.min) return { error: TICKET_ANSWER_MESSAGES.tooSmall }
      if (question.max !== null && Number(clean) > question.max) return { error: TICKET_ANSWER_MESSAGES.tooBig }
      return { value: clean }
    }
    case 'choiceOne':
      return typeof value === 'string' && choiceIds.has(value) ? { value } : { error: TICKET_ANSWER_MESSAGES.choice }
    case 'choiceMany': {
      const list = Array.isArray(value) ? value : [value]
      if (!list.every((item) => typeof item === 'string' && choiceIds.has(item)) || new Set(list).size !== list.length) {
        return { error: TICKET_ANSWER_MESSAGES.choice }
      }
      // In the question's order, so equal choices are stored alike.
      return { value: question.choices.map((choice) => choice.id).filter((id) => list.includes(id)) }
    }
    case 'yesNo':
      if (value === true || value === 'yes') return { value: true }
      if (value === false || value === 'no') return { value: false }
      return { error: TICKET_ANSWER_MESSAGES.invalid }
    case 'country':
      return typeof value === 'string' && /^[A-Z]{2}$/.test(value) && isCountry(value) ? { value } : { error: TICKET_ANSWER_MESSAGES.country }
    case 'date':
      return typeof value === 'string' && isCalendarDay(value.trim()) ? { value: value.trim() } : { error: TICKET_ANSWER_MESSAGES.date }
    // The token's shape only: whether the caller may give that file is the platform's (attachAnswerFiles).
    case 'file':
      return typeof value === 'string' && ANSWER_FILE_TOKEN.test(value) ? { value } : { error: TICKET_ANSWER_MESSAGES.file }
  }
}

/**
 * Checks one attendee's answers against the questions of their ticket type: every required one
 * answered, each value of its question's kind, nothing else kept. Blank text and empty choices count
 * as not answered. Returns the clean answers with the errors (message keys by question id).
 */
export function checkTicketAnswers(
  questions: readonly TicketQuestionView[],
  answers: Readonly<Record<string, unknown>>,
  isCountry: (code: string) => boolean = () => true,
): { errors: Record<string, string>; clean: TicketAnswers } {
  const errors: Record<string, string> = {}
  const clean: TicketAnswers = {}
  for (const question of questions) {
    const key = String(question.id)
    const value = answers[key]
    if (blank(value)) {
      if (question.required) errors[key] = TICKET_ANSWER_MESSAGES.required
      continue
    }
    const checked = checkAnswer(question, value, isCountry)
    if ('error' in checked) errors[key] = checked.error
    else clean[key] = checked.value
  }
  return { errors, clean }
}
