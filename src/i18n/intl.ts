/**
 * Intl formatters, made once per language and options: building one costs far more than using it,
 * and a page formats dozens of dates and numbers on every server render.
 */

/** Gregorian calendar everywhere: a Thai page otherwise shows Buddhist years next to "2026" titles. */
export function intlLocale(htmlLang: string): string {
  return htmlLang.startsWith('th') ? `${htmlLang}-u-ca-gregory` : htmlLang
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()
const numberFormats = new Map<string, Intl.NumberFormat>()

export function dateFormat(htmlLang: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${htmlLang}|${JSON.stringify(options)}`
  let found = dateFormats.get(key)
  if (!found) {
    found = new Intl.DateTimeFormat(intlLocale(htmlLang), options)
    dateFormats.set(key, found)
  }
  return found
}

export function numberFormat(htmlLang: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${htmlLang}|${JSON.stringify(options)}`
  let found = numberFormats.get(key)
  if (!found) {
    found = new Intl.NumberFormat(intlLocale(htmlLang), options)
    numberFormats.set(key, found)
  }
  return found
}
