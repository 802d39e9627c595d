import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import express, { type NextFunction, type Request, type Response, type Router } from 'express'
import { ACCOUNT_LIMITS } from '../../../../shared/rules/accounts.ts'
import { ERROR_CODES } from '../../../../shared/contracts/define.ts'
import { isUrlLanguage, LANGUAGE_INFO, type UrlLanguage } from '../../../../shared/languages.ts'
import { DomainError } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import type { AccountService, NeedsCode, Requester, SignedIn } from '../accounts.service.ts'
import { DEVICE_DAYS } from '../known-devices.ts'
import { fieldProblems, FORMS, type FormName } from './forms.ts'
import type { Translate } from '../../kit/strings.ts'
import { type PageState, type Problems, renderLoginPage, type View } from './template.ts'

interface Asset {
  path: string
  body: Buffer
  type: string
}

/** The page's own stylesheet and script, served under a name that changes with their content. */
function loadAsset(file: string, type: string): Asset {
  const body = readFileSync(new URL(`./${file}`, import.meta.url))
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12)
  const [name, extension] = file.split('.')
  return { path: `/login/assets/${name}.${hash}.${extension}`, body, type }
}

export interface LoginPageDeps {
  platform: Platform
  service: AccountService
  strings: (locale: (typeof LANGUAGE_INFO)[UrlLanguage]['locale']) => Translate
}

const origin = (url: string) => new URL(url).origin

/**
 * The browser has signed in to this account before (known-devices.ts): read only by the login
 * page's forms, so its path is theirs. Lax, not Strict: the full-window login page is reached by a
 * link from the site.
 */
export const DEVICE_COOKIE = { name: 'expo_device', path: '/login' } as const

/**
 * The embedded login page (docs/product.md#login) at /login: sign in, register, verify the e-mail address, reset
 * the password. Plain forms, answered with the next step; the last step carries the one-time login
 * ticket that the page's script posts to the site (docs/product.md#login `reload`).
 */
