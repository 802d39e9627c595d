import { describe, expect, it } from 'vitest'
import { optimisticFollow } from './use-follow.ts'

describe('optimisticFollow', () => {
  it('when a visitor follows, then the state shows it with one follower more', () => {
    expect(optimisticFollow({ kind: 'broker', id: 'B1', following: false, followers: 4 }, true, 'broker', 'B1')).toEqual({
      kind: 'broker',
      id: 'B1',
      following: true,
      followers: 5,
    })
  })

  it('when a visitor unfollows, then one follower less, never below zero', () => {
    expect(optimisticFollow({ kind: 'exhibition', id: '3', following: true, followers: 1 }, false, 'exhibition', '3').followers).toBe(0)
    expect(optimisticFollow({ kind: 'exhibition', id: '3', following: true, followers: 0 }, false, 'exhibition', '3').followers).toBe(0)
  })

  it('when the state is already what was asked or not read yet, then the count does not drift', () => {
    const state = { kind: 'broker' as const, id: 'B1', following: true, followers: 7 }
    expect(optimisticFollow(state, true, 'broker', 'B1')).toBe(state)
    expect(optimisticFollow(null, true, 'broker', 'B1')).toEqual({ kind: 'broker', id: 'B1', following: true, followers: 1 })
  })
})
