import { describe, expect, it } from 'vitest'
import { loadPages, pageHref, pageWindow, parsePage } from './paging.ts'

describe('parsePage', () => {
  it('when the value is a page number, then that number', () => {
    expect(parsePage('3')).toBe(3)
    expect(parsePage('1000')).toBe(1000)
  })
  it('when the value is missing, zero, too large, negative or not a number, then page 1', () => {
    for (const value of [null, undefined, '', '0', '1001', '-2', '2.5', 'two', '1e3', ' 3']) expect(parsePage(value), String(value)).toBe(1)
  })
})

describe('pageWindow', () => {
  it('when the page is within the limit, then from page 1', () => {
    expect(pageWindow(4, 10)).toEqual({ first: 1, last: 4 })
  })
  it('when the page is past the limit, then only the last pages', () => {
    expect(pageWindow(15, 10)).toEqual({ first: 6, last: 15 })
  })
})

const answer = (page: number, pages: number) => ({ items: [`item-${page}`], total: pages, hasMore: page < pages })

describe('loadPages', () => {
  it('when every page loads, then the items in page order and the last page says whether there is more', async () => {
    const result = await loadPages(1, 3, async (page) => answer(page, 5))
    expect(result).toEqual({ items: ['item-1', 'item-2', 'item-3'], total: 5, hasMore: true, first: 1, last: 3, error: null })
  })

  it('when the pages run out before the last asked, then it stops there with no more', async () => {
    const result = await loadPages(1, 4, async (page) => (page <= 2 ? answer(page, 2) : { items: [], total: 2, hasMore: false }))
    expect(result).toEqual({ items: ['item-1', 'item-2'], total: 2, hasMore: false, first: 1, last: 2, error: null })
  })

  it('when a later page fails, then the pages before it stay and the error code is kept', async () => {
    const result = await loadPages(1, 3, async (page) => {
      if (page === 3) throw Object.assign(new Error('x'), { code: 'errors.network' })
      return answer(page, 9)
    })
    expect(result).toEqual({ items: ['item-1', 'item-2'], total: 9, hasMore: true, first: 1, last: 2, error: 'errors.network' })
  })

  it('when the first page fails with something that is not a gateway error, then the unexpected error', async () => {
    const result = await loadPages(1, 1, async () => {
      throw new TypeError('boom')
    })
    expect(result.error).toBe('errors.unexpected')
    expect(result.items).toEqual([])
  })
})

describe('pageHref', () => {
  it('when paging, then the other parameters stay and page 1 has no parameter', () => {
    expect(pageHref('?tag=awards&page=2', 3)).toBe('?tag=awards&page=3')
    expect(pageHref('?tag=awards&page=2', 1)).toBe('?tag=awards')
    expect(pageHref('', 1)).toBe('?')
  })
})
