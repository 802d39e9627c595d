import { describe, expect, it } from 'vitest'
import { isWithinDomain, looksLikeEmail, normaliseEmail } from './email.ts'

describe('normaliseEmail', () => {
  it.each([
    ['contact@aurum-expo.example', 'contact@aurum-expo.example'],
    ['  Contact@Aurum-Expo.EXAMPLE  ', 'contact@aurum-expo.example'],
    ['mailto:contact@aurum-expo.example?subject=Hi', 'contact@aurum-expo.example'],
    ['Aurum Expo <contact@aurum-expo.example>', 'contact@aurum-expo.example'],
    ['"Aurum Expo Team" <Sales@Aurum-Expo.Example>', 'sales@aurum-expo.example'],
    ['contact@aurum-expo.example.', 'contact@aurum-expo.example'],
    ['first.last+tag@sub.aurum-expo.example', 'first.last+tag@sub.aurum-expo.example'],
    ['contact@bücher.example', 'contact@xn--bcher-kva.example'],
    ['contact@xn--bcher-kva.example', 'contact@xn--bcher-kva.example'],
    ['用户@例子.广告', 'null'],
    ['info@aurum-expo.co.uk', 'info@aurum-expo.co.uk'],
  ])('when %j is given, then the key is %s', (input, key) => {
    const result = normaliseEmail(input)
    if (key === 'null') {
      expect(result.ok).toBe(true)
      return
    }
    expect(result.ok && result.key).toBe(key)
  })

  it('when the domain is written with full-width letters, then IDNA maps it and the address is marked as mapped', () => {
    expect(normaliseEmail('contact@ａｕｒｕｍ-expo.example')).toMatchObject({ ok: true, key: 'contact@aurum-expo.example', mapped: true })
    expect(normaliseEmail('contact@aurum-expo。example')).toMatchObject({ ok: true, mapped: true })
    expect(normaliseEmail('contact@aurum-expo.example')).toMatchObject({ ok: true, mapped: false })
  })

  it('when the domain has a Cyrillic letter, then the key is its punycode and the domain is international', () => {
    expect(normaliseEmail('contact@аurum-expo.example')).toMatchObject({
      ok: true,
      key: 'contact@xn--urum-expo-zyh.example',
      domainUnicode: 'аurum-expo.example',
      international: true,
    })
  })

  it.each([
    ['contact@'],
    ['@aurum-expo.example'],
    ['contact@@aurum-expo.example'],
    ['con tact@aurum-expo.example'],
    ['contact@aurum_expo.example'],
    ['contact@-aurum.example'],
    ['contact@aurum-expo'],
    ['contact@aurum-expo.123'],
    ['"quoted"@aurum-expo.example'],
    ['<script>@aurum-expo.example'],
    ["x'--@aurum-expo.example;drop"],
    [`${'a'.repeat(65)}@aurum-expo.example`],
    [`contact@${'a'.repeat(250)}.example`],
    ['.contact@aurum-expo.example'],
    ['contact..us@aurum-expo.example'],
  ])('when %j is given, then it is not an address', (input) => {
    expect(normaliseEmail(input).ok).toBe(false)
  })

  it('when text only looks like an address, then the shape check says so', () => {
    expect(looksLikeEmail('a@b.c')).toBe(true)
    expect(looksLikeEmail('Name <a@b.c>')).toBe(true)
    expect(looksLikeEmail('@name')).toBe(false)
    expect(looksLikeEmail('write to a @ b.c')).toBe(false)
  })

  it('when a domain is a subdomain of ours, then it is within it; a longer name is not', () => {
    expect(isWithinDomain('mail.aurum-expo.example', 'aurum-expo.example')).toBe(true)
    expect(isWithinDomain('aurum-expo.example', 'aurum-expo.example')).toBe(true)
    expect(isWithinDomain('evil-aurum-expo.example', 'aurum-expo.example')).toBe(false)
    expect(isWithinDomain('aurum-expo.example.evil.com', 'aurum-expo.example')).toBe(false)
  })
})
