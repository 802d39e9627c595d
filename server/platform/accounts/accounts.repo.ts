import type { Queryable } from '../../db/client.ts'

export interface AccountRow {
  id: string
  email: string
  email_verified_at: Date | null
  password_hash: string | null
  nick: string
  avatar_url: string | null
  locale: string
  created_at: Date
}

const COLUMNS = 'id, email, email_verified_at, password_hash, nick, avatar_url, locale, created_at'

export async function accountByEmail(db: Queryable, email: string, options: { forUpdate?: boolean } = {}): Promise<AccountRow | null> {
  const result = await db.query<AccountRow>(`select ${COLUMNS} from accounts where lower(email) = lower($1)${options.forUpdate ? ' for update' : ''}`, [email])
  return result.rows[0] ?? null
}

export async function accountById(db: Queryable, id: string): Promise<AccountRow | null> {
  const result = await db.query<AccountRow>(`select ${COLUMNS} from accounts where id = $1`, [id])
  return result.rows[0] ?? null
}

/** Inserts a new, unverified account; null when the address is taken (also by a concurrent insert). */
export async function insertAccount(tx: Queryable, input: { email: string; nick: string; passwordHash: string; locale: string }): Promise<AccountRow | null> {
  const result = await tx.query<AccountRow>(
    `insert into accounts (email, nick, password_hash, locale) values ($1, $2, $3, $4)
     on conflict ((lower(email))) do nothing returning ${COLUMNS}`,
    [input.email, input.nick, input.passwordHash, input.locale],
  )
  return result.rows[0] ?? null
}

/** Someone registers again an address nobody has proven: the newest registration wins. */
export async function replaceUnverified(tx: Queryable, id: string, input: { nick: string; passwordHash: string; locale: string }): Promise<void> {
  await tx.query('update accounts set nick = $2, password_hash = $3, locale = $4, updated_at = now() where id = $1 and email_verified_at is null', [
    id,
    input.nick,
    input.passwordHash,
    input.locale,
  ])
}

export async function markVerified(tx: Queryable, id: string): Promise<void> {
  await tx.query('update accounts set email_verified_at = coalesce(email_verified_at, now()), updated_at = now() where id = $1', [id])
}

export async function setPassword(tx: Queryable, id: string, passwordHash: string): Promise<void> {
  await tx.query('update accounts set password_hash = $2, email_verified_at = coalesce(email_verified_at, now()), updated_at = now() where id = $1', [
    id,
    passwordHash,
  ])
}

export async function setNick(db: Queryable, id: string, nick: string): Promise<AccountRow | null> {
  const result = await db.query<AccountRow>(`update accounts set nick = $2, updated_at = now() where id = $1 returning ${COLUMNS}`, [id, nick])
  return result.rows[0] ?? null
}

/**
 * What is no use to anyone any more: sessions ended (revoked or expired) more than a week ago,
 * tickets never exchanged, codes past their time, OAuth2 codes older than a day. Deletes are
 * idempotent, so every instance may run this.
 */
export async function deleteStale(db: Queryable): Promise<void> {
  await db.query(
    `delete from sessions where (revoked_at is not null and revoked_at < now() - interval '7 days') or expires_at < now() - interval '7 days'
       or (secret_hash is null and kind = 'login' and ticket_expires_at < now() - interval '1 day')`,
  )
  await db.query('delete from account_codes where expires_at < now()')
  await db.query("delete from oauth_codes where created_at < now() - interval '1 day'")
}
