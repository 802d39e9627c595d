import { describe, expect, it } from 'vitest'
import { shouldPrefetch } from './prefetch.ts'

describe('shouldPrefetch (docs/product.md#limits)', () => {
  it('when online on a 4G connection, then prefetch', () => {
    expect(shouldPrefetch({ effectiveType: '4g' }, true)).toBe(true)
    expect(shouldPrefetch(undefined, true)).toBe(true)
  })
  it('when on 2G or slow-2G, then not', () => {
    expect(shouldPrefetch({ effectiveType: '2g' }, true)).toBe(false)
    expect(shouldPrefetch({ effectiveType: 'slow-2g' }, true)).toBe(false)
  })
  it('when 3G, then prefetch', () => {
    expect(shouldPrefetch({ effectiveType: '3g' }, true)).toBe(true)
  })
  it('when the visitor asked to save data, then not', () => {
    expect(shouldPrefetch({ saveData: true, effectiveType: '4g' }, true)).toBe(false)
  })
  it('when offline, then not', () => {
    expect(shouldPrefetch({ effectiveType: '4g' }, false)).toBe(false)
  })
})
