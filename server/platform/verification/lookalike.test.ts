import { describe, expect, it } from 'vitest'
import { buildReferences, domainName, findLookalike } from './lookalike.ts'
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
})
