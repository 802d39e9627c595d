import type { Server } from 'node:http'
import { Worker } from 'node:worker_threads'
import type { Logger } from 'pino'
import type { Lifecycle } from './health.ts'

export interface ShutdownOptions {
  /** The site's listener and, when there is one, the metrics listener. */
  servers: Server[]
  lifecycle: Lifecycle
  logger: Logger
  drainSeconds: number
  timeoutSeconds: number
  /** Closes what the process opened (jobs, database, Redis) once no request is left. */
  release(): Promise<void>
}

/** How long after the deadline the watchdog thread kills a process whose main thread does not get there. */
const WATCHDOG_GRACE_MS = 2000

/**
 * Graceful stop (docs/decisions/0007-metrics-shutdown-and-shared-cache-cookies.md#shutdown-drains-and-always-ends).
 * On SIGTERM readiness says 503 at once while the listener
 * stays open for the drain, so load balancers take the instance out before its port closes; then
 * the listener closes, in-flight requests finish, and the process exits. Whatever hangs, it is gone
 * by the deadline: a timer exits with code 1 then, and a watchdog thread kills the process shortly
 * after, for the case where the main thread itself is stuck (a synchronous flush of the log into a
 * pipe nobody reads blocks it for good, so no timer of its own would ever fire).
 *
 * SIGINT is a person at a terminal: no drain.
 */
export function gracefulShutdown(options: ShutdownOptions) {
  const { logger, lifecycle } = options
  let started = false
  return (signal: NodeJS.Signals) => {
    if (started) return
    started = true
    lifecycle.draining = true
    const drainMs = signal === 'SIGINT' ? 0 : options.drainSeconds * 1000
    const deadlineMs = options.timeoutSeconds * 1000
    armWatchdog(deadlineMs + WATCHDOG_GRACE_MS)
    const deadline = setTimeout(() => {
      logger.error({ timeoutSeconds: options.timeoutSeconds }, 'shutdown deadline passed; exiting with requests or resources still open')
      process.exit(1)
    }, deadlineMs)
    deadline.unref()
    logger.info({ signal, drainSeconds: drainMs / 1000, timeoutSeconds: options.timeoutSeconds }, 'shutting down: draining')

    setTimeout(async () => {
      logger.info('closing the listener; finishing in-flight requests')
      await Promise.all(options.servers.map(closeServer))
      let code = 0
      try {
        await options.release()
      } catch (error) {
        logger.error({ err: error }, 'releasing resources failed')
        code = 1
      }
      logger.info('stopped')
      // Exit only once the log is written (or known to be unwritable): pino's own flush at exit
      // can block for good on a broken pipe.
      logger.flush(() => process.exit(code))
    }, drainMs)
  }
}

/** Stops accepting; a keep-alive connection closes as soon as its last response is out. */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve()
    // close() drops the connections idle at that moment only; one busy then goes idle later.
    const sweep = setInterval(() => server.closeIdleConnections(), 100)
    server.close(() => {
      clearInterval(sweep)
      resolve()
    })
    server.closeIdleConnections()
  })
}

/** A thread of its own, so it runs even while the main thread is blocked; unref'd, so it never keeps the process alive. */
function armWatchdog(ms: number) {
  const source = `
const { workerData } = require('node:worker_threads')
setTimeout(() => {
  try { require('node:fs').writeSync(2, 'shutdown watchdog: the process did not exit in time; killing it\\n') } catch {}
  process.kill(workerData.pid, 'SIGKILL')
}, workerData.ms)
`
  const watchdog = new Worker(source, { eval: true, workerData: { pid: process.pid, ms } })
  watchdog.unref()
}
