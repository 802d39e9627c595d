import { createHash, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { NextFunction, Request, Response } from 'express'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Config } from '../config.ts'
import type { Database } from '../db/client.ts'
import type { GatewayObserver } from '../platform/gateway.ts'
import type { PageCache } from './page-cache.ts'

/** Prometheus metrics: request durations by route, gateway calls by function and outcome, database pool. */
export function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route kind, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  })
  const gatewayCalls = new Counter({
    name: 'gateway_calls_total',
    help: 'Platform function calls by function and outcome',
    labelNames: ['function', 'outcome'] as const,
    registers: [registry],
  })
  const gatewayDuration = new Histogram({
    name: 'gateway_call_duration_seconds',
    help: 'Platform function duration',
    labelNames: ['function'] as const,
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  })
  const pool = new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state',
    labelNames: ['state'] as const,
    registers: [registry],
  })
  let database: Database | null = null
  let pageCache: Pick<PageCache, 'stats'> | null = null
  // A counter (it only grows) whose value the cache keeps: each scrape sets it to the cache's own count.
  const cacheEvents = new Counter({
    name: 'page_cache_requests_total',
    help: 'Rendered-page cache events by outcome since start (requests, copies stored, capped, recompressed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  const cacheSize = new Gauge({ name: 'page_cache_bytes', help: 'Bytes held by the rendered-page cache', registers: [registry] })
  // What holds an instance's memory (docs/performance.md#memory): the default metrics give the heap and
  // "external" memory, which mixes Buffers with the embedded database's WebAssembly memory.
  new Gauge({
    name: 'nodejs_array_buffers_bytes',
    help: 'Memory of ArrayBuffers and Buffers (part of the external memory)',
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().arrayBuffers)
    },
  })
  new Gauge({
    name: 'db_embedded_memory_bytes',
    help: "The embedded database's WebAssembly memory (0 on PostgreSQL)",
    registers: [registry],
    collect() {
      this.set(database?.memoryBytes() ?? 0)
    },
  })

  return {
    registry,
    /** Labels by a coarse route kind, never by raw path: unbounded label values would exhaust memory. */
    middleware(routeKind: (req: Request) => string) {
      return (req: Request, res: Response, next: NextFunction) => {
        const end = httpDuration.startTimer()
        res.on('finish', () => end({ route: routeKind(req), method: req.method, status: `${Math.floor(res.statusCode / 100)}xx` }))
        next()
      }
    },
    gatewayObserver(onError: GatewayObserver['onError']): GatewayObserver {
      return {
        onCall(name, outcome, seconds) {
          gatewayCalls.inc({ function: name, outcome })
          gatewayDuration.observe({ function: name }, seconds)
        },
        onError,
      }
    },
    watchDatabase(db: Database) {
      database = db
    },
    watchPageCache(cache: Pick<PageCache, 'stats'>) {
      pageCache = cache
    },
    async handler(_req: IncomingMessage, res: ServerResponse) {
      if (database) {
        const stats = database.stats()
        pool.set({ state: 'total' }, stats.total)
        pool.set({ state: 'idle' }, stats.idle)
        pool.set({ state: 'waiting' }, stats.waiting)
      }
      if (pageCache) {
        const stats = pageCache.stats()
        cacheEvents.reset()
        for (const outcome of ['hits', 'misses', 'stale', 'bypass', 'stored', 'capped', 'recompressed'] as const) cacheEvents.inc({ outcome }, stats[outcome])
        cacheSize.set(stats.bytes)
      }
      const body = await registry.metrics()
      res.setHeader('Content-Type', registry.contentType)
      res.setHeader('Cache-Control', 'no-store')
      res.end(body)
    },
  }
}

export type Metrics = ReturnType<typeof createMetrics>

/**
 * Where /metrics is served, and whether it asks for a token: call counts, latencies and cache figures
 * are not for everyone (docs/decisions/0007-metrics-shutdown-and-shared-cache-cookies.md#metrics-is-never-public). METRICS_PORT: only on that private listener.
 * METRICS_TOKEN: on the site's port, to `Authorization: Bearer <token>` only. Neither: in production
 * nowhere; in development and tests on the site's port, open.
 */
export type MetricsExposure = { where: 'port'; port: number; token: string | null } | { where: 'site'; token: string | null } | { where: 'nowhere' }

export function metricsExposure(config: Pick<Config, 'METRICS_PORT' | 'METRICS_TOKEN' | 'NODE_ENV'>): MetricsExposure {
  const token = config.METRICS_TOKEN ?? null
  if (config.METRICS_PORT !== undefined) return { where: 'port', port: config.METRICS_PORT, token }
  if (token || config.NODE_ENV !== 'production') return { where: 'site', token }
  return { where: 'nowhere' }
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1]
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token))
}

/** GET /metrics, refusing a request without the token when there is one. */
export function metricsEndpoint(metrics: Pick<Metrics, 'handler'>, token: string | null) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    if (token && !bearerMatches(req.headers.authorization, token)) {
      res.statusCode = 401
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"')
      res.setHeader('Cache-Control', 'no-store')
      res.setHeader('Content-Type', 'application/json; charset=utf-8')
      return res.end(JSON.stringify({ succeed: false, ErrorCode: 401, data: null, message: 'errors.token' }))
    }
    await metrics.handler(req, res)
  }
}

/** The listener of METRICS_PORT: /metrics and nothing else. */
export function createMetricsServer(metrics: Pick<Metrics, 'handler'>, token: string | null): Server {
  const endpoint = metricsEndpoint(metrics, token)
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.statusCode = 404
      return res.end()
    }
    endpoint(req, res).catch(() => {
      res.statusCode = 500
      res.end()
    })
  })
}
