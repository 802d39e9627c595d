import { fn } from '../../shared/functions/gateway.ts'
import { SURVEY } from '../../shared/functions/survey.ts'
import type * as contracts from '../../shared/contracts/survey.ts'

export type { SurveyForm } from '../../shared/contracts/survey.ts'
/** Browser-safe references to the survey functions (no zod in the page bundle). */
export const surveyForm = fn<typeof contracts.surveyForm>(SURVEY.surveyForm)
export const submitSurvey = fn<typeof contracts.submitSurvey>(SURVEY.submitSurvey)
