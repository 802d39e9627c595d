import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { CONSOLE } from '../functions/console.ts'
import { TASK_KINDS, TASK_LIMITS, TASK_MESSAGES, TASK_STATES } from '../rules/exhibitor-tasks.ts'
import { hasUnstorableControl } from '../rules/text.ts'
import { defineContract } from './define.ts'

/**
 * The organiser's checklist for an exhibition's exhibitors (docs/product.md#console-exhibitor-tasks):
 * tasks with a day at the venue they are due on, texts in the 12 languages (English required), how many
 * exhibitors have done each; and one exhibitor's state of each. Messages are `console:errors.*` keys or
 * `errors.*` of `common`; field errors name the field (`texts.en.title`, `dueOn`).
 */

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(Number.MAX_SAFE_INTEGER, 'errors.invalid')
const locale = z.enum(LOCALES)
const text = (max: number) =>
  z
    .string({ error: 'errors.invalid' })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim().normalize('NFC'))
    .pipe(
      z
        .string()
        .max(max, TASK_MESSAGES.tooLong)
        .refine((value) => !hasUnstorableControl(value), 'errors.invalid'),
    )

const taskText = z.object({ title: text(TASK_LIMITS.title), instructions: text(TASK_LIMITS.instructions).default('') })

/** A day at the venue, YYYY-MM-DD, that exists in the calendar. */
const day = z
  .string({ error: TASK_MESSAGES.dueDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, TASK_MESSAGES.dueDate)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), TASK_MESSAGES.dueDate)

export const taskTexts = z.partialRecord(locale, z.object({ title: z.string(), instructions: z.string() }))

export const consoleTask = z.object({
  id: z.number().int(),
  kind: z.enum(TASK_KINDS),
  dueOn: z.string(),
  version: z.number().int(),
  texts: taskTexts,
  /** Active exhibitors that have done it, of `exhibitors`; and those past its day without it. */
  done: z.number().int(),
  overdue: z.number().int(),
  /** A `manual` task's PDFs, one a language (docs/product.md#exhibitor-manual). */
  manuals: z.array(z.object({ locale, name: z.string(), bytes: z.number().int(), version: z.number().int(), uploadedAt: z.string() })),
})

export const taskBoard = z.object({
  exhibition: z.object({ id: z.number().int(), title: z.string(), timeZone: z.string(), startsOn: z.string(), today: z.string() }),
  /** Active exhibitors of the exhibition. */
  exhibitors: z.number().int(),
  tasks: z.array(consoleTask),
})

export const exhibitorTaskBoard = defineContract({
  ...CONSOLE.exhibitorTaskBoard,
  payload: z.object({ exhibitionId: id }),
  result: taskBoard,
})

export const saveExhibitorTask = defineContract({
  ...CONSOLE.saveExhibitorTask,
  payload: z
    .object({
      exhibitionId: id,
      /** Absent: a new task. */
      id: id.optional(),
      /** The version edited (required with `id`): another save since answers 409. */
      version: z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').optional(),
      kind: z.enum(TASK_KINDS, { error: 'errors.invalid' }),
      dueOn: day,
      texts: z.partialRecord(locale, taskText),
    })
    .superRefine((value, context) => {
      if (value.id !== undefined && value.version === undefined) context.addIssue({ code: 'custom', message: 'errors.invalid', path: ['version'] })
      if (!value.texts.en?.title) context.addIssue({ code: 'custom', message: TASK_MESSAGES.englishTitle, path: ['texts', 'en', 'title'] })
      for (const [language, entry] of Object.entries(value.texts)) {
        if (language !== 'en' && entry && !entry.title && entry.instructions)
          context.addIssue({ code: 'custom', message: TASK_MESSAGES.titleMissing, path: ['texts', language, 'title'] })
      }
    }),
  result: taskBoard,
})

export const deleteExhibitorTask = defineContract({
  ...CONSOLE.deleteExhibitorTask,
  payload: z.object({ exhibitionId: id, id, version: z.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid') }),
  result: taskBoard,
})

/** The checklist's order: every task of the exhibition, each once, in the order exhibitors read them. */
export const reorderExhibitorTasks = defineContract({
  ...CONSOLE.reorderExhibitorTasks,
  payload: z.object({ exhibitionId: id, ids: z.array(id).max(TASK_LIMITS.perExhibition, 'errors.invalid') }),
  result: taskBoard,
})

/** One exhibitor's state of each of its exhibition's tasks, for its console page. */
export const exhibitorTaskStates = defineContract({
  ...CONSOLE.exhibitorTaskStates,
  payload: z.object({ exhibitorId: id }),
  result: z.object({
    tasks: z.array(
      z.object({
        id: z.number().int(),
        kind: z.enum(TASK_KINDS),
        title: z.string(),
        dueOn: z.string(),
        state: z.enum(TASK_STATES),
        /** When an admin confirmed it, and who (null once that person's account is gone). */
        confirmedAt: z.string().nullable(),
        confirmedBy: z.string().nullable(),
      }),
    ),
  }),
})

export type TaskBoard = z.output<typeof taskBoard>
export type ConsoleTask = z.output<typeof consoleTask>
export type ExhibitorTaskStates = z.output<typeof exhibitorTaskStates.result>
