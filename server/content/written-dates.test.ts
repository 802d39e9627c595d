import { describe, expect, it } from 'vitest'
import { formatWrittenDates, localeOfKey } from './written-dates.ts'

describe('dates written in the demo texts', () => {
  it('when a range is written without its year, then each language writes it its own way', () => {
    const range = (locale: Parameters<typeof formatWrittenDates>[0]) => formatWrittenDates(locale, '2027-01-26', '2027-01-27', 'day-month')
    expect(range('en')).toBe('January 26 – 27')
    expect(range('zh-cn')).toBe('1月26日–27日')
    expect(range('ja')).toBe('1月26日–27日')
    expect(range('th')).toBe('26–27 มกราคม')
    expect(range('ru')).toBe('26–27 января')
    expect(range('es')).toBe('26–27 de enero')
  })

  it('when a range is written with its year, then it reads as the exhibition dates of the site do, Thai in Gregorian years', () => {
    const range = (locale: Parameters<typeof formatWrittenDates>[0]) => formatWrittenDates(locale, '2027-01-26', '2027-01-27', 'day-month-year')
    expect(range('en')).toBe('January 26 – 27, 2027')
    expect(range('zh-cn')).toBe('2027年1月26日–27日')
    expect(range('ja')).toBe('2027年1月26日–27日')
    expect(range('th')).toBe('26–27 มกราคม 2027')
    expect(range('ru')).toBe('26–27 января 2027 г.')
  })

  it('when one day is written, or a range across months or New Year, then every part that differs is named', () => {
    expect(formatWrittenDates('en', '2027-11-18', '2027-11-18', 'day-month')).toBe('November 18')
    expect(formatWrittenDates('th', '2027-11-18', '2027-11-18', 'day-month-year')).toBe('18 พฤศจิกายน 2027')
    expect(formatWrittenDates('zh-cn', '2027-01-30', '2027-02-02', 'day-month')).toBe('1月30日–2月2日')
    expect(formatWrittenDates('ru', '2027-01-30', '2027-02-02', 'day-month')).toBe('30 января – 2 февраля')
    expect(formatWrittenDates('ja', '2025-12-31', '2026-01-02', 'day-month')).toBe('2025年12月31日–2026年1月2日')
    expect(formatWrittenDates('en', '2025-12-31', '2026-01-02', 'day-month')).toBe('December 31, 2025 – January 2, 2026')
  })

  it('when a key names a language, in JSON or front matter, then it is found', () => {
    expect(localeOfKey('zh-cn')).toBe('zh-cn')
    expect(localeOfKey('summary.th')).toBe('th')
    expect(localeOfKey('title')).toBeNull()
    expect(localeOfKey('body.xx')).toBeNull()
  })
})
