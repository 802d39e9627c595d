import { describe, expect, it } from 'vitest'
import { ALL_URL_LANGUAGES } from '../../shared/languages.ts'
import { resolvePageLanguage } from './language.ts'

const live = [...ALL_URL_LANGUAGES]

describe('resolvePageLanguage (docs/product.md#language-resolution)', () => {
  it('when the URL language is live, then it is used', () => {
    expect(resolvePageLanguage('/ja/about.html', 'en', live)).toEqual({ kind: 'ok', lang: 'ja' })
  })
  it('when the path is /, then it goes to the browser language home with the query kept', () => {
    expect(resolvePageLanguage('/?a=1', 'zh-CN', live)).toEqual({ kind: 'redirect', location: '/zh-cn?a=1', permanent: false })
    expect(resolvePageLanguage('/', undefined, live)).toEqual({ kind: 'redirect', location: '/en', permanent: false })
  })
  it('when the URL language is unsupported, then the same path gets the chosen language', () => {
    expect(resolvePageLanguage('/fr/about.html?x=1&y=2', 'de, ru;q=0.5', live)).toEqual({
      kind: 'redirect',
      location: '/ru/about.html?x=1&y=2',
      permanent: false,
    })
    expect(resolvePageLanguage('/de', 'fr', live)).toEqual({ kind: 'redirect', location: '/en', permanent: false })
  })
  it('when the URL language differs only in case, then it is normalised', () => {
    expect(resolvePageLanguage('/zh-CN/video.html', 'en', live)).toEqual({ kind: 'redirect', location: '/zh-cn/video.html', permanent: true })
  })
  it('when there is no language segment, then the chosen one is prefixed', () => {
    expect(resolvePageLanguage('/about.html?q=1', 'ja', live)).toEqual({ kind: 'redirect', location: '/ja/about.html?q=1', permanent: false })
  })
  it('when a language is configured off, then its URLs redirect', () => {
    expect(resolvePageLanguage('/ja/about.html', 'ja', ['en', 'zh-cn', 'zh'])).toEqual({ kind: 'redirect', location: '/en/about.html', permanent: false })
  })
  it('when the path starts with several slashes, then the redirect stays on this site', () => {
    const decision = resolvePageLanguage('//evil.example/x', 'en', live)
    expect(decision).toEqual({ kind: 'redirect', location: '/en/evil.example/x', permanent: false })
  })
  it('when the URL names a region or script variant of a live language, then it goes there for good', () => {
    expect(resolvePageLanguage('/zh-tw/about.html?x=1', 'ja', live)).toEqual({ kind: 'redirect', location: '/zh/about.html?x=1', permanent: true })
    expect(resolvePageLanguage('/en-us', 'ja', live)).toEqual({ kind: 'redirect', location: '/en', permanent: true })
    expect(resolvePageLanguage('/en-GB/video.html', undefined, live)).toEqual({ kind: 'redirect', location: '/en/video.html', permanent: true })
    expect(resolvePageLanguage('/zh-Hant/news', 'en', live)).toEqual({ kind: 'redirect', location: '/zh/news', permanent: true })
    expect(resolvePageLanguage('/zh-mo/x', 'en', live)).toEqual({ kind: 'redirect', location: '/zh-hk/x', permanent: true })
    expect(resolvePageLanguage('/pt-br/x', 'en', live)).toEqual({ kind: 'redirect', location: '/pt/x', permanent: true })
  })
  it("when a variant's language is configured off, then the visitor's language is chosen instead", () => {
    expect(resolvePageLanguage('/ja-jp/x', 'zh-CN', ['en', 'zh-cn', 'zh'])).toEqual({ kind: 'redirect', location: '/zh-cn/x', permanent: false })
  })
  it('when the visitor picked a language, then / and unprefixed paths honour it over accept-language', () => {
    expect(resolvePageLanguage('/', 'en-US,en', live, 'es')).toEqual({ kind: 'redirect', location: '/es', permanent: false })
    expect(resolvePageLanguage('/about.html?q=1', 'en', live, 'ja')).toEqual({ kind: 'redirect', location: '/ja/about.html?q=1', permanent: false })
    expect(resolvePageLanguage('/fr/about.html', 'en', live, 'th')).toEqual({ kind: 'redirect', location: '/th/about.html', permanent: false })
  })
  it('when a URL names a live language, then a remembered choice does not override it', () => {
    expect(resolvePageLanguage('/en/about.html', 'es', live, 'es')).toEqual({ kind: 'ok', lang: 'en' })
  })
  it('when the remembered value is not a live language, then it is ignored', () => {
    expect(resolvePageLanguage('/', 'ja', live, 'xx')).toEqual({ kind: 'redirect', location: '/ja', permanent: false })
    expect(resolvePageLanguage('/', 'ja', ['en', 'ja'], 'es')).toEqual({ kind: 'redirect', location: '/ja', permanent: false })
  })
})
