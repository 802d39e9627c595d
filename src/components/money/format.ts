import { currencyDigits } from '../../../shared/rules/money.ts'
import { numberFormat } from '../../i18n/intl.ts'

/** Integer minor units as the page's language writes money: US$1,234.50, 1.234,50 US$, US$1,234.50, ... */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = currencyDigits(currency)
  try {
    return numberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits)
  } catch {
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`
  }
}
