import { describe, expect, it } from 'vitest'
import { pageNumbers } from './pagination.tsx'

describe('pageNumbers', () => {
  it('when there are few pages, then every one is shown', () => {
    expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4])
  })

  it('when there are many, then the first, the last and two either side of the current, with gaps', () => {
    expect(pageNumbers(8, 15)).toEqual([1, 'gap', 6, 7, 8, 9, 10, 'gap', 15])
    expect(pageNumbers(1, 15)).toEqual([1, 2, 3, 'gap', 15])
    expect(pageNumbers(15, 15)).toEqual([1, 'gap', 13, 14, 15])
  })
})
