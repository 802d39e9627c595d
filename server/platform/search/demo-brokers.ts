import { KINDS, MIDDLES, type Part, REGIONS, ROOTS, SUFFIXES } from './demo-names.ts'

/**
 * Fictional brokers for the demo directory (300, seeded) and the benchmark directory (100,000):
 * deterministic for a given seed, with names in English, Simplified and Traditional Chinese,
 * aliases, codes, labels, ratings, licences and warnings in plausible proportions.
 */

export type LabelKey = 'regulated' | 'offshore' | 'unregulated' | 'clone' | 'revoked' | 'unverified'
export type LicenceType = 'marketMaking' | 'straightThrough' | 'retailForex' | 'investmentAdvisory' | 'commonBusiness'
export type LicenceStatus = 'regulated' | 'offshore' | 'exceeded' | 'revoked' | 'clone'
export type WarningKind = 'clone' | 'revoked' | 'unregulated' | 'complaints' | 'highLeverage' | 'suspiciousWebsite'

export interface BrokerInput {
  code: string
  traderCode: string | null
  nameEn: string
  nameHans: string
  nameHant: string
  aliases: string[]
  logo: string | null
  label: LabelKey
  rating: number | null
  country: string | null
  founded: number | null
  website: string | null
  popularity: number
  licences: Array<{ regulator: string; licenceNo: string; licenceType: LicenceType; status: LicenceStatus }>
  warnings: Array<{ kind: WarningKind; notedOn: string }>
}

