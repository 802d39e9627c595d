import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import compression from 'compression'
import cookieParser from 'cookie-parser'
import type { IncomingMessage, ServerResponse } from 'node:http'
import express, { type NextFunction, type Request, type Response } from 'express'
import type { Logger } from 'pino'
import { pinoHttp } from 'pino-http'
import { ENDPOINTS, ERROR_CODES } from '../shared/contracts/define.ts'
import { SOCIAL_IMAGE_PREFIX } from '../shared/rules/social-images.ts'
import { COOKIES, LANGUAGE_CHOICE_PATH } from '../shared/contracts/cookies.ts'
import type { AssetResolver } from '../src/entry-server.tsx'
import { DEFAULT_URL_LANGUAGE, isUrlLanguage, languageFromAcceptLanguage, type UrlLanguage } from '../shared/languages.ts'
import type { Config } from './config.ts'
import type { Geo } from './geo/geo.ts'
import { setAccessTokenCookie } from './platform/access-token-cookie.ts'
import { exhibitionCalendar } from './http/exhibition-calendar.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/unavailable.ts'
import { createFallbackPage } from './http/fallback-page.ts'
import { createLifecycle, healthRoutes, type Lifecycle } from './http/health.ts'
import { languageChoiceHandler, pageLanguageOf } from './http/language.ts'
import { type Metrics, metricsEndpoint, metricsExposure } from './http/metrics.ts'
import { newsFeed } from './http/news-feed.ts'
import { alertsFeed } from './http/verify-alerts-feed.ts'
import { createPageCache, type PageCache } from './http/page-cache.ts'
import { BUILD_FILE_OPTIONS, precompressedAssets } from './http/precompressed.ts'
import { isQuietPath, isReservedPath, looksLikeFile, routeKindOf, slashlessLocation } from './http/paths.ts'
import { requestContext, requestIdOf } from './http/request-context.ts'
import { securityHeaders } from './http/security.ts'
import { socialImages } from './http/social-images.ts'
import { allowWebAssembly, CONSOLE_PATH, consolePages } from './http/console-pages.ts'
import { sitemapHandlers } from './http/sitemap.ts'
import { ssrHandler, type RenderFunction } from './http/ssr.ts'
import type { Platform } from './platform/platform.ts'

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
  /** Set to draining on SIGTERM (server/http/shutdown.ts); readiness reads it. */
  lifecycle?: Lifecycle
  /** The page cache's clock (tests move it). */
  now?: () => number
  /** The organiser's console: its own render and client entry (src/console); without it, /console is a public 404. */
  console?: { render: RenderFunction; assets: AssetResolver }
}

const PUBLIC_DIR = fileURLToPath(new URL('../public/', import.meta.url))
const FLAGS_DIR = dirname(createRequire(import.meta.url).resolve('country-flag-icons/package.json'))

