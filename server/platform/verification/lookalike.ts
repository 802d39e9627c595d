import { domainToUnicode } from 'node:url'
import { parse } from 'tldts'
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
 *  - poisoning: a USDT address that begins and ends like ours, the "address poisoning" trick;
 *  - typo: a domain one letter away from ours (added, left out, changed or two swapped: "aurum-expoo.com").
 */
export interface Lookalike {
  reason: 'characters' | 'domain' | 'name' | 'poisoning' | 'typo'
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
  /** Our registered web domains (registrable, ASCII keys). */
  domains: Reference[]
  apps: Reference[]
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
  // Invite codes are no names: nothing imitates them by resemblance.
  const chats = references.filter((reference) => HANDLE_KINDS.has(reference.kind) && !/^(?:\+|invite:)/.test(reference.key))
  const usdt = references.filter((reference) => reference.kind === 'usdtTrc20' || reference.kind === 'usdtErc20')
  const domains = references.filter((reference) => reference.kind === 'domain')
  const apps = references.filter((reference) => reference.kind === 'app')
  const cores = new Set<string>()
  const names = [
    brandName,
    ...emails.map((email) => domainName(email.domain)),
    ...chats.map((chat) => chat.key),
    ...domains.map((domain) => webName(domain.key)),
  ]
  for (const name of names) {
    const core = compact(name)
    if (core.length >= MIN_CORE) cores.add(core)
  }
  return {
    emails,
    ownDomains: [...new Set([...ownEmailDomains, ...emails.map((email) => email.domain)])],
    chats,
    usdt,
    domains,
    apps,
    cores: [...cores],
  }
}

const HANDLE_KINDS = new Set(['telegram', 'x', 'line', 'wechat', 'instagram', 'facebook', 'youtube', 'tiktok'])

/** A registrable domain's name without its public suffix, in Unicode: "aurum-expo" of "aurum-expo.co.uk". */
function webName(domain: string): string {
  return domainToUnicode(parse(domain, { allowPrivateDomains: true }).domainWithoutSuffix ?? domain)
}

/** One edit apart: a letter added, left out or changed, or two neighbours swapped (Damerau). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  let start = 0
  while (start < short.length && short[start] === long[start]) start++
  if (short.length !== long.length) return short.slice(start) === long.slice(start + 1)
  if (short.slice(start + 1) === long.slice(start + 1)) return true
  return short[start] === long[start + 1] && short[start + 1] === long[start] && short.slice(start + 2) === long.slice(start + 2)
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
  if (query.service === 'whatsapp' || query.invite) return null
  const candidates = references.chats.filter((chat) => !query.service || chat.kind === query.service)
  const value = compact(query.key)
  const same = candidates.find((chat) => compact(chat.key) === value) ?? references.chats.find((chat) => compact(chat.key) === value)
  if (same) return { reason: 'characters', resembles: same.display }
  if (references.cores.some((core) => value.includes(core))) return { reason: 'name', resembles: (candidates[0] ?? references.chats[0])?.display ?? null }
  return null
}

/**
 * A web address that is not ours but imitates one of our domains (docs/product.md#verification-web):
 * the same when look-alike characters are ignored, our name under another suffix, one letter away
 * from our name, or our name inside another domain ("aurum-expo-support.com", "aurum-expo.com.evil.net").
 */
function webLookalike(query: Extract<ParsedQuery, { type: 'domain' }>, references: ReferenceSet): Lookalike | null {
  // An APK is refused for what it is, not for whose server it is on (the notice says why).
  if (query.apk) return null
  const ours = [...new Set([...references.domains.map((domain) => domain.key), ...references.ownDomains])]
  if (!query.tainted && ours.includes(query.key)) return null
  const shown = (domain: string) => references.domains.find((reference) => reference.key === domain)?.display ?? domain
  const whole = compact(query.domainUnicode)
  const name = compact(query.name)
  const same = ours.find((domain) => compact(domainToUnicode(domain)) === whole)
  if (same) return { reason: 'characters', resembles: shown(same) }
  const named = ours.map((domain) => ({ domain, name: compact(webName(domain)) })).filter((domain) => domain.name.length >= MIN_CORE)
  const otherSuffix = named.find((domain) => domain.name === name)
  if (otherSuffix) return { reason: 'domain', resembles: shown(otherSuffix.domain) }
  const typo = named.find((domain) => oneEditApart(domain.name, name))
  if (typo) return { reason: 'typo', resembles: shown(typo.domain) }
  if (containsCore(domainToUnicode(query.host), references.cores)) {
    const inside = named.find((domain) => compact(domainToUnicode(query.host)).includes(domain.name))
    return { reason: 'domain', resembles: inside ? shown(inside.domain) : (references.domains[0]?.display ?? references.ownDomains[0] ?? null) }
  }
  return null
}

/** An app in a store that is not ours but carries our name in its package name. */
function appLookalike(query: Extract<ParsedQuery, { type: 'app' }>, references: ReferenceSet): Lookalike | null {
  if (!query.key.startsWith('android:') || !containsCore(query.name, references.cores)) return null
  return { reason: 'name', resembles: references.apps[0]?.display ?? null }
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
    case 'domain':
      return webLookalike(query, references)
    case 'app':
      return appLookalike(query, references)
    case 'phone':
    case 'iban':
    case 'bankAccount':
      return null
  }
}
