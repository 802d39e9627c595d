import type { NextFunction, Request, Response } from 'express'
import type { Logger } from 'pino'
import type { TokenSource } from '../../shared/contracts/tokens.ts'
import { COOKIES } from '../../shared/contracts/cookies.ts'
import { ERROR_CODES } from '../../shared/contracts/define.ts'
import type { SiteState } from '../../shared/contracts/site.ts'
import type { AssetResolver, InProcessRequest, InProcessResponse, RenderInput, RenderOutput } from '../../src/entry-server.tsx'
import { LANGUAGE_INFO, type UrlLanguage } from '../../shared/languages.ts'
import { publicConfig, type Config } from '../config.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.ts'
import { setAccessTokenCookie } from '../platform/access-token-cookie.ts'
import { CoalescingWriter } from './coalesce.ts'
import { isCrawlerUserAgent } from './device.ts'
import { allowStreamScripts } from './security.ts'
import type { FallbackKind } from './fallback-page.ts'
import { pageCaptureOf } from './page-cache.ts'

export type RenderFunction = (input: RenderInput) => Promise<RenderOutput>

/** A render that has not produced its first byte by then is abandoned with the fallback page. */
const RENDER_TIMEOUT_MS = 10_000

export interface SsrDeps {
  config: Config
  logger: Logger
  render: RenderFunction
  assets: AssetResolver
  dispatch: ((request: InProcessRequest) => Promise<InProcessResponse>) | null
  /** Checks and issues visitor tokens for the page's gateway calls; null when the platform is external. */
  visitorTokens: VisitorTokens | null
  fallbackPage(lang: UrlLanguage, kind?: FallbackKind): string
  /** Whether the database holds demo content (the banner); false when the platform is external. */
  demoContent(): boolean
}

export interface VisitorTokens {
  isValid(token: string | undefined): boolean
  issue(cookies: Record<string, string>): Promise<string>
}

/**
 * The token of this request's gateway calls: the visitor's cookie if still valid, else a new one.
 * A new one is only remembered here; whether it goes back as a cookie depends on who may store
 * the response (see `cacheHeaders`).
 */
function pageTokens(req: Request, visitorTokens: VisitorTokens | null): { source: TokenSource; issued(): string | undefined } {
  let current: string | undefined = req.cookies?.[COOKIES.accessToken]
  if (visitorTokens && !visitorTokens.isValid(current)) current = undefined
  let issued: string | undefined
  return {
    source: {
      current: () => current,
      async obtain() {
        if (!visitorTokens) return { status: 0, token: '' }
        current = await visitorTokens.issue(req.cookies ?? {})
        issued = current
        return { status: 200, token: current }
      },
    },
    issued: () => issued,
  }
}

export function siteStateFor(config: Config, res: Response, lang: UrlLanguage, demoContent = false): SiteState {
  const context = res.locals.context
  return {
    lang,
    locale: LANGUAGE_INFO[lang].locale,
    htmlLang: LANGUAGE_INFO[lang].htmlLang,
    languages: config.SITE_LANGUAGES,
    config: publicConfig(config),
    mobile: context.mobile,
    riskShow: context.riskShow,
    demoContent,
    nodeEnv: config.NODE_ENV,
    user: res.locals.user ?? null,
    year: new Date().getUTCFullYear(),
  }
}

declare global {
  namespace Express {
    interface Locals {
      lang: UrlLanguage
      user?: SiteState['user']
    }
  }
}

export function toFetchRequest(req: Request, origin: string): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  const controller = new AbortController()
  // Only a visitor who left mid-render aborts: abort() makes a DOMException, worth avoiding on every page.
  req.on('close', () => {
    if (!req.res?.writableFinished) controller.abort()
  })
  return new globalThis.Request(new URL(req.originalUrl, origin), { method: 'GET', headers, signal: controller.signal }) as unknown as Request
}

