import { isWithinDomain } from './normalise/email.ts'
import type { ParsedQuery } from './normalise/query.ts'
import { compact } from './normalise/text.ts'

/** One of our public channels (or a configured public address), as look-alike checks need it. */
export interface Reference {
  kind: string
  key: string
  display: string
}

/**
 * How a non-official value imitates one of our public channels:
 *  - characters: the same when look-alike characters, separators, case and accents are ignored
 *    ("c0ntact@aurum-expo.example", "@aurum_expo", Cyrillic "а");
 *  - domain: an address at another domain that carries our name ("aurum-expo.com", "aurumexpo-support.net");
 *  - name: our name in an account or mailbox of another service ("aurumexpo.support@gmail.com", "@aurumexpo_official");
 *  - poisoning: a USDT address that begins and ends like ours, the "address poisoning" trick.
 */
export interface Lookalike {
  reason: 'characters' | 'domain' | 'name' | 'poisoning'
  /** Our public channel it imitates, when one is clearly meant. */
  resembles: string | null
}

/** Names shorter than this are too common to warn about. */
const MIN_CORE = 5
/** Second-level labels under which a country code registers names (aurum-expo.co.uk, aurum-expo.com.cn). */
const GENERIC_SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'or', 'ne', 'go', 'biz', 'info'])

export interface ReferenceSet {
  emails: Array<Reference & { local: string; domain: string }>
  /** Our official e-mail domains (every registered address counts, public or not, for "is it our domain"). */
  ownDomains: string[]
  chats: Reference[]
  usdt: Reference[]
  /** Our names, compacted: the brand and the names in our public domains and accounts. */
  cores: string[]
}

/** The name in a domain, without its public suffix: aurum-expo.example -> aurum-expo, aurum-expo.co.uk -> aurum-expo. */
export function domainName(domain: string): string {
  const labels = domain.split('.')
  if (labels.length >= 3 && GENERIC_SECOND_LEVEL.has(labels.at(-2) ?? '')) return labels.at(-3) ?? ''
  return labels.at(-2) ?? labels[0] ?? ''
}

export function buildReferences(brandName: string, references: Reference[], ownEmailDomains: string[]): ReferenceSet {
  const emails = references
    .filter((reference) => reference.kind === 'email')
    .map((reference) => {
      const at = reference.key.lastIndexOf('@')
      return { ...reference, local: reference.key.slice(0, at), domain: reference.key.slice(at + 1) }
    })
  const chats = references.filter((reference) => ['telegram', 'x', 'line', 'wechat'].includes(reference.kind))
  const usdt = references.filter((reference) => reference.kind === 'usdtTrc20' || reference.kind === 'usdtErc20')
  const cores = new Set<string>()
  for (const name of [brandName, ...emails.map((email) => domainName(email.domain)), ...chats.map((chat) => chat.key)]) {
    const core = compact(name)
    if (core.length >= MIN_CORE) cores.add(core)
  }
  return { emails, ownDomains: [...new Set([...ownEmailDomains, ...emails.map((email) => email.domain)])], chats, usdt, cores: [...cores] }
}

const containsCore = (text: string, cores: string[]) => {
  const value = compact(text)
  return cores.some((core) => value.includes(core))
}

function emailLookalike(query: Extract<ParsedQuery, { type: 'email' }>, references: ReferenceSet): Lookalike | null {
  const whole = compact(`${query.local}@${query.domainUnicode}`)
  const sameLooking = references.emails.find((email) => compact(`${email.local}@${email.domain}`) === whole)
  if (sameLooking) return { reason: 'characters', resembles: sameLooking.display }
  // At one of our own domains it is not an imitation of our domain, only an address we do not use.
  if (!query.tainted && references.ownDomains.some((domain) => isWithinDomain(query.domainAscii, domain))) return null
  const domain = compact(query.domainUnicode)
  const sameDomain = references.emails.find((email) => compact(email.domain) === domain)
  if (sameDomain) return { reason: 'characters', resembles: preferLocal(references, sameDomain.domain, query.local) }
  const namedDomain = references.emails.find(
    (email) => domain.includes(compact(domainName(email.domain))) && compact(domainName(email.domain)).length >= MIN_CORE,
  )
  if (namedDomain || containsCore(query.domainUnicode, references.cores)) {
    return { reason: 'domain', resembles: namedDomain ? preferLocal(references, namedDomain.domain, query.local) : (references.emails[0]?.display ?? null) }
  }
  if (containsCore(query.local, references.cores)) return { reason: 'name', resembles: references.emails[0]?.display ?? null }
  return null
}

/** Our address at `domain` with the same mailbox name if there is one ("sales@" for "sales@aurum-expo.com"). */
function preferLocal(references: ReferenceSet, domain: string, local: string): string | null {
  const atDomain = references.emails.filter((email) => email.domain === domain)
  return (atDomain.find((email) => compact(email.local) === compact(local)) ?? atDomain[0])?.display ?? null
}

function chatLookalike(query: Extract<ParsedQuery, { type: 'chat' }>, references: ReferenceSet): Lookalike | null {
  if (query.service === 'whatsapp') return null
  const candidates = references.chats.filter((chat) => !query.service || chat.kind === query.service)
  const value = compact(query.key)
  const same = candidates.find((chat) => compact(chat.key) === value) ?? references.chats.find((chat) => compact(chat.key) === value)
  if (same) return { reason: 'characters', resembles: same.display }
  if (references.cores.some((core) => value.includes(core))) return { reason: 'name', resembles: (candidates[0] ?? references.chats[0])?.display ?? null }
  return null
}

/** Address poisoning: the same first four and last four characters after the network prefix. */
function usdtLookalike(query: Extract<ParsedQuery, { type: 'usdtTrc20' | 'usdtErc20' }>, references: ReferenceSet): Lookalike | null {
  const prefix = query.type === 'usdtTrc20' ? 1 : 2
  const edges = (address: string) => {
    const value = query.type === 'usdtErc20' ? address.toLowerCase() : address
    return `${value.slice(prefix, prefix + 4)}…${value.slice(-4)}`
  }
  const shown = edges(query.display)
  const match = references.usdt.find((address) => address.kind === query.type && address.key !== query.key && edges(address.display) === shown)
  return match ? { reason: 'poisoning', resembles: match.display } : null
}

/** Whether a non-official value imitates one of our public channels; null when it does not. */
export function findLookalike(query: ParsedQuery, references: ReferenceSet): Lookalike | null {
  switch (query.type) {
    case 'email':
      return emailLookalike(query, references)
    case 'chat':
      return chatLookalike(query, references)
    case 'usdtTrc20':
    case 'usdtErc20':
      return usdtLookalike(query, references)
    case 'phone':
      return null
  }
}
