import { describe, expect, it } from 'vitest'
import { applicationQuery } from './applications-query.ts'

const { filtersFrom, payload: listPayload, pageHref } = applicationQuery

describe('the review queue address', () => {
  it('when the address carries filters, then the payload has them and the next page keeps them', () => {
    const filters = filtersFrom(new URLSearchParams('q=Acme&exhibition=12&kind=exhibitor&status=reviewing&page=2'))
    expect(listPayload(filters)).toEqual({ page: 2, pageSize: 25, search: 'Acme', exhibitionId: 12, kind: 'exhibitor', status: 'reviewing' })
    expect(pageHref(filters, 3)).toBe('?q=Acme&exhibition=12&kind=exhibitor&status=reviewing&page=3')
  })

  it('when the address was edited by hand, then what is not a filter is dropped rather than sent', () => {
    const filters = filtersFrom(new URLSearchParams(`q=${'x'.repeat(300)}&exhibition=one&kind=boss&status=hired&page=-4`))
    expect(listPayload(filters)).toEqual({ page: 1, pageSize: 25, search: 'x'.repeat(100) })
    expect(pageHref(filtersFrom(new URLSearchParams()), 1)).toBe('?')
  })
})
