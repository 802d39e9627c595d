import { describe, expect, it } from 'vitest'
import { bankAccountKey, ibanRemainder, normaliseBankAccount, normaliseIban } from './bank.ts'

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

describe('normaliseBankAccount (local account numbers)', () => {
  it.each([
    ['Account: 004-123456-001', '004123456001', '004-123456-001'],
    ['A/C no. 123 456 789', '123456789', '123 456 789'],
    ['账号：6222 0212 3456 7890 123', '6222021234567890123', '6222 0212 3456 7890 123'],
    ['口座番号：1234567', '1234567', '1234567'],
    ['เลขที่บัญชี 123-4-56789-0', '1234567890', '123-4-56789-0'],
    ['6222 0212 3456 7890', '6222021234567890', '6222 0212 3456 7890'],
    ['6222-0212-3456-7890-123', '6222021234567890123', '6222-0212-3456-7890-123'],
  ])('when %j is given, then the account %s is compared', (input, key, display) => {
    expect(normaliseBankAccount(input)).toEqual({ key, display })
  })

  it.each([
    ['020 7946 0000'],
    ['+44 20 7946 0000 0000 00'],
    ['Account: @aurumexpo'],
    ['Account: 12345'],
    ['contact@aurum-expo.example'],
    ['conta@aurum-expo.example'],
    ['123456789012345'],
  ])('when %j is given, then it is no account number', (input) => {
    expect(normaliseBankAccount(input)).toBeNull()
  })

  it('when the organiser enters an account number, then letters and digits are kept and separators dropped', () => {
    expect(bankAccountKey('hsbc-004 123.456/001')).toBe('HSBC004123456001')
    expect(bankAccountKey('ABCDEF12')).toBeNull()
  })
})
