/**
 * Typo tolerance without pg_trgm, with the same SQL on PGlite and PostgreSQL (symmetric-delete
 * lookup, as SymSpell does): every indexed word stores its first FUZZY_KEY_LENGTH characters and each
 * of their one-character deletions; a query looks up the same variants of its own first characters.
 * Two strings whose keys are one edit apart (substitution, insertion, deletion or adjacent
 * transposition) always share a variant, so the lookup finds every candidate; prefixDistance then
 * checks the whole query.
 */
export const FUZZY_KEY_LENGTH = 4
/** Queries shorter than this are never matched fuzzily: too many words are one edit from "ab". */
export const FUZZY_MIN_LENGTH = 4

/** Edits tolerated for a query of `length` characters: one from 4, two from 8. */
export function allowedEdits(length: number): number {
  if (length < FUZZY_MIN_LENGTH) return 0
  return length >= 8 ? 2 : 1
}

/** The key and its one-character deletions, without repeats. */
export function deletionVariants(chars: readonly string[]): string[] {
  const key = chars.slice(0, FUZZY_KEY_LENGTH)
  const variants = new Set<string>([key.join('')])
  if (key.length > 1) {
    for (let index = 0; index < key.length; index += 1) variants.add([...key.slice(0, index), ...key.slice(index + 1)].join(''))
  }
  return [...variants]
}

/**
 * The smallest optimal-string-alignment distance (Levenshtein plus adjacent transpositions) between
 * `query` and any prefix of `target` (with `whole`, the whole of `target`), or Infinity once it exceeds `limit`.
 */
export function prefixDistance(query: readonly string[], target: readonly string[], limit: number, whole = false): number {
  const rows = query.length
  const columns = Math.min(target.length, rows + limit)
  let beforePrevious: number[] = []
  let previous = Array.from({ length: columns + 1 }, (_, column) => column)
  for (let row = 1; row <= rows; row += 1) {
    const current = [row]
    let rowMin = row
    for (let column = 1; column <= columns; column += 1) {
      const cost = query[row - 1] === target[column - 1] ? 0 : 1
      let value = Math.min((previous[column] as number) + 1, (current[column - 1] as number) + 1, (previous[column - 1] as number) + cost)
      if (row > 1 && column > 1 && query[row - 1] === target[column - 2] && query[row - 2] === target[column - 1]) {
        value = Math.min(value, (beforePrevious[column - 2] as number) + 1)
      }
      current.push(value)
      if (value < rowMin) rowMin = value
    }
    if (rowMin > limit) return Number.POSITIVE_INFINITY
    beforePrevious = previous
    previous = current
  }
  const best = whole ? (columns === target.length ? (previous[columns] as number) : Number.POSITIVE_INFINITY) : Math.min(...previous)
  return best > limit ? Number.POSITIVE_INFINITY : best
}

/** Where in `target` the best prefix alignment of `query` ends (its length), for highlighting. */
export function bestPrefixLength(query: readonly string[], target: readonly string[], limit: number): number | null {
  let best: { distance: number; length: number } | null = null
  const longest = Math.min(target.length, query.length + limit)
  for (let length = Math.max(1, query.length - limit); length <= longest; length += 1) {
    // The distance to exactly these characters: to any prefix of them, every longer run would tie
    // with the best one and the mark would run on past the match ("Holdi" for "gold").
    const distance = prefixDistance(query, target.slice(0, length), limit, true)
    if (distance === Number.POSITIVE_INFINITY) continue
    // The longer alignment wins a tie: "aldmor" marks "aldmoor", not "aldmoo".
    if (!best || distance <= best.distance) best = { distance, length }
  }
  return best ? best.length : null
}
