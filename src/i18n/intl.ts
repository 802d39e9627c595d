/**
 * Intl formatters, made once per language and options: building one costs far more than using it,
 * and a page formats dozens of dates and numbers on every server render.
 */

/** Gregorian calendar everywhere: a Thai page otherwise shows Buddhist years next to "2026" titles. */
export function intlLocale(htmlLang: string): string {
  return htmlLang.startsWith('th') ? `${htmlLang}-u-ca-gregory` : htmlLang
}

const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(kind: string, htmlLang: string, options: object, make: (locale: string) => T): T {
  const key = `${kind}|${htmlLang}|${JSON.stringify(options)}`
  let found = formats.get(key) as T | undefined
  if (!found) {
    found = make(intlLocale(htmlLang))
    formats.set(key, found)
  }
  return found
}

export function dateFormat(htmlLang: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached('date', htmlLang, options, (locale) => new Intl.DateTimeFormat(locale, options))
}

export function numberFormat(htmlLang: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached('number', htmlLang, options, (locale) => new Intl.NumberFormat(locale, options))
}
