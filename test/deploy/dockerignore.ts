import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Whether the build context leaves `path` (relative, with slashes) out, by the rules of
 * .dockerignore: patterns in order, the last one that matches the path or a folder above it wins,
 * `!` brings a path back, `*` stays within one folder and `**` crosses folders.
 */
export function dockerIgnored(root: string): (path: string) => boolean {
  const rules = readFileSync(join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const include = line.startsWith('!')
      const pattern = (include ? line.slice(1) : line).replace(/^\/+|\/+$/g, '')
      const source = pattern
        .split('**')
        .map((part) =>
          part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
        )
        .join('.*')
        .replace(/\.\*\//g, '(?:.*/)?')
      return { include, regex: new RegExp(`^${source}(?:/.*)?$`) }
    })
  return (path) => {
    let ignored = false
    for (const rule of rules) if (rule.regex.test(path)) ignored = !rule.include
    return ignored
  }
}
