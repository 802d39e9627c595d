import { describe, expect, it } from 'vitest'
import { ibanRemainder, normaliseIban } from './bank.ts'

describe('normaliseIban', () => {
  it.each([
    ['GB82 WEST 1234 5698 7654 32', 'GB82WEST12345698765432', 'GB82 WEST 1234 5698 7654 32'],
    ['gb82west12345698765432', 'GB82WEST12345698765432', 'GB82 WEST 1234 5698 7654 32'],
    ['IBAN: DE89 3704 0044 0532 0130 00', 'DE89370400440532013000', 'DE89 3704 0044 0532 0130 00'],
    ['FR14-2004-1010-0505-0001-3M02-606', 'FR1420041010050500013M02606', 'FR14 2004 1010 0505 0001 3M02 606'],
    ['SG', null, null],
  ])('when %j is given, then the IBAN is %s', (input, key, display) => {
    const result = normaliseIban(input)
    if (key === null) expect(result).toBeNull()
    else expect(result).toEqual({ ok: true, key, display })
  })

  it.each([['GB83 WEST 1234 5698 7654 32'], ['GB82 WEST 1234 5698 7654 23'], ['DE89 3704 0044 0532 0130 01']])(
    'when %j has wrong check digits or a changed digit, then its checksum fails',
    (input) => {
      expect(normaliseIban(input)).toMatchObject({ ok: false, problem: 'checksum' })
    },
  )

  it('when the remainder is taken of a long IBAN, then it is computed without losing digits', () => {
    expect(ibanRemainder('MT84MALT011000012345MTLCAST001S')).toBe(1)
    expect(ibanRemainder('LC55HEMM000100010012001200023015')).toBe(1)
  })
})
