import { describe, expect, it } from 'vitest'
import { looksLikeDomain, normaliseWeb } from './web.ts'

describe('normaliseWeb (web addresses and domains)', () => {
  it.each([
    ['aurum-expo.com', 'aurum-expo.com', 'aurum-expo.com'],
    ['AURUM-EXPO.COM', 'aurum-expo.com', 'aurum-expo.com'],
    ['www.aurum-expo.com', 'aurum-expo.com', 'www.aurum-expo.com'],
    ['https://www.Aurum-Expo.com/en/tickets?utm_source=x#top', 'aurum-expo.com', 'www.aurum-expo.com'],
    ['http://tickets.aurum-expo.co.uk:8080/pay', 'aurum-expo.co.uk', 'tickets.aurum-expo.co.uk'],
    ['https://aurum-expo.com.', 'aurum-expo.com', 'aurum-expo.com'],
    ['aurum-expo.com/verify', 'aurum-expo.com', 'aurum-expo.com'],
    ['https://aurum-expo.com@evil-site.net/login', 'evil-site.net', 'evil-site.net'],
    ['https://aurum-expo.com.evil-site.net/', 'evil-site.net', 'aurum-expo.com.evil-site.net'],
    ['https://aurum.github.io/expo', 'aurum.github.io', 'aurum.github.io'],
    ['аурум.рф', 'xn--80ayllb.xn--p1ai', 'xn--80ayllb.xn--p1ai'],
    ['xn--80ayllb.xn--p1ai', 'xn--80ayllb.xn--p1ai', 'xn--80ayllb.xn--p1ai'],
    ['https://аurum-expo.com/', 'xn--urum-expo-zyh.com', 'xn--urum-expo-zyh.com'],
    ['aurum-expo.example', 'aurum-expo.example', 'aurum-expo.example'],
  ])('when %j is given, then its registrable domain is %s (host %s)', (input, key, host) => {
    const result = normaliseWeb(input)
    expect(result).toMatchObject({ ok: true, kind: 'domain', key, host })
  })

  it('when a Unicode look-alike domain is given, then it reads as punycode and its Unicode form is kept for comparison', () => {
    expect(normaliseWeb('https://аurum-expo.com/')).toMatchObject({ international: true, domainUnicode: 'аurum-expo.com', name: 'аurum-expo', mapped: false })
  })

  it('when full-width letters or an ideographic full stop are given, then the domain is read and marked as mapped', () => {
    expect(normaliseWeb('ａｕｒｕｍ-ｅｘｐｏ。com')).toMatchObject({ ok: true, key: 'aurum-expo.com', mapped: true })
  })

  it.each([
    ['https://aurum-expo.com/app/AurumExpo.apk', true],
    ['https://aurum-expo.com/download/app%2Eapk?v=2', true],
    ['https://aurum-expo.com/apk-guide', false],
  ])('when %j is given, then it downloads an APK: %s', (input, apk) => {
    expect(normaliseWeb(input)).toMatchObject({ ok: true, apk })
  })

  it.each([
    ['https://apps.apple.com/gb/app/aurum-expo/id1234567890', 'ios:1234567890', 'App Store id1234567890'],
    ['https://apps.apple.com/app/id1234567890?platform=iphone', 'ios:1234567890', 'App Store id1234567890'],
    ['https://play.google.com/store/apps/details?id=com.aurumexpo.app&hl=en', 'android:com.aurumexpo.app', 'Google Play com.aurumexpo.app'],
    ['market://details?id=com.AurumExpo.App', 'android:com.AurumExpo.App', 'Google Play com.AurumExpo.App'],
  ])('when the store link %j is given, then the app is %s', (input, key, display) => {
    expect(normaliseWeb(input)).toMatchObject({ ok: true, kind: 'app', key, display })
  })

  it.each([
    ['http://127.0.0.1/login'],
    ['http://localhost:3000/'],
    ['https://intranet/'],
    ['javascript://aurum-expo.com/%0aalert(1)'],
    ['https:///path'],
    ['https://exa mple.com'],
    ['https://-bad-.com/'],
    [`https://${'a'.repeat(64)}.com/`],
  ])('when %j is given, then it is no public web address', (input) => {
    expect(normaliseWeb(input)).toEqual({ ok: false })
  })

  it.each([
    ['aurum-expo.com', true],
    ['аурум.рф', true],
    ['aurum.github.io', true],
    ['john.smith', false],
    ['AurumExpoCN', false],
    ['aurum.expo', false],
  ])('when %j is typed bare, then it reads as a domain: %s', (input, domain) => {
    expect(looksLikeDomain(input)).toBe(domain)
  })
})
