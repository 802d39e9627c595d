import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { extentOf, metresText, normaliseBoothNumber, overlaps, parseMetres, placementProblem, publicStateOf } from './floor-plans.ts'

const hall = { width: 300, depth: 200 }
const booth = (x: number, y: number, w = 30, h = 30) => ({ x, y, w, h })

describe('placementProblem', () => {
  it('when booths stand side by side or back to back, then they fit', () => {
    expect(placementProblem(booth(30, 0), hall, [booth(0, 0), booth(60, 0), booth(30, 30)])).toBeNull()
  })

  it('when a booth shares floor with another, then it overlaps (a corner too)', () => {
    expect(placementProblem(booth(29, 0), hall, [booth(0, 0)])).toEqual({ field: 'x', code: 'console:errors.boothOverlap' })
    expect(placementProblem(booth(29, 29), hall, [booth(0, 0)])).toEqual({ field: 'x', code: 'console:errors.boothOverlap' })
    expect(placementProblem(booth(10, 10, 5, 5), hall, [booth(0, 0)])).toEqual({ field: 'x', code: 'console:errors.boothOverlap' })
  })

  it('when a booth reaches past the hall, then the side it passes is named', () => {
    expect(placementProblem(booth(271, 0), hall, [])).toEqual({ field: 'x', code: 'console:errors.boothOutsideWidth' })
    expect(placementProblem(booth(0, 171), hall, [])).toEqual({ field: 'y', code: 'console:errors.boothOutsideDepth' })
    expect(placementProblem(booth(270, 170), hall, [])).toBeNull()
  })

  it('when any two rectangles are compared, then overlapping is symmetric and a rectangle overlaps itself', () => {
    const rect = fc.record({ x: fc.nat(100), y: fc.nat(100), w: fc.integer({ min: 1, max: 50 }), h: fc.integer({ min: 1, max: 50 }) })
    fc.assert(fc.property(rect, rect, (a, b) => overlaps(a, b) === overlaps(b, a) && overlaps(a, a)))
  })
})

describe('metres and numbers', () => {
  it('when metres are typed, then they are read to the decimetre and written back the same', () => {
    expect(parseMetres('3')).toBe(30)
    expect(parseMetres('2.5')).toBe(25)
    expect(parseMetres('2,5')).toBe(25)
    expect(parseMetres('３．５')).toBe(35)
    for (const wrong of ['', '-1', '2.55', '3m', '1e2', '12345']) expect(parseMetres(wrong), wrong).toBeNull()
    expect(metresText(25)).toBe('2.5')
    expect(metresText(30)).toBe('3')
  })

  it('when a booth number is typed in lower case or full width, then it is stored in capitals', () => {
    expect(normaliseBoothNumber(' b12 ')).toBe('B12')
    expect(normaliseBoothNumber('Ｂ１２')).toBe('B12')
  })

  it('when a hall holds booths, then it shrinks only to their extent', () => {
    expect(extentOf([booth(0, 0), booth(240, 100)])).toEqual({ width: 270, depth: 130 })
    expect(extentOf([])).toEqual({ width: 0, depth: 0 })
  })

  it('when visitors are told of a booth, then held and sold both read as taken', () => {
    expect(['available', 'held', 'sold', 'blocked'].map((state) => publicStateOf(state as 'sold'))).toEqual(['free', 'taken', 'taken', 'blocked'])
  })
})
