import { describe, expect, it } from 'vitest'
import { day, exhibitionFilter, listQuery, oneOf, searchFilter } from './list-query.ts'

const query = listQuery(
  {
    search: searchFilter(10),
    exhibitionId: exhibitionFilter(3),
    kind: { param: 'kind', rule: oneOf(['a', 'b'] as const) },
    from: { param: 'from', rule: day, send: (value: string) => `${value}T00:00:00.000Z` },
  },
  { pageSize: 20, maxPage: 50 },
)

describe('a list query', () => {
  it('when every filter is set, then the payload carries what each sends: the search trimmed, the id a number, the day an instant', () => {
    const filters = query.filtersFrom(new URLSearchParams('q=%20Acme%20&exhibition=12&kind=b&from=2027-02-03&page=4'))
    expect(query.payload(filters)).toEqual({ page: 4, pageSize: 20, search: 'Acme', exhibitionId: 12, kind: 'b', from: '2027-02-03T00:00:00.000Z' })
    expect(query.pageHref(filters, 5)).toBe('?q=+Acme+&exhibition=12&kind=b&from=2027-02-03&page=5')
  })

  it('when a search is only spaces or the address holds what no filter accepts, then nothing of it is sent', () => {
    const filters = query.filtersFrom(new URLSearchParams('q=%20%20&exhibition=1234&kind=c&from=2027-02-30x&page=51'))
    expect(query.payload(filters)).toEqual({ page: 1, pageSize: 20 })
    expect(query.pageHref(query.filtersFrom(new URLSearchParams()), 1)).toBe('?')
  })
})
