import { describe, expect, it } from 'vitest'
import { toneOf } from './label-palette.ts'
import { profileHref, resultsHref } from './targets.ts'

describe('search targets (docs/product.md#search-box)', () => {
  const external = { lang: 'en' as const, brokerSiteUrl: 'https://brokers.example/' }
  const own = { lang: 'zh-cn' as const, brokerSiteUrl: null }

  it('when a broker site is configured, then profiles and results are on it, with SearchPosition=1', () => {
    expect(profileHref(external, '0001883137')).toBe('https://brokers.example/en/dealer/0001883137.html')
    expect(resultsHref(external, 'acme fx')).toBe('https://brokers.example/en/search.html?keyword=acme+fx&SearchPosition=1')
  })

  it('when none is configured, then they are this site’s pages, with SearchPosition=1; the keyword is encoded, never pasted', () => {
    expect(profileHref(own, 'ABC-1')).toBe('/zh-cn/dealer/ABC-1.html')
    expect(resultsHref(own, '资本 & <b>', 2)).toBe('/zh-cn/search.html?keyword=%E8%B5%84%E6%9C%AC+%26+%3Cb%3E&SearchPosition=1&page=2')
    expect(resultsHref(own, 'x')).toBe('/zh-cn/search.html?keyword=x&SearchPosition=1')
  })
})

describe('label palette', () => {
  it('when a colour of the palette comes, then its own tone; another colour, the nearest; garbage, grey', () => {
    expect(toneOf('#15803d')).toBe('green')
    expect(toneOf('#b91c1c')).toBe('red')
    expect(toneOf('#00ff00')).toBe('green')
    expect(toneOf('#ff0000')).toBe('red')
    expect(toneOf('#2563eb')).toBe('blue')
    expect(toneOf('red; background:url(x)')).toBe('grey')
  })
})
