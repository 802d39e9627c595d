import { describe, expect, it } from 'vitest'
import { dayStart } from './console-comments.ts'

describe('the day a comment block ends', () => {
  it('when a day is written YYYY-MM-DD, then it starts at 00:00 UTC; a day that does not exist or another shape is refused', () => {
    expect(dayStart('2028-02-29')?.toISOString()).toBe('2028-02-29T00:00:00.000Z')
    for (const bad of ['2027-02-29', '2027-02-30', '2027-13-01', '2027-1-1', '27-01-01', '2027-01-01T00:00', ' 2027-01-01', 'tomorrow', '']) {
      expect(dayStart(bad), bad).toBeNull()
    }
  })
})