/** Streams the React document for a page: loaders first, then React (docs/product.md#streaming). */
export function ssrHandler(deps: SsrDeps) {
  const origin = deps.config.PUBLIC_ORIGIN
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const lang = res.locals.lang
    const context = res.locals.context
    const tokens = pageTokens(req, deps.visitorTokens)
    const crawler = isCrawlerUserAgent(req.get('user-agent'))
    let output: RenderOutput
    try {
      output = await deps.render({
        request: toFetchRequest(req, origin) as unknown as globalThis.Request,
        site: siteStateFor(deps.config, res, lang, deps.demoContent()),
        dispatch: deps.dispatch,
        gatewayBaseUrl: deps.config.GATEWAY_URL ?? '',
        tokens: tokens.source,
        headerValues: {
          countryCode: context.geo.numeric,
          languageCode: LANGUAGE_INFO[lang].locale,
          environment: deps.config.ENVIRONMENT,
          userIp: context.ip,
          fingerprint: context.fingerprint,
        },
        requestId: context.requestId,
        assets: deps.assets,
        crawler,
        onError: (error) => deps.logger.error({ err: error, requestId: context.requestId }, 'render error'),
        onMissingKey: (key) => deps.logger.warn({ key, requestId: context.requestId }, 'missing translation'),
      })
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        deps.logger.warn({ err: error, requestId: context.requestId }, 'page not rendered: the database is unavailable')
        return sendFallback(res, deps.fallbackPage(lang, 'unavailable'), ERROR_CODES.unavailable)
      }
      deps.logger.error({ err: error, requestId: context.requestId }, 'loader failed outside any route boundary')
      return sendFallback(res, deps.fallbackPage(lang))
    }

    const issued = tokens.issued()
    const secure = deps.config.secureCookies
    if (output.kind === 'response') {
      if (issued) setAccessTokenCookie(res, issued, { secure })
      res.status(output.response.status)
      output.response.headers.forEach((value, name) => {
        res.setHeader(name, value)
      })
      return res.end()
    }

    // Anonymous, non-personal pages may be shared: by our page cache, and by a CDN unless the
    // China notice is part of them (a CDN cannot tell visitors apart by country). A response that
    // sets a cookie (a stale login cleared on the way) belongs to this visitor alone.
    // A page drawn while the database was away (its loaders fell back to less) is nobody's to keep.
    const shareable =
      !res.locals.user && !output.personal && !output.degraded && (output.status === 200 || output.status === 404) && !res.hasHeader('Set-Cookie')
    const sharedCacheMayStore = shareable && !context.riskShow
    const { PAGE_CACHE_TTL_SECONDS: ttl } = deps.config
    const cacheControl = sharedCacheMayStore ? `public, max-age=0, s-maxage=${ttl}, stale-while-revalidate=${ttl * 10}` : 'private, no-store'
    // A CDN would give everyone the token of the visitor it stored the page for. Such pages carry none;
    // the browser asks POST /api/token on its first gateway call (docs/decisions/0007-metrics-shutdown-and-shared-cache-cookies.md#no-cookie-next-to-s-maxage).
    const cacheHeaders = () => {
      res.setHeader('Cache-Control', cacheControl)
      // The error page of a loader that found the database away (src/entry-server.tsx).
      if (output.status === ERROR_CODES.unavailable) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
      if (issued && !sharedCacheMayStore) setAccessTokenCookie(res, issued, { secure })
    }

    // A page that will be cached is rendered at once: cheaper than streaming it. Every other page
    // streams, its shell first, or for a crawler (headless browsers among them) whole once all its
    // parts are ready: renderToString does not wait for a part loaded on demand (the console's
    // editors), and the browser would find it unfinished (React's error 419).
    if (shareable) {
      let html: string
      try {
        html = output.renderToString()
      } catch (error) {
        deps.logger.error({ err: error, requestId: context.requestId }, 'the error page itself failed')
        return sendFallback(res, deps.fallbackPage(lang))
      }
      res.status(output.status)
      res.setHeader('Content-Type', 'text/html; charset=utf-8')
      cacheHeaders()
      const body = Buffer.from(html)
      if (shareable) pageCaptureOf(res)?.(body)
      return req.method === 'HEAD' ? res.end() : res.end(body)
    }

    let settled = false
    const stream = output.start({
      nonce: allowStreamScripts(res),
      onReady(ready) {
        if (settled) return
        settled = true
        clearTimeout(timer)
        res.status(output.status)
        res.setHeader('Content-Type', 'text/html; charset=utf-8')
        cacheHeaders()
        if (req.method === 'HEAD') return res.end()
        const writer = new CoalescingWriter(res)
        res.on('close', () => writer.destroy())
        ready.pipe(writer)
      },
      onShellError(error) {
        deps.logger.error({ err: error, requestId: context.requestId }, 'the error page itself failed')
        if (settled) return
        settled = true
        clearTimeout(timer)
        sendFallback(res, deps.fallbackPage(lang))
      },
    })
    const timer = setTimeout(() => {
      stream.abort(new Error('render timed out'))
    }, RENDER_TIMEOUT_MS)
    timer.unref()
    res.on('close', () => {
      clearTimeout(timer)
      if (!res.writableFinished) stream.abort()
    })
  }
}

function sendFallback(res: Response, html: string, status = 500) {
  if (res.headersSent) return res.end()
  if (status === ERROR_CODES.unavailable) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS))
  res.status(status).setHeader('Content-Type', 'text/html; charset=utf-8').setHeader('Cache-Control', 'no-store').send(html)
}
