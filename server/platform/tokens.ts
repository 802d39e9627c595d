import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Queryable } from '../db/client.ts'

/** docs/product.md#access-token: access token lifetime. */
export const ACCESS_TOKEN_SECONDS = 3600

/** `v1.<base64url claims>.<base64url HMAC-SHA256, 32 bytes = 43 characters>` */
const TOKEN_SHAPE = /^v1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/

export type Principal = { kind: 'visitor'; visitorId: string } | { kind: 'user'; userId: string; sessionId: string } | { kind: 'server'; clientId: string }

interface Claims {
  /** principal kind */
  k: Principal['kind']
  /** subject: visitor id, user id or client id */
  s: string
  /** session id of a user token */
  sid?: string
  iat: number
  exp: number
}

export type Verified = { ok: true; principal: Principal; expiresAt: number } | { ok: false; reason: 'invalid' | 'expired' }

/**
 * Signed, expiring access tokens (HMAC-SHA256). Verifying one costs no database round trip, so an
 * anonymous page view stays free of queries; user tokens are checked against their session by the
 * accounts service where a function needs a live user.
 */
export function createTokenSigner(secret: string, now: () => number = () => Date.now()) {
  // A KeyObject made once: createHmac with a raw buffer prepares a key on every call (a page render verifies several tokens).
  const key = createSecretKey(Buffer.from(secret, 'utf8'))
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url')
  return {
    issue(principal: Principal, lifetimeSeconds = ACCESS_TOKEN_SECONDS) {
      const issuedAt = Math.floor(now() / 1000)
      const claims: Claims = {
        k: principal.kind,
        s: principal.kind === 'visitor' ? principal.visitorId : principal.kind === 'user' ? principal.userId : principal.clientId,
        ...(principal.kind === 'user' ? { sid: principal.sessionId } : {}),
        iat: issuedAt,
        exp: issuedAt + lifetimeSeconds,
      }
      const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
      return { access_token: `v1.${body}.${mac(body)}`, token_type: 'bearer' as const, expires_in: lifetimeSeconds }
    },
    verify(token: string | undefined): Verified {
      if (!token || token.length > 1024) return { ok: false, reason: 'invalid' }
      // The whole token, nothing before or after: a split that ignored a fourth part accepted
      // `<token>.anything`, so one signed token had endless spellings.
      const parts = TOKEN_SHAPE.exec(token)
      if (!parts) return { ok: false, reason: 'invalid' }
      const [, body = '', signature = ''] = parts
      const expected = Buffer.from(mac(body))
      const given = Buffer.from(signature)
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' }
      let claims: Claims
      try {
        claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims
      } catch {
        return { ok: false, reason: 'invalid' }
      }
      if (typeof claims.exp !== 'number' || typeof claims.s !== 'string') return { ok: false, reason: 'invalid' }
      if (claims.exp * 1000 <= now()) return { ok: false, reason: 'expired' }
      const principal: Principal | null =
        claims.k === 'visitor'
          ? { kind: 'visitor', visitorId: claims.s }
          : claims.k === 'user' && claims.sid
            ? { kind: 'user', userId: claims.s, sessionId: claims.sid }
            : claims.k === 'server'
              ? { kind: 'server', clientId: claims.s }
              : null
      if (!principal) return { ok: false, reason: 'invalid' }
      return { ok: true, principal, expiresAt: claims.exp * 1000 }
    },
  }
}

export type TokenSigner = ReturnType<typeof createTokenSigner>

export function newVisitorId(): string {
  return randomBytes(12).toString('base64url')
}

/**
 * A secret from configuration wins; otherwise one is generated once and kept in the database, so
 * every instance on the same database signs and verifies alike.
 */
export async function loadSecret(db: Queryable, name: string, configured?: string): Promise<string> {
  if (configured) return configured
  const kept = await keepSecretOnce(db, name, randomBytes(32).toString('base64url'))
  if (!kept) throw new Error(`secret ${name} could not be stored`)
  return kept
}

/** Keeps `value` under `name` unless one is kept already, and answers the one kept (every instance agrees on it). */
export async function keepSecretOnce(db: Queryable, name: string, value: string): Promise<string | null> {
  await db.query('insert into platform_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, value])
  const row = (await db.query<{ value: string }>('select value from platform_secrets where name = $1', [name])).rows[0]
  return row?.value ?? null
}
