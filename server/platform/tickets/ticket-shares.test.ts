import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { LEAD_FIELDS } from '../../../shared/rules/leads.ts'
import { sharedContact } from './ticket-shares.ts'

const row = {
  first_name: '小明',
  last_name: '王',
  company: '汇达证券',
  job_title: '交易主管',
  email: 'xiaoming@example.cn',
  phone_e164: '+8613800138000',
}

describe('sharedContact (docs/product.md#leads)', () => {
  it('when any set of fields is shared, in any order and with repeats or strangers, then exactly those fields are shown, in the list’s order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...LEAD_FIELDS, 'fax', 'NAME')), (shares) => {
        const contact = sharedContact({ ...row, shares })
        expect(contact.shares).toEqual(LEAD_FIELDS.filter((field) => shares.includes(field)))
        expect(contact.firstName !== null && contact.lastName !== null).toBe(shares.includes('name'))
        expect(contact.company !== null).toBe(shares.includes('company'))
        expect(contact.jobTitle !== null).toBe(shares.includes('position'))
        expect(contact.email !== null).toBe(shares.includes('email'))
        expect(contact.phone !== null).toBe(shares.includes('phone'))
      }),
    )
  })

  it('when company and position are shared but were never given, then they stay null rather than empty', () => {
    const contact = sharedContact({ ...row, company: '', job_title: '', shares: ['company', 'position'] })
    expect(contact).toEqual({ shares: ['company', 'position'], firstName: null, lastName: null, company: null, jobTitle: null, email: null, phone: null })
  })
})
