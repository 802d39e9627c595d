import { existsSync, readdirSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { pino } from 'pino'
import type { AssetResolver, RenderInput, RenderOutput } from '../src/entry-server.tsx'
import { createServerHandler } from './app.ts'
import { ConfigError, parseConfig, publicOriginProblem } from './config.ts'
import { DatabaseOpenError, openDatabase, type Database } from './db/client.ts'
import { migrate } from './db/migrate.ts'
import { isDatabaseUnavailable } from './db/unavailable.ts'
import { seedDemoContent } from './platform/seed.ts'
import { createGeo } from './geo/geo.ts'
import { loadIpCountryDatabase } from './geo/ip-country.ts'
import { CONSOLE_PAGES, createAssetResolver } from './http/assets.ts'
import { createLifecycle } from './http/health.ts'
import { createMetrics, createMetricsServer, metricsExposure } from './http/metrics.ts'
import { gracefulShutdown } from './http/shutdown.ts'
import { demoIdentityLeft } from './going-live.ts'
import { loggerOptions } from './log-options.ts'
import { createPlatform, type Platform } from './platform/platform.ts'
import { registerJobMetrics } from './platform/jobs.ts'
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
  const originProblem = publicOriginProblem(config)
  if (originProblem?.refuse) {
    console.error(`Invalid configuration:\n  - ${originProblem.message}`)
    process.exit(1)
  }
  // React and React Router pick their production builds from NODE_ENV when first imported.
  process.env.NODE_ENV = config.NODE_ENV
  const logging = loggerOptions(config)
  const logger = pino(logging.options)
  if (logging.notice) logger.warn(logging.notice)
  if (originProblem) logger.warn(originProblem.message)
  // The database going away never ends the process (docs/product.md#probes): requests answer 503 until it is back.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) return logger.warn({ err: reason }, 'database unavailable (a promise nobody awaited)')
    logger.fatal({ err: reason }, 'unhandled rejection')
    process.exit(1)
  })
  process.on('uncaughtException', (error) => {
    // A connection's 'error' event that no listener took (the database's, or another dropped socket): a bug to fix, but no reason to stop serving.
    if (isDatabaseUnavailable(error)) return logger.error({ err: error }, 'connection error without a listener')
    logger.fatal({ err: error }, 'uncaught exception')
    process.exit(1)
  })
  const metrics = createMetrics()
  const geo = createGeo(loadIpCountryDatabase())

  let db: Database | null = null
  let platform: Platform | null = null
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, logger) : undefined
  if (!config.GATEWAY_URL) {
    try {
      db = await openDatabase({
        databaseUrl: config.DATABASE_URL,
        dataDir: config.DATA_DIR,
        poolSize: config.DATABASE_POOL_SIZE,
        log: (message, error) => logger.warn({ err: error }, message),
      })
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
    registerJobMetrics(metrics.registry, platform.jobs)
    if (config.DEMO_CONTENT === 'on') {
      const seeded = await seedDemoContent(platform)
      if (seeded.length) logger.info({ domains: seeded }, 'demo content seeded')
    }
    // A real deployment that still speaks as the demo brand tells visitors the wrong name and addresses.
    const identity = config.isProduction && config.DATABASE_URL ? demoIdentityLeft(config) : []
    if (identity.length) {
      logger.warn(
        { demoIdentity: identity },
        `still the demo brand's identity: ${identity.join(', ')} (set BRAND_NAME, CONTACT_EMAIL, QA_EMAIL, SOCIAL_LINKS; replace public/favicon.svg and the logo; see the README's going-live guide)`,
      )
    }
  }

  let render: (input: RenderInput) => Promise<RenderOutput>
  let assets: AssetResolver
  // The organiser's console renders through the same pipeline with its own entry (src/console).
  let consoleSide: { render: (input: RenderInput) => Promise<RenderOutput>; assets: AssetResolver }
  const beforePages = []
  const clientDir = `${config.DIST_DIR}/client`
  if (config.NODE_ENV === 'development') {
    const { createServer } = await import('vite')
    const vite = await createServer({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' })
    beforePages.push(vite.middlewares)
    render = async (input) => ((await vite.ssrLoadModule('/src/entry-server.tsx')) as typeof import('../src/entry-server.tsx')).render(input)
    consoleSide = {
      render: async (input) => ((await vite.ssrLoadModule('/src/console/entry-server.tsx')) as { render: typeof render }).render(input),
      assets: {
        bootstrapModule: '/src/console/dev-entry.ts',
        forPage: () => ({ stylesheets: [], modulePreloads: [] }),
        localeChunks: () => ({}),
      },
    }
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
    const consoleEntry = `${config.DIST_DIR}/server/console-entry-server.js`
    consoleSide = {
      render: ((await import(pathToFileURL(consoleEntry).href)) as { render: typeof render }).render,
      assets: createAssetResolver(clientDir, CONSOLE_PAGES),
    }
  }

  const lifecycle = createLifecycle()
  const { handler } = createServerHandler({ config, logger, platform, geo, render, assets, clientDir, metrics, beforePages, lifecycle, console: consoleSide })
  const servers: Server[] = []
  const listen = (server: Server, port: number, what: string) => {
    servers.push(server)
    server.on('error', (error) => {
      console.error(`Cannot listen on ${config.HOST}:${port} (${what}): ${error.message}`)
      process.exit(1)
    })
    server.listen(port, config.HOST)
  }
  const server = createServer(handler)
  // Keep-alive sockets must not outlive a proxy's idle timeout, or it sends on a closed socket.
  server.keepAliveTimeout = 65_000
  server.on('listening', () => {
    logger.info(`Listening on http://${config.HOST}:${config.PORT} (${db ? `database: ${db.kind}` : `gateway: ${config.GATEWAY_URL}`})`)
  })
  listen(server, config.PORT, 'site')

  const exposure = metricsExposure(config)
  if (exposure.where === 'port') {
    listen(createMetricsServer(metrics, exposure.token), exposure.port, 'metrics')
    logger.info(`Metrics on http://${config.HOST}:${exposure.port}/metrics${exposure.token ? ' (bearer token)' : ''}`)
  } else if (exposure.where === 'nowhere') {
    logger.warn('/metrics is not served: set METRICS_TOKEN (bearer token on the site port) or METRICS_PORT (a private listener)')
  }
  platform?.jobs.start()

  const shutdown = gracefulShutdown({
    servers,
    lifecycle,
    logger,
    drainSeconds: config.SHUTDOWN_DRAIN_SECONDS,
    timeoutSeconds: config.SHUTDOWN_TIMEOUT_SECONDS,
    async release() {
      await platform?.close()
      await db?.close()
      await redis?.quit().catch(() => {})
    },
  })
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
