import { LANGUAGE_INFO, LOCALES, type Locale } from '../../shared/languages.ts'

/**
 * Dates written in the demo's prose ("on {{dates:2027-01-26/2027-01-27|day-month-year}}"), formatted
 * for the text's language the way the site formats an exhibition's dates (src/components/event-dates),
 * so a sentence and the dates beside it on the same page agree once both have moved.
 */

export type WrittenDateStyle = 'day-month' | 'day-month-year'

export const WRITTEN_DATE_STYLES: readonly WrittenDateStyle[] = ['day-month', 'day-month-year']

const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value)

/** The locale a key of a demo file names: `texts.ru` in JSON, `summary.ru` in front matter. */
export function localeOfKey(key: string): Locale | null {
  if (isLocale(key)) return key
  const dot = key.lastIndexOf('.')
  const suffix = dot >= 0 ? key.slice(dot + 1) : ''
  return isLocale(suffix) ? suffix : null
}

/** The site's Intl tag for a locale (zh-cn -> zh-Hans). */
function htmlLangOf(locale: Locale): string {
  return Object.values(LANGUAGE_INFO).find((info) => info.locale === locale)?.htmlLang ?? locale
}

// The rules of src/i18n/intl.ts and src/components/event-dates/format.ts, which server code may not
// import (docs/CONVENTIONS.md#imports-and-files): keep them in step.

const formats = new Map<string, Intl.DateTimeFormat>()

/** Gregorian calendar everywhere: a Thai page otherwise shows Buddhist years next to "2026" titles. */
function dateFormat(htmlLang: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${htmlLang}|${JSON.stringify(options)}`
  let found = formats.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(htmlLang.startsWith('th') ? `${htmlLang}-u-ca-gregory` : htmlLang, { timeZone: 'UTC', ...options })
    formats.set(key, found)
  }
  return found
}

const tidy = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ')
const isCjk = (htmlLang: string) => /^(zh|ja)/.test(htmlLang)
const at = (day: string) => new Date(`${day}T00:00:00Z`)

/**
 * "26–27 January 2027", "2027年1月26日–27日"; without the year on request ("26–27 January"),
 * except across New Year, where both years are named all the same.
 */
function rangeText(from: string, to: string, htmlLang: string, withYear: boolean): string {
  const full = dateFormat(htmlLang, { year: withYear || from.slice(0, 4) !== to.slice(0, 4) ? 'numeric' : undefined, month: 'long', day: 'numeric' })
  if (from === to) return tidy(full.format(at(from)))
  if (isCjk(htmlLang)) {
    // CLDR's range pattern falls back to numeric dates here; spell the end out from what differs.
    const tail =
      from.slice(0, 7) === to.slice(0, 7)
        ? { day: 'numeric' as const }
        : from.slice(0, 4) === to.slice(0, 4)
          ? { month: 'long' as const, day: 'numeric' as const }
          : null
    return tidy(`${full.format(at(from))}–${tail ? dateFormat(htmlLang, tail).format(at(to)) : full.format(at(to))}`)
  }
  return tidy(full.formatRange(at(from), at(to)))
}

/** One calendar day or a range of them (YYYY-MM-DD, already moved), as the text's language writes it. */
export function formatWrittenDates(locale: Locale, from: string, to: string, style: WrittenDateStyle): string {
  return rangeText(from, to, htmlLangOf(locale), style === 'day-month-year')
}
