import { describe, expect, it } from 'vitest'
import { createPassCounter } from './china-pass.ts'

describe('China notice pass (docs/product.md#china-notice)', () => {
  it('when five clicks come within 30 s, then the fifth passes', () => {
    const counter = createPassCounter()
    const results = [0, 1000, 2000, 3000, 29_999].map((time) => counter.click(time))
    expect(results).toEqual([false, false, false, false, true])
  })
  it('when the fifth click comes 30 s or more after the first, then the count has started over', () => {
    const counter = createPassCounter()
    for (const time of [0, 1000, 2000, 3000]) counter.click(time)
    expect(counter.click(30_000)).toBe(false)
    expect(counter.count).toBe(1)
  })
  it('when four clicks, a pause and five quick clicks, then the later five pass', () => {
    const counter = createPassCounter()
    for (const time of [0, 1, 2, 3]) counter.click(time)
    const later = [40_000, 40_100, 40_200, 40_300, 40_400].map((time) => counter.click(time))
    expect(later.at(-1)).toBe(true)
  })
})
