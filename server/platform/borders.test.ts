import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * A domain's public face is its index.ts (docs/CONVENTIONS.md#imports-and-files): a file of one domain
 * folder imports another domain's files only through that index. The helper kit (kit/) and the
 * platform's own files beside the folders (gateway, errors, jobs, staff-actor, …) are open to all.
 */
const PLATFORM = dirname(fileURLToPath(import.meta.url))
const OPEN_FOLDERS = new Set(['kit'])
const IMPORT = /(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The domain folder a platform file lives in, or null for the platform's own files and the kit. */
function domainOf(file: string): string | null {
  const [first, ...rest] = relative(PLATFORM, file).split('/')
  if (!first || first.startsWith('..') || rest.length === 0 || OPEN_FOLDERS.has(first)) return null
  return first
}

describe('domain borders', () => {
  it('when a domain imports another domain, then only through its index.ts', () => {
    const crossings: string[] = []
    for (const file of sources(PLATFORM)) {
      const own = domainOf(file)
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = normalize(join(dirname(file), match[1] as string))
        const theirs = domainOf(target)
        if (theirs && theirs !== own && target !== join(PLATFORM, theirs, 'index.ts'))
          crossings.push(`${relative(PLATFORM, file)} -> ${relative(PLATFORM, target)}`)
      }
    }
    expect(crossings).toEqual([])
  })
})

/** Every table the migrations create. */
function tables(): Set<string> {
  const migrations = join(PLATFORM, '..', 'db', 'migrations')
  const names = new Set<string>()
  for (const file of readdirSync(migrations).filter((name) => name.endsWith('.sql'))) {
    for (const match of readFileSync(join(migrations, file), 'utf8').matchAll(/create\s+table\s+(?:if\s+not\s+exists\s+)?([a-z_][a-z0-9_]*)/gi)) {
      names.add((match[1] as string).toLowerCase())
    }
  }
  return names
}

describe('one writer per table', () => {
  it('when SQL in the platform inserts, updates or deletes rows of a table, then one domain (or the platform itself) does', () => {
    const known = tables()
    const writers = new Map<string, Set<string>>()
    for (const file of sources(PLATFORM).filter((path) => !path.endsWith('.test.ts'))) {
      const owner = domainOf(file) ?? 'the platform'
      for (const match of readFileSync(file, 'utf8').matchAll(/\b(?:insert\s+into|(?<!for\s)update|delete\s+from)\s+([a-z_][a-z0-9_]*)\b/gi)) {
        const table = (match[1] as string).toLowerCase()
        if (known.has(table)) writers.set(table, new Set([...(writers.get(table) ?? []), owner]))
      }
    }
    expect(writers.size).toBeGreaterThan(30)
    const shared = [...writers].filter(([, owners]) => owners.size > 1).map(([table, owners]) => `${table}: ${[...owners].sort().join(', ')}`)
    expect(shared).toEqual([])
  })
})
