import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import express, { type NextFunction, type Request, type Response, type Router } from 'express'
import type { Database } from '../../db/client.ts'
import { DomainError } from '../errors.ts'
import type { Platform } from '../platform.ts'
import { ACCESS_TOKEN_SECONDS, loadSecret } from '../tokens.ts'
import { addressKey } from '../rate-limits.ts'
import { RULES } from './limits.ts'
import { maySignIn } from './console/visitors.repo.ts'
import { accountBlocked, type Sessions } from './sessions.ts'

/** An authorization code lives this long (Kong's default is short too); it is single-use. */
export const OAUTH_CODE_SECONDS = 60
/** Scopes a caller may ask for; `user` acts as the authenticated user on the gateway functions. */
const SCOPES = new Set(['user'])
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export interface OAuthSecrets {
  clientId: string
  clientSecret: string
  provisionKey: string
}

/** From configuration; otherwise generated once into platform_secrets, like the token secret. */
export async function loadOAuthSecrets(platform: Platform): Promise<OAuthSecrets> {
  const { config, db } = platform
  return {
    clientId: config.OAUTH_CLIENT_ID,
    clientSecret: await loadSecret(db, 'oauth-client-secret', config.OAUTH_CLIENT_SECRET),
    provisionKey: await loadSecret(db, 'oauth-provision-key', config.OAUTH_PROVISION_KEY),
  }
}

class OAuthError extends Error {
  readonly status: number
  readonly error: string
  constructor(status: number, error: string, description: string) {
    super(description)
    this.status = status
    this.error = error
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest('base64url')

/** Compares two secrets in constant time whatever their lengths. */
function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length === 0 || given.length > 512) return false
  const key = randomBytes(32)
  const a = createHmac('sha256', key).update(given).digest()
  const b = createHmac('sha256', key).update(expected).digest()
  return timingSafeEqual(a, b)
}

const field = (body: Record<string, unknown>, name: string): string => {
  const value = body[name]
  return typeof value === 'string' ? value.trim() : ''
}

/**
 * docs/product.md#oauth Authorization, the way Kong's OAuth2 plugin does it: the site's server, which knows who
 * the user is, asks /oauth2/authorize with the provision key for a code, and trades the code with
 * the client secret at /oauth2/token for an access token. Neither secret ever reaches a browser.
 * `client_credentials` gives server-to-server callers of the V3 gateway a `server` token.
 * Answers and errors are Kong's (`{ redirect_uri }`, `{ access_token, token_type, expires_in }`,
 * `{ error, error_description }`), with no-store as RFC 6749 §5.1 asks.
 */
