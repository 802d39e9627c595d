import { formatMoney as moneyIn } from '../../../shared/rules/money.ts'
import { numberFormat } from '../../i18n/intl.ts'

/** Integer minor units as the page's language writes money: US$1,234.50, 1.234,50 US$, US$1,234.50, ... */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return moneyIn(minor, currency, locale, numberFormat)
}
