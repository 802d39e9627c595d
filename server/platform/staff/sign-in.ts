import { ERROR_CODES } from '../../../src/api/contracts/define.ts'
import { DomainError } from '../errors.ts'
import { markSignedIn, memberByEmail, takeTotpStep } from './members.repo.ts'
import { currentTime, type Origin, type StaffDeps } from './staff-deps.ts'
import { startSession } from './staff-sessions.ts'
import { matchingStep } from './totp.ts'

/** One answer for every wrong combination, so the form tells nobody which part was right. */
const failed = () => new DomainError('console:errors.signInFailed', ERROR_CODES.invalid)

/**
 * Sign-in with e-mail, password and the TOTP code. Failures count per account-and-address and per
 * address with growing waits, never a lock (accounts/sign-in-throttle.ts, staff counters of their own).
 * A code is accepted once: a second sign-in with the same code, even right after, is refused.
 */
export async function signIn(deps: StaffDeps, payload: { email: string; password: string; code?: string | undefined }, origin: Origin) {
  const { email } = payload
  await deps.throttle.admit(email, origin.ip)
  const member = await memberByEmail(deps.db, email)
  const passwordRight = await deps.passwords.verify(payload.password, member?.password_hash ?? null)
  if (!passwordRight || !member || member.status !== 'active' || !member.totp_secret) {
    await deps.throttle.failed(email, origin.ip)
    throw failed()
  }
  // The page then asks for the code; only someone who knows the password learns that it was right.
  if (!payload.code) throw new DomainError('console:errors.secondFactorRequired', ERROR_CODES.invalid)
  const now = currentTime()
  const step = matchingStep(member.totp_secret, payload.code, now.getTime())
  if (step === null) {
    await deps.throttle.failed(email, origin.ip)
    throw failed()
  }
  const started = await deps.db.transaction(async (tx) => {
    if (!(await takeTotpStep(tx, member.id, step))) return null
    await markSignedIn(tx, member.id, now)
    return startSession(tx, member.id, origin, now)
  })
  if (!started) {
    await deps.throttle.failed(email, origin.ip)
    throw new DomainError('console:errors.codeUsed', ERROR_CODES.invalid)
  }
  await deps.throttle.succeeded(email, origin.ip)
  return { member: { ...member, last_sign_in_at: now }, secret: started.secret }
}
