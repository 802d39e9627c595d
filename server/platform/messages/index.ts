import type { Domain } from '../platform.ts'
import { registerMessageFunctions } from './messages.functions.ts'
import { MESSAGES_JOB } from './messages.repo.ts'
import { sendDueMessages } from './messages.send.ts'
import { sendDueReminders } from './reminders.send.ts'
import { unsubscribeRoutes } from './unsubscribe.routes.ts'

/** How often the sending job looks for messages due and the minute's budget left. */
export const MESSAGES_JOB_MS = 15_000

/**
 * Messages from the organiser (docs/product.md#messages): written in the console in several
 * languages, sent now or later to an exhibition's attendees or exhibitors by a job at a limited rate,
 * marketing ones with a one-click unsubscribe (docs/product.md#unsubscribe); bounces and complaints
 * reported by the mail provider are honoured by every later send. Reminders before the exhibition
 * (docs/product.md#reminders-before-the-exhibition) are set once per exhibition and share the rate.
 */
export const domain: Domain = {
  name: 'messages',
  // After tickets, exhibitors and staff (its audit writer); it reads their tables.
  order: 140,
  setup(platform) {
    registerMessageFunctions(platform)
    platform.jobs.every(MESSAGES_JOB, MESSAGES_JOB_MS, () => sendDueMessages(platform))
    platform.jobs.every('reminders.send', MESSAGES_JOB_MS, () => sendDueReminders(platform))
  },
  routes(router, platform) {
    unsubscribeRoutes(router, platform)
  },
}

// What other domains use of this one.
export { eraseMessageRecipients } from './erasure.ts'
