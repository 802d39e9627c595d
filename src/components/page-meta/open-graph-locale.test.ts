import { describe, expect, it } from 'vitest'
import { ALL_URL_LANGUAGES } from '../../../shared/languages.ts'
import { OPEN_GRAPH_LOCALES, openGraphLocales } from './open-graph-locale.ts'

describe('Open Graph locales', () => {
  it('when any URL language is asked, then its locale is language_TERRITORY and no two languages share one', () => {
    for (const lang of ALL_URL_LANGUAGES) expect(OPEN_GRAPH_LOCALES[lang]).toMatch(/^[a-z]{2}_[A-Z]{2}$/)
    expect(new Set(Object.values(OPEN_GRAPH_LOCALES)).size).toBe(ALL_URL_LANGUAGES.length)
  })

  it('when the three Chinese variants are asked, then they name mainland, Taiwan and Hong Kong', () => {
    expect([OPEN_GRAPH_LOCALES['zh-cn'], OPEN_GRAPH_LOCALES.zh, OPEN_GRAPH_LOCALES['zh-hk']]).toEqual(['zh_CN', 'zh_TW', 'zh_HK'])
  })

  it('when a page is in Spanish, then the alternates are the other live languages, in their order', () => {
    expect(openGraphLocales('es', ['en', 'zh-cn', 'es', 'th'])).toEqual({ locale: 'es_ES', alternates: ['en_GB', 'zh_CN', 'th_TH'] })
  })
})
