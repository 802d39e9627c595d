import { describe, expect, it } from 'vitest'
import { exhibitorQuery } from './exhibitors-query.ts'

const { filtersFrom, payload: listPayload, pageHref } = exhibitorQuery

describe('the exhibitor list address', () => {
  it('when the address carries filters, then the payload has them and the next page keeps them', () => {
    const filters = filtersFrom(new URLSearchParams('q=%E7%8E%8B&exhibition=12&kind=broker&stage=profileComplete&page=2'))
    expect(listPayload(filters)).toEqual({ page: 2, pageSize: 25, search: '王', exhibitionId: 12, kind: 'broker', stage: 'profileComplete' })
    expect(pageHref(filters, 3)).toBe('?q=%E7%8E%8B&exhibition=12&kind=broker&stage=profileComplete&page=3')
  })

  it('when the address was edited by hand, then what is not a filter is dropped rather than sent', () => {
    const filters = filtersFrom(new URLSearchParams(`q=${'x'.repeat(300)}&exhibition=one&kind=bank&stage=booth&page=-4`))
    expect(listPayload(filters)).toEqual({ page: 1, pageSize: 25, search: 'x'.repeat(100) })
  })
})
