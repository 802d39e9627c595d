import { z } from 'zod'
import { SCAM_REPORTS } from '../functions/scam-reports.ts'
import { EVIDENCE_KINDS, EVIDENCE_LIMITS, EVIDENCE_MESSAGES, EVIDENCE_TOKEN } from '../rules/scam-report-evidence.ts'
import { SCAM_REPORT_LIMITS, SCAM_REPORT_MESSAGES } from '../rules/scam-reports.ts'
import { defineContract } from './define.ts'

/**
 * The public scam report (docs/product.md#scam-reports). The schema keeps to types and outer lengths;
 * the service checks the rest and names every wrong field at once, a channel with the lookup's own words.
 */

export const scamReportForm = z.object({
  description: z.string({ error: SCAM_REPORT_MESSAGES.description }).max(SCAM_REPORT_LIMITS.description + 200, SCAM_REPORT_MESSAGES.description),
  channels: z
    .array(z.string({ error: 'verify:errors.empty' }).max(2000, 'verify:errors.tooLong'), { error: SCAM_REPORT_MESSAGES.channels })
    .max(SCAM_REPORT_LIMITS.channels, SCAM_REPORT_MESSAGES.channels),
  /** YYYY-MM-DD, the day it happened. */
  happenedOn: z.string({ error: SCAM_REPORT_MESSAGES.happenedOn }).max(10, SCAM_REPORT_MESSAGES.happenedOn),
  /** As typed ("299.00"); empty when nothing was lost. */
  amount: z.string({ error: SCAM_REPORT_MESSAGES.amount }).max(40, SCAM_REPORT_MESSAGES.amount).default(''),
  currency: z.string({ error: SCAM_REPORT_MESSAGES.currency }).max(3, SCAM_REPORT_MESSAGES.currency).default(''),
  email: z
    .string({ error: SCAM_REPORT_MESSAGES.email })
    .max(SCAM_REPORT_LIMITS.email + 20, SCAM_REPORT_MESSAGES.email)
    .default(''),
  consent: z.boolean({ error: SCAM_REPORT_MESSAGES.consent }).default(false),
  /** Tokens of files uploaded for this report (EVIDENCE_UPLOAD_PATH or a refused post without JavaScript). */
  evidence: z
    .array(z.string({ error: EVIDENCE_MESSAGES.gone }).regex(EVIDENCE_TOKEN, EVIDENCE_MESSAGES.gone), {
      error: EVIDENCE_MESSAGES.tooMany,
    })
    .max(EVIDENCE_LIMITS.files, EVIDENCE_MESSAGES.tooMany)
    .default([]),
})

/** A file kept for a report not yet sent: what the form shows of it. */
export const keptEvidence = z.object({ token: z.string(), name: z.string(), kind: z.enum(EVIDENCE_KINDS), bytes: z.number().int() })
export type KeptEvidence = z.output<typeof keptEvidence>
export type ScamReportForm = z.output<typeof scamReportForm>

export const reportScam = defineContract({
  ...SCAM_REPORTS.reportScam,
  payload: scamReportForm,
  result: z.object({ reference: z.string() }),
})

export const scamReportDraft = defineContract({
  ...SCAM_REPORTS.scamReportDraft,
  payload: z.object({ draft: z.string({ error: 'errors.invalid' }).regex(/^[A-Za-z0-9_-]{22}$/, 'errors.invalid') }),
  result: z
    .object({
      values: scamReportForm,
      /** Field path -> message key. */
      errors: z.record(z.string(), z.string()),
      /** A refusal of the whole form (the limit), else null. */
      failed: z.string().nullable(),
      seconds: z.number().int().nullable(),
      /** Files already uploaded for it (still waiting for the report). */
      kept: z.array(keptEvidence),
    })
    .nullable(),
})
