import QRCode from 'qrcode'
import { consoleSetupPath, STAFF_LIMITS } from '../../../shared/rules/console-access.ts'
import type { Queryable } from '../../db/client.ts'
import { gone, invalid } from '../errors.ts'
import { audit } from './audit.ts'
import { auditedMember } from './member-view.ts'
import { markSetupTokenUsed, memberById, setCredentials, setupTokenByHash, insertSetupToken, type SetupTokenRow } from './members.repo.ts'
import { endAllSessionsOf } from './sessions.repo.ts'
import { currentTime, digest, newSecret, type Origin, type StaffDeps } from './staff-deps.ts'
import { startSession } from './staff-sessions.ts'
import { matchingStep, newTotpSecret, otpauthUri } from './totp.ts'

/** Guesses at a set-up page's code, per address (the token itself is 256 random bits). */
const SETUP_ADDRESS = { name: 'staff-setup-address', points: 20, durationSeconds: 15 * 60 }
const linkGone = () => gone('console:errors.setupLinkInvalid')

/**
 * A new one-time set-up link for the member (first set-up, invitation, lost second factor), inside
 * the caller's transaction; any older unused link of the member stops working.
 */
export async function issueSetupLink(tx: Queryable, staffId: string, publicOrigin: string, now = currentTime()): Promise<string> {
  const token = newSecret()
  const expires = new Date(now.getTime() + STAFF_LIMITS.setupTokenHours * 60 * 60 * 1000)
  await insertSetupToken(tx, staffId, digest(token), newTotpSecret(), expires)
  return `${new URL(publicOrigin).origin}${consoleSetupPath(token)}`
}

const usable = (row: SetupTokenRow | null, now: Date): row is SetupTokenRow => Boolean(row && !row.used_at && row.expires_at > now)

/** What the set-up page shows: whose account, and the second factor's secret as text, as a URI and as a QR code. */
export async function setupInfo(deps: StaffDeps, token: string) {
  const row = await setupTokenByHash(deps.db, digest(token))
  if (!usable(row, currentTime())) throw linkGone()
  const member = await memberById(deps.db, row.staff_id)
  if (!member || member.status === 'disabled') throw linkGone()
  const uri = otpauthUri(row.pending_secret, member.email, deps.config.BRAND_NAME)
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return { email: member.email, secret: row.pending_secret, otpauthUri: uri, qrSvg }
}

/**
 * Sets the password and second factor from a set-up link and signs in. The link is used up, every
 * other session of the member ends (a reset means the old credentials may be someone else's).
 */
export async function setUp(deps: StaffDeps, payload: { token: string; password: string; code: string }, origin: Origin) {
  await deps.rateLimits.consume(SETUP_ADDRESS, origin.ip || 'unknown')
  // Hashing takes a worker ~150 ms: before the transaction, so no rows stay locked meanwhile.
  const passwordHash = await deps.passwords.hash(payload.password)
  const tokenHash = digest(payload.token)
  const done = await deps.db.transaction(async (tx) => {
    const now = currentTime()
    const row = await setupTokenByHash(tx, tokenHash, { lock: true })
    if (!usable(row, now)) throw linkGone()
    const before = await memberById(tx, row.staff_id, { lock: true })
    if (!before || before.status === 'disabled') throw linkGone()
    const step = matchingStep(row.pending_secret, payload.code, now.getTime())
    if (step === null) throw invalid({ code: 'console:errors.codeWrong' }, 'console:errors.codeWrong')
    await markSetupTokenUsed(tx, tokenHash, now)
    const member = await setCredentials(tx, before.id, passwordHash, row.pending_secret, step)
    await endAllSessionsOf(tx, member.id, now)
    const session = await startSession(tx, member.id, origin, now)
    await audit(
      tx,
      { staffId: member.id, address: origin.ip },
      { function: 'console$setUp', target: `staff:${member.id}`, before: auditedMember(before), after: auditedMember(member) },
    )
    return { member, secret: session.secret, device: deps.devices.issue(member.id, now.getTime()) }
  })
  // A new second factor: guesses at the old one no longer make its owner wait.
  await deps.brakes.code.reset(done.member.id)
  return done
}
