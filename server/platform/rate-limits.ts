import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import type { Redis } from 'ioredis'
import { rateLimited } from './errors.ts'

export interface RateRule {
  /** Names the limit; keys of different rules never collide. */
  name: string
  points: number
  durationSeconds: number
  /** How long a key stays blocked once it went over; defaults to the rest of the window. */
  blockSeconds?: number
}

export interface RateLimits {
  /** Takes one point (or `cost`) for `key`; throws DomainError errors.rateLimited (429) when over. */
  consume(rule: RateRule, key: string, cost?: number): Promise<void>
  /** Whether the key is currently over the limit, without taking a point. */
  isBlocked(rule: RateRule, key: string): Promise<boolean>
  /** Forgets a key (a successful login clears its failed attempts). */
  reset(rule: RateRule, key: string): Promise<void>
  readonly store: 'memory' | 'redis'
  /** Whether the shared store answers (readiness). */
  ping(): Promise<boolean>
}

/**
 * Counters that every instance must respect live in Redis when REDIS_URL is set (ARCHITECTURE.md
 * "Scaling out"); in one process, memory is enough.
 */
export function createRateLimits(redis?: Redis): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>()
  const limiterFor = (rule: RateRule) => {
    const id = `${rule.name}:${rule.points}:${rule.durationSeconds}:${rule.blockSeconds ?? 0}`
    let limiter = limiters.get(id)
    if (!limiter) {
      const options = {
        keyPrefix: `rl:${rule.name}`,
        points: rule.points,
        duration: rule.durationSeconds,
        blockDuration: rule.blockSeconds ?? 0,
      }
      limiter = redis ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: false }) : new RateLimiterMemory(options)
      limiters.set(id, limiter)
    }
    return limiter
  }
  return {
    store: redis ? 'redis' : 'memory',
    async ping() {
      if (!redis) return true
      try {
        return (await redis.ping()) === 'PONG'
      } catch {
        return false
      }
    },
    async consume(rule, key, cost = 1) {
      try {
        await limiterFor(rule).consume(key, cost)
      } catch (error) {
        if (error instanceof RateLimiterRes) throw rateLimited(error.msBeforeNext / 1000)
        throw error
      }
    },
    async isBlocked(rule, key) {
      const state = await limiterFor(rule).get(key)
      return Boolean(state && state.consumedPoints > rule.points)
    },
    async reset(rule, key) {
      await limiterFor(rule).delete(key)
    },
  }
}
