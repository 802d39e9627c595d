import { toVenueTime } from '../../../shared/venue-time.ts'
import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import { htmlLangOf } from '../i18n.ts'

/**
 * Times in the console are shown in UTC and say so: the server renders them before it can know the
 * member's time zone, and the same text on both sides keeps hydration quiet.
 */
export function formatDateTime(iso: string | null, language: ConsoleLanguage): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return new Intl.DateTimeFormat(htmlLangOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)
}

/** The day and the time apart, for narrow table columns (UTC, like formatDateTime). */
export function formatDayAndTime(iso: string, language: ConsoleLanguage): { day: string; time: string } {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return { day: iso, time: '' }
  const locale = htmlLangOf(language)
  return {
    day: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date),
    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone: 'UTC' }).format(date),
  }
}

/** This minute on the venue's clock, as the console's venue-time fields write it (2031-05-02T10:00); the server's own rule. */
export function venueTimeNow(timeZone: string, now = new Date()): string {
  return toVenueTime(now, timeZone)
}
