import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import type { UserInfo } from '../../../shared/contracts/accounts.ts'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import type { Database, Queryable } from '../../db/client.ts'
import { DomainError } from '../errors.ts'

/** How long a login lasts (absolute, from sign-in). */
export const SESSION_DAYS = 30
/** How long the frame's one-time ticket may wait for the site's server to exchange it. */
export const TICKET_SECONDS = 120
/**
 * How long this process trusts what it read about a session. Revocation by this process takes
 * effect at once (the entry is dropped), by another instance as soon as its NOTIFY arrives; this
 * bound covers a lost notification.
 */
export const SESSION_CACHE_MS = 5_000
const CACHE_MAX_ENTRIES = 20_000
const CHANNEL = 'account_sessions'

const COOKIE_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/
const TICKET_PATTERN = /^t\.([A-Za-z0-9_-]{43})$/
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const digest = (secret: string) => createHash('sha256').update(secret).digest('base64url')
const newSecret = () => randomBytes(32).toString('base64url')

/**
 * Staff blocked the account (console, docs/product.md#console-visitors): no session is made for it on
 * any path (password, code, OAuth), so the check cannot be forgotten by a new one. The account row is
 * read `for share`: a sign-in racing a block waits for it and then sees it, so no session is made
 * after the block has ended the others.
 */
export const accountBlocked = () => new DomainError('login:errors.blocked', ERROR_CODES.forbidden)

export const isLoginTicket = (value: string) => TICKET_PATTERN.test(value)
export const isLoginCookie = (value: string) => COOKIE_PATTERN.test(value)

interface CachedSession {
  accountId: string
  kind: 'login' | 'oauth'
  secretHash: string | null
  expiresAt: number
  revoked: boolean
  user: UserInfo
  readAt: number
}

interface SessionRow {
  id: string
  account_id: string
  kind: 'login' | 'oauth'
  secret_hash: string | null
  expires_at: Date
  revoked_at: Date | null
  nick: string
  avatar_url: string | null
}

export interface LiveSession {
  sessionId: string
  accountId: string
  user: UserInfo
  expiresAt: number
}

export type ResolvedCookie = { kind: 'valid'; session: LiveSession } | { kind: 'invalid' }

export interface Sessions {
  /** A new session waiting for its ticket to be exchanged (inside the sign-in transaction). */
  create(tx: Queryable, input: { accountId: string; ip: string; userAgent: string }): Promise<{ sessionId: string; ticket: string }>
  /** An OAuth2 grant: a session that lives as long as its access token. */
  createGrant(tx: Queryable, input: { accountId: string; seconds: number; ip: string }): Promise<string>
  /** Exchanges a ticket once: the login cookie value, its expiry and the user; null when unknown, used or expired. */
  exchange(ticket: string): Promise<{ cookie: string; expiresAt: Date; session: LiveSession } | null>
  /** The live session of a login cookie value. */
  resolve(cookie: string | undefined): Promise<ResolvedCookie>
  isActive(sessionId: string): Promise<boolean>
  revoke(sessionId: string): Promise<void>
  /** Revokes every session of an account (password reset); inside the caller's transaction. */
  revokeAll(tx: Queryable, accountId: string): Promise<string[]>
  /** After a transaction that revoked sessions or changed a profile has committed. */
  forget(input: { sessions?: string[]; accounts?: string[] }): void
  listen(): Promise<void>
}

/**
 * Login sessions: the cookie is `<session id>.<secret>`, of which only a SHA-256 of the secret is
 * stored (the secret has 256 random bits, so a slow hash adds nothing). Reads go through a short
 * in-process cache, so a logged-in page view or gateway call usually costs no query.
 */
