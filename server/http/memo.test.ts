import { describe, expect, it } from 'vitest'
import { memoize } from './memo.ts'

describe('memoize', () => {
  it('when an argument comes back, then the answer is not computed again', () => {
    let calls = 0
    const length = memoize(10, (text) => {
      calls++
      return text.length
    })
    expect([length('ab'), length('ab'), length('abc')]).toEqual([2, 2, 3])
    expect(calls).toBe(2)
  })

  it('when more arguments pass than it holds, then the least recently used are computed again and the recent ones are not', () => {
    const computed: string[] = []
    const same = memoize(3, (text) => {
      computed.push(text)
      return text
    })
    for (const text of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) same(text)
    same('a')
    // 'f' and 'g' are recent; 'a' was dropped after two generations.
    same('g')
    same('f')
    expect(computed).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'a'])
  })
})
