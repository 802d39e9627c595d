import { describe, expect, it } from 'vitest'
import { remaining } from './countdown.tsx'

describe('countdown arithmetic', () => {
  it('when an instant is ahead, then whole days, hours, minutes and seconds remain', () => {
    const now = Date.parse('2026-11-22T18:00:00Z')
    expect(remaining(Date.parse('2026-11-25T21:04:05Z'), now)).toEqual({ day: 3, hour: 3, minute: 4, second: 5 })
  })

  it('when the instant has passed, then everything is zero, never negative', () => {
    expect(remaining(0, 1000)).toEqual({ day: 0, hour: 0, minute: 0, second: 0 })
  })
})
