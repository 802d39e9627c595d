import type { Redis } from 'ioredis'
import { Counter, Gauge, type Registry } from 'prom-client'
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible'
import { rateLimited } from './errors.ts'

export interface RateRule {
  /** Names the limit; keys of different rules never collide. */
  name: string
  points: number
  durationSeconds: number
  /** How long a key stays blocked once it went over; defaults to the rest of the window. */
  blockSeconds?: number
}

/** Where the counters live: memory (one process), Redis (shared), or degraded (Redis is away; this process counts alone). */
export type StoreState = 'memory' | 'redis' | 'degraded'

export interface RateLimits {
  /** Takes one point (or `cost`) for `key`; throws DomainError errors.rateLimited (429) when over. */
  consume(rule: RateRule, key: string, cost?: number): Promise<void>
  /** Counts `points` for `key` without ever refusing; the points counted in the window so far. */
  penalize(rule: RateRule, key: string, points?: number): Promise<number>
  /** Keeps `key` over the limit for `seconds` (a wait computed by the caller). */
  block(rule: RateRule, key: string, seconds: number): Promise<void>
  /** Seconds `key` must still wait before it is under the limit again; 0 when it is. */
  retryAfter(rule: RateRule, key: string): Promise<number>
  /** Whether the key is currently over the limit, without taking a point. */
  isBlocked(rule: RateRule, key: string): Promise<boolean>
  /** Forgets a key (a successful login clears its failed attempts). */
  reset(rule: RateRule, key: string): Promise<void>
  readonly store: 'memory' | 'redis'
  /** Where counters are kept right now, and how often this process has had to count alone. */
  status(): { state: StoreState; fallbacks: number }
  /** Whether the shared store answers (readiness). */
  ping(): Promise<boolean>
}

/** How long a Redis that timed out is left alone before the next command tries it again. */
const SKIP_HUNG_REDIS_MS = 2000

/**
 * Counters that every instance must respect live in Redis when REDIS_URL is set (docs/product.md#rate-limits
 * "Scaling out"); in one process, memory is enough. While Redis is away (the client fails fast:
 * server/redis.ts) every limiter falls back to an in-memory twin (rate-limiter-flexible's
 * `insuranceLimiter`), so a rate-limited action answers at once instead of waiting for Redis and
 * failing with a 500. Limits then hold per instance, which is looser but never open.
 */
export function createRateLimits(redis?: Redis): RateLimits {
  const limiters = new Map<string, { shared: RateLimiterAbstract; local: RateLimiterMemory }>()
  let fallbacks = 0
  // After a command timed out on a connected Redis, skip it for a moment: each action takes several
  // counters, and waiting for a timeout on every one of them would add up to seconds.
  let skipUntil = 0
  const noteFallback = () => {
    fallbacks++
    if (redis?.status === 'ready' && Date.now() >= skipUntil) skipUntil = Date.now() + SKIP_HUNG_REDIS_MS
  }

  const limiterFor = (rule: RateRule): RateLimiterAbstract => {
    const id = `${rule.name}:${rule.points}:${rule.durationSeconds}:${rule.blockSeconds ?? 0}`
    let pair = limiters.get(id)
    if (!pair) {
      const options = {
        keyPrefix: `rl:${rule.name}`,
        points: rule.points,
        duration: rule.durationSeconds,
        blockDuration: rule.blockSeconds ?? 0,
      }
      const local = redis ? insuranceFor(options, noteFallback) : new RateLimiterMemory(options)
      const shared = redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis,
            useRedisPackage: false,
            // Straight to the insurance while disconnected, rather than a command that can only fail.
            rejectIfRedisNotReady: true,
            insuranceLimiter: local,
          })
        : local
      pair = { shared, local }
      limiters.set(id, pair)
    }
    return Date.now() < skipUntil ? pair.local : pair.shared
  }

  const state = (): StoreState => {
    if (!redis) return 'memory'
    return redis.status === 'ready' && Date.now() >= skipUntil ? 'redis' : 'degraded'
  }

  return {
    store: redis ? 'redis' : 'memory',
    status: () => ({ state: state(), fallbacks }),
    async ping() {
      if (!redis) return true
      if (redis.status !== 'ready') return false
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
    async penalize(rule, key, points = 1) {
      return (await limiterFor(rule).penalty(key, points)).consumedPoints
    },
    async block(rule, key, seconds) {
      await limiterFor(rule).block(key, seconds)
    },
    async retryAfter(rule, key) {
      const state = await limiterFor(rule).get(key)
      return state && state.consumedPoints > rule.points ? Math.max(0, state.msBeforeNext) / 1000 : 0
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

/** The in-memory twin of a Redis limiter; each use is counted, since it means Redis did not answer. */
function insuranceFor(options: ConstructorParameters<typeof RateLimiterMemory>[0], onUse: () => void): RateLimiterMemory {
  const insurance = new RateLimiterMemory(options)
  for (const method of ['consume', 'penalty', 'reward', 'get', 'set', 'block', 'delete'] as const) {
    const original = insurance[method].bind(insurance) as (...args: unknown[]) => Promise<unknown>
    Object.assign(insurance, {
      [method]: (...args: unknown[]) => {
        onUse()
        return original(...args)
      },
    })
  }
  return insurance
}

/**
 * `/metrics`: 1 while Redis is away and this instance counts rate limits alone, and how
 * often it had to. The app's registry is its own (server/http/metrics.ts); boot registers these on it.
 */
export function registerRateLimitMetrics(registry: Registry, limits: RateLimits): void {
  registry.registerMetric(
    new Gauge({
      name: 'rate_limit_store_degraded',
      help: '1 while the shared rate-limit store (Redis) is away and this instance counts in its own memory',
      registers: [],
      collect() {
        this.set(limits.status().state === 'degraded' ? 1 : 0)
      },
    }),
  )
  registry.registerMetric(
    new Counter({
      name: 'rate_limit_store_fallbacks_total',
      help: 'Rate-limit operations this instance counted in memory because Redis did not answer, since start',
      registers: [],
      // The limiter keeps the count; a scrape sets the counter to it.
      collect() {
        this.reset()
        this.inc(limits.status().fallbacks)
      },
    }),
  )
}

/**
 * The key an address is counted under: an IPv6 visitor usually holds a whole /64, so the limit
 * applies to the /64; IPv4 (also IPv4-mapped IPv6) to the address.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
  if (!address.includes(':')) return address || 'unknown'
  const [head = '', tail = ''] = address.toLowerCase().split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const groups = address.includes('::')
    ? [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
