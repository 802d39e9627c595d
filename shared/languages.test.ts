import { describe, expect, it } from 'vitest'
import { ALL_URL_LANGUAGES, contentFallbackChain, languageFromAcceptLanguage, urlLanguageForTag } from './languages.ts'

const live = [...ALL_URL_LANGUAGES]

describe('languageFromAcceptLanguage (docs/product.md#language-resolution)', () => {
  it.each([
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh-cn'],
    ['zh-TW,zh;q=0.9', 'zh'],
    ['zh-Hant-TW', 'zh'],
    ['zh-HK', 'zh-hk'],
    ['zh', 'zh-cn'],
    ['ja-JP,ja;q=0.9', 'ja'],
    ['pt-BR', 'pt'],
    ['tl-PH', 'fil'],
    ['in-ID', 'id'],
    ['fr-FR,fr;q=0.9,es;q=0.5', 'es'],
    ['de;q=1,en;q=0.1', 'en'],
  ])('when accept-language is %s, then %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header, live)).toBe(expected)
  })

  it('when q-values reorder the list, then the highest acceptable wins', () => {
    expect(languageFromAcceptLanguage('en;q=0.2, ru;q=0.8', live)).toBe('ru')
  })

  it('when a language has q=0, then it is not acceptable', () => {
    expect(languageFromAcceptLanguage('ru;q=0, de', live)).toBeUndefined()
  })

  it('when nothing matches or the header is missing or garbage, then undefined', () => {
    expect(languageFromAcceptLanguage('de-DE,fr', live)).toBeUndefined()
    expect(languageFromAcceptLanguage(undefined, live)).toBeUndefined()
    expect(languageFromAcceptLanguage(';;;,,,*', live)).toBeUndefined()
  })

  it('when a language is not live, then it is skipped', () => {
    expect(languageFromAcceptLanguage('ja,en', ['en', 'zh-cn', 'zh'])).toBe('en')
    expect(urlLanguageForTag('zh-HK', ['en', 'zh-cn', 'zh'])).toBe('zh')
  })
})

describe('contentFallbackChain (docs/product.md#content-fallback)', () => {
  it('when the locale is zh-hk, then zh-tw, zh-cn and en follow', () => {
    expect(contentFallbackChain('zh-hk')).toEqual(['zh-hk', 'zh-tw', 'zh-cn', 'en'])
  })
  it('when the locale is another, then English follows', () => {
    expect(contentFallbackChain('th')).toEqual(['th', 'en'])
    expect(contentFallbackChain('en')).toEqual(['en'])
  })
})
