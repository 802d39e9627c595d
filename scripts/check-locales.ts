// node scripts/check-locales.ts [locales-dir]
// Compares the locale files (locales/<locale>/<namespace>.json): keys a locale lacks, and values left
// in English in any other locale, Latin-script ones included ("Venue", "Recap" and the
// footer's "Disclaimer" stayed English in Filipino while the old check only looked at zh, ja, th and
// ru). A value equal to the English one is English left behind unless it is a name or a word the
// language uses as is: those are listed below, each list short enough to review.
// Exits 1 when anything is missing or left in English; the unit test beside it runs the same check.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join } from 'node:path'

type Tree = { [key: string]: string | Tree }
export type LocaleTexts = Record<string, Record<string, string>>

/** Names and codes that every language writes as English does. */
const SAME_EVERYWHERE = new Set(['Facebook', 'Instagram', 'LinkedIn', 'Telegram', 'YouTube', 'WhatsApp', 'WeChat', 'LINE', 'X', 'OK', 'Fintech'])

/** Words a language has taken over unchanged (loanwords its own sites use). */
const SAME_IN: Record<string, string[]> = {
  es: ['Total', 'Subtotal', 'Asia', 'Cookies', 'No'],
  pt: ['Menu', 'Total', 'Subtotal', 'Cookies'],
  id: ['Menu', 'Email', 'Status', 'Total', 'Subtotal', 'Asia', 'Agenda', 'Salon', 'Regulator', 'Video: {{title}}', '{{count}} broker'],
  vi: ['Menu', 'Email', 'Salon', 'Video: {{title}}'],
  fil: ['Menu', 'Salon'],
}

const flatten = (tree: Tree, prefix: string, out: Record<string, string>) => {
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}.${key}`
    if (typeof value === 'object' && value !== null) flatten(value, path, out)
    else out[path] = String(value)
  }
  return out
}

/** Every locale's texts as `namespace.dotted.key` -> text. */
export function readLocales(dir: string): LocaleTexts {
  const locales: LocaleTexts = {}
  for (const locale of readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory())) {
    locales[locale] = {}
    for (const file of readdirSync(join(dir, locale)).filter((name) => name.endsWith('.json'))) {
      flatten(JSON.parse(readFileSync(join(dir, locale, file), 'utf8')) as Tree, basename(file, '.json'), locales[locale])
    }
  }
  return locales
}

/** Whether a text has words at all once placeholders ({{name}}, $t(...), <0>) are taken out. */
const hasWords = (text: string) => /\p{L}{2,}/u.test(text.replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+>/g, ''))

export function isAllowedSame(locale: string, text: string): boolean {
  return !hasWords(text) || SAME_EVERYWHERE.has(text) || (SAME_IN[locale] ?? []).includes(text)
}

export interface LocaleReport {
  locale: string
  keys: number
  missing: string[]
  english: string[]
}

export function checkLocales(locales: LocaleTexts): LocaleReport[] {
  const english = locales.en ?? {}
  const all = new Set(Object.values(locales).flatMap((texts) => Object.keys(texts)))
  return Object.entries(locales).map(([locale, texts]) => ({
    locale,
    keys: Object.keys(texts).length,
    missing: [...all].filter((key) => !(key in texts)),
    english: Object.entries(texts)
      .filter(([key, text]) => locale !== 'en' && text === english[key] && !isAllowedSame(locale, text))
      .map(([key]) => key),
  }))
}

if (import.meta.main) {
  const reports = checkLocales(readLocales(process.argv[2] ?? 'locales'))
  let problems = 0
  for (const report of reports) {
    problems += report.missing.length + report.english.length
    const notes = [
      report.missing.length ? `${report.missing.length} missing (${report.missing.slice(0, 5).join(', ')})` : '',
      report.english.length ? `${report.english.length} still English (${report.english.slice(0, 5).join(', ')})` : '',
    ].filter(Boolean)
    console.log(`${report.locale.padEnd(6)} ${String(report.keys).padStart(5)} keys  ${notes.join('; ') || 'complete'}`)
  }
  process.exit(problems ? 1 : 0)
}
