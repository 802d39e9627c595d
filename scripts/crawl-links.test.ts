import { describe, expect, it } from 'vitest'
import { pageType } from './crawl-links.ts'

const typeOf = (address: string) => pageType(new URL(address, 'http://site.test'))

describe('pageType', () => {
  it('when two addresses differ only in language, id or query values, then they are one type', () => {
    expect(typeOf('/zh/dealer/0085945571.html')).toBe(typeOf('/en/dealer/0202056867.html'))
    expect(typeOf('/en/exhibition/7')).toBe(typeOf('/ja/exhibition/40'))
    expect(typeOf('/en/video.html?v=3&page=2')).toBe(typeOf('/vi/video.html?page=5&v=12'))
    expect(typeOf('/en/video.html?v=3&page=2')).toBe('video.html?page&v')
  })

  it('when the path or the query names differ, then the types differ', () => {
    expect(typeOf('/en/backDetail/3')).not.toBe(typeOf('/en/backDetail/3.ics'))
    expect(typeOf('/en/legal/terms.html')).not.toBe(typeOf('/en/legal/privacy.html'))
    expect(typeOf('/en/trader.html')).not.toBe(typeOf('/en/trader.html?page=2'))
    expect(typeOf('/en')).toBe('')
  })
})
