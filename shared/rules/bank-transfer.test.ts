import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  amountFit,
  bicMatchesIban,
  isBic,
  isIban,
  isReference,
  makeReference,
  REFERENCE_ALPHABET,
  readableIban,
  readableReference,
  referenceOf,
  referencesIn,
} from './bank-transfer.ts'

const body = fc.string({ unit: fc.constantFrom(...REFERENCE_ALPHABET), minLength: 8, maxLength: 8 })

describe('payment references', () => {
  it('when a reference is made, then it is RF, two check digits and eight of our letters, and reads in fours', () => {
    const reference = makeReference(() => 0)
    expect(reference).toMatch(/^RF\d{2}A{8}$/)
    expect(isReference(reference)).toBe(true)
    expect(readableReference(reference)).toBe(`${reference.slice(0, 4)} AAAA AAAA`)
  })

  it('when the check digits are worked out, then they are those of ISO 11649 (the standard example RF18 5390 0754 7034)', () => {
    // The standard's own body uses digits outside our alphabet; its check digits must still come out right.
    expect(referenceOf('539007547034')).toBe('RF18539007547034')
  })

  it('when any one letter is mistyped or two neighbours swapped, then the reference is refused', () => {
    fc.assert(
      fc.property(body, fc.nat(7), fc.constantFrom(...REFERENCE_ALPHABET), (letters, at, other) => {
        const good = referenceOf(letters)
        expect(isReference(good)).toBe(true)
        const typo = good.slice(0, 4 + at) + other + good.slice(5 + at)
        if (typo !== good) expect(isReference(typo)).toBe(false)
        const a = good[4 + at] as string
        const b = good[5 + at]
        if (b && a !== b) expect(isReference(good.slice(0, 4 + at) + b + a + good.slice(6 + at))).toBe(false)
      }),
    )
  })

  it('when a reference is typed with spaces, dashes or in small letters, then it is still ours; ambiguous letters are not', () => {
    const good = referenceOf('KMXCDWHE')
    expect(isReference(` ${good.toLowerCase().replace(/(.{4})/g, '$1-')} `)).toBe(true)
    expect(isReference(referenceOf('KMXCDWH0'))).toBe(false)
    expect(isReference('RF00')).toBe(false)
  })

  it('when a statement line carries a reference among other words, then it is found, spaces and all', () => {
    const good = referenceOf('KMXCDWHE')
    expect(referencesIn(`Order ${readableReference(good)} thanks / RF12 NOT OURS`)).toEqual([good])
    expect(referencesIn('Invoice 2026-11 for RF')).toEqual([])
  })
})

describe('bank accounts', () => {
  it('when an IBAN is typed, then its country length and check digits decide', () => {
    expect(isIban('GB82 WEST 1234 5698 7654 32')).toBe(true)
    expect(isIban('de89370400440532013000')).toBe(true)
    expect(isIban('GB82 WEST 1234 5698 7654 33')).toBe(false)
    expect(isIban('GB82 WEST 1234 5698 7654')).toBe(false)
    expect(isIban('XX82WEST12345698765432')).toBe(false)
    expect(readableIban('de89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00')
  })

  it('when a BIC is typed, then 8 or 11 characters of the right kinds pass, and its country must be the IBAN’s', () => {
    expect(isBic('DEUTDEFF')).toBe(true)
    expect(isBic('deut de ff 500')).toBe(true)
    expect(isBic('DEUTDE')).toBe(false)
    expect(isBic('1EUTDEFF')).toBe(false)
    expect(bicMatchesIban('DEUTDEFF', 'DE89370400440532013000')).toBe(true)
    expect(bicMatchesIban('DEUTDEFF', 'GB82WEST12345698765432')).toBe(false)
  })

  it('when money arrives, then it fits its order exactly, over, under or in another currency', () => {
    const asked = { minor: 29900, currency: 'EUR' }
    expect(amountFit({ minor: 29900, currency: 'EUR' }, asked)).toBe('exact')
    expect(amountFit({ minor: 30000, currency: 'EUR' }, asked)).toBe('over')
    expect(amountFit({ minor: 29800, currency: 'EUR' }, asked)).toBe('under')
    expect(amountFit({ minor: 29900, currency: 'GBP' }, asked)).toBe('currency')
  })
})
