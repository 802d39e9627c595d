import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { APPLICATION_STATUSES, REVIEW_LIMITS } from '../rules/applications.ts'
import { applicationKind, applicationStatus } from './applications.ts'
import { defineContract } from './define.ts'

/**
 * Applications in the organiser's console (docs/product.md#console-applications): the review
 * queue of the member's exhibitions, one application with its decisions, a decision with a note for
 * the applicant (mailed in their language), and the export. Messages are `console:errors.*` keys.
 */

const reference = z
  .string({ error: 'errors.required' })
  .trim()
  .toUpperCase()
  .regex(/^(EX|AT)-[0-9A-HJKMNP-TV-Z]{8}$/, 'console:errors.applicationNotFound')
const note = z
  .string({ error: 'errors.invalid' })
  .trim()
  .max(REVIEW_LIMITS.note, 'errors.tooLong')
  .transform((value) => value.normalize('NFC') || null)
const status = z.enum(APPLICATION_STATUSES, { error: 'errors.invalid' })

export const applicationRow = z.object({
  reference: z.string(),
  kind: applicationKind,
  status: applicationStatus,
  exhibitionId: z.number().int(),
  exhibitionTitle: z.string(),
  /** The company (exhibitors) or the person's name (attendees). */
  applicant: z.string(),
  email: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
})

export const applicationList = defineContract({
  ...CONSOLE.applicationList,
  payload: z.object({
    page: z.coerce.number({ error: 'errors.invalid' }).int().min(1, 'errors.invalid').default(1),
    pageSize: z.coerce.number({ error: 'errors.invalid' }).int().min(1).max(REVIEW_LIMITS.pageSizeMax).default(REVIEW_LIMITS.pageSizeDefault),
    search: z.string({ error: 'errors.invalid' }).trim().max(REVIEW_LIMITS.search, 'errors.tooLong').optional(),
    exhibitionId: z.coerce.number({ error: 'errors.invalid' }).int().positive('errors.invalid').optional(),
    kind: z.enum(['exhibitor', 'attendee'], { error: 'errors.invalid' }).optional(),
    status: status.optional(),
  }),
  result: z.object({
    rows: z.array(applicationRow),
    total: z.number().int(),
    /** The exhibitions the member may see, for the filter. */
    exhibitions: z.array(z.object({ id: z.number().int(), title: z.string() })),
  }),
})

export const applicationDetailView = applicationRow.extend({
  locale: z.string(),
  linkedAccount: z.boolean(),
  phone: z.string().nullable(),
  companyName: z.string().nullable(),
  website: z.string().nullable(),
  contactPerson: z.string().nullable(),
  booth: z.object({ size: z.string(), width: z.number().nullable(), depth: z.number().nullable() }).nullable(),
  method: z.string().nullable(),
  surname: z.string().nullable(),
  givenName: z.string().nullable(),
  position: z.string().nullable(),
  identity: z.string().nullable(),
  industry: z.string().nullable(),
  applicantNote: z.string().nullable(),
  /** Where the status may go from here (the service's rules), for the decision form. */
  nextStatuses: z.array(applicationStatus),
  decisions: z.array(
    z.object({
      from: applicationStatus,
      to: applicationStatus,
      applicantNote: z.string().nullable(),
      internalNote: z.string().nullable(),
      /** Null: decided on the command line, or the member was removed. */
      by: z.string().nullable(),
      at: z.string(),
    }),
  ),
})

const detailResult = z.object({ application: applicationDetailView })

export const applicationDetail = defineContract({ ...CONSOLE.applicationDetail, payload: z.object({ reference }), result: detailResult })

export const decideApplication = defineContract({
  ...CONSOLE.decideApplication,
  payload: z.object({
    reference,
    status,
    /** The status the member saw; a decision made by someone else since then refuses this one. */
    expected: status,
    applicantNote: note.default(''),
    internalNote: note.default(''),
  }),
  result: detailResult,
})

export type ApplicationRow = z.infer<typeof applicationRow>
export type ApplicationDetail = z.infer<typeof applicationDetailView>
