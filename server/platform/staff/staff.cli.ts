import { parseArgs } from 'node:util'
import { STAFF_LIMITS, STAFF_ROLES, type StaffRole } from '../../../shared/rules/console-access.ts'
import { isEmail } from '../../../shared/rules/text.ts'
import type { Database } from '../../db/client.ts'
import { audit } from './audit.ts'
import { auditedMember } from './member-view.ts'
import { allMembers, insertMember, lockActiveOwners, memberByEmail, updateMemberRow } from './members.repo.ts'
import { endAllSessionsOf } from './sessions.repo.ts'
import { issueSetupLink } from './set-up.ts'
import { currentTime } from './staff-deps.ts'

export const USAGE = `Usage:
  npm run staff -- add EMAIL --role ROLE [--role ROLE ...] [--name "NAME"]
        creates a staff member and prints a one-time set-up link (password and second factor);
        for an existing member, prints a new set-up link (a lost phone or password)
  npm run staff -- list                 every staff member, with roles and status
  npm run staff -- disable EMAIL        the member can no longer sign in; their sessions end

Roles: ${STAFF_ROLES.join(', ')}. Set-up links work once, for ${STAFF_LIMITS.setupTokenHours} hours.`

class UsageError extends Error {
  override name = 'UsageError'
}

export interface CliIo {
  out(text: string): void
  err(text: string): void
}

/** Changes made here have no staff member behind them: the audit log records them with none. */
const CLI_ACTOR = { staffId: null, address: null }

function emailOf(value: string | undefined): string {
  const email = value?.trim().toLowerCase()
  if (!email || !isEmail(email)) throw new UsageError(`Not an e-mail address: ${value ?? '(none)'}`)
  return email
}

function rolesOf(values: string[] | undefined): StaffRole[] {
  const roles = [...new Set(values ?? [])]
  const unknown = roles.filter((role) => !(STAFF_ROLES as readonly string[]).includes(role))
  if (unknown.length) throw new UsageError(`Unknown role: ${unknown.join(', ')}`)
  return roles as StaffRole[]
}

async function add(db: Database, io: CliIo, publicOrigin: string, email: string, roles: StaffRole[], name: string | undefined): Promise<number> {
  const outcome = await db.transaction(async (tx) => {
    const existing = await memberByEmail(tx, email)
    if (existing?.status === 'disabled') return { error: `${email} is disabled; an owner can enable the member in the console first.` }
    if (existing) {
      const link = await issueSetupLink(tx, existing.id, publicOrigin)
      await audit(tx, CLI_ACTOR, { function: 'cli:reset', target: `staff:${existing.id}`, before: { setupLink: false }, after: { setupLink: true } })
      return { link, created: false, ignoredRoles: roles.length > 0 }
    }
    if (!roles.length) throw new UsageError('add needs at least one --role for a new member')
    const member = await insertMember(tx, { email, name: name?.trim().slice(0, STAFF_LIMITS.name) ?? '', roles, exhibitionIds: null, language: 'en' })
    if (!member) return { error: `${email} was added at the same moment by someone else; run the command again.` }
    const link = await issueSetupLink(tx, member.id, publicOrigin)
    await audit(tx, CLI_ACTOR, { function: 'cli:add', target: `staff:${member.id}`, before: null, after: auditedMember(member) })
    return { link, created: true, ignoredRoles: false }
  })
  if ('error' in outcome) {
    io.err(outcome.error as string)
    return 1
  }
  io.err(outcome.created ? `Added ${email} (${roles.join(', ')}).` : `${email} exists: this link sets a new password and second factor.`)
  if (outcome.ignoredRoles) io.err('Roles of an existing member are changed in the console (Staff), not here.')
  io.err(`Open this link within ${STAFF_LIMITS.setupTokenHours} hours; it works once:`)
  io.out(outcome.link)
  return 0
}

async function list(db: Database, io: CliIo): Promise<number> {
  const members = await allMembers(db)
  if (!members.length) {
    io.out('No staff members yet. Add the first owner: npm run staff -- add EMAIL --role owner')
    return 0
  }
  const lines = members.map((member) =>
    [member.email, member.name || '-', member.roles.join(','), member.status, member.last_sign_in_at?.toISOString() ?? 'never'].join('\t'),
  )
  io.out(['e-mail\tname\troles\tstatus\tlast sign-in', ...lines].join('\n'))
  io.err(`${members.length} staff member(s)`)
  return 0
}

async function disable(db: Database, io: CliIo, email: string): Promise<number> {
  const error = await db.transaction(async (tx) => {
    const owners = await lockActiveOwners(tx)
    const member = await memberByEmail(tx, email)
    if (!member) return `No staff member with the e-mail address ${email}`
    if (member.status === 'disabled') return `${email} is disabled already`
    if (owners.length === 1 && owners[0] === member.id) return `${email} is the last active owner; make someone else an owner first`
    const after = await updateMemberRow(tx, member.id, { status: 'disabled' })
    await endAllSessionsOf(tx, member.id, currentTime())
    await audit(tx, CLI_ACTOR, { function: 'cli:disable', target: `staff:${member.id}`, before: auditedMember(member), after: auditedMember(after) })
    return null
  })
  if (error) {
    io.err(error)
    return 1
  }
  io.out(`${email} is disabled; their sessions have ended.`)
  return 0
}

/** `npm run staff`: the first owner, lost second factors and a way in when the console is out of reach; returns the exit code. */
export async function runStaffCli(args: string[], db: Database, io: CliIo, options: { publicOrigin: string }): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: { role: { type: 'string', multiple: true }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    })
    const [command, target, ...extra] = positionals
    if (values.help || !command) {
      io.out(USAGE)
      return values.help ? 0 : 2
    }
    if (extra.length) throw new UsageError(`Unexpected: ${extra.join(' ')}`)
    if (command === 'add') return await add(db, io, options.publicOrigin, emailOf(target), rolesOf(values.role), values.name)
    if (command === 'list') return await list(db, io)
    if (command === 'disable') return await disable(db, io, emailOf(target))
    throw new UsageError(`Unknown command: ${command}`)
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.err((error as Error).message)
      io.err(USAGE)
      return 2
    }
    throw error
  }
}
