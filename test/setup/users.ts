import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { COOKIES } from '../../shared/contracts/cookies.ts'
import type { Queryable } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'

export interface TestUser {
  userId: string
  sessionId: string
  email: string
  /** A user access token (Authorization: Bearer ...). */
  token: string
}

/**
 * A logged-in user without going through the login page: an account, a live session and a user
 * token issued for it (the gateway checks the session on every `user` call).
 */
export async function createUser(platform: Platform, db: Queryable, options: { email?: string; nick?: string; locale?: string } = {}): Promise<TestUser> {
  const email = options.email ?? `buyer-${randomUUID().slice(0, 12)}@example.com`
  const account = await db.query<{ id: string }>(`insert into accounts (email, email_verified_at, nick, locale) values ($1, now(), $2, $3) returning id`, [
    email,
    options.nick ?? 'Test Buyer',
    options.locale ?? 'en',
  ])
  const userId = account.rows[0]?.id as string
  const session = await db.query<{ id: string }>(`insert into sessions (account_id, expires_at) values ($1, now() + interval '1 day') returning id`, [userId])
  const sessionId = session.rows[0]?.id as string
  const token = platform.tokens.issue({ kind: 'user', userId, sessionId }).access_token
  return { userId, sessionId, email, token }
}

/** Many users at once (concurrency tests). */
export async function createUsers(platform: Platform, db: Queryable, count: number): Promise<TestUser[]> {
  const users: TestUser[] = []
  for (let index = 0; index < count; index++) users.push(await createUser(platform, db))
  return users
}

/**
 * A login cookie for page requests (PDF downloads), as the login frame would leave it. Make it before
 * any call reads the session: the sessions' cache would keep the secret it read before.
 */
export async function loginCookie(db: Queryable, user: TestUser): Promise<string> {
  const secret = randomBytes(32).toString('base64url')
  await db.query('update sessions set secret_hash = $2 where id = $1', [user.sessionId, createHash('sha256').update(secret).digest('base64url')])
  return `${COOKIES.login}=${user.sessionId}.${secret}`
}
