import { describe, expect, it } from 'vitest'
import { shareOf } from './share.ts'

describe('shareOf', () => {
  it('when both people who answered a multiple-choice question ticked an option, then it is 100%, however many others they ticked', () => {
    // Two people each ticked "Talks" and "Networking": four choices, two people.
    expect(shareOf(2, 2)).toBe(1)
  })

  it('when one of four people chose an option, then it is a quarter', () => {
    expect(shareOf(1, 4)).toBe(0.25)
  })

  it('when nobody answered, then there is no share to show', () => {
    expect(shareOf(0, 0)).toBeNull()
  })
})
