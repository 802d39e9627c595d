import { z } from 'zod'
import { CONSOLE } from '../functions/console.ts'
import { CONSOLE_LANGUAGES, STAFF_LIMITS, STAFF_ROLES } from '../rules/console-access.ts'
import { GOING_LIVE_ITEMS } from '../rules/console-going-live.ts'
import { EMAIL_MAX, isEmail } from '../rules/text.ts'
import { defineContract, text } from './define.ts'

/**
 * The organiser's console, part 1 foundation (docs/product.md#console): staff accounts, sessions,
 * the staff list and the audit log. Messages are `console:*` keys or `errors.*` of `common`.
 */

const email = z
  .string({ error: 'errors.required' })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, 'errors.tooLong')
  .refine((value) => isEmail(value), 'console:errors.email')
const password = z
  .string({ error: 'errors.required' })
  .min(STAFF_LIMITS.passwordMin, 'console:errors.passwordShort')
  .max(STAFF_LIMITS.passwordMax, 'errors.tooLong')
/** Six digits; spaces people type between groups are dropped. */
const totpCode = z
  .string({ error: 'errors.required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'console:errors.codeFormat'))
const token = z.string({ error: 'errors.required' }).regex(/^[A-Za-z0-9_-]{20,100}$/, 'console:errors.setupLinkInvalid')
const id = z.uuid({ error: 'errors.invalid' })
const role = z.enum(STAFF_ROLES, { error: 'errors.invalid' })
const roles = z.array(role).min(1, 'console:errors.rolesRequired').max(STAFF_ROLES.length)
/** null: every exhibition; a list: only these. */
const exhibitionIds = z.array(z.number().int().positive()).max(500).nullable()
const language = z.enum(CONSOLE_LANGUAGES, { error: 'errors.invalid' })
const isoTime = z.string()

export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(role),
  exhibitionIds: z.array(z.number().int()).nullable(),
  language,
})
export const staffListItem = staffMember.omit({ language: true }).extend({
  status: z.enum(['invited', 'active', 'disabled']),
  lastSignInAt: isoTime.nullable(),
})
export const staffSession = z.object({
  id: z.string(),
  createdAt: isoTime,
  lastSeenAt: isoTime,
  address: z.string(),
  device: z.string(),
  current: z.boolean(),
})
export const auditRow = z.object({
  id: z.string(),
  at: isoTime,
  staff: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
  function: z.string(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  address: z.string().nullable(),
})
const memberResult = z.object({ member: staffMember })
const empty = z.object({})

export const setupInfo = defineContract({
  ...CONSOLE.setupInfo,
  payload: z.object({ token }),
  result: z.object({ email: z.string(), secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() }),
})
export const setUp = defineContract({ ...CONSOLE.setUp, payload: z.object({ token, password, code: totpCode }), result: memberResult })
export const signIn = defineContract({
  ...CONSOLE.signIn,
  payload: z.object({
    email,
    password: z.string({ error: 'errors.required' }).min(1, 'errors.required').max(STAFF_LIMITS.passwordMax, 'errors.tooLong'),
    code: totpCode.optional(),
  }),
  result: memberResult,
})
export const signOut = defineContract({ ...CONSOLE.signOut, payload: empty, result: empty })
export const me = defineContract({ ...CONSOLE.me, payload: empty, result: memberResult })
export const setLanguage = defineContract({ ...CONSOLE.setLanguage, payload: z.object({ language }), result: memberResult })
export const sessions = defineContract({ ...CONSOLE.sessions, payload: empty, result: z.object({ sessions: z.array(staffSession) }) })
export const endSession = defineContract({ ...CONSOLE.endSession, payload: z.object({ id }), result: empty })
export const staffList = defineContract({ ...CONSOLE.staffList, payload: empty, result: z.object({ members: z.array(staffListItem) }) })
export const invite = defineContract({
  ...CONSOLE.invite,
  payload: z.object({
    email,
    name: text({ min: 1, max: STAFF_LIMITS.name }),
    roles,
    exhibitionIds: exhibitionIds.default(null),
    language: language.default('en'),
  }),
  result: z.object({ member: staffListItem }),
})
export const updateMember = defineContract({
  ...CONSOLE.updateMember,
  payload: z.object({ id, roles: roles.optional(), exhibitionIds: exhibitionIds.optional(), disabled: z.boolean().optional() }),
  result: z.object({ member: staffListItem }),
})
export const resetSecondFactor = defineContract({ ...CONSOLE.resetSecondFactor, payload: z.object({ id }), result: empty })
export const auditList = defineContract({
  ...CONSOLE.auditList,
  payload: z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(STAFF_LIMITS.auditPageSizeMax).default(STAFF_LIMITS.auditPageSizeDefault),
    staffId: id.optional(),
    function: z.string().max(100).optional(),
    from: z.iso.datetime({ offset: true, error: 'errors.invalid' }).optional(),
    to: z.iso.datetime({ offset: true, error: 'errors.invalid' }).optional(),
    target: z.string().max(200).optional(),
  }),
  result: z.object({ rows: z.array(auditRow), total: z.number().int() }),
})

/** The owner's "before you go live" list: each item set or not, never the value itself. */
export const goingLive = defineContract({
  ...CONSOLE.goingLive,
  payload: empty,
  result: z.object({ items: z.array(z.object({ id: z.enum(GOING_LIVE_ITEMS), done: z.boolean() })) }),
})

export type GoingLiveEntry = z.output<typeof goingLive.result>['items'][number]
export type StaffMember = z.output<typeof staffMember>
export type StaffListItem = z.output<typeof staffListItem>
export type StaffSession = z.output<typeof staffSession>
export type AuditRow = z.output<typeof auditRow>
