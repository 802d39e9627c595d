import { contentFallbackChain, type Locale } from '../../../shared/languages.ts'

/** Texts of one item by locale, as stored (a jsonb object or rows keyed by locale). */
export type TextsByLocale<T> = Partial<Record<string, T>> | null | undefined

/**
 * The first language of the fallback chain (docs/product.md#content-fallback: zh-hk -> zh-tw -> zh-cn -> en; others -> en)
 * that has texts, and which one that was; null when none has.
 */
export function pickTexts<T>(texts: TextsByLocale<T>, locale: Locale): { texts: T; locale: Locale } | null {
  if (!texts) return null
  for (const candidate of contentFallbackChain(locale)) {
    const found = texts[candidate]
    if (found) return { texts: found, locale: candidate }
  }
  return null
}

/** `fellBackTo` of an answer: the language used when it is not the one asked for. */
export function fellBackTo(asked: Locale, used: Locale | undefined): Locale | null {
  return used && used !== asked ? used : null
}
