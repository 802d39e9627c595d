import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import compression from 'compression'
import cookieParser from 'cookie-parser'
import express, { type NextFunction, type Request, type Response } from 'express'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import { ENDPOINTS, ERROR_CODES } from '../src/api/contracts/define.ts'
import { COOKIES } from '../src/api/contracts/cookies.ts'
import type { AssetResolver } from '../src/entry-server.tsx'
import type { Config } from './config.ts'
import { pendingMigrations } from './db/migrate.ts'
import type { Geo } from './geo/geo.ts'
import { createFallbackPage } from './http/fallback-page.ts'
import { resolvePageLanguage } from './http/language.ts'
import type { Metrics } from './http/metrics.ts'
import { requestContext, requestIdOf } from './http/request-context.ts'
import { securityHeaders } from './http/security.ts'
import { sitemapHandlers } from './http/sitemap.ts'
import { ssrHandler, type RenderFunction } from './http/ssr.ts'
import type { Platform } from './platform/platform.ts'
import { ACCESS_TOKEN_SECONDS } from './platform/tokens.ts'

export interface AppDeps {
  config: Config
  logger: Logger
  /** The embedded platform; null when GATEWAY_URL points at an external one. */
  platform: Platform | null
  geo: Geo
  render: RenderFunction
  assets: AssetResolver
  /** The client build (dist/client); without it, public/ is served as is. */
  clientDir?: string
  metrics?: Metrics
  /** Extra middleware mounted before the pages (Vite's dev server in development). */
  beforePages?: express.RequestHandler[]
}

const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url))
const FLAGS_DIR = dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json'))
/** Paths that are never pages: they answer for themselves or 404, never a language redirect. */
const RESERVED_PREFIXES = /^\/(api|gateway|oauth2|assets|flags|wikifxweb-v1|wikibitweb-v1|HealthCheck|metrics|login|pay|uploads)(\/|$)/i

/** Builds the Express app; never listens (STYLE.md rule 1: tests use it through supertest). */
export function createApp(deps: AppDeps) {
  const { config, logger, platform } = deps
  const app = express()
  app.disable('x-powered-by')
  app.set('trust proxy', config.TRUST_PROXY)
  app.set('query parser', 'simple')

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = requestIdOf(req as Request)
        res.setHeader('X-Request-Id', id)
        return id
      },
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === '/HealthCheck/Get' || req.url === '/HealthCheck/Ready' || req.url === '/metrics' },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug'),
    }),
  )
  if (deps.metrics) app.use(deps.metrics.middleware(routeKind))
  app.use(securityHeaders(config, { development: config.NODE_ENV === 'development' }))
  if (config.COMPRESSION === 'on') {
    // A cheap level for dynamic responses (ARCHITECTURE.md "Performance design").
    app.use(compression({ level: 3, threshold: 1024 }))
  }

  // Probes and monitors may call this many times a second: one database ping a second answers them all.
  let lastPing: { at: number; answer: Promise<boolean> } | null = null
  const databaseAlive = () => {
    if (!platform) return Promise.resolve(true)
    if (!lastPing || Date.now() - lastPing.at > 1000) lastPing = { at: Date.now(), answer: platform.db.ping() }
    return lastPing.answer
  }
  app.get('/HealthCheck/Get', async (_req, res) => {
    const database = await databaseAlive()
    res.setHeader('Cache-Control', 'no-store')
    res
      .status(database ? 200 : 503)
      .json({ status: database ? 'ok' : 'unavailable', database: platform ? (database ? 'ok' : 'down') : 'external', uptime: Math.round(process.uptime()) })
  })
  // Readiness (issue 12): besides being alive, the instance reaches its database and shared store
  // and every migration this build knows is applied. Load balancers route only to ready instances.
  app.get('/HealthCheck/Ready', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    if (!platform) return res.json({ status: 'ready', database: 'external' })
    const [database, sharedStore] = await Promise.all([platform.db.ping(), platform.rateLimits.ping()])
    const pending = database ? await pendingMigrations(platform.db).catch(() => ['(unknown)']) : ['(unknown)']
    // Without Redis the rate limits count in memory (rate-limits.ts): still serving, so ready but "degraded".
    const ready = database && pending.length === 0
    res.status(ready ? 200 : 503).json({
      status: ready ? (sharedStore ? 'ready' : 'degraded') : 'not ready',
      database: database ? 'ok' : 'down',
      sharedStore: sharedStore ? platform.rateLimits.store : 'degraded',
      pendingMigrations: pending,
    })
  })
  if (deps.metrics) {
    const metrics = deps.metrics
    app.get('/metrics', (req, res) => metrics.handler(req, res))
  }

  const seo = sitemapHandlers(config, platform)
  app.get('/sitemap.xml', (req, res, next) => seo.sitemap(req, res).catch(next))
  app.get('/robots.txt', (req, res) => seo.robots(req, res))

  const staticDir = deps.clientDir && existsSync(deps.clientDir) ? deps.clientDir : PUBLIC_DIR
  // Hashed build files never change: cache them for a year. Other public files briefly.
  app.use('/assets', express.static(`${staticDir}/assets`, { immutable: true, maxAge: '365d', index: false, fallthrough: false }))
  // Only paths that look like files go to the disk: a page request never pays for a failed stat.
  const publicFiles = express.static(staticDir, { index: false, maxAge: '1h', redirect: false })
  app.use((req, res, next) => (/\.[a-z0-9]{2,12}$/i.test(req.path) && !req.path.endsWith('.html') ? publicFiles(req, res, next) : next()))
  // Flags are served by this site from the npm flag set, never hot-linked (issue 7).
  app.use('/flags', express.static(FLAGS_DIR, { maxAge: '30d', index: false, fallthrough: false }))

  app.use(cookieParser())
  app.use(requestContext(deps.geo))
  for (const middleware of deps.beforePages ?? []) app.use(middleware)

  if (platform) {
    mountPlatform(app, platform)
    for (const domain of platform.domains) {
      if (!domain.routes) continue
      const router = express.Router()
      domain.routes(router, platform)
      app.use(router)
    }
  }

  app.post('/api/token', async (req, res) => {
    if (!platform) return res.status(503).json({ error: 'unavailable' })
    const issued = await platform.issueBrowserToken(req.cookies ?? {})
    setTokenCookie(res, config, issued.access_token)
    res.setHeader('Cache-Control', 'no-store')
    res.json(issued)
  })

  // Anything reserved that nobody answered is a plain 404, not a page.
  app.use((req, res, next) => {
    if (!RESERVED_PREFIXES.test(req.path)) return next()
    res.status(404).json({ succeed: false, ErrorCode: ERROR_CODES.notFound, data: null, message: 'errors.notFound' })
  })

  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return res
        .status(405)
        .setHeader('Allow', 'GET, HEAD')
        .json({ succeed: false, ErrorCode: ERROR_CODES.methodNotAllowed, data: null, message: 'errors.methodNotAllowed' })
    }
    const decision = resolvePageLanguage(req.originalUrl, req.get('accept-language'), config.SITE_LANGUAGES)
    if (decision.kind === 'redirect') {
      res.setHeader('Vary', 'Accept-Language')
      res.setHeader('Cache-Control', 'no-store')
      return res.redirect(302, decision.location)
    }
    res.locals.lang = decision.lang
    next()
  })

  const fallbackPage = createFallbackPage(deps.clientDir)
  app.use(
    ssrHandler({
      config,
      logger,
      render: deps.render,
      assets: deps.assets,
      fallbackPage,
      dispatch: platform ? (request) => platform.dispatch(request) : null,
      tokensFor(req, res) {
        let current: string | undefined = req.cookies?.[COOKIES.accessToken]
        if (platform && !platform.tokens.verify(current).ok) current = undefined
        return {
          current: () => current,
          async obtain() {
            if (!platform) return { status: 0, token: '' }
            const issued = await platform.issueBrowserToken(req.cookies ?? {})
            current = issued.access_token
            if (!res.headersSent) setTokenCookie(res, config, current)
            return { status: 200, token: current }
          },
        }
      },
    }),
  )

  // Errors that escaped every handler: logged with the request id, never shown.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = typeof (error as { status?: unknown })?.status === 'number' ? (error as { status: number }).status : 500
    if (status >= 500) logger.error({ err: error, requestId: req.id }, 'unhandled error')
    if (res.headersSent) return res.end()
    const safeStatus = status >= 400 && status < 600 ? status : 500
    res.status(safeStatus).json({
      succeed: false,
      ErrorCode: safeStatus,
      data: null,
      message: safeStatus >= 500 ? 'errors.unexpected' : 'errors.invalid',
      requestId: String(req.id),
    })
  })
  return app
}

