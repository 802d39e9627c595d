import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { redactUrl } from './db/client.ts'

/**
 * Redis must never hold a request up: a rate-limited action waited 10-15 s for a Redis that had
 * gone away and then failed with a 500. Commands fail within these bounds instead, and the rate
 * limits count in memory meanwhile (server/platform/rate-limits.ts).
 */
export const REDIS_TIMEOUTS = { connectMs: 1000, commandMs: 300, reconnectMaxMs: 5000 } as const

/**
 * Shared counters (rate limits) live in Redis when REDIS_URL is set. The instance starts whether or
 * not Redis answers (readiness then says "degraded") and keeps reconnecting in the background;
 * `connectRedis` waits at most one connect timeout for the first answer, only to log the outcome.
 */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const where = redactUrl(url)
  const redis = new Redis(url, {
    connectTimeout: REDIS_TIMEOUTS.connectMs,
    commandTimeout: REDIS_TIMEOUTS.commandMs,
    // While disconnected, commands fail at once rather than queue for a connection that may not come.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // Never give up: when Redis returns, the shared counters are used again.
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 6), REDIS_TIMEOUTS.reconnectMaxMs),
  })
  // One line per change of state, not one per reconnect attempt.
  let available: boolean | null = null
  redis.on('ready', () => {
    if (available !== true) logger.info({ redis: where }, available === false ? 'redis is back: rate limits shared again' : 'redis connected')
    available = true
  })
  const lost = (error?: Error) => {
    if (available !== false) logger.warn({ redis: where, err: error }, 'redis unavailable: rate limits count in this instance’s memory until it returns')
    available = false
  }
  redis.on('error', lost)
  redis.on('close', () => {
    if (available) lost()
  })
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      redis.off('ready', done)
      redis.off('error', done)
      resolve()
    }
    const timer = setTimeout(done, REDIS_TIMEOUTS.connectMs)
    redis.once('ready', done)
    redis.once('error', done)
  })
  return redis
}
