import { describe, expect, it } from 'vitest'
import { allowedEdits, deletionVariants, prefixDistance } from './fuzzy.ts'

const chars = (text: string) => [...text]
const sharesVariant = (a: string, b: string) => deletionVariants(chars(a)).some((variant) => deletionVariants(chars(b)).includes(variant))

describe('typo tolerance', () => {
  it('when a query is one edit from a name, in any position, then they share a deletion variant', () => {
    const name = 'aldmoor capital'
    for (const typo of ['xldmoor', 'aldmooor', 'ldmoor', 'ladmoor', 'aldomor', 'aldmor', 'aldmoorcapital']) expect(sharesVariant(typo, name), typo).toBe(true)
  })

  it('when the query is far from the name, then they share none', () => {
    expect(sharesVariant('zqxw', 'aldmoor')).toBe(false)
  })

  it('when measuring against a longer name, then the best prefix counts', () => {
    expect(prefixDistance(chars('aldmor'), chars('aldmoor capital'), 1)).toBe(1)
    expect(prefixDistance(chars('acem'), chars('acme markets'), 1)).toBe(1)
    expect(prefixDistance(chars('aldmoor'), chars('aldmoor capital'), 1)).toBe(0)
    expect(prefixDistance(chars('xyzmoor'), chars('aldmoor'), 1)).toBe(Number.POSITIVE_INFINITY)
  })

  it('when the query is short, then no typo is tolerated; from 8 characters, two', () => {
    expect(allowedEdits(3)).toBe(0)
    expect(allowedEdits(4)).toBe(1)
    expect(allowedEdits(8)).toBe(2)
  })
})
