import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { pino } from 'pino'
import type { AssetResolver, RenderInput, RenderOutput } from '../src/entry-server.tsx'
import { createApp } from './app.ts'
import { ConfigError, parseConfig } from './config.ts'
import { DatabaseOpenError, openDatabase, type Database } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { seedDemoContent } from './db/seed/seed.ts'
import { createGeo } from './geo/geo.ts'
import { loadIpCountryDatabase } from './geo/ip-country.ts'
import { createAssetResolver } from './http/assets.ts'
import { createMetrics } from './http/metrics.ts'
import { createPageCache, visitorTokenFor } from './http/page-cache.ts'
import { COOKIES } from '../src/api/contracts/cookies.ts'
import { createPlatform, type Platform } from './platform/platform.ts'
import { registerRateLimitMetrics } from './platform/rate-limits.ts'
import { connectRedis } from './redis.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))

/** Boot only: config -> database -> migrate -> platform -> app -> listen -> graceful close. */
async function main() {
  let config: ReturnType<typeof parseConfig>
  try {
    config = parseConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  // React and React Router pick their production builds from NODE_ENV when first imported.
  process.env.NODE_ENV = config.NODE_ENV
  const logger = pino({ level: config.LOG_LEVEL, ...(config.NODE_ENV === 'development' ? { transport: { target: 'pino-pretty' } } : {}) })
  const metrics = createMetrics()
  const geo = createGeo(loadIpCountryDatabase())

  let db: Database | null = null
  let platform: Platform | null = null
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, logger) : undefined
  if (!config.GATEWAY_URL) {
    try {
      db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
    } catch (error) {
      if (error instanceof DatabaseOpenError) {
        console.error(error.message)
        process.exit(1)
      }
      throw error
    }
    const applied = await migrate(db)
    if (applied.length) logger.info({ applied }, 'migrations applied')
    metrics.watchDatabase(db)
    platform = await createPlatform({
      config,
      db,
      logger,
      geo,
      ...(redis ? { redis } : {}),
      observer: metrics.gatewayObserver((error, request) => logger.error({ err: error, requestId: request.requestId }, 'platform function failed')),
    })
    registerRateLimitMetrics(metrics.registry, platform.rateLimits)
    if (config.DEMO_CONTENT === 'on') {
      const seeded = await seedDemoContent(platform)
      if (seeded.length) logger.info({ domains: seeded }, 'demo content seeded')
    }
  }

  let render: (input: RenderInput) => Promise<RenderOutput>
  let assets: AssetResolver
  const beforePages = []
  const clientDir = `${config.DIST_DIR}/client`
  if (config.NODE_ENV === 'development') {
    const { createServer } = await import('vite')
    const vite = await createServer({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' })
    beforePages.push(vite.middlewares)
    render = async (input) => ((await vite.ssrLoadModule('/src/entry-server.tsx')) as typeof import('../src/entry-server.tsx')).render(input)
    assets = {
      bootstrapModule: '/src/dev-entry.ts',
      forPage: () => ({ stylesheets: [], modulePreloads: [] }),
      // Vite serves each JSON file as a module when asked with ?import.
      localeChunks: (locale) =>
        Object.fromEntries(
          readdirSync(`${ROOT}locales/${locale}`)
            .filter((file) => file.endsWith('.json'))
            .map((file) => [file.slice(0, -5), `/locales/${locale}/${file}?import`]),
        ),
    }
  } else {
    const entry = `${config.DIST_DIR}/server/entry-server.js`
    if (!existsSync(entry)) {
      console.error('No server build at dist/server. Run `npm run build` first (or `npm start`, which builds).')
      process.exit(1)
    }
    render = ((await import(pathToFileURL(entry).href)) as typeof import('../src/entry-server.tsx')).render
    assets = createAssetResolver(clientDir)
  }

  const app = createApp({ config, logger, platform, geo, render, assets, clientDir, metrics, beforePages })
  let handler: (req: IncomingMessage, res: ServerResponse) => void = app
  if (config.PAGE_CACHE === 'on' && config.NODE_ENV !== 'development') {
    const cache = createPageCache({
      ttlSeconds: config.PAGE_CACHE_TTL_SECONDS,
      staleSeconds: config.PAGE_CACHE_TTL_SECONDS * 10,
      maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024,
      geo,
      trustProxy: app.get('trust proxy fn'),
      personalCookies: [COOKIES.login],
      visitorToken: platform ? visitorTokenFor(platform) : null,
      secureCookies: config.secureCookies,
    })
    platform?.onContentChanged(() => cache.clear())
    metrics.watchPageCache(cache)
    handler = cache.handler(app)
  }
  const server: Server = createServer(handler)
  server.listen(config.PORT, config.HOST, () => {
    logger.info(`Listening on http://${config.HOST}:${config.PORT} (${db ? `database: ${db.kind}` : `gateway: ${config.GATEWAY_URL}`})`)
  })
  server.on('error', (error) => {
    console.error(`Cannot listen on ${config.HOST}:${config.PORT}: ${error.message}`)
    process.exit(1)
  })
  // Keep-alive sockets must not outlive a proxy's idle timeout, or it sends on a closed socket.
  server.keepAliveTimeout = 65_000
  platform?.jobs.start()

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    logger.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; closing anyway')
      server.closeAllConnections()
    }, 15_000)
    force.unref()
    server.close(async () => {
      clearTimeout(force)
      await platform?.close()
      await db?.close()
      await redis?.quit().catch(() => {})
      logger.info('stopped')
      process.exit(0)
    })
    server.closeIdleConnections()
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
