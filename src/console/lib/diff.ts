/** One changed value of an audit record, by its path in the record (`roles`, `exhibitionIds`, `profile.name`). */
export interface DiffEntry {
  path: string
  before: string | null
  after: string | null
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Leaves of a value by dotted path; arrays and scalars are leaves, shown as text. */
function flatten(value: unknown, prefix: string, into: Map<string, string>): Map<string, string> {
  if (isPlainObject(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, into)
    return into
  }
  // No record at all (nothing before a creation, nothing after a removal) has no values.
  if (value === undefined || (value === null && !prefix)) return into
  into.set(prefix, textOf(value))
  return into
}

/** A value as a person reads it: text as it is, a list as its items, nothing as a dash. */
function textOf(value: unknown): string {
  if (value === null) return '—'
  if (typeof value === 'string') return value
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) return value.length ? value.map(textOf).join(', ') : '—'
  return JSON.stringify(value)
}

/**
 * What an audit record changed, as rows a person can read: only the values that differ, in the
 * order they appear (before first, then what only the after has). A record without a before
 * (something created) lists every after value, and the reverse for something removed.
 */
export function diffEntries(before: unknown, after: unknown): DiffEntry[] {
  const old = flatten(before, '', new Map())
  const now = flatten(after, '', new Map())
  const paths = [...new Set([...old.keys(), ...now.keys()])]
  return paths
    .filter((path) => old.get(path) !== now.get(path))
    .map((path) => ({ path: path || '—', before: old.get(path) ?? null, after: now.get(path) ?? null }))
}
