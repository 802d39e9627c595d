import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { CHANNEL_STATES, REGISTER_LIMITS } from '../rules/console-register.ts'
import { defineContract } from './define.ts'
import { SUBMISSION_LIMITS } from '../rules/verification.ts'
import { CHANNEL_KINDS, CHANNEL_PURPOSES, DOCUMENT_AUDIENCES, LOOKALIKE_REASONS, QUERY_TYPES } from './verification.ts'

/**
 * The register of official channels and documents in the organiser's console (docs/product.md#console-register;
 * role `verifier`, docs/product.md#console-access), and what visitors looked up. Messages are `console:errors.*` keys or `errors.*`.
 */

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid')
const isoDate = z.string({ error: 'console:errors.registerDate' }).regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'console:errors.registerDate')
const page = {
  page: z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(100_000, 'errors.invalid').default(1),
  pageSize: z.coerce
    .number({ error: 'errors.invalid' })
    .int('errors.invalid')
    .min(1, 'errors.invalid')
    .max(REGISTER_LIMITS.pageSizeMax, 'errors.invalid')
    .default(REGISTER_LIMITS.pageSizeDefault),
}

export const registerChannel = z.object({
  id: z.number().int(),
  kind: z.enum(CHANNEL_KINDS),
  display: z.string(),
  purpose: z.enum(CHANNEL_PURPOSES),
  since: z.string(),
  /** Retired on (YYYY-MM-DD); null while in use. */
  until: z.string().nullable(),
  public: z.boolean(),
  note: z.string(),
  /** An exhibiting company's channel (docs/product.md#exhibitor-channels); null: the organiser's own. */
  owner: z.object({ companyId: z.number().int(), name: z.string() }).nullable(),
  /** The last day an exhibitor's channel is vouched for (YYYY-MM-DD); null for the organiser's own. */
  validUntil: z.string().nullable(),
})
export type RegisterChannel = z.output<typeof registerChannel>

export const registerChannels = defineContract({
  ...CONSOLE.registerChannels,
  payload: z.object({
    /** Part of the value as written, or the value in any form a visitor might type it. */
    search: z.string({ error: 'errors.invalid' }).trim().max(REGISTER_LIMITS.search, 'errors.tooLong').default(''),
    kind: z.enum(CHANNEL_KINDS, { error: 'errors.invalid' }).optional(),
    state: z.enum(CHANNEL_STATES, { error: 'errors.invalid' }).default('all'),
    ...page,
  }),
  result: z.object({
    rows: z.array(registerChannel),
    total: z.number().int(),
    /** The companies a channel can be recorded for (exhibiting now, later, or within the last year). */
    owners: z.array(z.object({ companyId: z.number().int(), name: z.string() })),
  }),
})

/** Without `id`: a new channel (one already registered is refused); with it, a change, the validity period included. */
export const saveRegisterChannel = defineContract({
  ...CONSOLE.saveRegisterChannel,
  payload: z.object({
    id: id.optional(),
    kind: z.enum(CHANNEL_KINDS, { error: 'console:errors.registerKind' }),
    value: z.string({ error: 'errors.required' }).trim().min(1, 'errors.required').max(REGISTER_LIMITS.value, 'errors.tooLong'),
    purpose: z.enum(CHANNEL_PURPOSES, { error: 'console:errors.registerPurpose' }),
    since: isoDate,
    /** Retired on; null or absent while in use. */
    until: isoDate.nullable().default(null),
    public: z.boolean({ error: 'errors.invalid' }).default(false),
    note: z.string({ error: 'errors.invalid' }).trim().max(REGISTER_LIMITS.note, 'errors.tooLong').default(''),
    /** The exhibiting company whose channel this is; null or absent: the organiser's own. */
    ownerCompanyId: id.nullable().default(null),
    /** Required with an owner: the last day the verifier vouches for it. */
    validUntil: isoDate.nullable().default(null),
  }),
  result: registerChannel,
})

export const retireRegisterChannel = defineContract({
  ...CONSOLE.retireRegisterChannel,
  payload: z.object({ id, on: isoDate }),
  result: registerChannel,
})

export const registerDocument = z.object({
  id: z.number().int(),
  sha256: z.string(),
  title: z.string(),
  reference: z.string().nullable(),
  issuedTo: z.string(),
  issuedOn: z.string(),
  shownTo: z.enum(DOCUMENT_AUDIENCES),
  revokedOn: z.string().nullable(),
})
export type RegisterDocument = z.output<typeof registerDocument>

