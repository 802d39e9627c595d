import { allowedEdits, bestPrefixLength } from './fuzzy.ts'
import { normaliseWithMap, wordStarts } from './normalise.ts'

/**
 * One run of a name: the client renders each as text (a highlighted run inside <mark>), so nothing a
 * visitor types or a name contains is ever parsed as HTML.
 */
export interface Segment {
  text: string
  highlighted: boolean
}

export interface Highlight {
  segments: Segment[]
  /** Whether the query was found in this text (exactly, or within the tolerated typos). */
  matched: boolean
}

function split(text: string, start: number, end: number): Segment[] {
  const segments: Segment[] = []
  if (start > 0) segments.push({ text: text.slice(0, start), highlighted: false })
  segments.push({ text: text.slice(start, end), highlighted: true })
  if (end < text.length) segments.push({ text: text.slice(end), highlighted: false })
  return segments
}

function indexOf(haystack: readonly string[], needle: readonly string[], at: number): boolean {
  for (let offset = 0; offset < needle.length; offset += 1) if (haystack[at + offset] !== needle[offset]) return false
  return true
}

/**
 * Marks `query` in `text` by their normalised forms (case, width, accents, Traditional/Simplified),
 * preferring a match at a word start, then anywhere; failing that, the word start where the query
 * fits with the fewest tolerated typos.
 */
export function highlight(text: string, query: string): Highlight {
  const source = normaliseWithMap(text)
  const needle = normaliseWithMap(query).chars
  const plain = { segments: text ? [{ text, highlighted: false }] : [], matched: false }
  if (!needle.length || !source.chars.length) return plain
  const starts = wordStarts(source.chars)
  const last = source.chars.length - needle.length
  let found = starts.find((start) => start <= last && indexOf(source.chars, needle, start))
  if (found === undefined) {
    for (let start = 0; start <= last; start += 1) {
      if (indexOf(source.chars, needle, start)) {
        found = start
        break
      }
    }
  }
  if (found !== undefined) {
    const end = found + needle.length - 1
    return { segments: split(text, source.from[found] as number, source.to[end] as number), matched: true }
  }
  const limit = allowedEdits(needle.length)
  if (!limit) return plain
  for (const start of starts) {
    const length = bestPrefixLength(needle, source.chars.slice(start), limit)
    if (length === null) continue
    let end = start + length - 1
    while (end > start && source.chars[end] === ' ') end -= 1
    return { segments: split(text, source.from[start] as number, source.to[end] as number), matched: true }
  }
  return plain
}
