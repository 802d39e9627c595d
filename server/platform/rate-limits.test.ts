import { describe, expect, it } from 'vitest'
import { addressKey, createRateLimits } from './rate-limits.ts'

const rule = { name: 'test-rule', points: 2, durationSeconds: 60 }

describe('rate limits in memory', () => {
  it('when points run out, then consume throws the 429 with the seconds to wait', async () => {
    const limits = createRateLimits()
    await limits.consume(rule, 'k')
    await limits.consume(rule, 'k')
    await expect(limits.consume(rule, 'k')).rejects.toMatchObject({ code: 'errors.rateLimited' })
    expect(await limits.isBlocked(rule, 'k')).toBe(true)
    await limits.reset(rule, 'k')
    expect(await limits.isBlocked(rule, 'k')).toBe(false)
  })

  it('when a key is penalised, then it counts without refusing; a block makes it wait that long', async () => {
    const limits = createRateLimits()
    expect(await limits.penalize(rule, 'p')).toBe(1)
    expect(await limits.penalize(rule, 'p', 5)).toBe(6)
    expect(await limits.retryAfter(rule, 'b')).toBe(0)
    await limits.block(rule, 'b', 90)
    expect(await limits.retryAfter(rule, 'b')).toBeGreaterThan(89)
    expect(await limits.retryAfter(rule, 'b')).toBeLessThanOrEqual(90)
  })

  it('when there is no Redis, then the store is memory and always answers', async () => {
    const limits = createRateLimits()
    expect(limits.store).toBe('memory')
    expect(limits.status()).toEqual({ state: 'memory', fallbacks: 0 })
    expect(await limits.ping()).toBe(true)
  })
})

describe('addressKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::99', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['', 'unknown'],
  ])('when the address is %j, then it is counted as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key)
  })
})
