import type { ConsoleLanguage, StaffRole } from '../../../shared/rules/console-access.ts'
import { STAFF_LIMITS } from '../../../shared/rules/console-access.ts'
import type { Queryable } from '../../db/client.ts'
import { conflict, notFound } from '../errors.ts'
import type { StaffCaller } from '../gateway.ts'
import { audit, type AuditActor } from './audit.ts'
import { auditedMember, listItemView, memberView } from './member-view.ts'
import { allMembers, insertMember, memberById, type MemberRow, lockActiveOwners, type StaffStatus, updateMemberRow } from './members.repo.ts'
import { endAllSessionsOf } from './sessions.repo.ts'
import { issueSetupLink } from './set-up.ts'
import { queueSetupMail } from './staff.mail.ts'
import { currentTime, type Origin, type StaffDeps } from './staff-deps.ts'

const actorOf = (caller: StaffCaller, origin: Origin): AuditActor => ({ staffId: caller.staffId, address: origin.ip })
const missing = () => notFound('console:errors.memberNotFound')

export async function me(deps: StaffDeps, caller: StaffCaller) {
  const row = await memberById(deps.db, caller.staffId)
  if (!row) throw missing()
  return { member: memberView(row) }
}

export async function setLanguage(deps: StaffDeps, caller: StaffCaller, language: ConsoleLanguage, origin: Origin) {
  return deps.db.transaction(async (tx) => {
    const before = await memberById(tx, caller.staffId, { lock: true })
    if (!before) throw missing()
    const after = await updateMemberRow(tx, before.id, { language })
    await audit(tx, actorOf(caller, origin), {
      function: 'console$setLanguage',
      target: `staff:${before.id}`,
      before: { language: before.language },
      after: { language: after.language },
    })
    return { member: memberView(after) }
  })
}

export async function staffList(deps: StaffDeps) {
  return { members: (await allMembers(deps.db)).map(listItemView) }
}

/** Mails the member a set-up link in their language, inside the transaction (sent after commit). */
async function mailSetupLink(tx: Queryable, deps: StaffDeps, member: MemberRow, kind: 'invite' | 'reset') {
  const link = await issueSetupLink(tx, member.id, deps.config.PUBLIC_ORIGIN)
  await queueSetupMail(tx, {
    kind,
    to: member.email,
    name: member.name,
    language: member.language,
    link,
    hours: STAFF_LIMITS.setupTokenHours,
    brand: deps.config.BRAND_NAME,
  })
}

export async function invite(
  deps: StaffDeps,
  caller: StaffCaller,
  payload: { email: string; name: string; roles: StaffRole[]; exhibitionIds: number[] | null; language: ConsoleLanguage },
  origin: Origin,
) {
  return deps.db.transaction(async (tx) => {
    const member = await insertMember(tx, payload)
    if (!member) throw conflict('console:errors.emailTaken')
    await mailSetupLink(tx, deps, member, 'invite')
    await audit(tx, actorOf(caller, origin), { function: 'console$invite', target: `staff:${member.id}`, before: null, after: auditedMember(member) })
    return { member: listItemView(member) }
  })
}

/** Whether the member counts as an owner who can still act: the console must always keep one. */
const isActiveOwner = (roles: readonly StaffRole[], status: StaffStatus) => status === 'active' && roles.includes('owner')

export async function updateMember(
  deps: StaffDeps,
  caller: StaffCaller,
  payload: { id: string; roles?: StaffRole[] | undefined; exhibitionIds?: number[] | null | undefined; disabled?: boolean | undefined },
  origin: Origin,
) {
  return deps.db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx)
    const before = await memberById(tx, payload.id, { lock: true })
    if (!before) throw missing()
    const roles = payload.roles ?? before.roles
    const status: StaffStatus = payload.disabled === undefined ? before.status : payload.disabled ? 'disabled' : before.password_hash ? 'active' : 'invited'
    if (isActiveOwner(before.roles, before.status) && !isActiveOwner(roles, status) && owners.every((owner) => owner === before.id)) {
      throw conflict('console:errors.lastOwner')
    }
    const after = await updateMemberRow(tx, before.id, {
      roles,
      status,
      ...(payload.exhibitionIds !== undefined ? { exhibitionIds: payload.exhibitionIds } : {}),
    })
    if (status === 'disabled') await endAllSessionsOf(tx, after.id, currentTime())
    await audit(tx, actorOf(caller, origin), {
      function: 'console$updateMember',
      target: `staff:${after.id}`,
      before: auditedMember(before),
      after: auditedMember(after),
    })
    return { member: listItemView(after) }
  })
}

/** A lost phone: a new set-up link by mail; the old password and code work until the new ones are set. */
export async function resetSecondFactor(deps: StaffDeps, caller: StaffCaller, id: string, origin: Origin): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const member = await memberById(tx, id, { lock: true })
    if (!member || member.status === 'disabled') throw missing()
    await mailSetupLink(tx, deps, member, 'reset')
    await audit(tx, actorOf(caller, origin), {
      function: 'console$resetSecondFactor',
      target: `staff:${member.id}`,
      before: { setupLink: false },
      after: { setupLink: true },
    })
  })
}