export function loginPageRoutes(router: Router, deps: LoginPageDeps): void {
  const { config } = deps.platform
  const css = loadAsset('login.css', 'text/css; charset=utf-8')
  const js = loadAsset('login.js', 'text/javascript; charset=utf-8')
  const siteOrigin = origin(config.PUBLIC_ORIGIN)
  const loginOrigin = origin(config.LOGIN_ORIGIN)
  const formTargets = [...new Set(["'self'", siteOrigin])].join(' ')
  const ancestors = [...new Set(["'self'", siteOrigin])].join(' ')
  // Its own policy: only its own files, forms to itself and to the site (the full-window hand-over),
  // framed only by the site.
  const policy = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `form-action ${formTargets}`,
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
  ].join('; ')

  for (const asset of [css, js]) {
    router.get(asset.path, (_req, res) => {
      res.setHeader('Content-Type', asset.type)
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable')
      // The site may run on another origin than the login page.
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin')
      res.end(asset.body)
    })
  }

  const stateOf = (req: Request): PageState => {
    const source = { ...(req.query as Record<string, unknown>), ...(req.method === 'POST' && req.body && typeof req.body === 'object' ? req.body : {}) }
    const lang = typeof source.lang === 'string' && isUrlLanguage(source.lang) ? source.lang : 'en'
    return { lang, returnTo: safeReturn(source.return, siteOrigin) }
  }

  const send = (res: Response, status: number, state: PageState, view: View, problems?: Problems) => {
    const info = LANGUAGE_INFO[state.lang]
    res.status(status)
    res.setHeader('Content-Type', 'text/html; charset=utf-8')
    // The last step holds a ticket; no step may be kept by a cache.
    res.setHeader('Cache-Control', 'no-store')
    res.setHeader('Content-Security-Policy', policy)
    // frame-ancestors decides who may frame the page (X-Frame-Options cannot name another origin).
    res.removeHeader('X-Frame-Options')
    res.end(
      renderLoginPage({
        view,
        state,
        ...(problems ? { problems } : {}),
        t: deps.strings(info.locale),
        htmlLang: info.htmlLang,
        brand: config.BRAND_NAME,
        siteOrigin,
        assets: { css: css.path, js: js.path },
      }),
    )
  }

  router.get('/login', (req, res) => {
    const state = stateOf(req)
    const view = req.query.view === 'register' ? 'register' : req.query.view === 'forgot' ? 'forgot' : 'signin'
    send(res, 200, state, { name: view })
  })

  const forms = express.urlencoded({ extended: false, limit: '8kb', parameterLimit: 20 })

  const requester = (req: Request, res: Response, state: PageState): Requester => ({
    ip: res.locals.context.ip,
    userAgent: req.get('user-agent') ?? '',
    locale: LANGUAGE_INFO[state.lang].locale,
    device: typeof req.cookies?.[DEVICE_COOKIE.name] === 'string' ? (req.cookies[DEVICE_COOKIE.name] as string) : undefined,
  })

  /** One POST step: checks where the form came from, validates it, runs the verb, renders the next step. */
  const step = <N extends FormName>(
    name: N,
    run: (input: ReturnType<(typeof FORMS)[N]['parse']>, who: Requester) => Promise<SignedIn | NeedsCode | View>,
    onProblem: (body: Record<string, string>) => View,
  ) => {
    router.post(`/login/${name}`, forms, async (req: Request, res: Response, next: NextFunction) => {
      const state = stateOf(req)
      const t = deps.strings(LANGUAGE_INFO[state.lang].locale)
      const body = Object.fromEntries(
        Object.entries((req.body ?? {}) as Record<string, unknown>).map(([key, value]) => [key, typeof value === 'string' ? value : '']),
      )
      const sentFrom = req.get('origin')
      if (sentFrom !== undefined && sentFrom !== loginOrigin) return send(res, 403, state, onProblem(body), { form: t('errors.origin') })
      const parsed = FORMS[name].safeParse(body)
      if (!parsed.success) {
        const fields = Object.fromEntries(Object.entries(fieldProblems(parsed.error)).map(([field, key]) => [field, t(key, limitsFor(key))]))
        return send(res, 400, state, onProblem(body), { fields })
      }
      try {
        const outcome = await run(parsed.data as ReturnType<(typeof FORMS)[N]['parse']>, requester(req, res, state))
        if ('kind' in outcome && outcome.kind === 'signedIn') {
          res.cookie(DEVICE_COOKIE.name, outcome.device, {
            path: DEVICE_COOKIE.path,
            httpOnly: true,
            sameSite: 'lax',
            secure: config.secureCookies,
            maxAge: DEVICE_DAYS * 24 * 60 * 60 * 1000,
          })
          return send(res, 200, state, { name: 'done', ticket: outcome.ticket, nick: outcome.user.nick })
        }
        if ('kind' in outcome && outcome.kind === 'verify') return send(res, 200, state, { name: 'verify', email: outcome.email })
        return send(res, 200, state, outcome as View)
      } catch (error) {
        if (!(error instanceof DomainError)) return next(error)
        const view = onProblem(body)
        if (error.errorCode === ERROR_CODES.rateLimited) {
          const minutes = Math.max(1, Math.ceil(Number(error.params.seconds ?? 60) / 60))
          res.setHeader('Retry-After', String(error.params.seconds ?? 60))
          return send(res, 429, state, view, { form: t('errors.locked', { count: minutes }) })
        }
        if (error.fields) {
          return send(res, error.errorCode, state, view, { fields: Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, t(key)])) })
        }
        return send(res, error.errorCode, state, view, { form: t(error.code.startsWith('login:') ? error.code : 'errors.unexpected') })
      }
    })
  }

  step(
    'signin',
    (input, who) => deps.service.signIn(input, who),
    (body) => ({ name: 'signin', email: body.email ?? '' }),
  )
  step(
    'register',
    (input, who) => deps.service.register(input, who),
    (body) => ({ name: 'register', email: body.email ?? '', nick: body.nick ?? '' }),
  )
  step(
    'verify',
    (input, who) => deps.service.verifyEmail(input, who),
    (body) => ({ name: 'verify', email: body.email ?? '' }),
  )
  step(
    'resend',
    async (input, who) => {
      await deps.service.resendVerification(input, who)
      return { name: 'verify', email: input.email, resent: true }
    },
    (body) => ({ name: 'verify', email: body.email ?? '' }),
  )
  step(
    'forgot',
    async (input, who) => {
      const { email } = await deps.service.requestReset(input, who)
      return { name: 'reset', email }
    },
    (body) => ({ name: 'forgot', email: body.email ?? '' }),
  )
  step(
    'reset',
    (input, who) => deps.service.resetPassword(input, who),
    (body) => ({ name: 'reset', email: body.email ?? '' }),
  )

  // A form too large, or not form-encoded: the page again with a plain message, never a stack trace.
  router.use('/login', (error: unknown, req: Request, res: Response, next: NextFunction) => {
    const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500
    if (status >= 500) return next(error)
    const state = stateOf(req)
    send(res, status, state, { name: 'signin' }, { form: deps.strings(LANGUAGE_INFO[state.lang].locale)('errors.unreadable') })
  })
}

function limitsFor(key: string): Record<string, number> {
  if (key === 'errors.passwordLength') return { min: ACCOUNT_LIMITS.passwordMin, max: ACCOUNT_LIMITS.passwordMax }
  if (key === 'errors.nickLength') return { min: ACCOUNT_LIMITS.nickMin, max: ACCOUNT_LIMITS.nickMax }
  return {}
}

/** A return address must be a page of the site itself (never an open redirect). */
export function safeReturn(value: unknown, siteOrigin: string): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null
  try {
    const url = new URL(value)
    // A page: its first segment is one of the site's languages (never /api, /login, /oauth2...).
    if (url.origin !== siteOrigin || !isUrlLanguage(url.pathname.split('/')[1] ?? '')) return null
    return url.href
  } catch {
    return null
  }
}
