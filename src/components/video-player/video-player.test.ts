import { describe, expect, it } from 'vitest'
import { formatDuration, isoDuration } from './video-player.tsx'

describe('formatDuration', () => {
  it('when under an hour, then m:ss', () => {
    expect(formatDuration(6)).toBe('0:06')
    expect(formatDuration(75)).toBe('1:15')
  })
  it('when an hour or more, then h:mm:ss', () => {
    expect(formatDuration(3725)).toBe('1:02:05')
  })
})

describe('isoDuration', () => {
  it('when given seconds, then an ISO 8601 duration', () => {
    expect(isoDuration(6)).toBe('PT6S')
    expect(isoDuration(75)).toBe('PT1M15S')
    expect(isoDuration(3600)).toBe('PT1H')
    expect(isoDuration(0)).toBe('PT0S')
  })
})
