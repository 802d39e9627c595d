import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import { formatMoney as moneyIn } from '../../../shared/rules/money.ts'
import { htmlLangOf } from '../i18n.ts'

/** Minor units as the member's language writes money (GBP 12900 -> £129.00); the currency's own decimals. */
export function formatMoney(minor: number, currency: string, language: ConsoleLanguage): string {
  return moneyIn(minor, currency, htmlLangOf(language))
}