/** Builds the Express app; never listens (docs/product.md#app-factory: tests use it through supertest). */
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
      autoLogging: { ignore: (req) => isQuietPath((req.url ?? '/').split('?')[0] ?? '/') },
      // 503 is the site shedding load or waiting for its database (docs/product.md#probes): expected, not a bug.
      customLogLevel: (_req, res, error) =>
        res.statusCode === 503 ? 'warn' : error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'info' : 'debug',
    }),
  )
  if (deps.metrics) app.use(deps.metrics.middleware((req) => routeKindOf(req.path)))
  app.use(securityHeaders(config, { development: config.NODE_ENV === 'development' }))
  if (config.COMPRESSION === 'on') {
    // A cheap level for dynamic responses (docs/product.md#performance).
    app.use(compression({ level: 3, threshold: 1024 }))
  }

  healthRoutes(app, platform, deps.lifecycle ?? createLifecycle())
  const exposure = metricsExposure(config)
  if (deps.metrics && exposure.where === 'site') {
    const endpoint = metricsEndpoint(deps.metrics, exposure.token)
    app.get('/metrics', (req, res, next) => endpoint(req, res).catch(next))
  }

  const seo = sitemapHandlers(config, platform)
  app.get('/sitemap.xml', (req, res, next) => seo.sitemap(req, res).catch(next))
  app.get('/robots.txt', (req, res) => seo.robots(req, res))
  // Files that belong to visitor pages: each language's news feed, an exhibition's calendar entry.
  app.get('/:lang/news/rss.xml', newsFeed(config, platform))
  app.get('/:lang/verify/alerts.rss', alertsFeed(config, platform))
  app.get('/:lang/backDetail/:file', exhibitionCalendar(config, platform))

  const staticDir = deps.clientDir && existsSync(deps.clientDir) ? deps.clientDir : PUBLIC_DIR
  // Hashed build files never change: cache them for a year. Other public files briefly.
  app.use(
    '/assets',
    precompressedAssets(`${staticDir}/assets`),
    express.static(`${staticDir}/assets`, { ...BUILD_FILE_OPTIONS, index: false, fallthrough: false }),
  )
  // Only paths that look like files go to the disk: a page request never pays for a failed stat.
  const publicFiles = express.static(staticDir, { index: false, maxAge: '1h', redirect: false })
  app.use((req, res, next) => (looksLikeFile(req.path) ? publicFiles(req, res, next) : next()))
  // Flags are served by this site from the npm flag set, never hot-linked.
  app.use('/flags', express.static(FLAGS_DIR, { maxAge: '30d', index: false, fallthrough: false }))
  // Covers as 1200×630 PNGs for link previews; drawn on first request, kept under DATA_DIR.
  app.use(SOCIAL_IMAGE_PREFIX, socialImages({ platform, dataDir: config.DATA_DIR, staticDir, brandName: config.BRAND_NAME, logger }))

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
    setAccessTokenCookie(res, issued.access_token, { secure: config.secureCookies })
    res.setHeader('Cache-Control', 'no-store')
    res.json(issued)
  })

  app.get(LANGUAGE_CHOICE_PATH, languageChoiceHandler(config.SITE_LANGUAGES, { secure: config.secureCookies }))

  // Anything reserved that nobody answered is a plain 404, not a page.
  app.use((req, res, next) => {
    if (!isReservedPath(req.path)) return next()
    res.status(404).json({ succeed: false, ErrorCode: ERROR_CODES.notFound, data: null, message: 'errors.notFound' })
  })

  const fallbackPage = createFallbackPage(deps.clientDir)
  const dispatch = platform ? (request: Parameters<Platform['dispatch']>[0]) => platform.dispatch(request) : null
  if (deps.console) {
    const { render, assets } = deps.console
    app.use(CONSOLE_PATH, consolePages({ config, logger, render, assets, fallbackPage, dispatch, visitorTokens: null, demoContent: () => false }))
  }

  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return res
        .status(405)
        .setHeader('Allow', 'GET, HEAD')
        .json({ succeed: false, ErrorCode: ERROR_CODES.methodNotAllowed, data: null, message: 'errors.methodNotAllowed' })
    }
    const slashless = slashlessLocation(req.originalUrl)
    if (slashless) {
      res.setHeader('Cache-Control', 'public, max-age=86400')
      return res.redirect(301, slashless)
    }
    const lang = pageLanguageOf(req, res, config.SITE_LANGUAGES)
    if (!lang) return
    res.locals.lang = lang
    next()
  })

  // The exhibitors' leads scanner reads QR codes with ZXing in WebAssembly where the phone has no reader (docs/product.md#leads).
  app.use((req, res, next) => {
    if (/^\/[a-z-]+\/exhibitor\/leads$/.test(req.path)) allowWebAssembly(res)
    next()
  })
  app.use(
    ssrHandler({
      config,
      logger,
      render: deps.render,
      assets: deps.assets,
      fallbackPage,
      dispatch,
      demoContent: () => platform?.demo.present() ?? false,
      visitorTokens: platform
        ? {
            isValid: (token) => platform.tokens.verify(token).ok,
            issue: async (cookies) => (await platform.issueBrowserToken(cookies)).access_token,
          }
        : null,
    }),
  )

  // Errors that escaped every handler: logged with the request id, never shown.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (isDatabaseUnavailable(error)) return answerUnavailable(req, res, fallbackPage, config.SITE_LANGUAGES)
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

