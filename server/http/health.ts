import type { Express } from 'express'
import { pendingMigrations } from '../db/migrate.ts'
import type { Platform } from '../platform/platform.ts'

/** The instance's own state, as the probes tell it: `draining` from SIGTERM on (server/http/shutdown.ts). */
export interface Lifecycle {
  draining: boolean
}

export function createLifecycle(): Lifecycle {
  return { draining: false }
}

/** `degraded` still takes traffic (200), only worse; `not ready` does not (503). */
type Verdict = 'ready' | 'degraded' | 'not ready'

/** One line of the readiness answer: its field in the JSON body, and what it means for routing. */
interface ReadinessCheck {
  field: string
  run(): Promise<{ value: unknown; verdict: Verdict }>
}

/** A database that does not answer a ping within this long counts as down: a probe's own timeout is a few seconds. */
const PING_TIMEOUT_MS = 2_000

/** Besides being alive, the instance reaches its database and shared store, and every migration this build knows is applied. */
function readinessChecks(platform: Platform): ReadinessCheck[] {
  // Probes and monitors may call this many times a second: one database ping a second answers them all.
  let lastPing: { at: number; answer: Promise<boolean> } | null = null
  const databaseAlive = () => {
    if (!lastPing || Date.now() - lastPing.at > 1000) lastPing = { at: Date.now(), answer: pingWithin(platform, PING_TIMEOUT_MS) }
    return lastPing.answer
  }
  return [
    {
      field: 'database',
      async run() {
        const ok = await databaseAlive()
        return { value: ok ? 'ok' : 'down', verdict: ok ? 'ready' : 'not ready' }
      },
    },
    {
      field: 'sharedStore',
      async run() {
        // Without Redis the rate limits count in memory (server/platform/rate-limits.ts): still serving, only worse.
        const ok = await platform.rateLimits.ping()
        return { value: ok ? platform.rateLimits.store : 'degraded', verdict: ok ? 'ready' : 'degraded' }
      },
    },
    {
      field: 'pendingMigrations',
      async run() {
        // Unknown while the database is away; the database line already says not ready then.
        const pending = (await databaseAlive()) ? await pendingMigrations(platform.db).catch(() => ['(unknown)']) : ['(unknown)']
        return { value: pending, verdict: pending.length ? 'not ready' : 'ready' }
      },
    },
  ]
}

function pingWithin(platform: Platform, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
    timer.unref()
  })
  return Promise.race([platform.db.ping(), late]).finally(() => clearTimeout(timer))
}

const worst = (verdicts: Verdict[]): Verdict => (verdicts.includes('not ready') ? 'not ready' : verdicts.includes('degraded') ? 'degraded' : 'ready')

/**
 * docs/product.md#probes. Liveness (/HealthCheck/Get) says only that this process answers: it never
 * asks the database, so a database failover never makes an orchestrator restart healthy instances
 * (cached pages still serve, and requests that need the database answer 503 until it is back).
 * Readiness (/HealthCheck/Ready) says whether this instance should get traffic: database reachable,
 * every migration applied, not draining. Load balancers route only to ready instances; a draining one
 * says 503 at once, while it still answers everything else.
 */
export function healthRoutes(app: Express, platform: Platform | null, lifecycle: Lifecycle) {
  app.get('/HealthCheck/Get', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    res.json({ status: 'ok', uptime: Math.round(process.uptime()) })
  })

  const checks = platform ? readinessChecks(platform) : []
  app.get('/HealthCheck/Ready', async (_req, res) => {
    res.setHeader('Cache-Control', 'no-store')
    if (lifecycle.draining) return res.status(503).json({ status: 'draining' })
    if (!platform) return res.json({ status: 'ready', database: 'external' })
    const results = await Promise.all(checks.map((check) => check.run()))
    const verdict = worst(results.map((result) => result.verdict))
    const body: Record<string, unknown> = { status: verdict }
    checks.forEach((check, index) => {
      body[check.field] = results[index]?.value
    })
    res.status(verdict === 'not ready' ? 503 : 200).json(body)
  })
}
