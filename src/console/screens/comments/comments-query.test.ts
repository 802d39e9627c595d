import { describe, expect, it } from 'vitest'
import { commentQuery, listPayload } from './comments-query.ts'

const { filtersFrom, pageHref } = commentQuery

describe('the comment queue address', () => {
  it('when the address holds filters, then they are read back, and unknown or hostile values are dropped', () => {
    const filters = filtersFrom(new URLSearchParams('q=spam&exhibition=12&state=hidden&page=3'))
    expect(filters).toEqual({ page: 3, search: 'spam', exhibitionId: '12', state: 'hidden' })
    expect(pageHref(filters, 4)).toBe('?q=spam&exhibition=12&state=hidden&page=4')
    expect(listPayload(filters)).toEqual({ page: 3, pageSize: 25, state: 'hidden', search: 'spam', exhibitionId: 12 })
    expect(filtersFrom(new URLSearchParams(`exhibition=1%20or%201&state=deleted&page=-2&q=${'x'.repeat(500)}`))).toEqual({
      page: 1,
      search: 'x'.repeat(200),
      exhibitionId: '',
      state: '',
    })
    expect(pageHref(filtersFrom(new URLSearchParams('')), 1)).toBe('?')
  })
})
