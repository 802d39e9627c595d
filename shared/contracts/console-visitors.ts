import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { VISITOR_LIMITS } from '../rules/console-visitors.ts'
import { defineContract } from './define.ts'

/**
 * Visitor accounts in the organiser's console (docs/product.md#console-visitors): look a
 * visitor up, see their orders, applications and sessions, end sessions, block and unblock, export
 * everything held about them and erase them on request. Messages are `console:errors.*` keys.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** Anything that is not an account id names no visitor: the same answer as an unknown one. */
const visitorId = z.string({ error: 'console:errors.visitorNotFound' }).trim().toLowerCase().regex(UUID, 'console:errors.visitorNotFound')
const sessionId = z.string({ error: 'console:errors.sessionNotFound' }).trim().toLowerCase().regex(UUID, 'console:errors.sessionNotFound')

export const visitorRow = z.object({
  id: z.string(),
  nick: z.string(),
  email: z.string(),
  createdAt: z.string(),
  /** The newest sign-in still on record (sessions are forgotten a week after they end). */
  lastSignInAt: z.string().nullable(),
  blocked: z.boolean(),
})

export const visitorSearch = defineContract({
  ...CONSOLE.visitorSearch,
  payload: z.object({
    /** An e-mail address or its beginning, or a part of a nick; empty: the newest accounts. */
    query: z.string({ error: 'errors.invalid' }).trim().max(VISITOR_LIMITS.search, 'errors.tooLong').default(''),
    page: z.coerce.number({ error: 'errors.invalid' }).int().min(1, 'errors.invalid').max(100_000, 'errors.invalid').default(1),
    pageSize: z.coerce.number({ error: 'errors.invalid' }).int().min(1).max(VISITOR_LIMITS.pageSizeMax).default(VISITOR_LIMITS.pageSizeDefault),
  }),
  result: z.object({ rows: z.array(visitorRow), total: z.number().int() }),
})

export const visitorDetailView = visitorRow.extend({
  emailVerified: z.boolean(),
  locale: z.string(),
  block: z.object({ at: z.string(), reason: z.string() }).nullable(),
  comments: z.number().int(),
  follows: z.number().int(),
  orders: z.array(
    z.object({
      number: z.string(),
      status: z.enum(['pending', 'paid', 'cancelled']),
      exhibitionTitle: z.string(),
      currency: z.string(),
      totalMinor: z.number().int(),
      createdAt: z.string(),
      /** Kept when the visitor is erased (bookkeeping). */
      kept: z.boolean(),
    }),
  ),
  /** Outside a member's exhibitions, orders and applications are left out; this says how many. */
  hiddenByScope: z.number().int(),
  applications: z.array(
    z.object({ reference: z.string(), kind: z.enum(['exhibitor', 'attendee']), status: z.string(), exhibitionTitle: z.string(), createdAt: z.string() }),
  ),
  /** Live sessions: signed in (or granted through OAuth), not ended, not expired. */
  sessions: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['login', 'oauth']),
      userAgent: z.string(),
      address: z.string(),
      createdAt: z.string(),
      lastSeenAt: z.string(),
    }),
  ),
})

const detailResult = z.object({ visitor: visitorDetailView })

export const visitorDetail = defineContract({ ...CONSOLE.visitorDetail, payload: z.object({ id: visitorId }), result: detailResult })

export const endVisitorSessions = defineContract({
  ...CONSOLE.endVisitorSessions,
  /** Without `sessionId`, every session of the visitor ends. */
  payload: z.object({ id: visitorId, sessionId: sessionId.optional() }),
  result: z.object({ ended: z.number().int(), visitor: visitorDetailView }),
})

export const blockVisitor = defineContract({
  ...CONSOLE.blockVisitor,
  payload: z.object({
    id: visitorId,
    reason: z
      .string({ error: 'errors.required' })
      .trim()
      .min(1, 'errors.required')
      .max(VISITOR_LIMITS.reason, 'errors.tooLong')
      .transform((value) => value.normalize('NFC')),
  }),
  result: detailResult,
})

export const unblockVisitor = defineContract({ ...CONSOLE.unblockVisitor, payload: z.object({ id: visitorId }), result: detailResult })

export const exportVisitorData = defineContract({
  ...CONSOLE.exportVisitorData,
  payload: z.object({ id: visitorId }),
  result: z.object({ fileName: z.string(), mediaType: z.string(), base64: z.string() }),
})

export const deleteVisitor = defineContract({
  ...CONSOLE.deleteVisitor,
  payload: z.object({
    id: visitorId,
    /** The account's e-mail address typed again: the deletion cannot be undone. */
    confirmEmail: z.string({ error: 'errors.required' }).trim().min(1, 'errors.required').max(VISITOR_LIMITS.search, 'errors.tooLong'),
  }),
  result: z.object({
    /** Orders kept for bookkeeping, without the person's name, e-mail or phone. */
    ordersKept: z.number().int(),
    ordersRemoved: z.number().int(),
    applicationsRemoved: z.number().int(),
    commentsRemoved: z.number().int(),
  }),
})

export type VisitorRow = z.infer<typeof visitorRow>
export type VisitorDetail = z.infer<typeof visitorDetailView>
