import type { Domain } from '../platform.ts'
import { mailSurveyInvitations } from './survey-mail.ts'
import { registerSurveyFunctions } from './survey.functions.ts'
import { surveyRoutes } from './survey.routes.ts'

/** How often ended exhibitions are looked at for invitations still to mail. */
export const SURVEY_MAIL_MS = 60_000

/**
 * The post-event survey (docs/product.md#survey): questions per exhibition in the console,
 * one invitation per checked-in ticket mailed after the end, one answer per ticket through
 * /wikifxweb-v1/wikisurvey/invoke-v1 (or a plain form post), results and exports in the console.
 */
export const domain: Domain = {
  name: 'survey',
  // After tickets (50) and staff (its audit writer); it reads both.
  order: 130,
  setup(platform) {
    registerSurveyFunctions(platform)
    platform.jobs.every('survey.invitations', SURVEY_MAIL_MS, () => mailSurveyInvitations(platform))
  },
  routes(router, platform) {
    surveyRoutes(router, platform)
  },
}

// What other domains use of this one.
export { eraseSurveyTraces } from './erasure.ts'
export { SURVEY_EXPORT } from './survey-console.ts'
