import express, { type CookieOptions, type NextFunction, type Request, type Response, type Router } from 'express'
import { COOKIES } from '../../../shared/contracts/cookies.ts'
import { ENDPOINTS, ERROR_CODES } from '../../../shared/contracts/define.ts'
import type { UserInfo } from '../../../shared/contracts/accounts.ts'
import { SESSION_PATH } from '../../../shared/rules/accounts.ts'
import { isUrlLanguage } from '../../../shared/languages.ts'
import { setAccessTokenCookie } from '../access-token-cookie.ts'
import { DomainError } from '../errors.ts'
import type { Platform } from '../platform.ts'
import { newVisitorId } from '../tokens.ts'
import { addressKey } from '../rate-limits.ts'
import { RULES } from './limits.ts'
import { safeReturn } from './login-page/login.routes.ts'
import type { Sessions } from './sessions.ts'

/** Page requests: everything under a language segment. */
const PAGE_PATH = /^\/[a-z]{2,3}(-[a-z]{2})?(\/|$)/i
const SESSION_ID = /^([0-9a-f-]{36})\./

/**
 * The site's side of the login (docs/product.md#login):
 * - a middleware that puts the user of a valid login cookie into `res.locals.user` (the page's
 *   `site.user`); a visitor without the cookie costs nothing;
 * - POST /api/session: the value the login frame posted is checked with
 *   `usercenter$getuserfromcookie` (V3) and becomes the HttpOnly login cookie;
 * - DELETE /api/session: logout revokes the session and removes the cookie.
 */
export function sessionRoutes(router: Router, platform: Platform, sessions: Sessions): void {
  const { config, tokens, logger } = platform
  const siteOrigin = new URL(config.PUBLIC_ORIGIN).origin
  const loginOrigin = new URL(config.LOGIN_ORIGIN).origin
  const loginCookie = (maxAgeMs?: number): CookieOptions => ({
    httpOnly: true,
    secure: config.secureCookies,
    sameSite: 'lax',
    path: '/',
    ...(maxAgeMs !== undefined ? { maxAge: maxAgeMs } : {}),
  })
  const setAccessToken = (res: Response, token: string) => setAccessTokenCookie(res, token, { secure: config.secureCookies })
  const tokenPrincipal = (req: Request) => {
    const verified = tokens.verify(req.cookies?.[COOKIES.accessToken])
    return verified.ok ? verified.principal : null
  }

  router.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PAGE_PATH.test(req.path)) return next()
    const value: unknown = req.cookies?.[COOKIES.login]
    if (typeof value !== 'string' || !value) return next()
    sessions.resolve(value).then(
      (resolved) => {
        const principal = tokenPrincipal(req)
        if (resolved.kind === 'valid') {
          res.locals.user = resolved.session.user
          // The page renders with this session's own token; any other is replaced (server/app.ts issues it).
          if (principal?.kind !== 'user' || principal.sessionId !== resolved.session.sessionId) delete req.cookies[COOKIES.accessToken]
        } else {
          res.clearCookie(COOKIES.login, loginCookie())
          if (principal?.kind === 'user') delete req.cookies[COOKIES.accessToken]
        }
        next()
      },
      (error: unknown) => {
        // The database did not answer: render for a visitor this once, keep the cookie.
        logger.warn({ err: error }, 'login cookie could not be checked')
        next()
      },
    )
  })

  const refuse = (res: Response, status: number, message: string) => res.status(status).json({ succeed: false, ErrorCode: status, data: null, message })
  const bodies = [express.json({ limit: '2kb' }), express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 10 })]

  router.post(SESSION_PATH, ...bodies, async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store')
    const form = Boolean(req.is('application/x-www-form-urlencoded'))
    // Only the site's pages (and, for the full-window login page's form, the login origin) may log in.
    const from = req.get('origin')
    if (!from || !(form ? [siteOrigin, loginOrigin] : [siteOrigin]).includes(from)) return refuse(res, ERROR_CODES.forbidden, 'errors.forbidden')
    try {
      await platform.rateLimits.consume(RULES.sessionAddress, addressKey(res.locals.context.ip))
    } catch (error) {
      if (error instanceof DomainError) return refuse(res.setHeader('Retry-After', String(error.params.seconds ?? 60)), error.errorCode, error.code)
      throw error
    }
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>
    const value = typeof body.cookie === 'string' ? body.cookie.trim() : ''
    if (!value || value.length > 300 || !/^[A-Za-z0-9._-]+$/.test(value)) return refuse(res, ERROR_CODES.invalid, 'errors.invalid')

    const checked = await platform.dispatch({
      method: 'POST',
      path: ENDPOINTS.v3.path,
      headers: { routes: 'usercenter$getuserfromcookie', 'content-type': 'application/json' },
      query: {},
      body: { contentcookie: value },
      ip: res.locals.context.ip,
      requestId: res.locals.context.requestId,
      trustedServer: true,
    })
    const data = checked.body.data as (UserInfo & { cookie?: string; expiresAt?: string }) | null
    const sessionId = data?.cookie ? SESSION_ID.exec(data.cookie)?.[1] : undefined
    if (checked.status !== ERROR_CODES.ok || !data?.cookie || !data.expiresAt || !sessionId) {
      // docs/product.md#login: a failed cookie-user lookup is not an error of the page; the visitor stays logged out.
      if (form) return res.redirect(303, `${siteOrigin}/${langOf(body)}/info.html`)
      return refuse(res, ERROR_CODES.token, 'account:errors.loginFailed')
    }
    res.cookie(COOKIES.login, data.cookie, loginCookie(Math.max(0, new Date(data.expiresAt).getTime() - Date.now())))
    setAccessToken(res, tokens.issue({ kind: 'user', userId: data.userId, sessionId }).access_token)
    const user: UserInfo = { userId: data.userId, avatar: data.avatar, nick: data.nick }
    if (form) return res.redirect(303, safeReturn(body.return, siteOrigin) ?? `${siteOrigin}/${langOf(body)}/info.html`)
    res.json({ user })
  })

  router.delete(SESSION_PATH, async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-store')
    if (req.get('origin') !== siteOrigin) return refuse(res, ERROR_CODES.forbidden, 'errors.forbidden')
    const revoke = new Set<string>()
    const value: unknown = req.cookies?.[COOKIES.login]
    if (typeof value === 'string' && value) {
      const resolved = await sessions.resolve(value)
      if (resolved.kind === 'valid') revoke.add(resolved.session.sessionId)
    }
    const principal = tokenPrincipal(req)
    if (principal?.kind === 'user') revoke.add(principal.sessionId)
    for (const sessionId of revoke) await sessions.revoke(sessionId)
    res.clearCookie(COOKIES.login, loginCookie())
    setAccessToken(res, tokens.issue({ kind: 'visitor', visitorId: newVisitorId() }).access_token)
    res.json({ user: null })
  })

  router.use(SESSION_PATH, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500
    if (status >= 500) return next(error)
    res.setHeader('Cache-Control', 'no-store')
    refuse(res, status === 413 ? ERROR_CODES.tooLarge : ERROR_CODES.invalid, status === 413 ? 'errors.tooLarge' : 'errors.badJson')
  })
}

function langOf(body: Record<string, unknown>): string {
  return typeof body.lang === 'string' && isUrlLanguage(body.lang) ? body.lang : 'en'
}
