import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { EVIDENCE_KINDS } from '../rules/scam-report-evidence.ts'
import { REPORT_CHANNEL_KINDS, SCAM_GROUP_STATUSES, SCAM_REPORT_LIMITS } from '../rules/scam-reports.ts'
import { defineContract } from './define.ts'

/** The verifier's queue of scam reports, grouped by channel (docs/product.md#scam-reports; role `verifier`). */

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid')

const money = z.object({ currency: z.string(), minor: z.number().int() })

export const scamReportGroupRow = z.object({
  id: z.number().int(),
  kind: z.enum(REPORT_CHANNEL_KINDS),
  display: z.string(),
  status: z.enum(SCAM_GROUP_STATUSES),
  reports: z.number().int(),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  /** Money lost per currency, in minor units. */
  lost: z.array(money),
})
export type ScamReportGroupRow = z.output<typeof scamReportGroupRow>

export const scamReportGroups = defineContract({
  ...CONSOLE.scamReportGroups,
  payload: z.object({
    search: z.string({ error: 'errors.invalid' }).trim().max(SCAM_REPORT_LIMITS.search, 'errors.tooLong').default(''),
    status: z.enum(SCAM_GROUP_STATUSES, { error: 'errors.invalid' }).optional(),
    kind: z.enum(REPORT_CHANNEL_KINDS, { error: 'errors.invalid' }).optional(),
    /** Keyset pager: the last row of the page before (its last report's time and id). */
    after: z
      .string({ error: 'errors.invalid' })
      .regex(/^[0-9TZ:.+-]{10,40}_\d{1,18}$/, 'errors.invalid')
      .optional(),
    pageSize: z.coerce
      .number({ error: 'errors.invalid' })
      .int('errors.invalid')
      .min(1, 'errors.invalid')
      .max(SCAM_REPORT_LIMITS.pageSizeMax, 'errors.invalid')
      .default(SCAM_REPORT_LIMITS.pageSizeDefault),
  }),
  result: z.object({ rows: z.array(scamReportGroupRow), next: z.string().nullable() }),
})

export const scamReportEntry = z.object({
  id: z.number().int(),
  reference: z.string(),
  description: z.string(),
  happenedOn: z.string(),
  lost: money.nullable(),
  /** The channels as the reporter wrote them, all of the report's (this group's and others'). */
  channels: z.array(z.object({ kind: z.enum(REPORT_CHANNEL_KINDS), display: z.string(), groupId: z.number().int() })),
  email: z.string().nullable(),
  /** A reply can be sent: an address was given with consent. */
  canReply: z.boolean(),
  language: z.string(),
  signedIn: z.boolean(),
  createdAt: z.string(),
  /** Files the reporter attached; opened through EVIDENCE_DOWNLOAD_PATH. */
  evidence: z.array(z.object({ id: z.number().int(), kind: z.enum(EVIDENCE_KINDS), name: z.string(), bytes: z.number().int() })),
})

export const scamReportNote = z.object({
  id: z.number().int(),
  kind: z.enum(['note', 'reply']),
  body: z.string(),
  /** The reply's report reference. */
  reference: z.string().nullable(),
  author: z.string().nullable(),
  createdAt: z.string(),
})

export const scamReportGroupDetail = scamReportGroupRow.extend({
  reportsList: z.array(scamReportEntry),
  notes: z.array(scamReportNote),
  /** Groups merged into this one by hand. */
  merged: z.array(z.object({ id: z.number().int(), kind: z.enum(REPORT_CHANNEL_KINDS), display: z.string() })),
})
export type ScamReportGroupDetail = z.output<typeof scamReportGroupDetail>

export const scamReportGroup = defineContract({
  ...CONSOLE.scamReportGroup,
  payload: z.object({ id }),
  result: scamReportGroupDetail,
})

export const setScamReportStatus = defineContract({
  ...CONSOLE.setScamReportStatus,
  payload: z.object({ id, status: z.enum(SCAM_GROUP_STATUSES, { error: 'console:errors.scamStatus' }) }),
  result: z.object({ id: z.number().int(), status: z.enum(SCAM_GROUP_STATUSES) }),
})

const text = (max: number) => z.string({ error: 'errors.required' }).trim().min(1, 'errors.required').max(max, 'errors.tooLong')

export const noteScamReportGroup = defineContract({
  ...CONSOLE.noteScamReportGroup,
  payload: z.object({ id, body: text(SCAM_REPORT_LIMITS.note) }),
  result: z.object({ id: z.number().int() }),
})

export const mergeScamReportGroups = defineContract({
  ...CONSOLE.mergeScamReportGroups,
  /** `from` goes into `into`: its reports join, later reports of its channel too. */
  payload: z.object({ from: id, into: id }),
  result: z.object({ id: z.number().int() }),
})

export const replyToScamReporter = defineContract({
  ...CONSOLE.replyToScamReporter,
  payload: z.object({ reportId: id, body: text(SCAM_REPORT_LIMITS.reply) }),
  result: z.object({ id: z.number().int() }),
})
