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
