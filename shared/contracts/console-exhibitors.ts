import { z } from 'zod'
import { CHANNEL_KINDS } from '../rules/verification.ts'
import { CONSOLE } from '../functions/console.ts'
import { CONSOLE_EXHIBITOR_LIMITS, EXHIBITOR_PROGRESS, EXHIBITOR_STAGES, EXHIBITOR_STATUSES } from '../rules/console-exhibitors.ts'
import { BOOTH_STATES } from '../rules/floor-plans.ts'
import { EXHIBITOR_KINDS, EXHIBITOR_LIMITS, MEMBER_ROLES } from '../rules/exhibitors.ts'
import { LOCALES } from '../languages.ts'
import { applicationStatus } from './applications.ts'
import { profileGap } from './exhibitors.ts'
import { defineContract } from './define.ts'
import { documentSummary } from './invoices.ts'

/**
 * Exhibitors in the organiser's console (docs/product.md#console-exhibitors): the exhibitors of the
 * member's exhibitions, one exhibitor with its profile, team and open invitations, an invitation mailed
 * again, and the export. Messages are `console:errors.*` keys.
 */

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(Number.MAX_SAFE_INTEGER, 'errors.invalid')
const kind = z.enum(EXHIBITOR_KINDS, { error: 'errors.invalid' })
const role = z.enum(MEMBER_ROLES)
const stage = z.enum(EXHIBITOR_STAGES)
const status = z.enum(EXHIBITOR_STATUSES)

export const exhibitorRow = z.object({
  id: z.number().int(),
  /** In the member's console language, along the content fallback (English last). */
  name: z.string(),
  slug: z.string(),
  kind: z.enum(EXHIBITOR_KINDS),
  country: z.string().nullable(),
  /** The country's name in the member's language, made on the server (browsers name some regions otherwise). */
  countryName: z.string().nullable(),
  exhibitionId: z.number().int(),
  exhibitionTitle: z.string(),
  status,
  stage,
  /** Members; open invitations (sent, not taken, not expired) are counted apart. */
  teamSize: z.number().int(),
  openInvitations: z.number().int(),
  gaps: z.array(profileGap),
  /** Its exhibition's checklist (docs/product.md#console-exhibitor-tasks): tasks done, in all, and past their day undone. */
  tasks: z.object({ done: z.number().int(), total: z.number().int(), overdue: z.number().int() }),
  /** The accepted application it came from (null: made without one). */
  applicationReference: z.string().nullable(),
  /** Team passes (docs/product.md#team-passes): named and valid, of what it may name. */
  passes: z.object({ named: z.number().int(), allowance: z.number().int() }),
})

export const exhibitorList = defineContract({
  ...CONSOLE.exhibitorList,
  payload: z.object({
    page: z.coerce.number({ error: 'errors.invalid' }).int().min(1, 'errors.invalid').default(1),
    pageSize: z.coerce
      .number({ error: 'errors.invalid' })
      .int()
      .min(1)
      .max(CONSOLE_EXHIBITOR_LIMITS.pageSizeMax)
      .default(CONSOLE_EXHIBITOR_LIMITS.pageSizeDefault),
    /** Part of the company's name in any language, or of a member's (or an invited) e-mail address. */
    search: z.string({ error: 'errors.invalid' }).trim().max(CONSOLE_EXHIBITOR_LIMITS.search, 'errors.tooLong').optional(),
    exhibitionId: id.optional(),
    kind: kind.optional(),
    stage: z.enum(EXHIBITOR_PROGRESS, { error: 'errors.invalid' }).optional(),
  }),
  result: z.object({
    rows: z.array(exhibitorRow),
    total: z.number().int(),
    /** The exhibitions the member may see, for the filter. */
    exhibitions: z.array(z.object({ id: z.number().int(), title: z.string() })),
  }),
})

