import { STAFF_COOKIE } from '../../../shared/rules/console-access.ts'
import type { Queryable } from '../../db/client.ts'
import { notFound } from '../errors.ts'
import type { StaffCaller, StaffGate } from '../gateway.ts'
import { audit } from './audit.ts'
import { endSessionOf, insertSession, liveSessionsOf, touchLiveSession } from './sessions.repo.ts'
import { currentTime, digest, newSecret, type Origin, SECRET_PATTERN, SESSION_LIFETIME_SECONDS, type StaffDeps } from './staff-deps.ts'

/** Starts a session inside the caller's transaction; the secret goes into the cookie, its hash into the table. */
export async function startSession(tx: Queryable, staffId: string, origin: Origin, now: Date): Promise<{ id: string; secret: string }> {
  const secret = newSecret()
  const id = await insertSession(tx, { tokenHash: digest(secret), staffId, at: now, address: origin.ip, device: origin.device })
  return { id, secret }
}

const idleSeconds = (deps: StaffDeps) => deps.config.STAFF_IDLE_MINUTES * 60

/** The console gateway's view of the staff cookie: a live session slides its idle time. */
export function createStaffGate(deps: StaffDeps): StaffGate {
  return {
    async resolve(cookies) {
      const secret = cookies[STAFF_COOKIE.name]
      if (!secret || !SECRET_PATTERN.test(secret)) return null
      const row = await touchLiveSession(deps.db, digest(secret), currentTime(), idleSeconds(deps), SESSION_LIFETIME_SECONDS)
      return row ? { staffId: row.staff_id, sessionId: row.id, roles: row.roles, exhibitionIds: row.exhibition_ids, language: row.language } : null
    },
  }
}

/** The member's live sessions, the caller's own marked. */
export async function listSessions(deps: StaffDeps, caller: StaffCaller) {
  const rows = await liveSessionsOf(deps.db, caller.staffId, currentTime(), idleSeconds(deps), SESSION_LIFETIME_SECONDS)
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    address: row.address,
    device: row.device,
    current: row.id === caller.sessionId,
  }))
}

/** Ends one of the member's own sessions (a lost laptop); recorded in the audit log. */
export async function endSession(deps: StaffDeps, caller: StaffCaller, sessionId: string, origin: Origin): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await endSessionOf(tx, caller.staffId, sessionId, currentTime()))) throw notFound('console:errors.sessionNotFound')
    await audit(
      tx,
      { staffId: caller.staffId, address: origin.ip },
      { function: 'console$endSession', target: `session:${sessionId}`, before: { ended: false }, after: { ended: true } },
    )
  })
}

/** Signing out ends the current session; the cookie is cleared by the caller. */
export async function signOut(deps: StaffDeps, caller: StaffCaller): Promise<void> {
  await endSessionOf(deps.db, caller.staffId, caller.sessionId, currentTime())
}
