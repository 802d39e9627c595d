import { fn } from '../../shared/functions/gateway.ts'
import { CONSOLE } from '../../shared/functions/console.ts'
import type * as survey from '../../shared/contracts/console-survey.ts'

export type { SurveyEditor, SurveyEditorQuestion, SurveyResults } from '../../shared/contracts/console-survey.ts'
/** The post-event survey in the console (docs/product.md#survey): browser references, beside src/api/console.ts. */
export const surveyEditor = fn<typeof survey.surveyEditor>(CONSOLE.surveyEditor)
export const saveSurveyQuestion = fn<typeof survey.saveSurveyQuestion>(CONSOLE.saveSurveyQuestion)
export const deleteSurveyQuestion = fn<typeof survey.deleteSurveyQuestion>(CONSOLE.deleteSurveyQuestion)
export const reorderSurveyQuestions = fn<typeof survey.reorderSurveyQuestions>(CONSOLE.reorderSurveyQuestions)
export const surveyResults = fn<typeof survey.surveyResults>(CONSOLE.surveyResults)