export const exhibitorDetailView = exhibitorRow.extend({
  /** The booths it bought or holds on the exhibition's floor plan (docs/product.md#console-floor-plans). */
  booths: z.array(z.object({ number: z.string(), hall: z.string(), state: z.enum(BOOTH_STATES) })),
  /**
   * Its booth orders, newest first (docs/product.md#booth-checkout): `held` until `heldUntil`, `paid`,
   * `refunded` (money given back; the booth stays sold until the order is cancelled, `boothFreed` false)
   * or `cancelled` (the booth freed, with or without a refund).
   */
  boothOrders: z.array(
    z.object({
      number: z.string(),
      booth: z.object({ number: z.string(), hall: z.string() }),
      state: z.enum(['held', 'paid', 'refunded', 'cancelled']),
      heldUntil: z.string().nullable(),
      boothFreed: z.boolean(),
      totalMinor: z.number().int(),
      refundedMinor: z.number().int(),
      currency: z.string(),
      documents: z.array(documentSummary),
    }),
  ),
  /** Its valid team passes: who holds them and whether they came in. */
  namedPasses: z.array(
    z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string(), issuedAt: z.string(), checkedIn: z.boolean() }),
  ),
  website: z.string().nullable(),
  createdAt: z.string(),
  /** The profile in every language written, English first. */
  texts: z.array(z.object({ locale: z.enum(LOCALES), name: z.string(), summary: z.string(), description: z.string() })),
  licences: z.array(z.object({ regulator: z.string(), number: z.string() })),
  logo: z.object({ src: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  /** Its channels in the verification register (docs/product.md#exhibitor-channels), the verifier's to change. */
  channels: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(CHANNEL_KINDS),
      display: z.string(),
      validUntil: z.string(),
      retiredOn: z.string().nullable(),
      state: z.enum(['verified', 'lapsed', 'retired']),
    }),
  ),
  /** Channels the company submitted that wait for the verifier (docs/product.md#exhibitor-channel-submissions). */
  pendingChannels: z.array(z.object({ id: z.number().int(), kind: z.enum(CHANNEL_KINDS), display: z.string(), submittedAt: z.string() })),
  members: z.array(z.object({ accountId: z.string(), nick: z.string(), email: z.string(), role, since: z.string() })),
  /** Invitations not taken yet, lapsed ones included (the organiser may send those again). */
  invitations: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      role,
      /** The language the mail is written in. */
      locale: z.string(),
      expiresAt: z.string(),
      /** Its week has passed: the link no longer works until the organiser (or an admin) sends it again. */
      expired: z.boolean(),
      /** The inviting member's nick; null: the organiser (the admin invitation of an accepted application), or the account is gone. */
      invitedBy: z.string().nullable(),
    }),
  ),
  application: z.object({ reference: z.string(), status: applicationStatus }).nullable(),
  /** The same company at the member's other exhibitions (those outside their limits are not listed). */
  otherExhibitions: z.array(z.object({ exhibitorId: z.number().int(), exhibitionId: z.number().int(), title: z.string(), status, startsAt: z.string() })),
})

const detailResult = z.object({ exhibitor: exhibitorDetailView })

export const exhibitorDetail = defineContract({ ...CONSOLE.exhibitorDetail, payload: z.object({ exhibitorId: id }), result: detailResult })

export const resendExhibitorInvitation = defineContract({
  ...CONSOLE.resendExhibitorInvitation,
  payload: z.object({ exhibitorId: id, invitationId: id }),
  result: detailResult,
})

/** A manager sets the passes the organiser grants the exhibitor. */
export const setExhibitorPassGrant = defineContract({
  ...CONSOLE.setExhibitorPassGrant,
  payload: z.object({
    exhibitorId: id,
    grant: z.coerce
      .number({ error: 'errors.invalid' })
      .int('errors.invalid')
      .min(0, 'errors.invalid')
      .max(EXHIBITOR_LIMITS.passGrant, 'console:errors.passGrantTooHigh'),
  }),
  result: detailResult,
})

export type ConsoleExhibitorRow = z.infer<typeof exhibitorRow>
export type ConsoleExhibitorDetail = z.infer<typeof exhibitorDetailView>
