import * as consoleContracts from '../../../shared/contracts/console-survey.ts'
import * as contracts from '../../../shared/contracts/survey.ts'
import type { StaffCaller } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import { actorOf } from '../staff-actor.ts'
import { deleteSurveyQuestion, reorderSurveyQuestions, saveSurveyQuestion, surveyEditor, surveyResults } from './survey-console.ts'
import { submitSurvey, surveyForm } from './survey-visitor.ts'

/** The survey's functions: the page's two on the survey endpoint, the console's on POST /gateway/console (roles in console-access.ts). */
export function registerSurveyFunctions(platform: Platform): void {
  const { registry, db } = platform
  registry.implement(contracts.surveyForm, (payload, call) => surveyForm(platform, payload.token, call.locale, call.ip))
  registry.implement(contracts.submitSurvey, (payload, call) => submitSurvey(platform, db, payload.token, payload.answers, call.locale, call.ip))

  const actor = (call: { staff?: StaffCaller | null; ip: string }) => actorOf(call.staff as StaffCaller, call.ip)
  registry.implement(consoleContracts.surveyEditor, (payload, call) => surveyEditor(db, actor(call), payload.exhibitionId))
  registry.implement(consoleContracts.saveSurveyQuestion, (payload, call) => saveSurveyQuestion(db, platform, actor(call), payload))
  registry.implement(consoleContracts.deleteSurveyQuestion, (payload, call) =>
    deleteSurveyQuestion(db, platform, actor(call), payload.exhibitionId, payload.id),
  )
  registry.implement(consoleContracts.reorderSurveyQuestions, (payload, call) =>
    reorderSurveyQuestions(db, platform, actor(call), payload.exhibitionId, payload.ids),
  )
  registry.implement(consoleContracts.surveyResults, (payload, call) => surveyResults(db, actor(call), payload))
}
