import { describe, expect, it } from 'vitest'
import { buildReferences, domainName, findLookalike, oneEditApart } from './lookalike.ts'
import { parseQuery } from './normalise/query.ts'

const references = buildReferences(
  'Aurum Expo',
  [
    { kind: 'email', key: 'contact@aurum-expo.example', display: 'contact@aurum-expo.example' },
    { kind: 'email', key: 'exhibitors@aurum-expo.example', display: 'exhibitors@aurum-expo.example' },
    { kind: 'telegram', key: 'aurumexpo', display: '@aurumexpo' },
    { kind: 'usdtErc20', key: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', display: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
  ],
  ['aurum-expo.example'],
)

const lookalike = (value: string) => {
  const parsed = parseQuery(value, 'GB')
  if (!parsed.ok) throw new Error(parsed.error)
  return findLookalike(parsed.query, references)
}

describe('findLookalike (imitations of our public channels)', () => {
  it.each([
    ['c0ntact@aurum-expo.example', 'characters', 'contact@aurum-expo.example'],
    ['contact@aurum-exp0.example', 'characters', 'contact@aurum-expo.example'],
    ['contact@aurumexpo.example', 'characters', 'contact@aurum-expo.example'],
    ['exhibitors@aurum-expo.com', 'domain', 'exhibitors@aurum-expo.example'],
    ['contact@aurum-expo.co.uk', 'domain', 'contact@aurum-expo.example'],
    ['contact@aurum-expo.example.evil.com', 'domain', 'contact@aurum-expo.example'],
    ['tickets@aurumexpo-asia.com', 'domain', 'contact@aurum-expo.example'],
    ['aurumexpo.official@gmail.com', 'name', 'contact@aurum-expo.example'],
    ['@aurum_expo', 'characters', '@aurumexpo'],
    ['@aurumexpo_support', 'name', '@aurumexpo'],
    ['t.me/aurumexpoofficial', 'name', '@aurumexpo'],
    ['0x5aae00000000000000000000000000000000eaed', 'poisoning', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ])('when %j is asked, then %s, resembling %s', (value, reason, resembles) => {
    expect(lookalike(value)).toEqual({ reason, resembles })
  })

  it.each([
    ['someone@example.org'],
    ['support@aurum-expo.example'],
    ['sales@mail.aurum-expo.example'],
    ['@tradingdesk'],
    ['+44 20 7946 0001'],
    ['0x52908400098527886E0F7030069857D2E4169EE7'],
    ['expo@aurum.org'],
  ])('when %j is asked, then it imitates nothing of ours', (value) => {
    expect(lookalike(value)).toBeNull()
  })

  it('when a domain has a country second level, then its name is the label before it', () => {
    expect(domainName('aurum-expo.co.uk')).toBe('aurum-expo')
    expect(domainName('aurum-expo.com.cn')).toBe('aurum-expo')
    expect(domainName('aurum-expo.example')).toBe('aurum-expo')
    expect(domainName('mail.aurum-expo.example')).toBe('aurum-expo')
  })

  describe('web addresses (docs/product.md#verification-web)', () => {
    const web = buildReferences(
      'Aurum Expo',
      [
        { kind: 'domain', key: 'aurum-expo.com', display: 'aurum-expo.com' },
        { kind: 'email', key: 'contact@aurum-expo.example', display: 'contact@aurum-expo.example' },
        { kind: 'app', key: 'android:com.aurumexpo.app', display: 'Google Play com.aurumexpo.app' },
        { kind: 'telegram', key: '+AbCdEfGhIjK12345', display: 't.me/+AbCdEfGhIjK12345' },
      ],
      ['aurum-expo.example'],
    )
    const webLookalike = (value: string) => {
      const parsed = parseQuery(value, null)
      if (!parsed.ok) throw new Error(parsed.error)
      return findLookalike(parsed.query, web)
    }

    it.each([
      ['https://аurum-expo.com/login', 'characters', 'aurum-expo.com'],
      ['aurum-exp0.com', 'characters', 'aurum-expo.com'],
      ['aurumexpo.com', 'characters', 'aurum-expo.com'],
      ['ａｕｒｕｍ-ｅｘｐｏ.com', 'characters', 'aurum-expo.com'],
      ['aurum-expo.net', 'domain', 'aurum-expo.com'],
      ['www.aurum-expo.co.uk', 'domain', 'aurum-expo.com'],
      ['aurum-expoo.com', 'typo', 'aurum-expo.com'],
      ['auurm-expo.com', 'typo', 'aurum-expo.com'],
      ['arum-expo.com', 'typo', 'aurum-expo.com'],
      ['https://aurum-expo-support.com/', 'domain', 'aurum-expo.com'],
      ['aurum-expo.com.secure-login.net', 'domain', 'aurum-expo.com'],
      ['https://play.google.com/store/apps/details?id=com.aurumexpo.wallet', 'name', 'Google Play com.aurumexpo.app'],
    ])('when %j is asked, then %s, resembling %s', (value, reason, resembles) => {
      expect(webLookalike(value)).toEqual({ reason, resembles })
    })

    it.each([
      ['https://tickets.aurum-expo.com/'],
      ['https://aurum-expo.example/'],
      ['https://aurum-expo.com/app.apk'],
      ['https://example.org/'],
      ['https://t.me/+ZzZzZzZzZzZz1234'],
      ['https://apps.apple.com/app/id1234567890'],
    ])('when %j is asked, then it imitates nothing of ours', (value) => {
      expect(webLookalike(value)).toBeNull()
    })
  })

  it.each([
    ['aurumexpo', 'aurumexpoo', true],
    ['aurumexpo', 'auruemxpo', true],
    ['aurumexpo', 'aurumxpo', true],
    ['aurumexpo', 'aurumexpa', true],
    ['aurumexpo', 'aurumexpo', false],
    ['aurumexpo', 'aurexpo', false],
    ['aurumexpo', 'uarumexpa', false],
  ])('when %s and %s are compared, then one edit apart: %s', (a, b, expected) => {
    expect(oneEditApart(a, b)).toBe(expected)
    expect(oneEditApart(b, a)).toBe(expected)
  })
})
