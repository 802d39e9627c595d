import * as contracts from '../../../shared/contracts/console.ts'
import type { CallContext, StaffCaller } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import { auditList } from './audit-list.ts'
import { invite, me, resetSecondFactor, setLanguage, staffList, updateMember } from './members.ts'
import { setUp, setupInfo } from './set-up.ts'
import { signIn } from './sign-in.ts'
import { clearedStaffCookies, STAFF_DEVICE_COOKIE, staffCookies, staffDeviceCookie } from './staff-cookie.ts'
import type { Origin, StaffDeps } from './staff-deps.ts'
import { endSession, listSessions, signOut } from './staff-sessions.ts'
import { memberView } from './member-view.ts'

const originOf = (context: CallContext): Origin => ({ ip: context.ip, device: context.userAgent ?? '' })
/** `staff` functions: the gateway has found the member and checked the role, so `staff` is set. */
const callerOf = (context: CallContext) => context.staff as StaffCaller

/** Registrations of the `console$*` functions on POST /gateway/console (thin: parse, call one operation, map). */
export function registerStaffFunctions(platform: Platform, deps: StaffDeps): void {
  const { registry } = platform
  const secure = { secure: platform.config.secureCookies }
  /** The session, and the browser becomes (again, for 90 days) one this member has signed in from. */
  const signedIn = (context: CallContext, done: { secret: string; device: string }) =>
    context.setCookies?.push(...staffCookies(done.secret, secure), staffDeviceCookie(done.device, secure))

  registry.implement(contracts.setupInfo, (payload) => setupInfo(deps, payload.token))
  registry.implement(contracts.setUp, async (payload, context) => {
    const done = await setUp(deps, payload, originOf(context))
    signedIn(context, done)
    return { member: memberView(done.member) }
  })
  registry.implement(contracts.signIn, async (payload, context) => {
    const done = await signIn(deps, payload, originOf(context), context.cookies?.[STAFF_DEVICE_COOKIE.name])
    signedIn(context, done)
    return { member: memberView(done.member) }
  })
  registry.implement(contracts.signOut, async (_payload, context) => {
    await signOut(deps, callerOf(context))
    context.setCookies?.push(...clearedStaffCookies(secure))
    return {}
  })
  registry.implement(contracts.me, (_payload, context) => me(deps, callerOf(context)))
  registry.implement(contracts.setLanguage, (payload, context) => setLanguage(deps, callerOf(context), payload.language, originOf(context)))
  registry.implement(contracts.sessions, async (_payload, context) => ({ sessions: await listSessions(deps, callerOf(context)) }))
  registry.implement(contracts.endSession, async (payload, context) => {
    await endSession(deps, callerOf(context), payload.id, originOf(context))
    return {}
  })
  registry.implement(contracts.staffList, () => staffList(deps))
  registry.implement(contracts.invite, (payload, context) => invite(deps, callerOf(context), payload, originOf(context)))
  registry.implement(contracts.updateMember, (payload, context) => updateMember(deps, callerOf(context), payload, originOf(context)))
  registry.implement(contracts.resetSecondFactor, async (payload, context) => {
    await resetSecondFactor(deps, callerOf(context), payload.id, originOf(context))
    return {}
  })
  registry.implement(contracts.auditList, (payload) => auditList(deps.db, payload))
}