function setTokenCookie(res: Response, config: Config, token: string) {
  // Read by the browser's gateway client (SPEC §9 cookie, 3600 s); the login cookie itself is HttpOnly.
  res.cookie(COOKIES.accessToken, token, { maxAge: ACCESS_TOKEN_SECONDS * 1000, sameSite: 'lax', secure: config.secureCookies, path: '/', httpOnly: false })
}

/** Every platform path of SPEC §7: JSON bodies, the envelope, and the status equal to ErrorCode. */
function mountPlatform(app: express.Express, platform: Platform) {
  const json = express.json({ limit: '100kb', type: () => true })
  const paths = Object.values(ENDPOINTS).map((endpoint) => endpoint.path)
  const handle = async (req: Request, res: Response) => {
    const response = await platform.dispatch({
      method: req.method,
      path: req.path,
      headers: req.headers as Record<string, string | undefined>,
      query: req.query as Record<string, unknown>,
      body: req.body,
      ip: res.locals.context.ip,
      requestId: res.locals.context.requestId,
    })
    res.status(response.status)
    for (const [name, value] of Object.entries(response.headers ?? {})) res.setHeader(name, value)
    res.setHeader('Cache-Control', 'no-store')
    res.json(response.body)
  }
  for (const path of paths) {
    app.all(path, (req, res, next) => (req.method === 'POST' ? json(req, res, next) : next()), handle)
  }
  app.use(paths, (error: unknown, req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: string })?.type
    if (type === 'entity.parse.failed' || type === 'entity.too.large' || type === 'encoding.unsupported' || type === 'charset.unsupported') {
      const status = type === 'entity.too.large' ? ERROR_CODES.tooLarge : ERROR_CODES.invalid
      return res.status(status).json({
        succeed: false,
        ErrorCode: status,
        data: null,
        message: type === 'entity.too.large' ? 'errors.tooLarge' : 'errors.badJson',
        requestId: String(req.id),
      })
    }
    next(error)
  })
}

function routeKind(req: Request): string {
  const path = req.path
  if (path === '/HealthCheck/Get') return 'health'
  if (path === '/metrics') return 'metrics'
  if (path.startsWith('/assets/')) return 'asset'
  if (/^\/(gateway|wikifxweb-v1|wikibitweb-v1|api\/Article|api\/v1|oauth2)\//i.test(path)) return 'platform'
  if (path.startsWith('/api/')) return 'api'
  return 'page'
}
