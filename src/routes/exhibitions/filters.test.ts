import { describe, expect, it } from 'vitest'
import { filterSearch, MAX_PAGES, readFilters } from './filters.ts'

describe('list filters in the address', () => {
  it('when an address carries filters, then they are read back exactly', () => {
    const { filters, page } = readFilters(new URLSearchParams('year=2025&region=asia&state=ended&type=salon&page=2'))
    expect(filters).toEqual({ year: 2025, region: 'asia', state: 'ended', type: 'salon' })
    expect(page).toBe(2)
    expect(filterSearch(filters, page)).toBe('?year=2025&region=asia&state=ended&type=salon&page=2')
  })

  it('when values are unknown or hostile, then they are dropped, not passed on', () => {
    const { filters, page } = readFilters(new URLSearchParams('year=20251&region=mars&state=<script>&type=&page=-3'))
    expect(filters).toEqual({})
    expect(page).toBe(1)
    expect(filterSearch(filters)).toBe('')
  })

  it('when a page beyond the limit is asked, then the limit is used', () => {
    expect(readFilters(new URLSearchParams('page=999')).page).toBe(MAX_PAGES)
  })
})