export const registerDocuments = defineContract({
  ...CONSOLE.registerDocuments,
  payload: z.object({ search: z.string({ error: 'errors.invalid' }).trim().max(REGISTER_LIMITS.search, 'errors.tooLong').default(''), ...page }),
  result: z.object({ rows: z.array(registerDocument), total: z.number().int() }),
})

/** What the console's multipart route (REGISTER_DOCUMENT_PATH) answers for a PDF: its fingerprint; the file is not kept. */
export const documentFingerprint = z.object({ sha256: z.string(), bytes: z.number().int() })

/** A document by the SHA-256 of its PDF, as the multipart route computed it (the CLI may register a bare SHA-256 too). */
export const addRegisterDocument = defineContract({
  ...CONSOLE.addRegisterDocument,
  payload: z.object({
    sha256: z.string({ error: 'console:errors.registerNoFile' }).regex(/^[0-9a-f]{64}$/, 'console:errors.registerNoFile'),
    title: z.string({ error: 'errors.required' }).trim().min(1, 'errors.required').max(REGISTER_LIMITS.title, 'errors.tooLong'),
    reference: z.string({ error: 'errors.invalid' }).trim().max(REGISTER_LIMITS.reference, 'errors.tooLong').default(''),
    issuedTo: z.string({ error: 'errors.required' }).trim().min(1, 'errors.required').max(REGISTER_LIMITS.title, 'errors.tooLong'),
    issuedOn: isoDate,
    shownTo: z.enum(DOCUMENT_AUDIENCES, { error: 'errors.invalid' }),
  }),
  result: registerDocument,
})

export const retireRegisterDocument = defineContract({
  ...CONSOLE.retireRegisterDocument,
  payload: z.object({ id, on: isoDate }),
  result: registerDocument,
})

export const registerLookups = defineContract({
  ...CONSOLE.registerLookups,
  payload: z.object(page),
  result: z.object({
    /** The values visitors asked about most in the last days that are not ours: what scammers use now. */
    unknown: z.array(z.object({ type: z.enum(QUERY_TYPES), value: z.string(), count: z.number().int(), lastAt: z.string() })),
    /** Every lookup, newest first (a row per value, with how often and when last). */
    recent: z.array(z.object({ type: z.enum(QUERY_TYPES), value: z.string(), official: z.boolean(), count: z.number().int(), lastAt: z.string() })),
    total: z.number().int(),
    days: z.number().int(),
  }),
})

/** A channel an exhibitor submitted, waiting in the verifier's queue (docs/product.md#exhibitor-channel-submissions). */
export const channelSubmission = z.object({
  id: z.number().int(),
  company: z.object({ companyId: z.number().int(), name: z.string() }),
  /** The exhibition the company was at when it submitted the channel, in the member's language. */
  exhibition: z.object({ id: z.number().int(), title: z.string() }),
  kind: z.enum(CHANNEL_KINDS),
  display: z.string(),
  /** The exhibitor's note for the verifier. */
  note: z.string(),
  submittedAt: z.string(),
  /** The day an approval vouches for by default: the end of that exhibition plus a year (YYYY-MM-DD). */
  suggestedValidUntil: z.string(),
  /**
   * The register's entry for the value, if it has one: the organiser's own (`brand`), this company's
   * (an approval renews it) or another company's (an approval is refused).
   */
  registered: z
    .object({ owner: z.enum(['brand', 'company', 'other']), name: z.string().nullable(), retiredOn: z.string().nullable(), validUntil: z.string().nullable() })
    .nullable(),
  /** The value imitates one of the register's channels (the public check's look-alike test); `owner` null: ours. */
  lookalike: z.object({ reason: z.enum(LOOKALIKE_REASONS), resembles: z.string().nullable(), owner: z.string().nullable() }).nullable(),
})
export type ChannelSubmission = z.output<typeof channelSubmission>

export const channelSubmissions = defineContract({
  ...CONSOLE.channelSubmissions,
  payload: z.object(page),
  result: z.object({ rows: z.array(channelSubmission), total: z.number().int() }),
})

/** Approving makes the register entry the company owns, vouched for until `validUntil`, in the same transaction. */
export const approveChannelSubmission = defineContract({
  ...CONSOLE.approveChannelSubmission,
  payload: z.object({ id, validUntil: isoDate }),
  result: z.object({ id: z.number().int(), channel: registerChannel }),
})

export const rejectChannelSubmission = defineContract({
  ...CONSOLE.rejectChannelSubmission,
  payload: z.object({
    id,
    reason: z
      .string({ error: 'console:errors.submissionReason' })
      .trim()
      .min(1, 'console:errors.submissionReason')
      .max(SUBMISSION_LIMITS.reason, 'errors.tooLong'),
  }),
  result: z.object({ id: z.number().int() }),
})
