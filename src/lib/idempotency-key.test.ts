import { describe, expect, it } from 'vitest'
import { attemptFor, newIdempotencyKey } from './idempotency-key.ts'

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('idempotency keys', () => {
  it('when a key is made, then it is a UUID v4, also without crypto.randomUUID', () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4)
    const original = crypto.randomUUID
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
      expect(newIdempotencyKey()).toMatch(UUID_V4)
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true })
    }
  })

  it('when the same answers are sent again, then the key stays; when they change, then it is new', () => {
    const first = attemptFor(null, { lines: [1], coupon: '' })
    expect(attemptFor(first, { lines: [1], coupon: '' })).toBe(first)
    const changed = attemptFor(first, { lines: [2], coupon: '' })
    expect(changed.key).not.toBe(first.key)
  })
})
