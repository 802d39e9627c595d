/**
 * Dates and times of an event, always in the venue's time zone (an exhibition in Dubai runs on
 * Dubai time wherever the visitor reads about it), with the platform's own Intl data: no date
 * library in the page bundle.
 */

import { dateFormat } from '../../i18n/intl.ts'

const formatter = dateFormat

const isCjk = (htmlLang: string) => /^(zh|ja)/.test(htmlLang)

/**
 * Node's ICU and the browser's put thin or narrow no-break spaces in different places ("21 – 23"):
 * one plain space everywhere, so the server's HTML and the hydrating browser write the same text.
 */
const tidy = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ')

const ranges = new Map<string, string>()

/** "21–23 November 2026", "2026年11月21日–23日": one day or a range, at the venue. */
export function formatDateRange(startsAt: string, endsAt: string, timeZone: string, htmlLang: string): string {
  // ICU's range formatting is the dearest part of a list page's server render, and the same few
  // exhibitions are formatted on every page: remember the answers (bounded).
  const key = `${startsAt}|${endsAt}|${timeZone}|${htmlLang}`
  let text = ranges.get(key)
  if (text === undefined) {
    text = rangeText(startsAt, endsAt, timeZone, htmlLang)
    if (ranges.size >= 5000) ranges.clear()
    ranges.set(key, text)
  }
  return text
}

function rangeText(startsAt: string, endsAt: string, timeZone: string, htmlLang: string): string {
  const start = new Date(startsAt)
  const end = new Date(endsAt)
  const full = formatter(htmlLang, { timeZone, year: 'numeric', month: 'long', day: 'numeric' })
  const startDay = full.format(start)
  const endDay = full.format(end)
  if (startDay === endDay) return tidy(startDay)
  if (isCjk(htmlLang)) {
    // CLDR's range pattern falls back to numeric dates here; spell the end out from what differs.
    const parts = (date: Date) => formatter('en', { timeZone, year: 'numeric', month: 'numeric' }).format(date)
    const sameYear = formatter('en', { timeZone, year: 'numeric' }).format(start) === formatter('en', { timeZone, year: 'numeric' }).format(end)
    const tail = parts(start) === parts(end) ? { day: 'numeric' as const } : sameYear ? { month: 'long' as const, day: 'numeric' as const } : null
    return tidy(`${startDay}–${tail ? formatter(htmlLang, { timeZone, ...tail }).format(end) : endDay}`)
  }
  return tidy(full.formatRange(start, end))
}

/** "9:30 – 10:15 AM" at the venue. */
export function formatTimeRange(startsAt: string, endsAt: string, timeZone: string, htmlLang: string): string {
  const time = formatter(htmlLang, { timeZone, hour: 'numeric', minute: '2-digit' })
  if (startsAt === endsAt) return tidy(time.format(new Date(startsAt)))
  return tidy(time.formatRange(new Date(startsAt), new Date(endsAt)))
}

/** "21 November 2026, 10:00" at the venue (sales opening, photo times). */
export function formatDateTime(instant: string, timeZone: string, htmlLang: string): string {
  return tidy(formatter(htmlLang, { timeZone, year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(instant)))
}

export function formatTime(instant: string, timeZone: string, htmlLang: string): string {
  return tidy(formatter(htmlLang, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(instant)))
}

/** An agenda day (YYYY-MM-DD, already the venue's calendar day): "Sat, 21 Nov". */
export function formatDay(day: string, htmlLang: string, style: 'short' | 'long' = 'short'): string {
  return tidy(formatter(htmlLang, { timeZone: 'UTC', weekday: style, day: 'numeric', month: style }).format(new Date(`${day}T00:00:00Z`)))
}

/** "GMT+4": the venue's offset at that instant, to say in which time the times are. */
export function timeZoneLabel(instant: string, timeZone: string, htmlLang: string): string {
  return (
    formatter(htmlLang, { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date(instant))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  )
}

/** The venue's calendar year of an instant (titles say "2026"; filters use it too). */
export function venueYear(instant: string, timeZone: string): number {
  return Number(formatter('en', { timeZone, year: 'numeric' }).format(new Date(instant)))
}
