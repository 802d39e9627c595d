import { describe, expect, it } from 'vitest'
import { createRateLimits } from '../rate-limits.ts'
import { backoffSeconds, createSignInThrottle, SIGN_IN_BACKOFF } from './sign-in-throttle.ts'

describe('sign-in back-off', () => {
  it('when failures pile up, then the free ones cost nothing and each further one doubles the wait up to the cap', () => {
    const waits = Array.from({ length: 12 }, (_, index) => backoffSeconds(index + 1, SIGN_IN_BACKOFF.pair))
    expect(waits).toEqual([0, 0, 0, 0, 30, 60, 120, 240, 480, 900, 900, 900])
    expect(backoffSeconds(10_000, SIGN_IN_BACKOFF.pair)).toBe(900)
    expect(backoffSeconds(30, SIGN_IN_BACKOFF.address)).toBe(60)
  })

  it('when one address fails at one account, then that pair waits and the same account from another address does not', async () => {
    const throttle = createSignInThrottle(createRateLimits())
    for (let attempt = 0; attempt < 5; attempt++) await throttle.failed('Ann@Example.com', '203.0.113.7')
    await expect(throttle.admit('ann@example.com', '203.0.113.7')).rejects.toMatchObject({ code: 'errors.rateLimited', params: { seconds: 30 } })
    await expect(throttle.admit('ann@example.com', '203.0.113.8')).resolves.toBeUndefined()
    // An IPv6 visitor holds a whole /64: another address in it is the same visitor.
    for (let attempt = 0; attempt < 5; attempt++) await throttle.failed('ann@example.com', '2001:db8:1:2::1')
    await expect(throttle.admit('ann@example.com', '2001:db8:1:2::ffff')).rejects.toMatchObject({ code: 'errors.rateLimited' })
  })

  it('when failures at an account come from anywhere, then the count for the owner grows and an alert is allowed once', async () => {
    const throttle = createSignInThrottle(createRateLimits())
    let count = 0
    for (let attempt = 0; attempt < 10; attempt++) count = await throttle.failed('bob@example.com', `198.51.100.${attempt}`)
    expect(count).toBe(10)
    expect(await throttle.mayAlertOwner('account-1')).toBe(true)
    expect(await throttle.mayAlertOwner('account-1')).toBe(false)
  })
})
