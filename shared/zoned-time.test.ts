import { describe, expect, it } from 'vitest'
import { dayString, isTimeZone, localDate, offsetMinutes, toZonedIso } from './zoned-time.ts'

describe('zoned time', () => {
  it("when an instant is shown in a venue zone, then the offset and the calendar day are the venue's", () => {
    const instant = new Date('2026-11-21T22:30:00Z')
    expect(offsetMinutes(instant, 'Asia/Dubai')).toBe(240)
    expect(localDate(instant, 'Asia/Dubai')).toBe('2026-11-22')
    expect(localDate(instant, 'America/Sao_Paulo')).toBe('2026-11-21')
    expect(toZonedIso(instant, 'Asia/Dubai')).toBe('2026-11-22T02:30:00+04:00')
    expect(toZonedIso(instant, 'America/Sao_Paulo')).toBe('2026-11-21T19:30:00-03:00')
    expect(toZonedIso(instant, 'UTC')).toBe('2026-11-21T22:30:00+00:00')
  })

  it('when summer time begins, then the offset follows it (London, 29 March 2026)', () => {
    expect(offsetMinutes(new Date('2026-03-29T00:30:00Z'), 'Europe/London')).toBe(0)
    expect(offsetMinutes(new Date('2026-03-29T01:30:00Z'), 'Europe/London')).toBe(60)
    expect(toZonedIso(new Date('2026-07-01T08:00:00Z'), 'Europe/London')).toBe('2026-07-01T09:00:00+01:00')
  })

  it('when a zone has a half-hour offset, then the ISO string keeps the minutes', () => {
    expect(toZonedIso(new Date('2026-01-01T00:00:00Z'), 'Asia/Kolkata')).toBe('2026-01-01T05:30:00+05:30')
  })

  it('when a zone name is unknown or malformed, then it is refused', () => {
    expect(isTimeZone('Asia/Dubai')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
    expect(isTimeZone('Asia/Dubai; drop table')).toBe(false)
  })

  it('when a date column comes back as a Date at UTC midnight or as a string, then the day is the same', () => {
    expect(dayString(new Date('2026-11-21T00:00:00Z'))).toBe('2026-11-21')
    expect(dayString('2026-11-21')).toBe('2026-11-21')
  })
})
