import type { Queryable } from '../../db/client.ts'
import type { ConsoleLanguage, StaffRole } from '../../../shared/rules/console-access.ts'

/** SQL of staff members and their one-time set-up links (server/db/migrations/0090_staff.sql). */

export type StaffStatus = 'invited' | 'active' | 'disabled'

export interface MemberRow {
  id: string
  email: string
  name: string
  password_hash: string | null
  totp_secret: string | null
  roles: StaffRole[]
  exhibition_ids: number[] | null
  language: ConsoleLanguage
  status: StaffStatus
  last_sign_in_at: Date | null
}

const COLUMNS = 'id, email, name, password_hash, totp_secret, roles, exhibition_ids, language, status, last_sign_in_at'

export async function memberById(db: Queryable, id: string, options: { lock?: boolean } = {}): Promise<MemberRow | null> {
  const result = await db.query<MemberRow>(`select ${COLUMNS} from staff_members where id = $1${options.lock ? ' for update' : ''}`, [id])
  return result.rows[0] ?? null
}

export async function memberByEmail(db: Queryable, email: string): Promise<MemberRow | null> {
  const result = await db.query<MemberRow>(`select ${COLUMNS} from staff_members where email = $1`, [email.toLowerCase()])
  return result.rows[0] ?? null
}

export async function allMembers(db: Queryable): Promise<MemberRow[]> {
  return (await db.query<MemberRow>(`select ${COLUMNS} from staff_members order by status = 'disabled', lower(name), email`)).rows
}

export async function insertMember(
  db: Queryable,
  member: { email: string; name: string; roles: readonly StaffRole[]; exhibitionIds: readonly number[] | null; language: ConsoleLanguage },
): Promise<MemberRow | null> {
  const result = await db.query<MemberRow>(
    `insert into staff_members (email, name, roles, exhibition_ids, language) values ($1, $2, $3, $4, $5)
     on conflict (email) do nothing returning ${COLUMNS}`,
    [member.email.toLowerCase(), member.name, member.roles, member.exhibitionIds, member.language],
  )
  return result.rows[0] ?? null
}

export async function updateMemberRow(
  db: Queryable,
  id: string,
  change: { roles?: readonly StaffRole[]; exhibitionIds?: readonly number[] | null; status?: StaffStatus; language?: ConsoleLanguage },
): Promise<MemberRow> {
  const result = await db.query<MemberRow>(
    `update staff_members set
       roles = case when $2 then $3::text[] else roles end,
       exhibition_ids = case when $4 then $5::int[] else exhibition_ids end,
       status = coalesce($6, status),
       language = coalesce($7, language),
       updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [
      id,
      change.roles !== undefined,
      change.roles ?? null,
      change.exhibitionIds !== undefined,
      change.exhibitionIds ?? null,
      change.status ?? null,
      change.language ?? null,
    ],
  )
  const row = result.rows[0]
  if (!row) throw new Error(`staff member ${id} vanished inside its transaction`)
  return row
}

/**
 * The active owners, locked in one order, so two owners demoting each other at once wait for each
 * other instead of both leaving the console without an owner (or deadlocking).
 */
export async function lockActiveOwners(db: Queryable): Promise<string[]> {
  const result = await db.query<{ id: string }>("select id from staff_members where status = 'active' and 'owner' = any (roles) order by id for update")
  return result.rows.map((row) => row.id)
}

export async function setCredentials(db: Queryable, id: string, passwordHash: string, totpSecret: string, totpStep: number): Promise<MemberRow> {
  const result = await db.query<MemberRow>(
    `update staff_members set password_hash = $2, totp_secret = $3, totp_last_step = $4,
       status = case when status = 'disabled' then status else 'active' end, updated_at = now()
     where id = $1 returning ${COLUMNS}`,
    [id, passwordHash, totpSecret, totpStep],
  )
  const row = result.rows[0]
  if (!row) throw new Error(`staff member ${id} vanished inside its transaction`)
  return row
}

/**
 * Takes a TOTP step for the member if it is newer than every step taken before (RFC 6238 section 5.2:
 * a code is accepted once). False when the step was used already, also by a sign-in racing this one.
 */
export async function takeTotpStep(db: Queryable, id: string, step: number): Promise<boolean> {
  const result = await db.query('update staff_members set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id', [
    id,
    step,
  ])
  return result.rows.length > 0
}

export async function markSignedIn(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query('update staff_members set last_sign_in_at = $2 where id = $1', [id, at])
}

export interface SetupTokenRow {
  staff_id: string
  pending_secret: string
  expires_at: Date
  used_at: Date | null
}

/** A new set-up link replaces every unused one of the member: only the newest link works. */
export async function insertSetupToken(db: Queryable, staffId: string, tokenHash: string, secret: string, expiresAt: Date): Promise<void> {
  await db.query('delete from staff_setup_tokens where staff_id = $1 and used_at is null', [staffId])
  await db.query('insert into staff_setup_tokens (token_hash, staff_id, pending_secret, expires_at) values ($1, $2, $3, $4)', [
    tokenHash,
    staffId,
    secret,
    expiresAt,
  ])
}

export async function setupTokenByHash(db: Queryable, tokenHash: string, options: { lock?: boolean } = {}): Promise<SetupTokenRow | null> {
  const result = await db.query<SetupTokenRow>(
    `select staff_id, pending_secret, expires_at, used_at from staff_setup_tokens where token_hash = $1${options.lock ? ' for update' : ''}`,
    [tokenHash],
  )
  return result.rows[0] ?? null
}

export async function markSetupTokenUsed(db: Queryable, tokenHash: string, at: Date): Promise<void> {
  await db.query('update staff_setup_tokens set used_at = $2 where token_hash = $1', [tokenHash, at])
}

export async function deleteExpiredSetupTokens(db: Queryable, now: Date): Promise<void> {
  await db.query("delete from staff_setup_tokens where expires_at < $1::timestamptz - interval '30 days'", [now])
}
