import { numberFormat } from '../../i18n/intl.ts'
/** Digits after the decimal point of a currency (2 for USD, 0 for JPY), from the browser's Intl data. */
export function fractionDigits(currency: string): number {
  try {
    return numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

/** Integer minor units as the page's language writes money: US$1,234.50, 1.234,50 US$, US$1,234.50, ... */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = fractionDigits(currency)
  try {
    return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits)
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`
  }
}
