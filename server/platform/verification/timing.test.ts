import { describe, expect, it } from 'vitest'
import { answerNoSoonerThan, rateLimitKey } from './timing.ts'

describe('rateLimitKey', () => {
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
    expect(rateLimitKey(ip)).toBe(key)
  })
})

describe('answerNoSoonerThan', () => {
  it('when the work was quick, then it waits for the rest of the floor, never less', async () => {
    for (let run = 0; run < 5; run++) {
      const started = performance.now()
      await answerNoSoonerThan(started, 15)
      expect(performance.now() - started).toBeGreaterThanOrEqual(15)
    }
  })

  it('when the work took longer than the floor, then it answers at once, before any timer', async () => {
    const started = performance.now() - 100
    const first = await Promise.race([
      answerNoSoonerThan(started, 60).then(() => 'answered'),
      new Promise((resolve) => setImmediate(() => resolve('a timer ran first'))),
    ])
    expect(first).toBe('answered')
  })
})
