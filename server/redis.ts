import { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { redactUrl } from './db/client.ts'

/** Shared counters (rate limits) live in Redis when REDIS_URL is set; a bad URL fails the boot clearly. */
export async function connectRedis(url: string, logger: Logger): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true })
  redis.on('error', (error) => logger.warn({ err: error }, 'redis error'))
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    redis.disconnect()
    console.error(`Cannot connect to Redis at ${redactUrl(url)}: ${(error as Error).message}`)
    process.exit(1)
  }
  return redis
}
