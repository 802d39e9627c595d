import { describe, expect, it } from 'vitest'
import { orderQuery } from './orders-query.ts'

const { filtersFrom, payload: listPayload, pageHref } = orderQuery

describe('the order list address', () => {
  it('when the address holds a search, filters and a keyset cursor, then the payload carries them and the next page keeps the filters', () => {
    const filters = filtersFrom(new URLSearchParams('q=Mei%20Chen&exhibition=7&status=paid&method=stripe&from=2027-01-01&after=T-7K3Q9XPD2M'))
    expect(listPayload(filters)).toEqual({
      page: 1,
      pageSize: 25,
      search: 'Mei Chen',
      exhibitionId: 7,
      status: 'paid',
      method: 'stripe',
      from: '2027-01-01',
      after: 'T-7K3Q9XPD2M',
    })
    expect(pageHref({ ...filters, after: 'T-0000000001' }, 1)).toBe('?q=Mei+Chen&exhibition=7&status=paid&method=stripe&from=2027-01-01&after=T-0000000001')
  })

  it('when the address asks for a numbered page, then the list starts at its newest order (pages go by keyset)', () => {
    const filters = filtersFrom(new URLSearchParams('page=40'))
    expect(listPayload(filters)).toEqual({ page: 1, pageSize: 25 })
  })

  it('when the address holds nonsense, then it is dropped rather than sent', () => {
    const filters = filtersFrom(new URLSearchParams('status=refunded&method=cash&exhibition=x&from=2027-13-45&page=-1&after=T-1%27%20or%201=1&before=x'))
    expect(listPayload(filters)).toEqual({ page: 1, pageSize: 25 })
    expect(pageHref(filters, 1)).toBe('?')
  })
})
