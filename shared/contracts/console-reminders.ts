import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { CONSOLE } from '../functions/console.ts'
import { REMINDER_LIMITS, REMINDER_STATES } from '../rules/reminders.ts'
import { defineContract } from './define.ts'

/**
 * Reminders before the exhibition in the console (docs/product.md#reminders-before-the-exhibition): set
 * once per exhibition, then each reminder's time at the venue and its progress. Messages are
 * `console:errors.*` keys or `errors.*` of `common`.
 */

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid')
const locale = z.enum(LOCALES, { error: 'errors.invalid' })

const offsetHours = z
  .number({ error: 'errors.invalid' })
  .int('errors.invalid')
  .min(REMINDER_LIMITS.minHours, 'console:errors.reminderRange')
  .max(REMINDER_LIMITS.maxHours, 'console:errors.reminderRange')

const reminder = z.object({
  offsetHours: z.number().int(),
  state: z.enum(REMINDER_STATES),
  /** When it goes (or went), as an instant; the console shows it at the venue. */
  dueAt: z.string(),
  /** Set no more: kept in the list while it has mailed someone. */
  removed: z.boolean(),
  counts: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int(), skipped: z.number().int() }),
})

const settings = z.object({
  exhibition: z.object({ id: z.number().int(), title: z.string(), timeZone: z.string(), startsAt: z.string() }),
  /** Never saved: the console offers the defaults. */
  isNew: z.boolean(),
  enabled: z.boolean(),
  texts: z.partialRecord(locale, z.object({ body: z.string() })),
  reminders: z.array(reminder),
})

export const reminderSettings = defineContract({
  ...CONSOLE.reminderSettings,
  payload: z.object({ exhibitionId: id }),
  result: settings,
})

export const saveReminders = defineContract({
  ...CONSOLE.saveReminders,
  payload: z.object({
    exhibitionId: id,
    enabled: z.boolean({ error: 'errors.invalid' }),
    offsetHours: z.array(offsetHours).max(REMINDER_LIMITS.count, 'console:errors.reminderCount'),
    /** The extra paragraph per language; a language left empty is not written (its readers get the fallback). */
    texts: z.partialRecord(locale, z.object({ body: z.string().trim().max(REMINDER_LIMITS.body, 'errors.tooLong').default('') })).default({}),
  }),
  result: settings,
})

export type ReminderSettings = z.output<typeof settings>
export type ReminderRow = z.output<typeof reminder>
