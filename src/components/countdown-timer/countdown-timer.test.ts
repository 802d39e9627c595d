import { describe, expect, it } from 'vitest'
import { clock } from './countdown-timer.tsx'

describe('clock', () => {
  it('when time is left, then minutes and seconds (hours when needed), rounded up to the second', () => {
    expect(clock(30 * 60_000)).toBe('30:00')
    expect(clock(65_001)).toBe('01:06')
    expect(clock(3_725_000)).toBe('1:02:05')
  })

  it('when the deadline has passed, then zero, never negative', () => {
    expect(clock(-5000)).toBe('00:00')
    expect(clock(0)).toBe('00:00')
  })
})
