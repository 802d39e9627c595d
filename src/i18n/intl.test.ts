import { describe, expect, it } from 'vitest'
import { dateFormat, numberFormat } from './intl.ts'

describe('Intl formatters', () => {
  it('when a Thai page formats a date, then the year is Gregorian like every title on the site', () => {
    expect(dateFormat('th', { year: 'numeric', timeZone: 'UTC' }).format(new Date('2026-06-01T00:00:00Z'))).toContain('2026')
    expect(dateFormat('th', { year: 'numeric', timeZone: 'UTC' }).format(new Date('2026-06-01T00:00:00Z'))).not.toContain('2569')
  })

  it('when the same language and options are asked again, then the same formatter serves; other options get their own', () => {
    expect(dateFormat('en', { month: 'long' })).toBe(dateFormat('en', { month: 'long' }))
    expect(dateFormat('en', { month: 'short' })).not.toBe(dateFormat('en', { month: 'long' }))
    expect(numberFormat('de')).toBe(numberFormat('de'))
    expect(numberFormat('de').format(1234.5)).toBe('1.234,5')
  })
})