/** mulberry32: small, fast and good enough for demo data. */
export function prng(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T

const TOP_REGULATORS = ['FCA', 'ASIC', 'CYSEC', 'SFC', 'MAS', 'FSA', 'NFA', 'DFSA', 'FSCA', 'FMA', 'FINMA', 'BAFIN'] as const
const OFFSHORE_REGULATORS = ['VFSC', 'FSA-SC', 'FSC-MU', 'FSC-BZ', 'LFSA'] as const
const COUNTRY_OF: Record<string, string> = {
  FCA: 'GB',
  ASIC: 'AU',
  CYSEC: 'CY',
  SFC: 'HK',
  MAS: 'SG',
  FSA: 'JP',
  NFA: 'US',
  DFSA: 'AE',
  FSCA: 'ZA',
  FMA: 'NZ',
  FINMA: 'CH',
  BAFIN: 'DE',
  VFSC: 'VU',
  'FSA-SC': 'SC',
  'FSC-MU': 'MU',
  'FSC-BZ': 'BZ',
  LFSA: 'MY',
}
const LICENCE_TYPES: readonly LicenceType[] = ['marketMaking', 'straightThrough', 'retailForex', 'investmentAdvisory', 'commonBusiness']

/** A 10-digit profile code, unique per index (a bijection modulo 10^10). */
export function traderCodeOf(index: number): string {
  return String((BigInt(index + 1) * 2654435761n) % 10_000_000_000n).padStart(10, '0')
}

export function brokerCodeOf(index: number): string {
  return `B${String(index + 1).padStart(6, '0')}`
}

function labelFor(random: () => number): LabelKey {
  const roll = random()
  if (roll < 0.45) return 'regulated'
  if (roll < 0.65) return 'offshore'
  if (roll < 0.78) return 'unregulated'
  if (roll < 0.84) return 'clone'
  if (roll < 0.9) return 'revoked'
  return 'unverified'
}

const round1 = (value: number) => Math.round(value * 10) / 10

function ratingFor(label: LabelKey, random: () => number): number | null {
  switch (label) {
    case 'regulated':
      return round1(6.5 + random() * 3.1)
    case 'offshore':
      return round1(4 + random() * 3)
    case 'unregulated':
      return round1(1 + random() * 2.5)
    case 'clone':
      return round1(0.8 + random() * 1.2)
    case 'revoked':
      return round1(1 + random() * 2)
    default:
      return null
  }
}

function isoDay(random: () => number): string {
  const start = Date.UTC(2021, 0, 1)
  return new Date(start + Math.floor(random() * 1600) * 86_400_000).toISOString().slice(0, 10)
}

function licencesFor(label: LabelKey, random: () => number): BrokerInput['licences'] {
  const licence = (regulator: string, status: LicenceStatus) => ({
    regulator,
    licenceNo: `${Math.floor(100000 + random() * 899999)}`,
    licenceType: pick(random, LICENCE_TYPES),
    status,
  })
  switch (label) {
    case 'regulated': {
      const count = 1 + Math.floor(random() * 3)
      const chosen = new Set<string>()
      while (chosen.size < count) chosen.add(pick(random, TOP_REGULATORS))
      const licences = [...chosen].map((regulator) => licence(regulator, 'regulated'))
      if (random() < 0.3) licences.push(licence(pick(random, OFFSHORE_REGULATORS), 'offshore'))
      return licences
    }
    case 'offshore':
      return [licence(pick(random, OFFSHORE_REGULATORS), 'offshore')]
    case 'clone':
      return [licence(pick(random, TOP_REGULATORS), 'clone')]
    case 'revoked':
      return [licence(pick(random, TOP_REGULATORS), 'revoked')]
    default:
      return []
  }
}

function warningsFor(label: LabelKey, random: () => number): BrokerInput['warnings'] {
  const warning = (kind: WarningKind) => ({ kind, notedOn: isoDay(random) })
  switch (label) {
    case 'clone':
      return [warning('clone'), warning('suspiciousWebsite')]
    case 'revoked':
      return [warning('revoked')]
    case 'unregulated':
      return random() < 0.5 ? [warning('unregulated'), warning('highLeverage')] : [warning('unregulated')]
    case 'offshore':
      return random() < 0.3 ? [warning('highLeverage')] : []
    case 'regulated':
      return random() < 0.05 ? [warning('complaints')] : []
    default:
      return []
  }
}

const join = (parts: readonly Part[], index: 0 | 1 | 2) => parts.map((part) => part[index]).join(index === 0 ? ' ' : '')

/** Root, optional middle word, kind of firm, optional region and legal suffix. */
function nameParts(random: () => number): { parts: Part[]; kind: Part } {
  const parts: Part[] = [pick(random, ROOTS)]
  if (random() < 0.45) parts.push(pick(random, MIDDLES))
  const kind = pick(random, KINDS)
  parts.push(kind)
  if (random() < 0.25) parts.push(pick(random, REGIONS))
  if (random() < 0.55) parts.push(pick(random, SUFFIXES))
  return { parts, kind }
}

function acronym(parts: readonly Part[]): string {
  return parts
    .flatMap((part) => part[0].split(' '))
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase()
}

export interface GenerateOptions {
  count: number
  seed?: number
  /** Logo address of the i-th broker; null for none. */
  logo?: (code: string, index: number) => string | null
}

/** Popularity follows a Zipf-like law over a shuffled order: a few brokers are searched a lot. */
export function generateBrokers(options: GenerateOptions): BrokerInput[] {
  const random = prng(options.seed ?? 2019)
  const order = Array.from({ length: options.count }, (_, index) => index)
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1))
    ;[order[index], order[other]] = [order[other] as number, order[index] as number]
  }
  const seen = new Set<string>()
  const brokers: BrokerInput[] = []
  for (let index = 0; index < options.count; index += 1) {
    // Names are unique within a directory: draw again on a repeat.
    let { parts, kind } = nameParts(random)
    let nameEn = join(parts, 0)
    for (let attempt = 0; seen.has(nameEn) && attempt < 50; attempt += 1) {
      ;({ parts, kind } = nameParts(random))
      nameEn = join(parts, 0)
    }
    if (seen.has(nameEn)) {
      // Directories of 100,000 run out of fresh combinations now and then; a numbered entity is realistic.
      const region = pick(random, REGIONS)
      parts = [...parts, [`${region[0]} ${index}`, `${region[1]}${index}`, `${region[2]}${index}`]]
      nameEn = join(parts, 0)
    }
    seen.add(nameEn)
    const label = labelFor(random)
    const code = brokerCodeOf(index)
    const root = parts[0] as Part
    const aliases: string[] = []
    // The short form people use ("Aldmoor Capital" for "Aldmoor Silver Capital Ltd") and the initials.
    if (parts.length > 2) aliases.push(`${root[0]} ${kind[0]}`)
    const initials = acronym(parts.slice(0, 3))
    if (initials.length >= 2 && random() < 0.6) aliases.push(initials)
    const licences = licencesFor(label, random)
    const slug = root[0].toLowerCase()
    const rank = (order[index] as number) + 1
    brokers.push({
      code,
      traderCode: label === 'unverified' ? null : traderCodeOf(index),
      nameEn,
      nameHans: join(parts, 1),
      nameHant: join(parts, 2),
      aliases: [...new Set(aliases)].filter((alias) => alias !== nameEn),
      logo: options.logo ? options.logo(code, index) : null,
      label,
      rating: ratingFor(label, random),
      country: licences[0] ? (COUNTRY_OF[licences[0].regulator] ?? null) : pick(random, ['VC', 'MH', 'KY', 'BS', null]),
      founded: label === 'unverified' ? null : 1995 + Math.floor(random() * 30),
      website: label === 'unverified' ? null : `https://www.${slug}${index}.example`,
      popularity: Math.max(1, Math.round(1_000_000 / rank ** 0.9)),
      licences,
      warnings: warningsFor(label, random),
    })
  }
  return brokers
}
