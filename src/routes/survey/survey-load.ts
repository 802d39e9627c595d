import type { SurveyErrors } from '../../../shared/rules/survey.ts'
import type { SurveyForm } from '../../api/survey.ts'
import { dateFormat } from '../../i18n/intl.ts'

/** The exhibition's days at the venue, as a range in the page's language (made in the loader, so server and browser agree). */
export function exhibitionDays(exhibition: { startsAt: string; endsAt: string; timeZone: string }, htmlLang: string): string {
  try {
    return dateFormat(htmlLang, { year: 'numeric', month: 'short', day: 'numeric', timeZone: exhibition.timeZone }).formatRange(
      new Date(exhibition.startsAt),
      new Date(exhibition.endsAt),
    )
  } catch {
    return dateFormat(htmlLang, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(exhibition.startsAt))
  }
}

export function answeredOn(at: string, htmlLang: string, timeZone: string): string {
  try {
    return dateFormat(htmlLang, { dateStyle: 'long', timeZone }).format(new Date(at))
  } catch {
    return dateFormat(htmlLang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(at))
  }
}

export interface SurveyLoad {
  token: string
  form: SurveyForm
  days: string
  answeredOn: string | null
  /** Came back from a form post: `sent`, the field errors, or a failure to show. */
  sent: boolean
  errors: SurveyErrors
  failed: string | null
}
