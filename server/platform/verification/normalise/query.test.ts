import { describe, expect, it } from 'vitest'
import { lookupPairs, parseQuery } from './query.ts'

describe('parseQuery (what was typed, and where to look)', () => {
  it.each([
    ['+44 20 7946 0000', 'phone'],
    ['contact@aurum-expo.example', 'email'],
    ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'usdtTrc20'],
    ['TR7N Hqje KQxG TCi8 q8ZY 4pL8 otSz gjLj 6t', 'usdtTrc20'],
    ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'usdtErc20'],
    ['@aurumexpo', 'chat'],
    ['t.me/aurumexpo', 'chat'],
    ['https://line.me/R/ti/p/@aurumexpo', 'chat'],
    ['wa.me/6581234567', 'chat'],
    ['AurumExpoCN', 'chat'],
  ])('when %j is typed, then it is a %s', (input, type) => {
    const parsed = parseQuery(input, 'GB')
    expect(parsed.ok && parsed.query.type).toBe(type)
  })

  it.each([
    ['', 'empty'],
    ['\u200b\u200b \u202e', 'empty'],
    ['x'.repeat(321), 'tooLong'],
    ['<b>bold</b>', 'unrecognised'],
    ['SELECT * FROM verification_channels', 'unrecognised'],
    ['https://aurum-expo.example/contact', 'unrecognised'],
    ['not@valid', 'email'],
    ['+44 12', 'phone'],
    ['020 7946 0000', 'phone'],
  ])('when %j is typed, then the error is %s', (input, error) => {
    expect(parseQuery(input, input === '020 7946 0000' ? 'US' : 'GB')).toEqual({ ok: false, error })
  })

  it('when no country is known and the number has no code, then it asks for the code', () => {
    expect(parseQuery('020 7946 0000', null)).toEqual({ ok: false, error: 'phoneCountry' })
  })

  it('when hidden characters are in an e-mail or a handle, then the value is tainted; in a number, not', () => {
    const email = parseQuery('contact@aurum-expo.example\u200b', null)
    expect(email.ok && email.query.tainted).toBe(true)
    const handle = parseQuery('@aurum\u200dexpo', null)
    expect(handle.ok && handle.query.tainted).toBe(true)
    const phone = parseQuery('+44 20\u200b 7946 0000', null)
    expect(phone.ok && phone.query.tainted).toBe(false)
  })

  it('when a phone number is asked, then phone lines and WhatsApp accounts are looked up; a bare name on every chat service', () => {
    const phone = parseQuery('+44 20 7946 0000', null)
    expect(phone.ok && lookupPairs(phone.query)).toEqual([
      { kind: 'phone', key: '+442079460000' },
      { kind: 'whatsapp', key: '+442079460000' },
    ])
    const name = parseQuery('@AurumExpo', null)
    expect(name.ok && lookupPairs(name.query).map((pair) => pair.kind)).toEqual(['telegram', 'x', 'line', 'wechat'])
    const broken = parseQuery('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', null)
    expect(broken.ok && lookupPairs(broken.query)).toEqual([])
  })
})
