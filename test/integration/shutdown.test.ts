import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migratedDataDir, type ServerProcess, startServer, stubBuild, waitReady } from './server-process.ts'

/**
 * Graceful stop of the real process
 * (docs/decisions/0007-metrics-shutdown-and-shared-cache-cookies.md#shutdown-drains-and-always-ends): readiness says 503 at once on SIGTERM
 * while the listener stays open for the drain, in-flight requests finish, and the process is gone
 * within the deadline whatever hangs (a request that never ends, a standard output nobody reads).
 */
const DRAIN_SECONDS = 1.5
const TIMEOUT_SECONDS = 6
/** The deadline, plus the watchdog's grace (2 s) when the main thread itself is stuck, plus 1 s for a busy machine. */
const HARD_LIMIT_MS = TIMEOUT_SECONDS * 1000 + 3000
const shutdownEnv = { SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS), SHUTDOWN_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) }
/**
 * The drain of the instance whose drain is looked at: three requests must fit in it after the signal.
 * In 1.5 s they did not on a busy machine (CI saw the third refused once the listener had closed); 3 s
 * still leaves the exit 3 s before the deadline.
 */
const WATCHED_DRAIN_SECONDS = 3

let dist: string
let migrated: string
const servers: ServerProcess[] = []
let draining: ServerProcess
let hanging: ServerProcess
let deafOutput: ServerProcess
let stuckOutput: ServerProcess

beforeAll(async () => {
  dist = stubBuild()
  // Four instances, each on its own copy of one migrated embedded database, started side by side.
  migrated = await migratedDataDir()
  const base = { dist, dataFrom: migrated }
  draining = await startServer({ ...base, env: { ...shutdownEnv, SHUTDOWN_DRAIN_SECONDS: String(WATCHED_DRAIN_SECONDS) } })
  hanging = await startServer({ ...base, env: shutdownEnv })
  // Standard output is a pipe whose reading end this test closes: the log has nowhere to go.
  deafOutput = await startServer({ ...base, env: shutdownEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  // Standard output is a pipe its test stops reading. Until then it is read (and dropped), so that it
  // is stuck only from that test's first request: a process whose pipe had been left unread through the
  // other tests was once found gone before its test began.
  stuckOutput = await startServer({ ...base, env: { ...shutdownEnv, LOG_LEVEL: 'debug' }, stdio: ['ignore', 'pipe', 'pipe'] })
  stuckOutput.child.stdout?.resume()
  servers.push(draining, hanging, deafOutput, stuckOutput)
  await Promise.all(servers.map((server) => waitReady(server)))
}, 300_000)

afterAll(() => {
  for (const server of servers) server.cleanup()
  rmSync(dist, { recursive: true, force: true })
  rmSync(migrated, { recursive: true, force: true })
})

const get = (server: ServerProcess, path: string) => fetch(`${server.origin}${path}`)

/** A page that keeps its whole query (shared/query-params.ts), so the stub render sees `slow`. */
const slowPage = (ms: number) => `/en/info.html?slow=${ms}`

describe('shutdown on SIGTERM', () => {
  it('when SIGTERM arrives during a request, then readiness says 503 at once, the site still answers during the drain, the request finishes and the process exits 0 in time', async () => {
    const inFlight = get(draining, slowPage(2500))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const signalled = Date.now()
    draining.child.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 200))

    const readiness = await get(draining, '/HealthCheck/Ready')
    expect(readiness.status).toBe(503)
    expect(await readiness.json()).toMatchObject({ status: 'draining' })
    // Still alive and still serving: only the load balancer's routing should change.
    expect((await get(draining, '/HealthCheck/Get')).status).toBe(200)
    expect((await get(draining, slowPage(0))).status).toBe(200)

    const finished = await inFlight
    expect(finished.status).toBe(200)
    expect(finished.headers.get('x-rendered-after')).toBe('2500')

    const exit = await draining.exited
    // 0: the process finished before its own deadline, which would have exited 1 (server/http/shutdown.ts).
    // This side sees the exit later than it happens on a busy machine (CI once saw 6.36 s), so the
    // outer bound is the hard limit.
    expect(exit.code).toBe(0)
    expect(exit.at - signalled).toBeGreaterThanOrEqual(WATCHED_DRAIN_SECONDS * 1000)
    expect(exit.at - signalled).toBeLessThan(HARD_LIMIT_MS)
    await expect(get(draining, '/HealthCheck/Get')).rejects.toThrow()
  }, 30_000)

  it('when a request never finishes, then the process still exits by the deadline, with code 1', async () => {
    const neverEnding = get(hanging, slowPage(600_000)).catch(() => null)
    await new Promise((resolve) => setTimeout(resolve, 300))
    const signalled = Date.now()
    hanging.child.kill('SIGTERM')
    const exit = await hanging.exited
    expect(exit.code).toBe(1)
    expect(exit.at - signalled).toBeLessThan(HARD_LIMIT_MS)
    expect(await neverEnding).toBeNull()
  }, 30_000)

  it('when standard output is a closed pipe, then shutdown does not hang on the log and the process exits in time', async () => {
    deafOutput.child.stdout?.destroy()
    expect((await get(deafOutput, '/en')).status).toBe(200)
    const signalled = Date.now()
    deafOutput.child.kill('SIGTERM')
    const exit = await Promise.race([deafOutput.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), (TIMEOUT_SECONDS + 4) * 1000))])
    expect(exit, 'the process was still alive well past the deadline').not.toBeNull()
    // 0: before its own deadline (which exits 1); seen from here, within the hard limit.
    expect(exit?.code).toBe(0)
    expect((exit?.at ?? 0) - signalled).toBeLessThan(HARD_LIMIT_MS)
  }, 30_000)

  it('when standard output is a pipe nobody reads, then the process is still gone by the deadline, however its log is stuck', async () => {
    // From here standard output is a pipe nobody reads: once it is full, writing the log blocks.
    stuckOutput.child.stdout?.pause()
    expect(stuckOutput.child.exitCode).toBeNull()
    // Each request is a debug line of about 4 KB (the URL is in it): 800 KB fill the pipe many times over.
    const long = `/robots.txt?${'x'.repeat(4000)}`
    for (let batch = 0; batch < 10; batch++) await Promise.all(Array.from({ length: 20 }, () => get(stuckOutput, long)))
    const signalled = Date.now()
    stuckOutput.child.kill('SIGTERM')
    const exit = await Promise.race([stuckOutput.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), (TIMEOUT_SECONDS + 6) * 1000))])
    expect(exit, 'the process was still alive well past the deadline').not.toBeNull()
    expect(exit?.code === 0).toBe(false)
    expect((exit?.at ?? 0) - signalled).toBeLessThan(HARD_LIMIT_MS)
  }, 60_000)
})
