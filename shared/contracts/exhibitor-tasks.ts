import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { EXHIBITORS } from '../functions/exhibitors.ts'
import { FORM_LIMITS, FORM_MESSAGES, TASK_KINDS, TASK_STATES } from '../rules/exhibitor-tasks.ts'
import { defineContract } from './define.ts'
import { companyInvoice } from './invoices.ts'

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
      /**
       * A `form` task's items in the member's language (English where one is not translated) with their
       * prices in `currency`, and the exhibitor's order of it that holds or bought them; null for other kinds.
       */
      form: z
        .object({
          currency: z.string(),
          items: z.array(
            z.object({ id: z.number().int(), label: z.string(), unit: z.string(), unitPriceMinor: z.number().int(), maxQuantity: z.number().int() }),
          ),
          order: z.object({ number: z.string(), status: z.enum(['pending', 'paid']), totalMinor: z.number().int() }).nullable(),
        })
        .nullable(),
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

const quantity = z
  .number({ error: FORM_MESSAGES.quantity })
  .int(FORM_MESSAGES.quantity)
  .min(0, FORM_MESSAGES.quantity)
  .max(FORM_LIMITS.maxQuantity, FORM_MESSAGES.overMax)

/**
 * An admin orders a form's items (docs/product.md#exhibitor-forms): each line names the item, how many
 * and the unit price the page showed (another price since answers 409 with the new one). The company is
 * the one the invoice is made out to. The same idempotency key answers the same order.
 */
export const orderExhibitorForm = defineContract({
  ...EXHIBITORS.orderExhibitorForm,
  payload: z.object({
    exhibitorId: id,
    taskId: id,
    lines: z
      .array(z.object({ itemId: id, quantity, unitPriceMinor: z.number({ error: 'errors.invalid' }).int('errors.invalid').min(0, 'errors.invalid') }))
      .max(FORM_LIMITS.items, 'errors.invalid'),
    invoice: companyInvoice,
    idempotencyKey: z.uuid({ error: 'errors.invalid' }),
  }),
  result: z.object({ orderNumber: z.string(), expiresAt: z.iso.datetime({ offset: true }) }),
})

export type ChecklistView = z.output<typeof checklistView>
