import { describe, expect, it } from 'vitest'
import { ALL_URL_LANGUAGES } from '../../src/i18n/languages.ts'
import { resolvePageLanguage } from './language.ts'

const live = [...ALL_URL_LANGUAGES]

describe('resolvePageLanguage (docs/product.md#language-resolution)', () => {
  it('when the URL language is live, then it is used', () => {
    expect(resolvePageLanguage('/ja/about.html', 'en', live)).toEqual({ kind: 'ok', lang: 'ja' })
  })
  it('when the path is /, then it goes to the browser language home with the query kept', () => {
    expect(resolvePageLanguage('/?a=1', 'zh-CN', live)).toEqual({ kind: 'redirect', location: '/zh-cn?a=1' })
    expect(resolvePageLanguage('/', undefined, live)).toEqual({ kind: 'redirect', location: '/en' })
  })
  it('when the URL language is unsupported, then the same path gets the chosen language', () => {
    expect(resolvePageLanguage('/fr/about.html?x=1&y=2', 'de, ru;q=0.5', live)).toEqual({ kind: 'redirect', location: '/ru/about.html?x=1&y=2' })
    expect(resolvePageLanguage('/de', 'fr', live)).toEqual({ kind: 'redirect', location: '/en' })
  })
  it('when the URL language differs only in case, then it is normalised', () => {
    expect(resolvePageLanguage('/zh-CN/video.html', 'en', live)).toEqual({ kind: 'redirect', location: '/zh-cn/video.html' })
  })
  it('when there is no language segment, then the chosen one is prefixed', () => {
    expect(resolvePageLanguage('/about.html?q=1', 'ja', live)).toEqual({ kind: 'redirect', location: '/ja/about.html?q=1' })
  })
  it('when a language is configured off, then its URLs redirect', () => {
    expect(resolvePageLanguage('/ja/about.html', 'ja', ['en', 'zh-cn', 'zh'])).toEqual({ kind: 'redirect', location: '/en/about.html' })
  })
  it('when the path starts with several slashes, then the redirect stays on this site', () => {
    const decision = resolvePageLanguage('//evil.example/x', 'en', live)
    expect(decision).toEqual({ kind: 'redirect', location: '/en/evil.example/x' })
  })
})
