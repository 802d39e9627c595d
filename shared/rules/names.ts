/**
 * People's names as the attendee form takes them (given name, family name) and as every list, ticket
 * and mail shows them (docs/product.md#names). Zod-free: the platform, the pages and the console share
 * this one rule.
 *
 * The name itself decides its order, not the reader's language: a name written in Chinese, Japanese or
 * Korean script is family name first with no space between ("王小明", "山田花子", "김민준"), wherever it is
 * read; a name in Latin (or any other) script is given name first ("Grace Hopper"), which is how all
 * of the site's languages print such names, Chinese and Japanese included.
 */

/** Han, kana and Hangul: the scripts whose names are written family name first, without a space. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u

export interface PersonName {
  first: string
  last: string
}

export function isCjkText(text: string): boolean {
  return CJK.test(text)
}

/** A person's name, in the order and spacing of its own script. */
export function displayName({ first, last }: PersonName): string {
  const given = first.trim()
  const family = last.trim()
  if (!given || !family) return given || family
  if (isCjkText(given) || isCjkText(family)) return isCjkText(given) && isCjkText(family) ? `${family}${given}` : `${family} ${given}`
  return `${given} ${family}`
}

/**
 * The name a mail greets a person by: the given name alone where that is how Latin-script mails
 * greet ("Hello Grace,"), the whole name where a given name alone would be too familiar or wrong
 * ("山田花子 様", not "花子 様").
 */
export function greetingName(name: PersonName): string {
  const given = name.first.trim()
  return given && !isCjkText(given) && !isCjkText(name.last) ? given : displayName(name)
}

/**
 * Text as a search compares it: full-width forms folded (NFKC), accents off Latin letters ("Zoë"
 * finds "Zoe"; kana voicing marks are kept), lower case, and no spaces or name punctuation, so the
 * parts of a name match however they were spaced.
 */
export function searchForm(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLocaleLowerCase()
    .replace(/[\s.,'’·・\-‐]+/g, '')
}

/**
 * Whether a query is long enough to look names up: two characters, or one of a CJK script (a
 * one-character surname such as "王" is a whole name part).
 */
export function isNameQuery(query: string): boolean {
  const form = searchForm(query)
  return form.length >= 2 || (form.length === 1 && isCjkText(form))
}

/**
 * Whether a query finds a person: typed in either order ("Zhou Meiling" finds Meiling Zhou), with or
 * without a space ("王小明" finds 小明 王), or any part of it ("王").
 */
export function nameMatches(name: PersonName, query: string): boolean {
  const needle = searchForm(query)
  if (!needle) return false
  const first = searchForm(name.first)
  const last = searchForm(name.last)
  return `${first}${last}`.includes(needle) || `${last}${first}`.includes(needle)
}
