import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import { localeOf } from '../../../shared/languages.ts'

const LOCALES_DIR = fileURLToPath(new URL('../../../locales/', import.meta.url))

/** The `console` strings of a member's language, with English under them (the same file the console's pages use). */
export function consoleStrings(language: ConsoleLanguage): (key: string, values?: Record<string, string | number>) => string {
  const read = (locale: string) => {
    try {
      return JSON.parse(readFileSync(`${LOCALES_DIR}${locale}/console.json`, 'utf8')) as Record<string, unknown>
    } catch {
      return {}
    }
  }
  const own = read(localeOf(language))
  const english = read('en')
  const lookup = (table: Record<string, unknown>, key: string) => {
    let node: unknown = table
    for (const part of key.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined
    return typeof node === 'string' ? node : undefined
  }
  return (key, values = {}) =>
    (lookup(own, key) ?? lookup(english, key) ?? key).replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => String(values[name] ?? ''))
}
