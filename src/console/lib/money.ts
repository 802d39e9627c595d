import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import { currencyDigits } from '../../../shared/rules/money.ts'
import { htmlLangOf } from '../i18n.ts'

/** Minor units as the member's language writes money (GBP 12900 -> £129.00); the currency's own decimals. */
export function formatMoney(minor: number, currency: string, language: ConsoleLanguage): string {
  const digits = currencyDigits(currency)
  return new Intl.NumberFormat(htmlLangOf(language), { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    minor / 10 ** digits,
  )
}
