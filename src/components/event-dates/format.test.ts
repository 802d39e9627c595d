import { describe, expect, it } from 'vitest'
import { formatDateRange, formatDay, formatTimeRange, timeZoneLabel, venueYear } from './format.ts'

const dubai = { startsAt: '2026-11-21T05:00:00.000Z', endsAt: '2026-11-23T12:00:00.000Z', zone: 'Asia/Dubai' }

describe('event dates at the venue', () => {
  it('when an event spans days, then the range is written the way each language writes it', () => {
    expect(formatDateRange(dubai.startsAt, dubai.endsAt, dubai.zone, 'en')).toBe('November 21 – 23, 2026')
    expect(formatDateRange(dubai.startsAt, dubai.endsAt, dubai.zone, 'zh-Hans')).toBe('2026年11月21日–23日')
    expect(formatDateRange(dubai.startsAt, '2026-12-02T12:00:00.000Z', dubai.zone, 'ja')).toBe('2026年11月21日–12月2日')
    expect(formatDateRange(dubai.startsAt, '2027-01-02T12:00:00.000Z', dubai.zone, 'zh-Hant')).toBe('2026年11月21日–2027年1月2日')
  })

  it('when a Thai page shows a date, then the year is the Gregorian one of the title', () => {
    expect(formatDateRange(dubai.startsAt, dubai.endsAt, dubai.zone, 'th')).toContain('2026')
    expect(formatDateRange(dubai.startsAt, dubai.endsAt, dubai.zone, 'th')).not.toContain('2569')
  })

  it('when the instant is near midnight, then the venue decides the calendar day, not UTC', () => {
    // 21:30 UTC on the 20th is already the 21st in Dubai.
    expect(formatDateRange('2026-11-20T21:30:00Z', '2026-11-20T22:00:00Z', 'Asia/Dubai', 'en')).toBe('November 21, 2026')
    expect(venueYear('2026-12-31T21:00:00Z', 'Asia/Dubai')).toBe(2027)
  })

  it("when a session is shown, then its times and the zone label are the venue's", () => {
    expect(formatTimeRange('2026-11-21T05:30:00Z', '2026-11-21T06:15:00Z', 'Asia/Dubai', 'en-GB')).toBe('09:30–10:15')
    expect(timeZoneLabel(dubai.startsAt, 'Asia/Dubai', 'en')).toBe('GMT+4')
    expect(formatDay('2026-11-21', 'en')).toBe('Sat, Nov 21')
  })

  it('when ICU would put thin or narrow spaces, then plain spaces are written (server and browser agree)', () => {
    for (const text of [formatDateRange(dubai.startsAt, dubai.endsAt, dubai.zone, 'en'), formatTimeRange(dubai.startsAt, dubai.endsAt, dubai.zone, 'en')]) {
      expect(text).not.toMatch(/[\u00a0\u2009\u202f]/)
    }
  })
})
