import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'
import { WEBHOOK_MESSAGES } from '../../../shared/rules/lead-webhooks.ts'

/**
 * Where a webhook may point (docs/product.md#lead-webhooks): a public address over https. Everything a
 * request from inside our network could reach and the internet could not is refused (private, loopback,
 * link-local and cloud metadata, carrier NAT, documentation and reserved ranges, multicast, and IPv6
 * forms that embed an IPv4 address), when the URL is saved and again, after resolving, at each send.
 */
const NOT_PUBLIC = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')
}
// IPv4-mapped IPv6 (::ffff:a.b.c.d) needs no rule of its own: BlockList checks it against the IPv4 rules.

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }))

const typeOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4')
const isLoopback = (address: string) => LOOPBACK.check(address, typeOf(address))

/** Why a URL may not be called (a message key), or where to connect: one checked address, so DNS cannot change it between check and call. */
export type AddressCheck = { ok: true; url: URL; target: ResolvedAddress } | { ok: false; problem: (typeof WEBHOOK_MESSAGES)[keyof typeof WEBHOOK_MESSAGES] }

/**
 * `allowLoopback`: the test and development setting LEAD_WEBHOOK_LOOPBACK=on lets http and https reach this
 * machine's loopback (a receiver in a test); private networks stay refused and plain http stays loopback-only.
 */
export async function checkWebhookAddress(raw: string, options: { allowLoopback: boolean; resolve?: Resolver }): Promise<AddressCheck> {
  if (!URL.canParse(raw)) return { ok: false, problem: WEBHOOK_MESSAGES.url }
  const url = new URL(raw)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, problem: WEBHOOK_MESSAGES.url }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase()
  const named = host === 'localhost' || host.endsWith('.localhost')
  // Plain http only to this machine, and only with the setting: no name is looked up for anything else.
  if (url.protocol !== 'https:' && !(options.allowLoopback && (named || (isIP(host) && isLoopback(host)))))
    return { ok: false, problem: WEBHOOK_MESSAGES.https }
  let addresses: ResolvedAddress[]
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) === 6 ? 6 : 4 }]
  else if (named) addresses = [{ address: '127.0.0.1', family: 4 }]
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host)
    } catch {
      return { ok: false, problem: WEBHOOK_MESSAGES.unresolved }
    }
    if (!addresses.length) return { ok: false, problem: WEBHOOK_MESSAGES.unresolved }
  }
  const loopback = options.allowLoopback && addresses.every((entry) => isLoopback(entry.address))
  if (!loopback && addresses.some((entry) => NOT_PUBLIC.check(entry.address, typeOf(entry.address))))
    return { ok: false, problem: WEBHOOK_MESSAGES.privateAddress }
  return { ok: true, url, target: addresses[0] as ResolvedAddress }
}
