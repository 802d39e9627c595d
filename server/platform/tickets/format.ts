import { formatMoney as moneyIn } from '../../../shared/rules/money.ts'
import { LANGUAGE_INFO, type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'

/** BCP 47 tag of a locale for Intl (zh-tw -> zh-Hant). */
export function htmlLangOf(locale: Locale): string {
  return LANGUAGE_INFO[urlLanguageOfLocale(locale)].htmlLang
}

/** Minor units as the language writes money: US$1,234.50, 1.234,50 US$, US$1,234.50... */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  return moneyIn(minor, currency, htmlLangOf(locale))
}

/** The exhibition's dates at the venue, e.g. "26–27 Jan 2027, 09:00 (Asia/Bangkok)". */
export function formatDateRange(startsAt: Date, endsAt: Date, timeZone: string, locale: Locale): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
  try {
    return new Intl.DateTimeFormat(htmlLangOf(locale), { ...options, timeZone }).formatRange(startsAt, endsAt)
  } catch {
    return new Intl.DateTimeFormat(htmlLangOf(locale), { ...options, timeZone: 'UTC' }).formatRange(startsAt, endsAt)
  }
}

/** Where the exhibition takes place, in one line. */
export function locationLine(exhibition: { venueName: string; address: string; city: string }): string {
  // The address often names the city already.
  const city = exhibition.address.includes(exhibition.city) ? '' : exhibition.city
  return [exhibition.venueName, exhibition.address, city].filter((part) => part.trim()).join(', ')
}
