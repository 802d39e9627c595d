import { describe, expect, it } from 'vitest'
import { auditQuery } from './audit-query.ts'

const { filtersFrom, payload: auditPayload, pageHref } = auditQuery

describe('audit filters', () => {
  it('when the address holds filters, then the call asks for whole UTC days and the page', () => {
    const filters = filtersFrom(new URLSearchParams('staff=s1&function=console%24invite&from=2026-03-01&to=2026-03-02&page=3'))
    expect(auditPayload(filters)).toEqual({
      page: 3,
      pageSize: 50,
      staffId: 's1',
      function: 'console$invite',
      from: '2026-03-01T00:00:00.000Z',
      to: '2026-03-02T23:59:59.999Z',
    })
  })

  it('when the address holds nonsense, then it is ignored', () => {
    expect(auditPayload(filtersFrom(new URLSearchParams('page=-2&from=yesterday&to=2026-13-45')))).toEqual({ page: 1, pageSize: 50 })
  })

  it('when another page is linked, then the filters stay and page 1 is left out', () => {
    const filters = filtersFrom(new URLSearchParams('staff=s1&page=2'))
    expect(pageHref(filters, 3)).toBe('?staff=s1&page=3')
    expect(pageHref(filters, 1)).toBe('?staff=s1')
  })
})
