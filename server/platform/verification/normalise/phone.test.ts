import { describe, expect, it } from 'vitest'
import { looksLikePhone, normalisePhone } from './phone.ts'

describe('normalisePhone (E.164 with libphonenumber)', () => {
  it.each([
    ['+44 20 7946 0000', null, '+442079460000'],
    ['+44 (0)20 7946 0000', null, '+442079460000'],
    ['0044 20 7946 0000', null, '+442079460000'],
    ['00 44 20-7946-0000', null, '+442079460000'],
    ['+44.20.7946.0000', null, '+442079460000'],
    ['tel:+44-20-7946-0000', null, '+442079460000'],
    ['(+65) 8123 4567', null, '+6581234567'],
    ['+1 (415) 555-0132', null, '+14155550132'],
    ['+86 138 0013 8000 ext. 12', null, '+8613800138000'],
    ['＋８６ １３８ ００１３ ８０００', null, '+8613800138000'],
    ['+٤٤ ٢٠ ٧٩٤٦ ٠٠٠٠', null, '+442079460000'],
    ['020 7946 0000', 'GB', '+442079460000'],
    ['138-0013-8000', 'CN', '+8613800138000'],
    ['011 44 20 7946 0000', 'US', '+442079460000'],
    ['8123 4567', 'SG', '+6581234567'],
  ])('when %j is typed (country %s), then %s', (input, country, e164) => {
    const result = normalisePhone(input, country)
    expect(result.ok && result.e164).toBe(e164)
  })

  it('when a national number is read with the visitor country, then the country is named as assumed', () => {
    expect(normalisePhone('020 7946 0000', 'GB')).toMatchObject({ ok: true, assumedCountry: 'GB', display: '+44 20 7946 0000' })
    expect(normalisePhone('011 44 20 7946 0000', 'US')).toMatchObject({ ok: true, assumedCountry: null })
    expect(normalisePhone('+44 20 7946 0000', 'US')).toMatchObject({ ok: true, assumedCountry: null })
  })

  it('when no country code is typed and the country is unknown, then it asks for the code', () => {
    expect(normalisePhone('020 7946 0000', null)).toEqual({ ok: false, reason: 'needsCountryCode' })
    expect(normalisePhone('020 7946 0000', 'ZZ')).toEqual({ ok: false, reason: 'needsCountryCode' })
  })

  it.each([
    ['+44 12'],
    ['++44 20 7946 0000'],
    ['+44 20 7946 0000 +1'],
    ['+999 1234 5678'],
    ['+44 20 7946 0000 0000 0000 0000'],
    ['<script>+44 20 7946 0000</script>'],
    ["+44 20 7946 0000'; drop table x;--"],
    ['+44 20 7946 0000\u202e1'],
    ['1'.repeat(400)],
    ['call +44 20 7946 0000'],
  ])('when %j is given, then it is not a phone number', (input) => {
    expect(normalisePhone(input, 'GB').ok).toBe(false)
  })

  it('when separators and digits of other scripts are mixed, then the shape is still a phone', () => {
    expect(looksLikePhone('+44 (20) 7946/0000')).toBe(true)
    expect(looksLikePhone('１３８００１３８０００')).toBe(true)
    expect(looksLikePhone('12')).toBe(false)
    expect(looksLikePhone('abc123456')).toBe(false)
  })
})
