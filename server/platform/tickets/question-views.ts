import { contentFallbackChain, type Locale } from '../../../shared/languages.ts'
import type { TicketAnswerValue, TicketQuestionView } from '../../../shared/rules/ticket-questions.ts'
import { countryName } from '../kit/country-names.ts'
import { loadStrings } from '../kit/strings.ts'
import type { QuestionRow } from './questions.repo.ts'

const ticketStrings = loadStrings('tickets')

/** A choice is known by its place: the first is "c1". */
export const choiceId = (index: number) => `c${index + 1}`

/**
 * A question in one language, falling back as every text of the site does
 * (docs/product.md#content-fallback): English, then any language that has it. A language whose
 * choices are missing (or not all there) takes them from the next one, so nobody sees half a list.
 */
export function questionView(question: QuestionRow, locale: Locale): TicketQuestionView {
  const chain = [...contentFallbackChain(locale), ...(Object.keys(question.texts) as Locale[])]
  const text = chain.map((candidate) => question.texts[candidate]?.text).find(Boolean) ?? ''
  const help = chain.map((candidate) => question.texts[candidate]?.help).find(Boolean) ?? ''
  const labels =
    chain.map((candidate) => question.texts[candidate]?.choices).find((list) => list?.length === question.choice_count && list.every(Boolean)) ??
    Array.from({ length: question.choice_count }, (_, index) => String(index + 1))
  return {
    id: question.id,
    kind: question.kind,
    required: question.required,
    text,
    help,
    ticketTypeIds: question.ticket_type_ids,
    choices: question.choice_count ? labels.map((label, index) => ({ id: choiceId(index), label })) : [],
    min: question.min_value === null ? null : Number(question.min_value),
    max: question.max_value === null ? null : Number(question.max_value),
  }
}

/**
 * An answer as people read it (the order page, the console, the export): choices by their label,
 * several joined, yes/no and countries in the reader's language.
 */
export function answerText(question: TicketQuestionView, value: TicketAnswerValue, locale: Locale): string {
  const t = ticketStrings(locale)
  const label = (id: string) => question.choices.find((choice) => choice.id === id)?.label ?? id
  if (typeof value === 'boolean') return t(value ? 'questions.yes' : 'questions.no')
  if (Array.isArray(value)) return value.map(label).join(t('questions.joiner'))
  if (question.kind === 'choiceOne') return label(value)
  if (question.kind === 'country') return countryName(value, locale)
  return value
}
