import { LANGUAGE_INFO } from '../../../shared/languages.ts'
import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'

/** A catalogue text in the member's language when it is written, else the English one (which is required). */
export function localText<K extends string>(
  texts: Partial<Record<string, Partial<Record<K, string>>>>,
  language: ConsoleLanguage,
  field: K,
): string | undefined {
  return texts[LANGUAGE_INFO[language].locale]?.[field] || texts.en?.[field]
}