export function createSessions(db: Database, now: () => number = () => Date.now()): Sessions {
  const cache = new Map<string, CachedSession>()
  const instance = randomUUID()

  const remember = (id: string, entry: CachedSession) => {
    cache.delete(id)
    cache.set(id, entry)
    if (cache.size > CACHE_MAX_ENTRIES) {
      const oldest = cache.keys().next().value
      if (oldest) cache.delete(oldest)
    }
  }

  const read = async (sessionId: string): Promise<CachedSession | null> => {
    const cached = cache.get(sessionId)
    if (cached && now() - cached.readAt < SESSION_CACHE_MS) return cached
    const row = (
      await db.query<SessionRow>(
        `select s.id, s.account_id, s.kind, s.secret_hash, s.expires_at, s.revoked_at, a.nick, a.avatar_url
         from sessions s join accounts a on a.id = s.account_id where s.id = $1`,
        [sessionId],
      )
    ).rows[0]
    if (!row) {
      cache.delete(sessionId)
      return null
    }
    const entry: CachedSession = {
      accountId: row.account_id,
      kind: row.kind,
      secretHash: row.secret_hash,
      expiresAt: new Date(row.expires_at).getTime(),
      revoked: row.revoked_at !== null,
      user: { userId: row.account_id, nick: row.nick, avatar: row.avatar_url },
      readAt: now(),
    }
    remember(sessionId, entry)
    return entry
  }

  const forgetLocally = (input: { sessions?: string[]; accounts?: string[] }) => {
    for (const id of input.sessions ?? []) cache.delete(id)
    if (input.accounts?.length) {
      const accounts = new Set(input.accounts)
      for (const [id, entry] of cache) if (accounts.has(entry.accountId)) cache.delete(id)
    }
  }

  const forget = (input: { sessions?: string[]; accounts?: string[] }) => {
    forgetLocally(input)
    // Other instances on the same database drop theirs too.
    db.notify(CHANNEL, JSON.stringify({ from: instance, ...input })).catch(() => {
      // The cache bound (SESSION_CACHE_MS) still applies.
    })
  }

  return {
    async create(tx, input) {
      const ticket = `t.${newSecret()}`
      const result = await tx.query<{ id: string }>(
        `insert into sessions (account_id, kind, expires_at, ticket_hash, ticket_expires_at, ip, user_agent)
         select id, 'login', now() + make_interval(days => $2), $3, now() + make_interval(secs => $4), $5, $6
         from accounts where id = $1 and blocked_at is null for share returning id`,
        [input.accountId, SESSION_DAYS, digest(ticket), TICKET_SECONDS, input.ip.slice(0, 64), input.userAgent.slice(0, 300)],
      )
      const sessionId = result.rows[0]?.id
      if (!sessionId) throw accountBlocked()
      return { sessionId, ticket }
    },
    async createGrant(tx, input) {
      const result = await tx.query<{ id: string }>(
        `insert into sessions (account_id, kind, expires_at, ip)
         select id, 'oauth', now() + make_interval(secs => $2), $3 from accounts where id = $1 and blocked_at is null for share returning id`,
        [input.accountId, input.seconds, input.ip.slice(0, 64)],
      )
      const sessionId = result.rows[0]?.id
      if (!sessionId) throw accountBlocked()
      return sessionId
    },
    async exchange(ticket) {
      if (!isLoginTicket(ticket)) return null
      const secret = newSecret()
      const row = (
        await db.query<{ id: string; account_id: string; expires_at: Date }>(
          `update sessions set ticket_hash = null, ticket_expires_at = null, secret_hash = $2, last_seen_at = now()
           where ticket_hash = $1 and ticket_expires_at > now() and revoked_at is null and expires_at > now()
           returning id, account_id, expires_at`,
          [digest(ticket), digest(secret)],
        )
      ).rows[0]
      if (!row) return null
      cache.delete(row.id)
      const entry = await read(row.id)
      if (!entry) return null
      return {
        cookie: `${row.id}.${secret}`,
        expiresAt: new Date(row.expires_at),
        session: { sessionId: row.id, accountId: row.account_id, user: entry.user, expiresAt: entry.expiresAt },
      }
    },
    async resolve(cookie) {
      const match = cookie ? COOKIE_PATTERN.exec(cookie) : null
      if (!match) return { kind: 'invalid' }
      const [, sessionId = '', secret = ''] = match
      const entry = await read(sessionId)
      if (entry?.kind !== 'login' || !entry.secretHash || entry.revoked || entry.expiresAt <= now()) return { kind: 'invalid' }
      const expected = Buffer.from(entry.secretHash)
      const given = Buffer.from(digest(secret))
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { kind: 'invalid' }
      return { kind: 'valid', session: { sessionId, accountId: entry.accountId, user: entry.user, expiresAt: entry.expiresAt } }
    },
    async isActive(sessionId) {
      if (!UUID.test(sessionId)) return false
      const entry = await read(sessionId.toLowerCase())
      return Boolean(entry && !entry.revoked && entry.expiresAt > now())
    },
    async revoke(sessionId) {
      if (!UUID.test(sessionId)) return
      await db.query('update sessions set revoked_at = now(), ticket_hash = null where id = $1 and revoked_at is null', [sessionId])
      forget({ sessions: [sessionId] })
    },
    async revokeAll(tx, accountId) {
      const result = await tx.query<{ id: string }>(
        'update sessions set revoked_at = now(), ticket_hash = null where account_id = $1 and revoked_at is null returning id',
        [accountId],
      )
      return result.rows.map((row) => row.id)
    },
    forget,
    async listen() {
      await db.listen(
        CHANNEL,
        (payload) => {
          try {
            const message = JSON.parse(payload) as { from?: string; sessions?: unknown; accounts?: unknown }
            if (message.from === instance) return
            const strings = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [])
            forgetLocally({ sessions: strings(message.sessions), accounts: strings(message.accounts) })
          } catch {
            // Not ours.
          }
        },
        // A sign-out on another instance while this one's connection was down would go unheard: read every session afresh.
        () => cache.clear(),
      )
    },
  }
}
