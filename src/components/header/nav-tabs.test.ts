import { describe, expect, it } from 'vitest'
import { activeTabKey, languageSwitchHref, NAV_TABS } from './nav-tabs.ts'

describe('header tabs (docs/product.md#header)', () => {
  it('are in the order of the specification', () => {
    expect(NAV_TABS.map((tab) => tab.key)).toEqual(['home', 'brandExhibition', 'video', 'news', 'about', 'bulletin'])
  })
  it.each([
    ['/en', 'home'],
    ['/zh-cn/', 'home'],
    ['/en/brandExhibition.html', 'brandExhibition'],
    ['/en/backDetail/12', 'brandExhibition'],
    ['/ja/video.html', 'video'],
    ['/en/exhibition/news.html', 'news'],
    ['/en/exhibition/42', 'news'],
    ['/en/about.html', 'about'],
    ['/en/bulletin.html', 'bulletin'],
    ['/en/verify.html', null],
    ['/en/apply/registration', null],
  ])('on %s the active tab is %s', (path, key) => {
    expect(activeTabKey(path)).toBe(key)
  })
  it('a language switch keeps the route and the query, through the route that remembers the pick', () => {
    const target = (href: string) => new URL(href, 'http://site').searchParams.get('to')
    expect(languageSwitchHref('/en/exhibition/news.html', '?page=3&q=a%20b', 'zh-cn')).toMatch(/^\/api\/language\?to=/)
    expect(target(languageSwitchHref('/en/exhibition/news.html', '?page=3&q=a%20b', 'zh-cn'))).toBe('/zh-cn/exhibition/news.html?page=3&q=a%20b')
    expect(target(languageSwitchHref('/en', '', 'ja'))).toBe('/ja')
  })
})
