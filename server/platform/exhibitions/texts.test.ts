import { describe, expect, it } from 'vitest'
import { fellBackTo, pickTexts } from './texts.ts'

describe('texts along the fallback chain (docs/product.md#content-fallback)', () => {
  const texts = { en: { title: 'Dubai' }, 'zh-cn': { title: '迪拜' }, 'zh-tw': { title: '杜拜' } }

  it('when the language has texts, then they are used and nothing fell back', () => {
    expect(pickTexts(texts, 'zh-tw')).toEqual({ texts: { title: '杜拜' }, locale: 'zh-tw' })
    expect(fellBackTo('zh-tw', 'zh-tw')).toBeNull()
  })

  it('when Hong Kong Chinese is missing, then Traditional Chinese comes next, then Simplified, then English', () => {
    expect(pickTexts(texts, 'zh-hk')?.locale).toBe('zh-tw')
    expect(pickTexts({ en: texts.en, 'zh-cn': texts['zh-cn'] }, 'zh-hk')?.locale).toBe('zh-cn')
    expect(pickTexts({ en: texts.en }, 'zh-hk')?.locale).toBe('en')
    expect(fellBackTo('zh-hk', 'zh-cn')).toBe('zh-cn')
  })

  it('when any other language is missing, then English, never another language', () => {
    expect(pickTexts({ en: texts.en, ja: { title: 'ドバイ' } }, 'th')).toEqual({ texts: { title: 'Dubai' }, locale: 'en' })
    expect(pickTexts({ 'zh-cn': texts['zh-cn'] }, 'ja')).toBeNull()
    expect(pickTexts(null, 'en')).toBeNull()
  })
})
