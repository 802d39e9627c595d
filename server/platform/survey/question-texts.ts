import { contentFallbackChain, type Locale } from '../../../shared/languages.ts'
import type { QuestionRow } from './survey.repo.ts'

/**
 * A question in one language, falling back as every text of the site does
 * (docs/product.md#content-fallback). A language whose options are missing (or not all there)
 * takes them from the next language in the chain, so a visitor never sees half a list.
 */
export function questionIn(question: Pick<QuestionRow, 'texts' | 'option_count'>, locale: Locale): { text: string; options: string[] } {
  const chain = contentFallbackChain(locale)
  const text = chain.map((candidate) => question.texts[candidate]?.text).find((value) => Boolean(value)) ?? ''
  const options =
    question.option_count === 0
      ? []
      : (chain.map((candidate) => question.texts[candidate]?.options).find((list) => list?.length === question.option_count && list.every(Boolean)) ??
        Array.from({ length: question.option_count }, (_, index) => `${index + 1}`))
  return { text, options }
}
