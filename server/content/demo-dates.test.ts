import { describe, expect, it } from 'vitest'
import { demoShift, weeksSince } from './demo-dates.ts'

describe('demo shift', () => {
  it('when the demo is seeded on the day it was written for, then nothing moves', () => {
    const shift = demoShift({ writtenFor: '2026-11-26', today: new Date('2026-11-26T23:59:00Z') })
    expect(shift.days).toBe(0)
    expect(shift.instant('2027-01-26T02:00:00Z')).toBe('2027-01-26T02:00:00.000Z')
    expect(shift.day('2027-01-26')).toBe('2027-01-26')
  })

  it('when the demo is seeded later, then dates move by whole weeks, rounded down, and keep their weekday', () => {
    expect(weeksSince('2026-11-26', new Date('2026-12-02T10:00:00Z'))).toBe(0)
    expect(weeksSince('2026-11-26', new Date('2026-12-03T00:00:00Z'))).toBe(1)
    expect(weeksSince('2026-11-26', new Date('2026-11-25T10:00:00Z'))).toBe(-1)
    const shift = demoShift({ writtenFor: '2026-11-26', today: new Date('2027-06-01T08:00:00Z') })
    expect(shift.weeks).toBe(26)
    const moved = new Date(shift.instant('2027-01-26T02:00:00Z') as string)
    expect(moved.toISOString()).toBe('2027-07-27T02:00:00.000Z')
    expect(moved.getUTCDay()).toBe(new Date('2027-01-26T02:00:00Z').getUTCDay())
    expect(shift.day('2027-01-26')).toBe('2027-07-27')
    expect(shift.yearOf('2026-11-21T05:00:00Z')).toBe(2027)
  })

  it('when a value is not a date, then it comes back as written (validation reports it)', () => {
    const shift = demoShift({ writtenFor: '2026-11-26', today: new Date('2030-09-01T00:00:00Z') })
    expect(shift.instant('soon')).toBe('soon')
    expect(shift.instant(null)).toBe(null)
    expect(shift.day('2027-13-45')).toBe('2027-13-45')
    expect(() => demoShift({ writtenFor: 'Nov 26', today: new Date() })).toThrow(/writtenFor/)
  })

  it('when texts hold year placeholders, then they are filled from the own year, a count from it or a named exhibition', () => {
    const shift = demoShift({ writtenFor: '2026-11-26', today: new Date('2030-09-01T00:00:00Z'), years: new Map([['bangkok-2027', 2031]]) })
    const texts = {
      en: { title: 'Expo {{year}}', body: ['season {{ year+1 }}', 'since {{year-1}}', 'Bangkok {{year:bangkok-2027}}', '{{year:nowhere}}', '{{brand}}'] },
    }
    expect(shift.fillYears(texts, 2030)).toEqual({
      en: { title: 'Expo 2030', body: ['season 2031', 'since 2029', 'Bangkok 2031', '{{year:nowhere}}', '{{brand}}'] },
    })
    expect(shift.fillYears('Expo {{year}}', null)).toBe('Expo {{year}}')
    expect(shift.namedYear('bangkok-2027')).toBe(2031)
  })
})
