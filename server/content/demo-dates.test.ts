import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
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

describe('written dates in the demo texts', () => {
  const shift = demoShift({ writtenFor: '2026-11-26', today: new Date('2027-06-01T08:00:00Z') })

  it('when the demo moves, then a written day or range moves with it, in the language of its text', () => {
    expect(shift.days).toBe(182)
    const texts = {
      slug: 'bangkok-2027',
      texts: {
        en: { summary: 'On {{dates:2027-01-26/2027-01-27|day-month-year}}.', note: 'From {{date:2027-01-26}}' },
        'zh-cn': { summary: '{{dates:2027-01-26/2027-01-27|day-month-year}}举行' },
        th: { summary: 'วันที่ {{dates:2027-01-26/2027-01-27}}' },
      },
    }
    expect(shift.fillYears(texts, 2027)).toEqual({
      slug: 'bangkok-2027',
      texts: {
        en: { summary: 'On July 27 – 28, 2027.', note: 'From July 27' },
        'zh-cn': { summary: '2027年7月27日–28日举行' },
        th: { summary: 'วันที่ 27–28 กรกฎาคม' },
      },
    })
  })

  it('when the language is in a front matter key or a Markdown section, then that language writes the date', () => {
    expect(shift.fillYears({ 'summary.ru': '{{date:2027-01-26}}', 'summary.ja': '{{date:2027-01-26}}' }, 2027)).toEqual({
      'summary.ru': '27 июля',
      'summary.ja': '7月27日',
    })
    const body = '<!-- lang: en -->\nOn {{date:2027-01-26}}.\n\n<!-- lang: zh-cn -->\n{{date:2027-01-26}}。\n'
    expect(shift.fillYears(body, 2027)).toBe('<!-- lang: en -->\nOn July 27.\n\n<!-- lang: zh-cn -->\n7月27日。\n')
  })

  it('when a placeholder cannot be read, then it is left as written', () => {
    for (const text of [
      '{{date:2027-02-30}}',
      '{{dates:2027-01-27/2027-01-26}}',
      '{{date:2027-01-26|weekday}}',
      '{{dates:2027-01-26}}',
      '{{date:2027-01-26/2027-01-27}}',
    ])
      expect(shift.fillYears(text, 2027)).toBe(text)
  })

  it('when the demo folder is read, then every written date in it is one that seeding can fill', () => {
    const left: string[] = []
    const filled = (text: string) => shift.fillYears({ en: text }, 2027).en
    for (const file of demoFiles()) {
      const text = readFileSync(file, 'utf8')
      if (/\{\{\s*dates?\b/.test(filled(text))) left.push(file)
    }
    expect(left).toEqual([])
  })
})

function demoFiles(): string[] {
  const root = fileURLToPath(new URL('../../content/demo/', import.meta.url))
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.(json|md)$/.test(name))
    .map((name) => join(root, name))
}
