/**
 * Money as people read and type it (docs/product.md#money). Amounts are stored and sent as integer
 * minor units of the currency's ISO 4217 minor unit (2 for USD, 0 for JPY, 3 for KWD), which is also
 * the unit card providers take; people never type minor units: they type "299.00" and see "¥299".
 * Zod-free, so the console's forms, the visitor pages and the platform share one table.
 */

/**
 * Currencies in use today (ISO 4217 less funds, special drawing rights and replaced codes: CUC, HRK,
 * SLL, ZWL, ANG), as Node and the browsers list them.
 */
export const CURRENCY_CODES = [
  'AED', 'AFN', 'ALL', 'AMD', 'AOA', 'ARS', 'AUD', 'AWG', 'AZN', 'BAM', 'BBD', 'BDT', 'BGN', 'BHD', 'BIF', 'BMD', 'BND', 'BOB',
  'BRL', 'BSD', 'BTN', 'BWP', 'BYN', 'BZD', 'CAD', 'CDF', 'CHF', 'CLP', 'CNY', 'COP', 'CRC', 'CUP', 'CVE', 'CZK', 'DJF', 'DKK',
  'DOP', 'DZD', 'EGP', 'ERN', 'ETB', 'EUR', 'FJD', 'FKP', 'GBP', 'GEL', 'GHS', 'GIP', 'GMD', 'GNF', 'GTQ', 'GYD', 'HKD', 'HNL',
  'HTG', 'HUF', 'IDR', 'ILS', 'INR', 'IQD', 'IRR', 'ISK', 'JMD', 'JOD', 'JPY', 'KES', 'KGS', 'KHR', 'KMF', 'KPW', 'KRW', 'KWD',
  'KYD', 'KZT', 'LAK', 'LBP', 'LKR', 'LRD', 'LSL', 'LYD', 'MAD', 'MDL', 'MGA', 'MKD', 'MMK', 'MNT', 'MOP', 'MRU', 'MUR', 'MVR',
  'MWK', 'MXN', 'MYR', 'MZN', 'NAD', 'NGN', 'NIO', 'NOK', 'NPR', 'NZD', 'OMR', 'PAB', 'PEN', 'PGK', 'PHP', 'PKR', 'PLN', 'PYG',
  'QAR', 'RON', 'RSD', 'RUB', 'RWF', 'SAR', 'SBD', 'SCR', 'SDG', 'SEK', 'SGD', 'SHP', 'SLE', 'SOS', 'SRD', 'SSP', 'STN', 'SVC',
  'SYP', 'SZL', 'THB', 'TJS', 'TMT', 'TND', 'TOP', 'TRY', 'TTD', 'TWD', 'TZS', 'UAH', 'UGX', 'USD', 'UYU', 'UZS', 'VES', 'VND',
  'VUV', 'WST', 'XAF', 'XCD', 'XCG', 'XOF', 'XPF', 'YER', 'ZAR', 'ZMW', 'ZWG',
] as const // biome-ignore format: a table reads best as a block

const KNOWN = new Set<string>(CURRENCY_CODES)
/** ISO 4217 minor unit 0 (MGA too, whose fifths no provider takes). */
const NO_DECIMALS = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'ISK', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF'])
const THREE_DECIMALS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'])

export function isCurrency(code: string): boolean {
  return KNOWN.has(code)
}

/** Digits after the decimal point: what one minor unit is (2 for USD, 0 for JPY, 3 for KWD). */
export function currencyDigits(currency: string): number {
  return NO_DECIMALS.has(currency) ? 0 : THREE_DECIMALS.has(currency) ? 3 : 2
}

const newFormat = (tag: string, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(tag, options)

/**
 * Integer minor units as the language of `tag` (BCP 47) writes money, in the currency's own digits:
 * US$1,234.50, 1.234,50 US$, ¥299. The one formatter of the pages, the console and the server (mails,
 * PDFs, the sandbox); `numberFormat` lets a caller reuse its formatters. A code Intl does not know
 * reads "12.50 XYZ".
 */
export function formatMoney(minor: number, currency: string, tag: string, numberFormat = newFormat): string {
  const digits = currencyDigits(currency)
  const amount = minor / 10 ** digits
  try {
    return numberFormat(tag, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount)
  } catch {
    return `${amount.toFixed(digits)} ${currency}`
  }
}

export type MoneyProblem = 'format' | 'digits'

/**
 * An amount as typed ("299.00", "299", "1,299.50", "1.299,50", "２９９．００", "¥299") in minor units
 * of the currency; `digits` when it has more decimals than the currency (299.5 yen, 129.005 pounds).
 * Where a reading is ambiguous it is refused rather than guessed: a price 1000 times off is worse
 * than a question.
 */
export function parseMoney(typed: string, currency: string): { minor: number } | { problem: MoneyProblem } {
  const digits = currencyDigits(currency)
  const text = typed
    .normalize('NFKC')
    .replace(/[\s'’\u00a0\u202f]/g, '')
    // A currency symbol or code before or after the number ("¥299", "299 CNY", "US$5").
    .replace(/^[^\d.,-]+|[^\d.,]+$/g, '')
  if (!/^\d[\d.,]*$/.test(text) || /[.,]$/.test(text)) return { problem: 'format' }
  const lastDot = text.lastIndexOf('.')
  const lastComma = text.lastIndexOf(',')
  let decimal: string | null = null
  if (lastDot >= 0 && lastComma >= 0) decimal = lastDot > lastComma ? '.' : ','
  else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ','
    const count = text.split(separator).length - 1
    const after = text.length - text.lastIndexOf(separator) - 1
    // A lone dot is a decimal point ("129.005" is a typo to refuse, never 129,005); a lone comma before
    // three digits groups thousands ("1,299"), except in a three-decimal currency, where it is ambiguous.
    if (separator === ',' && count === 1 && after === 3 && digits === 3) return { problem: 'format' }
    decimal = count === 1 && (separator === '.' || after !== 3) ? separator : null
  }
  const thousands = decimal === '.' ? ',' : decimal === ',' ? '.' : null
  let [whole = '', fraction = ''] = decimal ? text.split(decimal) : [text]
  if (thousands) {
    if (fraction.includes(thousands)) return { problem: 'format' }
    if (!/^\d{1,3}([.,]\d{3})*$/.test(whole) && !/^\d+$/.test(whole)) return { problem: 'format' }
    whole = whole.split(thousands).join('')
  } else if (!decimal) {
    if (!/^\d{1,3}([.,]\d{3})+$/.test(whole) && !/^\d+$/.test(whole)) return { problem: 'format' }
    whole = whole.replace(/[.,]/g, '')
  }
  if (!/^\d+$/.test(whole) || !/^\d*$/.test(fraction)) return { problem: 'format' }
  const significant = fraction.replace(/0+$/, '')
  if (significant.length > digits) return { problem: 'digits' }
  const minor = Number(whole) * 10 ** digits + Number(significant.padEnd(digits, '0') || '0')
  return Number.isSafeInteger(minor) ? { minor } : { problem: 'format' }
}

/** Minor units as a form shows them for editing: "299.00", "5000" (yen), no grouping. */
export function amountText(minor: number, currency: string): string {
  const digits = currencyDigits(currency)
  return digits ? (minor / 10 ** digits).toFixed(digits) : String(minor)
}
