import isoCountries from 'i18n-iso-countries'
import type { Locale } from '../../../shared/languages.ts'

const BCP47: Partial<Record<Locale, string>> = { 'zh-cn': 'zh-Hans', 'zh-tw': 'zh-Hant', 'zh-hk': 'zh-Hant-HK' }
const regionNames = new Map<Locale, Intl.DisplayNames>()

/**
 * A country's name in a language from the platform's CLDR data (AE -> "United Arab Emirates",
 * "阿拉伯联合酋长国"), the code when it has none. Made on the server and sent with the data: browsers
 * carry other CLDR versions (Chromium and Node name Hong Kong differently in Chinese), and a name
 * made in the browser would not match the server's HTML.
 */
export function countryName(code: string, locale: Locale): string {
  let names = regionNames.get(locale)
  if (!names) {
    names = new Intl.DisplayNames([BCP47[locale] ?? locale, 'en'], { type: 'region', fallback: 'code' })
    regionNames.set(locale, names)
  }
  try {
    return names.of(code) ?? code
  } catch {
    return code
  }
}

/** Every ISO 3166-1 territory's code and name in a language, sorted as that language sorts: the pickers' choices. */
export function countryChoices(locale: Locale): Array<{ code: string; name: string }> {
  const collator = new Intl.Collator(BCP47[locale] ?? locale)
  return Object.keys(isoCountries.getAlpha2Codes())
    .map((code) => ({ code, name: countryName(code, locale) }))
    .sort((a, b) => collator.compare(a.name, b.name))
}

const ALPHA2 = new Set(Object.keys(isoCountries.getAlpha2Codes()))

/** Whether a code names a territory of the table (what a country answer may be). */
export const isCountryCode = (code: string): boolean => ALPHA2.has(code)
