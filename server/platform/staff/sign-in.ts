import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { emailKey } from '../accounts/index.ts'
import { renamedSignInRules, VISITOR_SIGN_IN } from '../accounts/index.ts'
import { DomainError } from '../errors.ts'
import { type MemberRow, markSignedIn, memberByEmail, takeTotpStep } from './members.repo.ts'
import { queueFailuresMail } from './staff.mail.ts'
import { currentTime, type Origin, type StaffDeps } from './staff-deps.ts'
import { startSession } from './staff-sessions.ts'
import { matchingStep } from './totp.ts'

/** Staff sign-in counts failures apart from visitors', with the same growing waits. */
export const STAFF_SIGN_IN = renamedSignInRules(VISITOR_SIGN_IN, 'staff-')

/** One answer for every wrong combination, so the form tells nobody which part was right. */
const failed = () => new DomainError('console:errors.signInFailed', ERROR_CODES.invalid)

/**
 * Sign-in with e-mail, password and the TOTP code. Failures count per account-and-address and per
 * address with growing waits, never a lock (accounts/sign-in-throttle.ts, staff counters of their own).
 * On top, account-wide brakes count attempts from every address (accounts/account-brake.ts,
 * docs/decisions/0015-account-wide-guess-brake.md): on the password, except from a browser that
 * has signed in to this account before (`device`, the known-device cookie); on the code, for
 * everyone, since only a holder of the password gets that far.
 * A code is accepted once: a second sign-in with the same code, even right after, is refused.
 */
export async function signIn(deps: StaffDeps, payload: { email: string; password: string; code?: string | undefined }, origin: Origin, device?: string) {
  const { email } = payload
  await deps.throttle.admit(email, origin.ip)
  const member = await memberByEmail(deps.db, email)
  // Keyed by the address typed, whether or not a member has it: the brake answers alike for both.
  const account = emailKey(email)
  const known = member !== null && deps.devices.recognises(device, member.id, currentTime().getTime())
  if (!known) await deps.brakes.password.admit(account)
  const passwordRight = await deps.passwords.verify(payload.password, member?.password_hash ?? null)
  if (!passwordRight || !member || member.status !== 'active' || !member.totp_secret) {
    await failedAttempt(deps, email, origin, member)
    throw failed()
  }
  if (!known) await deps.brakes.password.release(account)
  // The page then asks for the code; only someone who knows the password learns that it was right.
  if (!payload.code) throw new DomainError('console:errors.secondFactorRequired', ERROR_CODES.invalid)
  await deps.brakes.code.admit(member.id)
  const now = currentTime()
  const step = matchingStep(member.totp_secret, payload.code, now.getTime())
  if (step === null) {
    await failedAttempt(deps, email, origin, member)
    throw failed()
  }
  const started = await deps.db.transaction(async (tx) => {
    if (!(await takeTotpStep(tx, member.id, step))) return null
    await markSignedIn(tx, member.id, now)
    return startSession(tx, member.id, origin, now)
  })
  if (!started) {
    await failedAttempt(deps, email, origin, member)
    throw new DomainError('console:errors.codeUsed', ERROR_CODES.invalid)
  }
  await Promise.all([deps.throttle.succeeded(email, origin.ip), deps.brakes.code.reset(member.id)])
  return { member: { ...member, last_sign_in_at: now }, secret: started.secret, device: deps.devices.issue(member.id, now.getTime()) }
}

/** Counts a failure; past STAFF_SIGN_IN.ownerAlert.after within the hour, the member hears of it by mail (once a day). */
async function failedAttempt(deps: StaffDeps, email: string, origin: Origin, member: MemberRow | null): Promise<void> {
  const failures = await deps.throttle.failed(email, origin.ip)
  if (member?.status !== 'active' || failures < STAFF_SIGN_IN.ownerAlert.after) return
  if (!(await deps.throttle.mayAlertOwner(member.id))) return
  await queueFailuresMail(deps.db, { to: member.email, name: member.name, language: member.language, attempts: failures, brand: deps.config.BRAND_NAME })
}
