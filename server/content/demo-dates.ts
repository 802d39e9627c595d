import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locale } from '../../shared/languages.ts'
import { formatWrittenDates, localeOfKey, WRITTEN_DATE_STYLES, type WrittenDateStyle } from './written-dates.ts'

/**
 * The demo content is written with absolute dates, as an editor writes them, for one day: the
 * `writtenFor` day of `<folder>/demo.json`. Seeding moves every date of the demo by the whole
 * number of weeks between that day and the day the demo is seeded, so the demo reads the same on
 * any day (upcoming exhibitions stay upcoming, weekdays and the order of events stay as written).
 * The folder itself never changes: `npm run content` imports and exports it as written.
 */

export const DEMO_ANCHOR_FILE = 'demo.json'

const DAY_MS = 86_400_000
const DAY = /^\d{4}-\d{2}-\d{2}$/
/** A real calendar day: Date.parse would roll 2027-02-30 over into March. */
const isDay = (value: unknown): value is string =>
  typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)

export interface DemoShift {
  /** Whole weeks added to every date (negative when seeded before the day the demo was written for). */
  readonly weeks: number
  /** The same, in days (always a multiple of 7). */
  readonly days: number
  /** An instant moved by the shift (ISO 8601 out, at UTC); anything that is not an instant comes back as it was. */
  instant(value: unknown): unknown
  /** A calendar day (YYYY-MM-DD) moved by the shift; anything else comes back as it was. */
  day(value: unknown): unknown
  /** The year of a written instant once shifted, at UTC; null for anything that is not an instant. */
  yearOf(value: unknown): number | null
  /** The shifted year of a named demo item (an exhibition's slug), as `{{year:<slug>}}` fills it. */
  namedYear(name: unknown): number | null
  /**
   * Fills the placeholders of a file's texts (years and, despite the name, written dates). Years: `{{year}}` is `ownYear` (the year of the
   * item's own shifted date), `{{year+1}}` / `{{year-1}}` count from it, and `{{year:<slug>}}` is
   * the shifted year of the demo exhibition with that slug. Written dates: `{{date:2027-01-26}}`
   * and `{{dates:2027-01-26/2027-01-27}}` (optionally `|day-month-year`) become the shifted day or
   * range in the language of the text, which the key above it names (`texts.ru`, `summary.ru`,
   * a `<!-- lang: ru -->` section of a Markdown body; English otherwise). Anything it cannot read
   * (an unknown slug, an impossible day) is left as it is.
   */
  fillYears<T>(value: T, ownYear: number | null): T
}

export interface DemoShiftOptions {
  /** The day the demo content was written for (YYYY-MM-DD). */
  writtenFor: string
  /** The moment of seeding. */
  today: Date
  /** Shifted years of the demo exhibitions by slug, for `{{year:<slug>}}`. */
  years?: ReadonlyMap<string, number>
}

/**
 * Whole weeks from the written day to today, rounded down: an item written for a past moment
 * never lands in the future (a news item of yesterday stays published), at the price of the
 * demo reading up to six days "older" than written.
 */
export function weeksSince(writtenFor: string, today: Date): number {
  if (!DAY.test(writtenFor) || Number.isNaN(Date.parse(writtenFor))) throw new Error(`demo.json: writtenFor must be a day like 2026-11-26, not "${writtenFor}"`)
  const written = Date.parse(`${writtenFor}T00:00:00Z`)
  const seeded = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
  return Math.floor((seeded - written) / DAY_MS / 7)
}

const PLACEHOLDER = /\{\{\s*year\s*(?::\s*([a-z0-9][a-z0-9-]*)\s*|([+-])\s*(\d{1,2})\s*)?\}\}/g

const WRITTEN_DATE = /\{\{\s*(date|dates)\s*:\s*(\d{4}-\d{2}-\d{2})\s*(?:\/\s*(\d{4}-\d{2}-\d{2})\s*)?(?:\|\s*([a-z-]+)\s*)?\}\}/g
/** A Markdown body holds one section per language, each after a `<!-- lang: xx -->` line. */
const LANGUAGE_SECTION = /(<!--\s*lang:\s*([a-z-]+)\s*-->)/

const isInstant = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))

export function demoShift(options: DemoShiftOptions): DemoShift {
  const weeks = weeksSince(options.writtenFor, options.today)
  const days = weeks * 7
  const years = options.years ?? new Map<string, number>()
  const shiftDay = (value: string) => new Date(Date.parse(`${value}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
  const fillDates = (text: string, locale: Locale) =>
    text.replace(WRITTEN_DATE, (whole, kind: string, from: string, to: string | undefined, style: string | undefined) => {
      if ((kind === 'dates') !== (to !== undefined) || !isDay(from) || (to !== undefined && (!isDay(to) || to < from))) return whole
      if (style !== undefined && !WRITTEN_DATE_STYLES.includes(style as WrittenDateStyle)) return whole
      return formatWrittenDates(locale, shiftDay(from), shiftDay(to ?? from), (style ?? 'day-month') as WrittenDateStyle)
    })
  const fillText = (text: string, ownYear: number | null, locale: Locale) => {
    const withYears = text.replace(PLACEHOLDER, (whole, slug: string | undefined, sign: string | undefined, count: string | undefined) => {
      if (slug) return String(years.get(slug) ?? whole)
      if (ownYear === null) return whole
      return String(sign ? ownYear + (sign === '+' ? 1 : -1) * Number(count) : ownYear)
    })
    // split keeps the captured marker and its language: [before, marker, lang, section, marker, lang, section, ...]
    const pieces = withYears.split(LANGUAGE_SECTION)
    let current = locale
    return pieces
      .map((piece, index) => {
        if (index % 3 === 1) return piece
        if (index % 3 === 2) {
          current = localeOfKey(piece) ?? current
          return ''
        }
        return fillDates(piece, current)
      })
      .join('')
  }
  const fill = (value: unknown, ownYear: number | null, locale: Locale): unknown => {
    if (typeof value === 'string') return fillText(value, ownYear, locale)
    if (Array.isArray(value)) return value.map((item) => fill(item, ownYear, locale))
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, ownYear, localeOfKey(key) ?? locale)]))
    return value
  }
  const shiftInstant = (value: unknown) => (isInstant(value) ? new Date(Date.parse(value) + days * DAY_MS).toISOString() : value)
  return {
    weeks,
    days,
    instant: shiftInstant,
    day(value) {
      return isDay(value) ? shiftDay(value) : value
    },
    yearOf(value) {
      return isInstant(value) ? new Date(Date.parse(value) + days * DAY_MS).getUTCFullYear() : null
    },
    namedYear: (name) => (typeof name === 'string' ? (years.get(name) ?? null) : null),
    fillYears: <T>(value: T, ownYear: number | null) => fill(value, ownYear, 'en') as T,
  }
}

/** The day a demo folder was written for, from its demo.json; null for a folder that is not a demo. */
export function readDemoAnchor(root: string): string | null {
  const path = join(root, DEMO_ANCHOR_FILE)
  if (!existsSync(path)) return null
  const data = JSON.parse(readFileSync(path, 'utf8')) as { writtenFor?: unknown }
  if (typeof data.writtenFor !== 'string') throw new Error(`${path}: writtenFor must be a day like 2026-11-26`)
  return data.writtenFor
}