export function oauthRoutes(router: Router, platform: Platform, sessions: Sessions, known: OAuthSecrets): void {
  const { db, tokens, rateLimits, config } = platform
  const redirectUri = `${new URL(config.PUBLIC_ORIGIN).origin}/oauth2/callback`
  const bodies = [express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 }), express.json({ limit: '4kb' })]

  const handle = (run: (body: Record<string, unknown>, req: Request, res: Response) => Promise<object>) => async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('Pragma', 'no-cache')
    try {
      await rateLimits.consume(RULES.oauthAddress, addressKey(res.locals.context.ip))
      const body = (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {}) as Record<string, unknown>
      res.json(await run(body, req, res))
    } catch (error) {
      if (error instanceof OAuthError) return res.status(error.status).json({ error: error.error, error_description: error.message })
      // A blocked account (console) gets no code and no grant; Kong's words for a refused owner (RFC 6749 §4.1.2.1).
      if (error instanceof DomainError && error.code === accountBlocked().code) {
        return res.status(403).json({ error: 'access_denied', error_description: 'The account is blocked' })
      }
      if (error instanceof DomainError && error.code === 'errors.rateLimited') {
        res.setHeader('Retry-After', String(error.params.seconds ?? 60))
        return res.status(429).json({ error: 'too_many_requests', error_description: 'Too many requests' })
      }
      throw error
    }
  }

  router.post(
    '/oauth2/authorize',
    ...bodies,
    handle(async (body) => {
      if (field(body, 'response_type') !== 'code') throw new OAuthError(400, 'unsupported_response_type', 'Invalid response_type')
      if (!sameSecret(field(body, 'client_id'), known.clientId)) throw new OAuthError(400, 'invalid_client', 'Invalid client_id')
      if (!sameSecret(field(body, 'provision_key'), known.provisionKey)) throw new OAuthError(400, 'invalid_provision_key', 'Invalid provision_key')
      const scope = scopeOf(field(body, 'scope'))
      const userId = field(body, 'authenticated_userid')
      if (!userId) throw new OAuthError(400, 'invalid_authenticated_userid', 'Missing authenticated_userid parameter')
      if (!UUID.test(userId) || !(await accountExists(db, userId))) throw new OAuthError(400, 'invalid_authenticated_userid', 'Unknown authenticated_userid')
      if (!(await maySignIn(db, userId))) throw accountBlocked()
      const code = randomBytes(32).toString('base64url')
      await db.query(
        `insert into oauth_codes (code_hash, client_id, account_id, scope, expires_at) values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
        [digest(code), known.clientId, userId.toLowerCase(), scope, OAUTH_CODE_SECONDS],
      )
      const target = new URL(redirectUri)
      target.searchParams.set('code', code)
      return { redirect_uri: target.href }
    }),
  )

  router.post(
    '/oauth2/token',
    ...bodies,
    handle(async (body, _req, res) => {
      const grant = field(body, 'grant_type')
      if (grant !== 'authorization_code' && grant !== 'client_credentials') throw new OAuthError(400, 'unsupported_grant_type', 'Invalid grant_type')
      // RFC 6749 §5.2: a client that fails to authenticate gets 401.
      if (!sameSecret(field(body, 'client_id'), known.clientId) || !sameSecret(field(body, 'client_secret'), known.clientSecret)) {
        throw new OAuthError(401, 'invalid_client', 'Invalid client authentication')
      }
      if (grant === 'client_credentials') {
        scopeOf(field(body, 'scope'))
        return tokens.issue({ kind: 'server', clientId: known.clientId })
      }
      const code = field(body, 'code')
      if (!code || code.length > 100) throw new OAuthError(400, 'invalid_request', 'Invalid code')
      const granted = await db.transaction(async (tx) => {
        const row = (
          await tx.query<{ account_id: string; used: boolean; live: boolean; session_id: string | null }>(
            `select account_id, used_at is not null as used, expires_at > now() as live, session_id
             from oauth_codes where code_hash = $1 and client_id = $2 for update`,
            [digest(code), known.clientId],
          )
        ).rows[0]
        if (!row) return { kind: 'invalid' as const }
        if (row.used) return { kind: 'reused' as const, sessionId: row.session_id }
        if (!row.live) {
          await tx.query('update oauth_codes set used_at = now() where code_hash = $1', [digest(code)])
          return { kind: 'invalid' as const }
        }
        const sessionId = await sessions.createGrant(tx, { accountId: row.account_id, seconds: ACCESS_TOKEN_SECONDS, ip: res.locals.context.ip })
        await tx.query('update oauth_codes set used_at = now(), session_id = $2 where code_hash = $1', [digest(code), sessionId])
        return { kind: 'granted' as const, accountId: row.account_id, sessionId }
      })
      if (granted.kind === 'reused') {
        // RFC 6749 §4.1.2: a code used twice may have been stolen; what it gave is withdrawn.
        if (granted.sessionId) await sessions.revoke(granted.sessionId)
        throw new OAuthError(400, 'invalid_request', 'Invalid code')
      }
      if (granted.kind !== 'granted') throw new OAuthError(400, 'invalid_request', 'Invalid code')
      return tokens.issue({ kind: 'user', userId: granted.accountId, sessionId: granted.sessionId })
    }),
  )

  router.use('/oauth2', (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500
    if (status >= 500) return next(error)
    res.setHeader('Cache-Control', 'no-store')
    res.status(400).json({ error: 'invalid_request', error_description: status === 413 ? 'Request too large' : 'Request could not be read' })
  })
}

function scopeOf(value: string): string {
  const scopes = value.split(/[\s,]+/).filter(Boolean)
  if (scopes.some((scope) => !SCOPES.has(scope))) throw new OAuthError(400, 'invalid_scope', 'Invalid scope')
  return scopes.join(' ') || 'user'
}

async function accountExists(db: Database, id: string): Promise<boolean> {
  return (await db.query('select 1 from accounts where id = $1', [id])).rows.length > 0
}
