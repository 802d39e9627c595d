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
    ['https://intranet/contact', 'unrecognised'],
    ['javascript:alert(1)', 'unrecognised'],
    ['javascript://aurum-expo.com/%0aalert(1)', 'unrecognised'],
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
    expect(name.ok && lookupPairs(name.query).map((pair) => pair.kind)).toEqual([
      'telegram',
      'x',
      'line',
      'wechat',
      'instagram',
      'facebook',
      'youtube',
      'tiktok',
    ])
    const broken = parseQuery('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', null)
    expect(broken.ok && lookupPairs(broken.query)).toEqual([])
  })

  it.each([
    ['https://www.aurum-expo.com/en/tickets?utm_source=mail', 'domain', 'www.aurum-expo.com', [{ kind: 'domain', key: 'aurum-expo.com' }], []],
    ['aurum-expo.com', 'domain', 'aurum-expo.com', [{ kind: 'domain', key: 'aurum-expo.com' }], []],
    ['аurum-expo.com', 'domain', 'xn--urum-expo-zyh.com', [{ kind: 'domain', key: 'xn--urum-expo-zyh.com' }], ['mixedScripts', 'internationalDomain']],
    ['https://aurum-expo.com/app.apk', 'domain', 'aurum-expo.com', [{ kind: 'domain', key: 'aurum-expo.com' }], ['apkDownload']],
    ['https://t.me/+AbCdEfGhIjK12345', 'chat', 't.me/+AbCdEfGhIjK12345', [{ kind: 'telegram', key: '+AbCdEfGhIjK12345' }], ['inviteLink']],
    ['GB82 WEST 1234 5698 7654 32', 'iban', 'GB82 WEST 1234 5698 7654 32', [{ kind: 'iban', key: 'GB82WEST12345698765432' }], []],
    ['GB82 WEST 1234 5698 7654 33', 'iban', 'GB82 WEST 1234 5698 7654 33', [], ['ibanChecksum']],
    [
      'https://play.google.com/store/apps/details?id=com.aurumexpo.app',
      'app',
      'Google Play com.aurumexpo.app',
      [{ kind: 'app', key: 'android:com.aurumexpo.app' }],
      [],
    ],
    ['instagram.com/aurumexpo', 'chat', '@aurumexpo', [{ kind: 'instagram', key: 'aurumexpo' }], []],
    ['账号：004-123456-001', 'bankAccount', '004-123456-001', [{ kind: 'bankAccount', key: '004123456001' }], []],
    ['6222 0212 3456 7890', 'bankAccount', '6222 0212 3456 7890', [{ kind: 'bankAccount', key: '6222021234567890' }], []],
  ])('when %j is typed, then it is a %s shown as %s, looked up as %j, with notices %j', (input, type, display, pairs, notices) => {
    const parsed = parseQuery(input, 'GB')
    if (!parsed.ok) throw new Error(parsed.error)
    expect(parsed.query).toMatchObject({ type, display, notices })
    expect(lookupPairs(parsed.query)).toEqual(pairs)
  })

  it('when an APK link or a full-width domain is typed, then it is tainted (never official); a plain URL is not', () => {
    const taint = (value: string) => {
      const parsed = parseQuery(value, null)
      return parsed.ok && parsed.query.tainted
    }
    expect(taint('https://aurum-expo.com/app.apk')).toBe(true)
    expect(taint('ａｕｒｕｍ-ｅｘｐｏ.com')).toBe(true)
    expect(taint('https://aurum-expo.com/')).toBe(false)
  })

  it('when a long tracking URL is pasted, then it is read; other text that long is refused', () => {
    const url = `https://aurum-expo.com/?${'utm=x&'.repeat(200)}`
    expect(parseQuery(url, null)).toMatchObject({ ok: true, query: { type: 'domain' } })
    expect(parseQuery('a'.repeat(400), null)).toEqual({ ok: false, error: 'tooLong' })
    expect(parseQuery(`https://aurum-expo.com/${'a'.repeat(2000)}`, null)).toEqual({ ok: false, error: 'tooLong' })
  })
})
