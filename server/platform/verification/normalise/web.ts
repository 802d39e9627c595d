import { domainToASCII, domainToUnicode } from 'node:url'
import { parse } from 'tldts'

/**
 * Web addresses, bare domains and app-store links (docs/product.md#verification-web). What decides who
 * owns a site is its registrable domain: the label before the public suffix of the public suffix list
 * (tldts), private suffixes included, so "aurum.github.io" is one owner's and "github.io" nobody's.
 */
export type WebResult =
  | {
      ok: true
      kind: 'domain'
      /** The registrable domain in ASCII (punycode): what the register holds. */
      key: string
      /** The host as it was asked (ASCII), subdomains included. */
      host: string
      /** The registrable domain in Unicode, for look-alike comparisons. */
      domainUnicode: string
      /** The registrable domain without its public suffix ("aurum-expo" of "aurum-expo.co.uk"), Unicode. */
      name: string
      /** The suffix ("co.uk"). */
      suffix: string
      /** IDNA mapping changed the host as typed (full-width letters, ideographic dots): never our address. */
      mapped: boolean
      international: boolean
      /** The address downloads an Android package: never an official way to install an app. */
      apk: boolean
    }
  | {
      ok: true
      kind: 'app'
      /** "ios:<numeric id>" or "android:<package name>". */
      key: string
      display: string
      /** The Android package name or the App Store id, for look-alike checks. */
      name: string
    }
  | { ok: false }

/** Suffixes of RFC 2606 / RFC 6761 reserved names, which the sample site's register uses. */
const RESERVED_SUFFIXES = new Set(['example', 'test', 'invalid'])
const ASCII_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
const HOST_CHARS = /^[\p{L}\p{N}\p{M}.\-\u3002\uFF0E\uFF61]+$/u

/** Something written as a web address: a scheme, "www." or a domain followed by a path. */
export function looksLikeUrl(text: string): boolean {
  return /^(?:https?:\/\/|www\.)/i.test(text) || /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\//u.test(text)
}

/** A bare domain with a suffix of the public suffix list ("aurum-expo.com", "аурум.рф"); not "john.smith". */
export function looksLikeDomain(text: string): boolean {
  if (!/^[\p{L}\p{N}-]+(?:[.\u3002\uFF0E\uFF61][\p{L}\p{N}-]+)+\.?$/u.test(text)) return false
  const ascii = domainToASCII(text.toLowerCase().replace(/\.$/, ''))
  if (!ascii) return false
  const parsed = parse(ascii, { allowPrivateDomains: true })
  return Boolean(parsed.domain) && (parsed.isIcann === true || parsed.isPrivate === true || RESERVED_SUFFIXES.has(parsed.publicSuffix ?? ''))
}

/** The host part of a URL or bare domain, before any port, path, query or fragment; credentials dropped. */
function hostOf(text: string): { host: string; path: string } | null {
  const withoutScheme = text.replace(/^https?:\/\//i, '')
  if (/^[a-z][a-z0-9+.-]*:/i.test(withoutScheme) && !/^[^/:]+:\d+/.test(withoutScheme)) return null
  const end = withoutScheme.search(/[/?#]/)
  const authority = end < 0 ? withoutScheme : withoutScheme.slice(0, end)
  const path = end < 0 ? '' : withoutScheme.slice(end)
  // "https://aurum-expo.com@evil.example/": whatever comes before "@" is a user name, the host is after it.
  const host = authority.slice(authority.lastIndexOf('@') + 1).replace(/:\d*$/, '')
  return host ? { host, path } : null
}

/** App Store and Google Play links: the app's store id is what identifies it, never its name. */
function appLink(text: string): WebResult | null {
  const link = text.replace(/^(?:https?:\/\/)?/i, '')
  const ios = /^(?:apps|itunes)\.apple\.com\/(?:[a-z]{2}(?:-[a-z]{2,4})?\/)?app\/(?:[^/?#]+\/)?id(\d{5,12})(?:[/?#].*)?$/i.exec(link)
  if (ios?.[1]) return { ok: true, kind: 'app', key: `ios:${ios[1]}`, display: `App Store id${ios[1]}`, name: ios[1] }
  const play = /^play\.google\.com\/store\/apps\/details\?(?:.*&)?id=([A-Za-z][\w]*(?:\.[A-Za-z][\w]*)+)(?:[&#].*)?$/i.exec(link)
  // Package names are case-sensitive: compared as written.
  if (play?.[1]) return { ok: true, kind: 'app', key: `android:${play[1]}`, display: `Google Play ${play[1]}`, name: play[1].toLowerCase() }
  const market = /^market:\/\/details\?(?:.*&)?id=([A-Za-z][\w]*(?:\.[A-Za-z][\w]*)+)/i.exec(text)
  if (market?.[1]) return { ok: true, kind: 'app', key: `android:${market[1]}`, display: `Google Play ${market[1]}`, name: market[1].toLowerCase() }
  return null
}

/**
 * A pasted URL or a bare domain, in any case, with or without "www.", a path, a query, a port or
 * credentials; Unicode and punycode (xn--) forms are one domain. Returns `{ ok: false }` for what is
 * no public domain (an IP address, "localhost", an unknown suffix).
 */
export function normaliseWeb(text: string): WebResult {
  const app = appLink(text)
  if (app) return app
  const parts = hostOf(text.trim())
  if (!parts) return { ok: false }
  const typed = parts.host.normalize('NFC').replace(/\.$/, '')
  if (!HOST_CHARS.test(typed) || typed.length > 253) return { ok: false }
  const host = domainToASCII(typed.toLowerCase())
  if (!host?.split('.').every((label) => ASCII_LABEL.test(label))) return { ok: false }
  const parsed = parse(host, { allowPrivateDomains: true })
  if (parsed.isIp || !parsed.domain || !parsed.publicSuffix) return { ok: false }
  if (!(parsed.isIcann || parsed.isPrivate || RESERVED_SUFFIXES.has(parsed.publicSuffix))) return { ok: false }
  const domainUnicode = domainToUnicode(parsed.domain)
  // What IDNA changed beyond case and NFC: full-width letters, ideographic full stops, ß folded and the like.
  const mapped = domainToUnicode(host) !== typed.toLowerCase() && host !== typed.toLowerCase()
  const pathOnly = parts.path.replace(/[?#].*$/, '')
  return {
    ok: true,
    kind: 'domain',
    key: parsed.domain,
    host,
    domainUnicode,
    name: domainToUnicode(parsed.domainWithoutSuffix ?? parsed.domain),
    suffix: parsed.publicSuffix,
    mapped,
    international: host.split('.').some((label) => label.startsWith('xn--')),
    apk: /\.apk$/i.test(safeDecode(pathOnly)),
  }
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
