import type { Platform } from '../../platform.ts'
import { conflict, notFound } from '../../errors.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { existingVisitor } from './visitor-view.ts'
import * as repo from './visitors.repo.ts'

const auditActor = (actor: StaffActor) => ({ staffId: actor.staffId, address: actor.address })

/**
 * Ends one live session of a visitor, or all of them. The account row is locked first, so a block or
 * an erasure at the same moment waits for this or goes first. Caches are dropped after commit.
 */
export async function endVisitorSessions(platform: Platform, actor: StaffActor, id: string, sessionId: string | null): Promise<number> {
  const ended = await platform.db.transaction(async (tx) => {
    await existingVisitor(tx, id, true)
    const ended = await repo.endSessions(tx, id, sessionId)
    if (sessionId && !ended.length) throw notFound('console:errors.sessionNotFound')
    await platform.services.staff.audit(tx, auditActor(actor), {
      function: 'console$endVisitorSessions',
      target: `visitor:${id}`,
      before: null,
      after: { sessions: ended },
    })
    return ended
  })
  platform.services.accounts.sessions.forget({ sessions: ended, accounts: [id] })
  return ended.length
}

/**
 * Blocks a visitor: every session ends at once (sign-ins in flight too) and sign-in on every path is
 * refused until they are unblocked (sessions.ts refuses to make a session for a blocked account).
 */
export async function blockVisitor(platform: Platform, actor: StaffActor, id: string, reason: string): Promise<void> {
  const ended = await platform.db.transaction(async (tx) => {
    const visitor = await existingVisitor(tx, id, true)
    if (visitor.blocked_at) throw conflict('console:errors.visitorAlreadyBlocked')
    await repo.setBlock(tx, id, reason)
    const ended = await repo.endSessions(tx, id, null)
    await platform.services.staff.audit(tx, auditActor(actor), {
      function: 'console$blockVisitor',
      target: `visitor:${id}`,
      before: { blocked: false },
      after: { blocked: true, reason, sessionsEnded: ended.length },
    })
    return ended
  })
  platform.services.accounts.sessions.forget({ sessions: ended, accounts: [id] })
}

export async function unblockVisitor(platform: Platform, actor: StaffActor, id: string): Promise<void> {
  await platform.db.transaction(async (tx) => {
    const visitor = await existingVisitor(tx, id, true)
    if (!visitor.blocked_at) throw conflict('console:errors.visitorNotBlocked')
    await repo.setBlock(tx, id, null)
    await platform.services.staff.audit(tx, auditActor(actor), {
      function: 'console$unblockVisitor',
      target: `visitor:${id}`,
      before: { blocked: true, reason: visitor.blocked_reason },
      after: { blocked: false },
    })
  })
}
