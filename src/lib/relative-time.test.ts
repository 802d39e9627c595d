import { describe, expect, it } from 'vitest'
import en from '../../locales/en/common.json' with { type: 'json' }
import { isRelativeForm, relativeTime } from './relative-time.ts'

// A translate function over the real English strings, with i18next's _one/_other rule.
const t = (key: string, options: Record<string, unknown> = {}) => {
  const [group, name] = key.split('.') as [keyof typeof en, string]
  const table = en[group] as Record<string, string>
  const count = options.count as number | undefined
  const template = count === undefined ? table[name] : (table[`${name}_${count === 1 ? 'one' : 'other'}`] ?? table[name])
  return (template ?? key).replace(/\{\{(\w+)\}\}/g, (_, variable: string) => String(options[variable]))
}

const now = new Date('2026-11-22T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const show = (date: Date, style?: 'text' | 'compact') => relativeTime(date, now, { t, timeZone: 'UTC', ...(style ? { style } : {}) })

describe('relativeTime, docs/product.md#relative-time table row by row', () => {
  it('under 11 minutes: just now (text) or 1m (compact)', () => {
    expect(show(ago(0))).toBe('just now')
    expect(show(ago(10 * MINUTE + 59_999))).toBe('just now')
    expect(show(ago(5 * MINUTE), 'compact')).toBe('1m')
  })
  it('at 11 minutes and up to 59: {n}m', () => {
    expect(show(ago(11 * MINUTE))).toBe('11m')
    expect(show(ago(59 * MINUTE + 59_999))).toBe('59m')
  })
  it('at 60 minutes and under 24 hours: {n}h', () => {
    expect(show(ago(HOUR))).toBe('1h')
    expect(show(ago(23 * HOUR + 59 * MINUTE))).toBe('23h')
  })
  it('at 24 hours, when it was yesterday: yesterday with the time', () => {
    expect(show(ago(24 * HOUR))).toBe('Yesterday 12:00')
    expect(show(new Date('2026-11-21T00:05:00Z'))).toBe('Yesterday 00:05')
  })
  it('2 or 3 calendar days: {n} days ago', () => {
    expect(show(new Date('2026-11-20T23:59:00Z'))).toBe('2 days ago')
    expect(show(new Date('2026-11-19T00:00:00Z'))).toBe('3 days ago')
  })
  it('4 to 7 days: within a week', () => {
    expect(show(new Date('2026-11-18T23:00:00Z'))).toBe('Within a week')
    expect(show(new Date('2026-11-15T00:00:00Z'))).toBe('Within a week')
  })
  it('older in the same year: MM-DD', () => {
    expect(show(new Date('2026-11-14T23:00:00Z'))).toBe('11-14')
    expect(show(new Date('2026-01-01T00:00:00Z'))).toBe('01-01')
  })
  it('another year: YYYY-MM-DD', () => {
    expect(show(new Date('2025-12-31T23:59:00Z'))).toBe('2025-12-31')
  })
  it('a date in the future (clock skew): just now', () => {
    expect(show(new Date(now.getTime() + 5 * MINUTE))).toBe('just now')
  })
  it('the calendar of the given zone decides yesterday', () => {
    // 2026-11-22T12:00Z is 20:00 in Shanghai; 2026-11-21T15:30Z is 23:30 on the 21st there.
    expect(relativeTime(new Date('2026-11-21T11:30:00Z'), now, { t, timeZone: 'Asia/Shanghai' })).toBe('Yesterday 19:30')
  })
  it('across a change of summer time, hours count real time and days the zone’s calendar', () => {
    // Berlin leaves summer time at 03:00 on 25 October 2026: 00:30 to 05:30 local is six hours.
    const after = new Date('2026-10-25T04:30:00Z')
    expect(relativeTime(new Date('2026-10-24T22:30:00Z'), after, { t, timeZone: 'Europe/Berlin' })).toBe('6h')
    // 23:30 on the 24th local (21:30Z) seen at 00:30 on the 26th local (23:30Z on the 25th): two calendar days.
    expect(relativeTime(new Date('2026-10-24T21:30:00Z'), new Date('2026-10-25T23:30:00Z'), { t, timeZone: 'Europe/Berlin' })).toBe('2 days ago')
  })
})

describe('isRelativeForm: where lists add the exact date', () => {
  it('when the text is relative (up to 7 calendar days), then true; once it is a date, false', () => {
    expect(isRelativeForm(ago(5 * MINUTE), now)).toBe(true)
    expect(isRelativeForm(new Date('2026-11-15T00:00:00Z'), now)).toBe(true)
    expect(show(new Date('2026-11-15T00:00:00Z'))).toBe('Within a week')
    expect(isRelativeForm(new Date('2026-11-14T23:59:59Z'), now)).toBe(false)
    expect(show(new Date('2026-11-14T23:59:59Z'))).toBe('11-14')
  })
})
