import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { companyInvoiceProblems, documentNumber, INVOICE_MESSAGES, parseRate, rateText, splitGross, TAX_TREATMENTS } from './invoices.ts'

describe('tax in a price', () => {
  it('when any gross amount splits at any rate, then net and tax add up to it and the tax is the rate of the net, to the minor unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (gross, rateBp) => {
        const { netMinor, taxMinor } = splitGross(gross, 'standard', rateBp)
        expect(netMinor + taxMinor).toBe(gross)
        expect(Math.abs(taxMinor - (netMinor * rateBp) / 10_000)).toBeLessThanOrEqual(1)
      }),
    )
  })

  it('when a line is zero-rated or reverse-charged, then it carries no tax whatever rate is stored', () => {
    for (const treatment of TAX_TREATMENTS.filter((one) => one !== 'standard'))
      expect(splitGross(10600, treatment, 2000)).toEqual({ netMinor: 10600, taxMinor: 0 })
    // 106.00 at 6 % included is 100.00 and 6.00.
    expect(splitGross(10600, 'standard', 600)).toEqual({ netMinor: 10000, taxMinor: 600 })
  })
})

describe('rates as people type them', () => {
  it.each([
    ['20', 2000],
    ['6.5', 650],
    ['7,25 %', 725],
    ['０', 0],
    ['100', 10_000],
  ])('"%s" is %i hundredths of a percent', (typed, bp) => {
    expect(parseRate(typed)).toBe(bp)
  })

  it.each(['', 'six', '100.01', '-5', '6.555', '1e2'])('"%s" is not a rate', (typed) => {
    expect(parseRate(typed)).toBeNull()
  })

  it('when a stored rate is shown and typed back, then it is the same rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => {
        expect(parseRate(rateText(bp))).toBe(bp)
      }),
    )
  })
})

describe('numbers and the company', () => {
  it('when documents are numbered, then invoices and credit notes have series of their own with six digits', () => {
    expect(documentNumber('INV', 'invoice', 2027, 17)).toBe('INV-2027-000017')
    expect(documentNumber('INV', 'creditNote', 2027, 3)).toBe('INV-CN-2027-000003')
  })

  it('when the company lacks its name, address or country, then each field says what is missing; the tax ID may be empty', () => {
    expect(companyInvoiceProblems({ companyName: ' ', address: '', country: 'cn', taxId: '' })).toEqual({
      companyName: INVOICE_MESSAGES.companyRequired,
      address: INVOICE_MESSAGES.addressRequired,
      country: INVOICE_MESSAGES.country,
    })
    expect(companyInvoiceProblems({ companyName: '王小明贸易有限公司', address: '上海市', country: 'CN', taxId: '' })).toEqual({})
    expect(companyInvoiceProblems({ companyName: 'A\u0000B', address: 'x', country: 'CN', taxId: 'y'.repeat(41) })).toEqual({
      companyName: INVOICE_MESSAGES.characters,
      taxId: INVOICE_MESSAGES.tooLong,
    })
  })
})
