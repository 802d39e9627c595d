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

/** Besides being alive, the instance reaches its database and shared store, and every migration this build knows is applied. */
function readinessChecks(platform: Platform): ReadinessCheck[] {
  return [
    {
      field: 'database',
      async run() {
        const ok = await platform.db.ping()
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
        const pending = await pendingMigrations(platform.db).catch(() => ['(unknown)'])
        return { value: pending, verdict: pending.length ? 'not ready' : 'ready' }
      },
    },
  ]
}

const worst = (verdicts: Verdict[]): Verdict => (verdicts.includes('not ready') ? 'not ready' : verdicts.includes('degraded') ? 'degraded' : 'ready')

/**
 * docs/product.md#routes liveness (/HealthCheck/Get) and readiness (/HealthCheck/Ready, issue 12). Load balancers
 * route only to ready instances; a draining one says 503 at once, while it still answers everything else.
 */
export function healthRoutes(app: Express, platform: Platform | null, lifecycle: Lifecycle) {
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
