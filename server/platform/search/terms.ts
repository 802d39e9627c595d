import { deletionVariants, FUZZY_MIN_LENGTH } from './fuzzy.ts'
import { isUnspaced, normaliseWithMap, wordStarts } from './normalise.ts'

/** What a term was made from; stored as a small integer. */
export const FIELD = { code: 0, name: 1, alias: 2 } as const

/** Longer names are cut: a keyword is at most 30 characters, so nothing past this is ever compared. */
export const MAX_TERM_LENGTH = 64

export interface SearchableNames {
  code: string
  traderCode: string | null
  nameEn: string
  nameHans: string
  nameHant: string
  aliases: readonly string[]
}

/**
 * One indexed key of a broker. `inner` terms start inside a name (at a later word, or at any
 * character of Chinese), which is how "contains" is answered with the same index as "starts with".
 */
export interface TermRow {
  term: string
  field: number
  inner: boolean
}

export interface FuzzyRow {
  variant: string
  term: string
}

/** Every term of a broker, each text once (a whole-name term wins over the same text found inside a name). */
export function termsOf(names: SearchableNames): TermRow[] {
  const rows = new Map<string, TermRow>()
  const add = (term: string, field: number, inner: boolean) => {
    if (!term) return
    const existing = rows.get(term)
    if (!existing || (existing.inner && !inner) || (existing.inner === inner && field < existing.field)) rows.set(term, { term, field, inner })
  }
  const addName = (text: string, field: number) => {
    const { chars } = normaliseWithMap(text)
    for (const start of wordStarts(chars))
      add(
        chars
          .slice(start, start + MAX_TERM_LENGTH)
          .join('')
          .trim(),
        field,
        start > 0,
      )
  }
  add(normaliseWithMap(names.code).chars.join(''), FIELD.code, false)
  if (names.traderCode) add(normaliseWithMap(names.traderCode).chars.join(''), FIELD.code, false)
  for (const name of [names.nameEn, names.nameHans, names.nameHant]) addName(name, FIELD.name)
  for (const alias of names.aliases) addName(alias, FIELD.alias)
  return [...rows.values()]
}

/**
 * Deletion variants for the typo-tolerant lookup: whole names and aliases, and the later words of
 * names written with spaces (inner terms of Chinese would multiply the rows for little gain: a
 * Chinese name is short and its whole-name term already carries its variants).
 */
export function fuzzyRowsOf(terms: readonly TermRow[]): FuzzyRow[] {
  const rows = new Map<string, FuzzyRow>()
  for (const { term, field, inner } of terms) {
    if (field === FIELD.code) continue
    const chars = [...term]
    if (chars.length < FUZZY_MIN_LENGTH) continue
    if (inner && isUnspaced(chars[0] as string)) continue
    const stored = chars.slice(0, 40).join('')
    for (const variant of deletionVariants(chars)) rows.set(`${variant}\u0000${stored}`, { variant, term: stored })
  }
  return [...rows.values()]
}
