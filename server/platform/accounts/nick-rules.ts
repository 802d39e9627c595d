/**
 * What the site refuses in a nickname beyond the contract's characters and length
 * (shared/contracts/accounts.ts): names that pass for the site's own people, also when spelled
 * with look-alikes (`ＡＤＭＩＮ`, Cyrillic `аdmin`, `adm1n`), and towers of combining marks that
 * spill over the lines around them (docs/product.md#account-input). Pure, so the login form and the
 * profile verb ask the same question.
 */

/** Words a nickname must not be, in any spelling: people read them as the site speaking. */
const RESERVED_WORDS = [
  'admin',
  'administrator',
  'root',
  'system',
  'sysop',
  'support',
  'helpdesk',
  'moderator',
  'staff',
  'official',
  'webmaster',
  'security',
  'service',
  'customerservice',
  'operator',
]

/** The same for scripts written without spaces: refused anywhere in the nickname. */
const RESERVED_INSIDE = ['管理员', '管理員', '客服', '官方', '版主', '系统', '系統', '管理者', '運営', 'แอดมิน', 'ผู้ดูแล', 'админ', 'модератор']

/** More combining marks in a row than any script needs (Thai and Devanagari stack two or three). */
export const MAX_MARKS_IN_A_ROW = 3

/** Letters of other scripts that look like Latin ones, and the digits and signs that stand in for letters. */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  һ: 'h',
  і: 'i',
  ї: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ӏ: 'l',
  ɑ: 'a',
  ı: 'i',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
}

/** One spelling for everything that reads alike: compatibility forms folded, accents and case dropped. */
function fold(text: string): string {
  return text.normalize('NFKC').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The letters a reader sees, with look-alikes replaced; `digits` decides whether digits stand for letters or are dropped. */
function skeleton(folded: string, digits: 'as-letters' | 'dropped'): string {
  let out = ''
  for (const char of folded) {
    if (digits === 'dropped' && /\p{N}/u.test(char)) continue
    out += LOOK_ALIKES[char] ?? char
  }
  // l and I read alike, as do rn and m, vv and w.
  return out
    .replace(/[^\p{L}]/gu, '')
    .replace(/l/g, 'i')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
}

const spellings = (word: string) => [skeleton(fold(word), 'as-letters'), skeleton(fold(word), 'dropped')]
const RESERVED = new Set(RESERVED_WORDS.flatMap(spellings))

function isReservedWord(text: string, brand: string): boolean {
  const folded = fold(text)
  const seen = [skeleton(folded, 'as-letters'), skeleton(folded, 'dropped')]
  // The brand anywhere in the name ("Aurum Expo Team"), as long as it is distinctive enough to look for.
  const brandSpellings = spellings(brand).filter((each) => each.length >= 4)
  return seen.some((each) => RESERVED.has(each) || brandSpellings.some((spelling) => each.includes(spelling)))
}

export type NickProblem = 'reserved' | 'marks'

/** Why a nickname that has the right characters and length is still refused; null when it is fine. The site's brand is reserved too. */
export function nickProblem(nick: string, brand: string): NickProblem | null {
  let run = 0
  // Decomposed, so that marks folded into a precomposed letter count too (Vietnamese "ệ" is two).
  for (const char of nick.normalize('NFD')) {
    run = /\p{M}/u.test(char) ? run + 1 : 0
    if (run > MAX_MARKS_IN_A_ROW) return 'marks'
  }
  // The whole name run together ("A d m i n") and each word of it ("WikiExpo Admin").
  if (isReservedWord(nick, brand) || nick.split(/[\s._'-]+/u).some((word) => word && isReservedWord(word, brand))) return 'reserved'
  const folded = fold(nick)
  if (RESERVED_INSIDE.some((word) => folded.includes(fold(word)))) return 'reserved'
  return null
}
