import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import { htmlLangOf } from '../i18n.ts'

/** A country's name in the member's language with its code ("United Kingdom (GB)"); the code alone when the name is not known. */
export function countryName(code: string | null, language: ConsoleLanguage): string {
  if (!code) return ''
  const name = new Intl.DisplayNames(htmlLangOf(language), { type: 'region', fallback: 'none' }).of(code)
  return name ? `${name} (${code})` : code
}
