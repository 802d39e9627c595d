import { describe, expect, it } from 'vitest'
import { orderQuery } from './orders-query.ts'

const { filtersFrom, payload: listPayload, pageHref } = orderQuery

describe('the order list address', () => {
  it('when the address holds a search and filters, then the payload carries them and another page keeps them', () => {
    const filters = filtersFrom(new URLSearchParams('q=Mei%20Chen&exhibition=7&status=paid&method=stripe&from=2027-01-01&page=2'))
    expect(listPayload(filters)).toEqual({ page: 2, pageSize: 25, search: 'Mei Chen', exhibitionId: 7, status: 'paid', method: 'stripe', from: '2027-01-01' })
    expect(pageHref(filters, 3)).toBe('?q=Mei+Chen&exhibition=7&status=paid&method=stripe&from=2027-01-01&page=3')
  })

  it('when the address holds nonsense, then it is dropped rather than sent', () => {
    const filters = filtersFrom(new URLSearchParams('status=refunded&method=cash&exhibition=x&from=2027-13-45&page=-1'))
    expect(listPayload(filters)).toEqual({ page: 1, pageSize: 25 })
    expect(pageHref(filters, 1)).toBe('?')
  })
})
