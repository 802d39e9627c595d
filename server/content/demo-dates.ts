import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

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
   * Fills the year placeholders of a text: `{{year}}` is `ownYear` (the year of the item's own
   * shifted date), `{{year+1}}` / `{{year-1}}` count from it, and `{{year:<slug>}}` is the shifted
   * year of the demo exhibition with that slug. Unknown slugs are left as they are.
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

const isInstant = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))

export function demoShift(options: DemoShiftOptions): DemoShift {
  const weeks = weeksSince(options.writtenFor, options.today)
  const days = weeks * 7
  const years = options.years ?? new Map<string, number>()
  const fillText = (text: string, ownYear: number | null) =>
    text.replace(PLACEHOLDER, (whole, slug: string | undefined, sign: string | undefined, count: string | undefined) => {
      if (slug) return String(years.get(slug) ?? whole)
      if (ownYear === null) return whole
      return String(sign ? ownYear + (sign === '+' ? 1 : -1) * Number(count) : ownYear)
    })
  const fill = (value: unknown, ownYear: number | null): unknown => {
    if (typeof value === 'string') return fillText(value, ownYear)
    if (Array.isArray(value)) return value.map((item) => fill(item, ownYear))
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, ownYear)]))
    return value
  }
  const shiftInstant = (value: unknown) => (isInstant(value) ? new Date(Date.parse(value) + days * DAY_MS).toISOString() : value)
  return {
    weeks,
    days,
    instant: shiftInstant,
    day(value) {
      if (typeof value !== 'string' || !DAY.test(value) || Number.isNaN(Date.parse(value))) return value
      return new Date(Date.parse(`${value}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
    },
    yearOf(value) {
      return isInstant(value) ? new Date(Date.parse(value) + days * DAY_MS).getUTCFullYear() : null
    },
    namedYear: (name) => (typeof name === 'string' ? (years.get(name) ?? null) : null),
    fillYears: <T>(value: T, ownYear: number | null) => fill(value, ownYear) as T,
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
