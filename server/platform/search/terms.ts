import { deletionVariants, FUZZY_KEY_LENGTH, FUZZY_MIN_LENGTH } from './fuzzy.ts'
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
    // Each term is one slice of the joined name (UTF-16 offsets of the characters): joining the
    // characters again from every word start costs the square of a long Chinese name.
    const joined = chars.join('')
    const offsets = [0]
    for (const character of chars) offsets.push((offsets.at(-1) as number) + character.length)
    for (const start of wordStarts(chars)) add(joined.slice(offsets[start], offsets[Math.min(start + MAX_TERM_LENGTH, chars.length)]).trim(), field, start > 0)
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
  const rows: FuzzyRow[] = []
  // The variants of a stored text are always the same ones: a text stored already (two long terms
  // alike in their first characters) adds none.
  const stored = new Set<string>()
  for (const { term, field, inner } of terms) {
    if (field === FIELD.code) continue
    const head = leadingCharacters(term, FUZZY_STORED_LENGTH)
    if (head.length < FUZZY_MIN_LENGTH) continue
    if (inner && isUnspaced(head[0] as string)) continue
    const text = head.length === FUZZY_STORED_LENGTH ? head.join('') : term
    if (stored.has(text)) continue
    stored.add(text)
    for (const variant of variantsOf(head)) rows.push({ variant, term: text })
  }
  return rows
}

/** Characters of a term kept in search_fuzzy: a query is at most 30, plus the edits it may need. */
const FUZZY_STORED_LENGTH = 40

function leadingCharacters(text: string, count: number): string[] {
  const head: string[] = []
  for (const character of text) {
    if (head.length === count) break
    head.push(character)
  }
  return head
}

/**
 * The variants depend on the first FUZZY_KEY_LENGTH characters only, which the later words of a
 * large directory share ("capi" of every "Capital ..."): a bounded cache spares recomputing them
 * for each of a million brokers.
 */
const variantCache = new Map<string, string[]>()

function variantsOf(chars: readonly string[]): string[] {
  const key = chars.slice(0, FUZZY_KEY_LENGTH).join('')
  let variants = variantCache.get(key)
  if (!variants) {
    variants = deletionVariants(chars)
    if (variantCache.size >= 50_000) variantCache.clear()
    variantCache.set(key, variants)
  }
  return variants
}
