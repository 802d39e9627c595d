import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { generateBrokers, traderCodeOf } from './demo-brokers.ts'
import { logoSvg } from './demo-logos.ts'
import { demoBrokers } from './seed.ts'
import { tierFunction } from './search-index.repo.ts'

const PUBLIC = fileURLToPath(new URL('../../../public', import.meta.url))

describe('demo brokers', () => {
  it('when the demo directory is generated twice, then it is the same 300 brokers with unique names and codes', () => {
    const brokers = demoBrokers()
    expect(brokers).toHaveLength(300)
    expect(demoBrokers()).toEqual(brokers)
    expect(new Set(brokers.map((broker) => broker.nameEn)).size).toBe(300)
    expect(new Set(brokers.map((broker) => broker.code)).size).toBe(300)
    const codes = brokers.map((broker) => broker.traderCode).filter(Boolean)
    expect(new Set(codes).size).toBe(codes.length)
  })

  it('when the demo directory is seeded, then every logo it names exists in public/ and matches its generator', async () => {
    const { readFileSync } = await import('node:fs')
    for (const broker of demoBrokers()) {
      const file = `${PUBLIC}${broker.logo}`
      expect(existsSync(file), file).toBe(true)
      expect(readFileSync(file, 'utf8')).toBe(logoSvg(broker))
    }
  })

  it('when the benchmark directory is generated, then 100,000 brokers have unique profile codes', () => {
    const brokers = generateBrokers({ count: 100_000, seed: 7 })
    expect(new Set(brokers.map((broker) => broker.traderCode ?? broker.code)).size).toBe(100_000)
    expect(new Set(brokers.map((broker) => broker.nameEn)).size).toBe(100_000)
    expect(traderCodeOf(0)).toMatch(/^\d{10}$/)
    // A check of the data, not of speed: generating 100,000 rows took 11 s on a loaded machine.
  }, 60_000)

  it('when tiers are computed in bulk, then they hold the top 1,000, the next 9,000, the next 90,000 and the rest, as refreshTiers does', () => {
    const popularity = Array.from({ length: 110_000 }, (_, index) => 110_000 - index)
    const tier = tierFunction(popularity)
    const sizes = [0, 1, 2, 3].map((wanted) => popularity.filter((value) => tier(value) === wanted).length)
    expect(sizes).toEqual([1_000, 9_000, 90_000, 10_000])
  })

  it('when popularities tie across a tier boundary, then the tied brokers share the better tier (rank() in refreshTiers)', () => {
    const popularity = [...Array.from({ length: 999 }, (_, index) => 10_000 - index), 5, 5, 5, 1]
    const tier = tierFunction(popularity)
    expect(tier(5)).toBe(0)
    expect(tier(1)).toBe(1)
  })

  it('when the directory is small, then every broker is in the top tier', () => {
    const tier = tierFunction([300, 200, 100])
    expect([300, 200, 100].map(tier)).toEqual([0, 0, 0])
  })
})
