import { foldHan } from './han-fold.ts'

/**
 * Search text normalisation, the same for names (when they are indexed) and for what people type:
 * compatibility forms and full-width Latin folded (NFKC: ＡＣＭＥ -> ACME), case folded, accents
 * removed, Traditional Chinese folded to Simplified, every character that is not a letter or a digit
 * turned into one space. Each output character remembers which characters of the input it came from,
 * so that a match found in the normalised text can be highlighted in the original.
 */
export interface NormalisedText {
  /** Output characters (code points). */
  chars: string[]
  /** For each output character, the UTF-16 range [from, to) of the input it came from. */
  from: number[]
  to: number[]
}

const LATIN_FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', ı: 'i', þ: 'th', ð: 'd' }

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u
const MARKS = /\p{M}/gu
/** Scripts written without spaces between words: every character may start a word. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u

const foldCache = new Map<string, string>()

/** The normalised form of one code point: zero, one or several characters, spaces for separators. */
function foldCodePoint(codePoint: string): string {
  const cached = foldCache.get(codePoint)
  if (cached !== undefined) return cached
  const base = codePoint.normalize('NFKC').toLowerCase().normalize('NFD').replace(MARKS, '').normalize('NFC')
  let out = ''
  for (const character of base) {
    const folded = LATIN_FOLD[character] ?? foldHan(character)
    out += LETTER_OR_DIGIT.test(folded) ? folded : ' '
  }
  if (foldCache.size < 20_000) foldCache.set(codePoint, out)
  return out
}

export function normaliseWithMap(input: string): NormalisedText {
  const chars: string[] = []
  const from: number[] = []
  const to: number[] = []
  let offset = 0
  for (const codePoint of input) {
    const start = offset
    offset += codePoint.length
    for (const character of foldCodePoint(codePoint)) {
      if (character === ' ' && (chars.length === 0 || chars[chars.length - 1] === ' ')) continue
      chars.push(character)
      from.push(start)
      to.push(offset)
    }
  }
  if (chars[chars.length - 1] === ' ') {
    chars.pop()
    from.pop()
    to.pop()
  }
  return { chars, from, to }
}

export function normalise(input: string): string {
  return normaliseWithMap(input).chars.join('')
}

export function isUnspaced(character: string): boolean {
  return UNSPACED.test(character)
}

/**
 * Where a word may start in normalised characters: the first character, after a space, and at every
 * character of a script written without spaces (Chinese, Japanese, Thai), so that 资本 is found in
 * 艾克美资本 and "markets" in "acme markets".
 */
export function wordStarts(chars: readonly string[]): number[] {
  const starts: number[] = []
  for (let index = 0; index < chars.length; index += 1) {
    const character = chars[index] as string
    if (character === ' ') continue
    const previous = chars[index - 1]
    if (index === 0 || previous === ' ' || isUnspaced(character) || (previous !== undefined && isUnspaced(previous))) starts.push(index)
  }
  return starts
}
