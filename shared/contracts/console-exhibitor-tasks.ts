import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { CONSOLE } from '../functions/console.ts'
import { FORM_LIMITS, FORM_MESSAGES, TASK_KINDS, TASK_LIMITS, TASK_MESSAGES, TASK_STATES } from '../rules/exhibitor-tasks.ts'
import { isCurrency, parseMoney } from '../rules/money.ts'
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

/** Per language, at most `max` characters; empty ones dropped. */
const wordsPerLanguage = (max: number) =>
  z.partialRecord(locale, text(max)).transform((value) => Object.fromEntries(Object.entries(value).filter(([, word]) => word)))

/**
 * A priced form's items as the console sends them (docs/product.md#exhibitor-forms): the price typed as
 * money in the form's currency ("45.00", "500" yen), turned into minor units by the contract.
 */
const formItemInput = z.object({
  /** An item kept from the last save; absent: a new one. */
  id: id.optional(),
  labels: wordsPerLanguage(FORM_LIMITS.label),
  units: wordsPerLanguage(FORM_LIMITS.unit).default({}),
  price: z.string({ error: FORM_MESSAGES.price }).max(40, FORM_MESSAGES.price),
  maxQuantity: z.coerce
    .number({ error: FORM_MESSAGES.maxQuantity })
    .int(FORM_MESSAGES.maxQuantity)
    .min(1, FORM_MESSAGES.maxQuantity)
    .max(FORM_LIMITS.maxQuantity, FORM_MESSAGES.maxQuantity),
})

export const formInput = z
  .object({
    currency: z.string({ error: FORM_MESSAGES.currency }).refine(isCurrency, FORM_MESSAGES.currency),
    items: z.array(formItemInput).max(FORM_LIMITS.items, 'errors.invalid'),
  })
  .transform((value, context) => {
    if (!value.items.length) context.addIssue({ code: 'custom', message: FORM_MESSAGES.noItems, path: ['items'] })
    const items = value.items.map((item, index) => {
      if (!item.labels.en) context.addIssue({ code: 'custom', message: FORM_MESSAGES.englishLabel, path: ['items', index, 'labels', 'en'] })
      const parsed = parseMoney(item.price, value.currency)
      let priceMinor = 0
      if ('problem' in parsed) {
        context.addIssue({
          code: 'custom',
          message: parsed.problem === 'digits' ? FORM_MESSAGES.priceDigits : FORM_MESSAGES.price,
          path: ['items', index, 'price'],
        })
      } else if (parsed.minor <= 0 || parsed.minor * item.maxQuantity > 2_147_483_647) {
        // An order holds at most 2,147,483,647 minor units; a free item is no order (docs/product.md#exhibitor-forms).
        context.addIssue({ code: 'custom', message: FORM_MESSAGES.price, path: ['items', index, 'price'] })
      } else priceMinor = parsed.minor
      return { id: item.id, labels: item.labels, units: item.units, priceMinor, maxQuantity: item.maxQuantity }
    })
    return { currency: value.currency, items }
  })

export const consoleFormItem = z.object({
  id: z.number().int(),
  labels: z.partialRecord(locale, z.string()),
  units: z.partialRecord(locale, z.string()),
  priceMinor: z.number().int(),
  maxQuantity: z.number().int(),
})

/** A priced form with what exhibitors ordered on it: paid orders and their sum (refunds not taken off). */
export const consoleForm = z.object({
  currency: z.string(),
  items: z.array(consoleFormItem),
  orders: z.number().int(),
  sumMinor: z.number().int(),
})

export const consoleTask = z.object({
  id: z.number().int(),
  kind: z.enum(TASK_KINDS),
  dueOn: z.string(),
  version: z.number().int(),
  texts: taskTexts,
  /** Active exhibitors that have done it, of `exhibitors`; and those past its day without it. */
  done: z.number().int(),
  overdue: z.number().int(),
  /** The items of a `form` task and its orders; null for other kinds. */
  form: consoleForm.nullable(),
  /** A `manual` task's PDFs, one a language (docs/product.md#exhibitor-manual). */
  manuals: z.array(z.object({ locale, name: z.string(), bytes: z.number().int(), version: z.number().int(), uploadedAt: z.string() })),
})

export const taskBoard = z.object({
  exhibition: z.object({ id: z.number().int(), title: z.string(), timeZone: z.string(), startsOn: z.string(), today: z.string() }),
  /** Active exhibitors of the exhibition. */
  exhibitors: z.number().int(),
  /** The currency a new form's prices are in: the floor plan's, else the tickets', else US dollars. */
  currency: z.string(),
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
      /** The items of a `form` task (required for it, ignored for the others). */
      form: formInput.optional(),
    })
    .superRefine((value, context) => {
      if (value.kind === 'form' && !value.form) context.addIssue({ code: 'custom', message: FORM_MESSAGES.noItems, path: ['form', 'items'] })
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
export type ConsoleForm = z.output<typeof consoleForm>
export type ExhibitorTaskStates = z.output<typeof exhibitorTaskStates.result>
