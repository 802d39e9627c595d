import { describe, expect, it } from 'vitest'
import { scamReportPayload, scamReportQuery } from './scam-reports-query.ts'

describe('the scam report queue’s address', () => {
  it('when the address carries filters and a keyset place, then the call gets them and no page number', () => {
    const filters = scamReportQuery.filtersFrom(new URLSearchParams('q=%20t.me%20&status=new&kind=account&after=2027-04-01T08:00:00.000Z_12'))
    expect(scamReportPayload(filters)).toEqual({ pageSize: 20, search: 't.me', status: 'new', kind: 'account', after: '2027-04-01T08:00:00.000Z_12' })
  })

  it('when the address holds values the queue does not know, then they read as not set', () => {
    const filters = scamReportQuery.filtersFrom(new URLSearchParams('status=closed&kind=fax&after=drop table'))
    expect(scamReportPayload(filters)).toEqual({ pageSize: 20 })
  })
})