/**
 * A form route, a file or a feed that needed the database while it was away (docs/product.md#error-codes):
 * 503 with `Retry-After`, as the "briefly unavailable" page for a browser's navigation or form, else the envelope.
 */
function answerUnavailable(req: Request, res: Response, fallbackPage: ReturnType<typeof createFallbackPage>, languages: readonly UrlLanguage[]) {
  if (res.headersSent) return res.end()
  res.status(ERROR_CODES.unavailable).setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).setHeader('Cache-Control', 'no-store')
  if (req.accepts(['json', 'html']) === 'html') {
    const first = req.path.split('/')[1] ?? ''
    const lang = isUrlLanguage(first) ? first : (languageFromAcceptLanguage(req.get('accept-language'), languages) ?? DEFAULT_URL_LANGUAGE)
    return res.type('html').send(fallbackPage(lang, 'unavailable'))
  }
  res.json({
    succeed: false,
    ErrorCode: ERROR_CODES.unavailable,
    data: { seconds: DATABASE_RETRY_AFTER_SECONDS },
    message: 'errors.unavailable',
    requestId: String(req.id),
  })
}

/** Every platform path of docs/product.md#endpoints: JSON bodies, the envelope, and the status equal to ErrorCode. */
function mountPlatform(app: express.Express, platform: Platform) {
  const json = express.json({ limit: '100kb', type: () => true })
  // An editor saves a whole list at once (an exhibition's speakers with their texts in 12 languages run
  // to a few hundred kB); the console's functions still bound each list, so this only moves the first fence.
  const consoleJson = express.json({ limit: '1mb', type: () => true })
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
    res.setHeader('Cache-Control', 'no-store')
    // A function's own headers win (the console's `private, no-store`); its cookies are the console's staff cookie.
    for (const [name, value] of Object.entries(response.headers ?? {})) res.setHeader(name, value)
    if (response.cookies?.length) res.setHeader('Set-Cookie', response.cookies)
    res.json(response.body)
  }
  for (const path of paths) {
    const parse = path === ENDPOINTS.console.path ? consoleJson : json
    app.all(path, (req, res, next) => (req.method === 'POST' ? parse(req, res, next) : next()), handle)
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

/**
 * What `http.createServer` runs, here and in the tests: the app behind the rendered-page cache
 * (docs/product.md#performance), which answers a hit before Express sees it.
 */
export function createServerHandler(deps: AppDeps) {
  const app = createApp(deps)
  const { config, platform } = deps
  let pageCache: PageCache | null = null
  if (config.PAGE_CACHE === 'on' && config.NODE_ENV !== 'development') {
    const cache = createPageCache({
      ttlSeconds: config.PAGE_CACHE_TTL_SECONDS,
      staleSeconds: config.PAGE_CACHE_TTL_SECONDS * 10,
      maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024,
      geo: deps.geo,
      trustProxy: app.get('trust proxy fn'),
      personalCookies: [COOKIES.login],
      languages: config.SITE_LANGUAGES,
      onVariantCap: (path) => deps.logger.warn({ path }, 'page cache: this path reached its cap on copies; the least used ones make way'),
      ...(deps.now ? { now: deps.now } : {}),
    })
    platform?.onContentChanged(() => cache.clear())
    deps.metrics?.watchPageCache(cache)
    pageCache = cache
  }
  const inner: (req: IncomingMessage, res: ServerResponse) => void = pageCache ? pageCache.handler(app) : app
  const lifecycle = deps.lifecycle
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    // While draining, keep-alive clients are told to reconnect, so they find an instance that stays.
    if (lifecycle?.draining) res.setHeader('Connection', 'close')
    inner(req, res)
  }
  return { handler, app, pageCache }
}
