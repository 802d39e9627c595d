import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { LOCALES } from '../languages.ts'
import { ALERT_LIMITS, ALERT_STATES, CHANNEL_KINDS } from '../rules/verification.ts'
import { REGISTER_LIMITS } from '../rules/console-register.ts'
import { defineContract } from './define.ts'

/**
 * Public scam alerts in the organiser's console (docs/product.md#scam-alerts; role `verifier`,
 * docs/product.md#console-access). Messages are `console:errors.*` keys or `errors.*`.
 */

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid')
const isoDate = z.string({ error: 'console:errors.registerDate' }).regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'console:errors.registerDate')
const summaryText = z.string({ error: 'errors.invalid' }).trim().max(ALERT_LIMITS.summary, 'errors.tooLong')

/** The summary in each site locale that has one; English is required (the public fallback). */
export const alertSummary = z
  .object(Object.fromEntries(LOCALES.map((locale) => [locale, summaryText.optional()])) as Record<(typeof LOCALES)[number], z.ZodOptional<typeof summaryText>>)
  .refine((summary) => Boolean(summary.en), { message: 'console:errors.alertSummaryEnglish', path: ['en'] })

export const consoleScamAlert = z.object({
  id: z.number().int(),
  kind: z.enum(CHANNEL_KINDS),
  display: z.string(),
  /** The exhibiting company it impersonates; null: the organiser itself. */
  impersonates: z.object({ companyId: z.number().int(), name: z.string() }).nullable(),
  firstSeen: z.string(),
  summary: z.record(z.string(), z.string()),
  publishedAt: z.string(),
  /** Withdrawn at (an instant): gone from the public lists, kept for the audit; null while live. */
  withdrawnAt: z.string().nullable(),
})
export type ConsoleScamAlert = z.output<typeof consoleScamAlert>

export const scamAlertList = defineContract({
  ...CONSOLE.scamAlertList,
  payload: z.object({
    /** Part of the value as written, or the value in any form a visitor might type it. */
    search: z.string({ error: 'errors.invalid' }).trim().max(ALERT_LIMITS.search, 'errors.tooLong').default(''),
    kind: z.enum(CHANNEL_KINDS, { error: 'errors.invalid' }).optional(),
    state: z.enum(ALERT_STATES, { error: 'errors.invalid' }).default('all'),
    page: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(100_000, 'errors.invalid').default(1),
    pageSize: z.coerce
      .number({ error: 'errors.invalid' })
      .int('errors.invalid')
      .min(1, 'errors.invalid')
      .max(REGISTER_LIMITS.pageSizeMax, 'errors.invalid')
      .default(REGISTER_LIMITS.pageSizeDefault),
  }),
  result: z.object({
    rows: z.array(consoleScamAlert),
    total: z.number().int(),
    /** The companies an alert can name as impersonated (those the register can hold channels of). */
    owners: z.array(z.object({ companyId: z.number().int(), name: z.string() })),
  }),
})

/**
 * Publishes an alert, or changes the one already kept for the same channel (kind and normalised value),
 * withdrawn or not: publishing again puts a withdrawn alert back on the public lists.
 */
export const saveScamAlert = defineContract({
  ...CONSOLE.saveScamAlert,
  payload: z.object({
    /** An alert to change or publish again: its channel stays (kind and value are then not read again). */
    id: id.optional(),
    kind: z.enum(CHANNEL_KINDS, { error: 'console:errors.registerKind' }),
    value: z.string({ error: 'errors.required' }).trim().min(1, 'errors.required').max(ALERT_LIMITS.value, 'errors.tooLong'),
    impersonatedCompanyId: id.nullable().default(null),
    firstSeen: isoDate,
    summary: alertSummary,
  }),
  result: consoleScamAlert,
})

export const withdrawScamAlert = defineContract({
  ...CONSOLE.withdrawScamAlert,
  payload: z.object({ id }),
  result: consoleScamAlert,
})
