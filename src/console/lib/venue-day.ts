import type { ConsoleLanguage } from '../../../shared/rules/console-access.ts'
import { htmlLangOf } from '../i18n.ts'

/**
 * A calendar day at the venue (YYYY-MM-DD), formatted at UTC so that no zone moves it to the day before.
 * Apart from format.ts, whose instants every screen loads, so the screens without venue days do not.
 */
export function formatDay(day: string, language: ConsoleLanguage): string {
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return day
  return new Intl.DateTimeFormat(htmlLangOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(date)
}
