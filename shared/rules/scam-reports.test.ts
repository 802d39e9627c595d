import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { reportFieldErrors } from './scam-report-form.ts'
import { isReference, nextStatuses, REFERENCE_ALPHABET, referenceFrom, reportPath } from './scam-reports.ts'

const form = {
  description: 'They asked for a deposit in our name.',
  channels: ['@fake_desk'],
  happenedOn: '2027-03-30',
  amount: '',
  currency: '',
  email: '',
  consent: false,
}

describe('scam report references (docs/product.md#scam-reports)', () => {
  it('when any eight random bytes make a reference, then it has the SR-XXXX-XXXX form in Crockford’s alphabet and is recognised', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 8, maxLength: 8 }), (bytes) => {
        const reference = referenceFrom(bytes)
        expect(reference).toMatch(/^SR-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
        expect(reference).not.toMatch(/[ILOU]/)
        expect(isReference(reference)).toBe(true)
      }),
    )
  })

  it('when each symbol value is given, then each of the 32 symbols is reachable (no value is favoured by the mapping)', () => {
    const seen = new Set(Array.from({ length: 256 }, (_, byte) => referenceFrom([byte, 0, 0, 0, 0, 0, 0, 0]).charAt(3)))
    expect([...seen].sort().join('')).toBe([...REFERENCE_ALPHABET].sort().join(''))
  })

  it('when a reference is mistyped or holds a letter Crockford leaves out, then it is not one', () => {
    expect(isReference('SR-7K3Q-9XPD')).toBe(true)
    expect(isReference('sr-7k3q-9xpd')).toBe(false)
    expect(isReference('SR-7K3Q-9XPO')).toBe(false)
    expect(isReference('SR-7K3Q9XPD')).toBe(false)
  })
})

describe('the report form’s own rules', () => {
  it('when the form is right, then nothing is said', () => {
    expect(reportFieldErrors({ ...form, amount: '1,299.50', currency: 'USD', email: 'me@example.com', consent: true }, '2027-04-01')).toEqual({})
  })

  it('when fields are wrong, then each is named at once', () => {
    expect(
      reportFieldErrors(
        { ...form, description: 'short', channels: [' '], happenedOn: '2027-04-02', amount: '12.345', currency: 'USD', email: 'me@example.com' },
        '2027-04-01',
      ),
    ).toEqual({
      description: 'scam:scamReport.errors.description',
      'channels.0': 'verify:errors.empty',
      happenedOn: 'scam:scamReport.errors.happenedOn',
      amount: 'scam:scamReport.errors.amount',
      consent: 'scam:scamReport.errors.consent',
    })
  })

  it('when yen are typed with decimals or a currency is not offered, then the amount or the currency is refused', () => {
    expect(reportFieldErrors({ ...form, amount: '299.50', currency: 'JPY' }, '2027-04-01')).toEqual({ amount: 'scam:scamReport.errors.amount' })
    expect(reportFieldErrors({ ...form, amount: '299.00', currency: 'XAU' }, '2027-04-01')).toEqual({ currency: 'scam:scamReport.errors.currency' })
  })
})

describe('statuses and addresses', () => {
  it('when a group is decided, then it can only be reopened; a new one can be decided at once', () => {
    expect(nextStatuses('new')).toEqual(['investigating', 'confirmed', 'notScam'])
    expect(nextStatuses('confirmed')).toEqual(['investigating'])
    expect(nextStatuses('notScam')).toEqual(['investigating'])
  })

  it('when the check links to the form, then the value travels in the address, encoded', () => {
    expect(reportPath('th', 'https://t.me/+AbC&x=1')).toBe('/th/verify/report.html?value=https%3A%2F%2Ft.me%2F%2BAbC%26x%3D1')
  })
})
