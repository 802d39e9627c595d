import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { EXHIBITORS } from '../functions/exhibitors.ts'
import { TASK_KINDS, TASK_STATES } from '../rules/exhibitor-tasks.ts'
import { defineContract } from './define.ts'

/**
 * The exhibitor area's checklist (docs/product.md#exhibitor-tasks): the organiser's tasks for the
 * member's exhibitor with their days and states; an admin confirms one done. Messages are keys of the
 * `exhibitor` namespace.
 */

const id = z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(Number.MAX_SAFE_INTEGER, 'errors.invalid')

export const checklistView = z.object({
  /** The venue's today, what the states were read against. */
  today: z.string(),
  tasks: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(TASK_KINDS),
      /** In the member's language along the content fallback chain; `textLocale` says which. */
      title: z.string(),
      textLocale: z.enum(LOCALES),
      /** Along the same chain, from the first language that has any: a title translated alone keeps them. */
      instructions: z.string(),
      instructionsLocale: z.enum(LOCALES),
      dueOn: z.string(),
      state: z.enum(TASK_STATES),
      confirmedAt: z.string().nullable(),
      /** Who confirmed it, or first opened the manual (their name); null once their account is erased. */
      confirmedBy: z.string().nullable(),
      /** A `manual` task's PDF in the member's language along the fallback (docs/product.md#exhibitor-manual); null until uploaded. */
      manual: z.object({ locale: z.enum(LOCALES), bytes: z.number().int() }).nullable(),
    }),
  ),
})

export const exhibitorChecklist = defineContract({
  ...EXHIBITORS.exhibitorChecklist,
  payload: z.object({ exhibitorId: id }),
  result: checklistView,
})

/** An admin says a task that is confirmed by hand is done; once is enough, again changes nothing. */
export const confirmExhibitorTask = defineContract({
  ...EXHIBITORS.confirmExhibitorTask,
  payload: z.object({ exhibitorId: id, taskId: id }),
  result: checklistView,
})

export type ChecklistView = z.output<typeof checklistView>
