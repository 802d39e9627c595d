import { looksLikeIban, normaliseBankAccount, normaliseIban } from './bank.ts'
import { looksLikeEmail, normaliseEmail } from './email.ts'
import { type ChatService, looksLikeLink, normaliseChat } from './handles.ts'
import { looksLikePhone, normalisePhone } from './phone.ts'
import { clean, hasMixedScripts } from './text.ts'
import { normaliseUsdt, type UsdtNetwork } from './usdt.ts'
import { looksLikeDomain, looksLikeUrl, normaliseWeb } from './web.ts'

/** Something said about the value itself (never about the register). */
export type Notice =
  | 'hiddenCharacters'
  | 'mixedScripts'
  | 'internationalDomain'
  | 'mappedCharacters'
  | 'checksum'
  | 'checksumCase'
  | 'format'
  | 'apkDownload'
  | 'inviteLink'
  | 'ibanChecksum'

interface Common {
  /** The value as it was checked, for people. */
  display: string
  notices: Notice[]
  /**
   * The value was disguised (hidden characters, IDNA-mapped look-alike letters): whatever it
   * resembles, it is not exactly one of our channels.
   */
  tainted: boolean
}

export type ParsedQuery =
  | (Common & { type: 'phone'; key: string; assumedCountry: string | null })
  | (Common & { type: 'email'; key: string; local: string; domainAscii: string; domainUnicode: string })
  | (Common & { type: UsdtNetwork; key: string | null })
  | (Common & { type: 'chat'; service: ChatService | null; key: string; invite: boolean })
  /** A web address or domain: `key` is its registrable domain, `host` the whole host (both ASCII). */
  | (Common & { type: 'domain'; key: string; host: string; domainUnicode: string; name: string; suffix: string; apk: boolean })
  /** An app-store link: `key` is "ios:<id>" or "android:<package>". */
  | (Common & { type: 'app'; key: string; name: string })
  /** An IBAN; `key` null when its check digits fail. */
  | (Common & { type: 'iban'; key: string | null })
  /** A local account number, by its letters and digits. */
  | (Common & { type: 'bankAccount'; key: string })

export type QueryError = 'empty' | 'tooLong' | 'unrecognised' | 'phone' | 'phoneCountry' | 'email'

export type QueryParse = { ok: true; query: ParsedQuery } | { ok: false; error: QueryError }

/** No channel we register is longer than an e-mail address (254) plus a "Name <…>" around it. */
export const MAX_QUERY_LENGTH = 320
/** A pasted web address may carry long tracking parameters; only its host and path are read. */
export const MAX_URL_LENGTH = 2000

/**
 * Detects what a visitor typed and normalises it for an exact comparison with the register:
 * USDT addresses first (their shapes are unmistakable), then e-mail addresses, phone numbers and
 * chat accounts. `defaultCountry` (ISO alpha-2) reads a phone number typed without a country code.
 */
export function parseQuery(raw: string, defaultCountry: string | null): QueryParse {
  const { text, hidden } = clean(raw)
  if (!text) return { ok: false, error: 'empty' }
  if (text.length > (looksLikeUrl(text) ? MAX_URL_LENGTH : MAX_QUERY_LENGTH)) return { ok: false, error: 'tooLong' }
  const hiddenNotice: Notice[] = hidden ? ['hiddenCharacters'] : []

  const compactText = text.replace(/\s+/g, '')
  const usdt = normaliseUsdt(compactText)
  if (usdt) {
    // The checksum guards these: a hidden character removed from a valid address changes nothing.
    if (usdt.ok) {
      const notices: Notice[] = usdt.caseDiffers ? [...hiddenNotice, 'checksumCase'] : hiddenNotice
      return { ok: true, query: { type: usdt.network, key: usdt.key, display: usdt.display, notices, tainted: false } }
    }
    return { ok: true, query: { type: usdt.network, key: null, display: usdt.display, notices: [...hiddenNotice, usdt.problem], tainted: false } }
  }

  if (looksLikeIban(compactText)) return ibanQuery(compactText, hidden)
  const account = normaliseBankAccount(text)
  if (account) return { ok: true, query: { type: 'bankAccount', key: account.key, display: account.display, notices: hiddenNotice, tainted: false } }

  // Account links first: "line.me/R/ti/p/@name" has an "@" but is no e-mail address; other links are web addresses.
  if (looksLikeLink(text)) return chatQuery(text, hidden) ?? webQuery(text, hidden) ?? { ok: false, error: 'unrecognised' }

  if (looksLikeEmail(text)) {
    const email = normaliseEmail(text)
    if (!email.ok) return { ok: false, error: 'email' }
    const notices: Notice[] = [...hiddenNotice]
    if (hasMixedScripts(email.local) || email.domainUnicode.split('.').some(hasMixedScripts)) notices.push('mixedScripts')
    if (email.international) notices.push('internationalDomain')
    if (email.mapped) notices.push('mappedCharacters')
    return {
      ok: true,
      query: {
        type: 'email',
        key: email.key,
        local: email.local,
        domainAscii: email.domainAscii,
        domainUnicode: email.domainUnicode,
        display: email.key,
        notices,
        tainted: hidden || email.mapped,
      },
    }
  }

  if (looksLikePhone(text)) {
    const phone = normalisePhone(text, defaultCountry)
    if (!phone.ok) return { ok: false, error: phone.reason === 'needsCountryCode' ? 'phoneCountry' : 'phone' }
    // A number is its digits: separators and hidden characters do not make another number.
    return { ok: true, query: { type: 'phone', key: phone.e164, display: phone.display, assumedCountry: phone.assumedCountry, notices: [], tainted: false } }
  }

  if (looksLikeDomain(text)) return webQuery(text, hidden) ?? { ok: false, error: 'unrecognised' }

  return chatQuery(text, hidden) ?? { ok: false, error: 'unrecognised' }
}

function ibanQuery(text: string, hidden: boolean): QueryParse {
  const iban = normaliseIban(text)
  if (!iban) return { ok: false, error: 'unrecognised' }
  const notices: Notice[] = hidden ? ['hiddenCharacters'] : []
  // The check digits guard an IBAN as a checksum guards a wallet: spacing and hidden characters change nothing.
  if (!iban.ok) return { ok: true, query: { type: 'iban', key: null, display: iban.display, notices: [...notices, 'ibanChecksum'], tainted: false } }
  return { ok: true, query: { type: 'iban', key: iban.key, display: iban.display, notices, tainted: false } }
}

function webQuery(text: string, hidden: boolean): QueryParse | null {
  const web = normaliseWeb(text)
  if (!web.ok) return null
  const notices: Notice[] = hidden ? ['hiddenCharacters'] : []
  if (web.kind === 'app') return { ok: true, query: { type: 'app', key: web.key, name: web.name, display: web.display, notices, tainted: hidden } }
  if (web.domainUnicode.split('.').some(hasMixedScripts)) notices.push('mixedScripts')
  if (web.international) notices.push('internationalDomain')
  if (web.mapped) notices.push('mappedCharacters')
  if (web.apk) notices.push('apkDownload')
  return {
    ok: true,
    query: {
      type: 'domain',
      key: web.key,
      host: web.host,
      domainUnicode: web.domainUnicode,
      name: web.name,
      suffix: web.suffix,
      apk: web.apk,
      display: web.host,
      notices,
      // An APK is never how we hand out an app, whoever's server it is on.
      tainted: hidden || web.mapped || web.apk,
    },
  }
}

function chatQuery(text: string, hidden: boolean): QueryParse | null {
  const chat = normaliseChat(text)
  if (!chat?.ok) return null
  const notices: Notice[] = hidden ? ['hiddenCharacters'] : []
  if (hasMixedScripts(chat.key)) notices.push('mixedScripts')
  if (chat.invite) notices.push('inviteLink')
  const invite = chat.invite === true
  return {
    ok: true,
    query: {
      type: 'chat',
      service: chat.service,
      key: chat.key,
      display: chat.display,
      notices,
      invite,
      tainted: hidden && chat.service !== 'whatsapp' && !invite,
    },
  }
}

/** The register's kinds a query is compared with (also when its checksum failed and nothing is looked up). */
export function queryKinds(query: ParsedQuery): string[] {
  switch (query.type) {
    case 'phone':
      return ['phone', 'whatsapp']
    case 'chat':
      return query.service ? [query.service] : [...HANDLE_KINDS]
    // Bank accounts of either form are what a visitor pays into: both are listed beside a "no".
    case 'iban':
    case 'bankAccount':
      return ['iban', 'bankAccount']
    default:
      return [query.type]
  }
}

/** Services whose accounts are names: where "@name" or a bare name is looked up. */
const HANDLE_KINDS = ['telegram', 'x', 'line', 'wechat', 'instagram', 'facebook', 'youtube', 'tiktok'] as const

/** Where in the register a query is looked up: (kind, key) pairs, all in one query. */
export function lookupPairs(query: ParsedQuery): Array<{ kind: string; key: string }> {
  switch (query.type) {
    case 'phone':
      // Our phone lines and our WhatsApp accounts are both phone numbers.
      return [
        { kind: 'phone', key: query.key },
        { kind: 'whatsapp', key: query.key },
      ]
    case 'email':
      return [{ kind: 'email', key: query.key }]
    case 'usdtTrc20':
    case 'usdtErc20':
    case 'iban':
      return query.key ? [{ kind: query.type, key: query.key }] : []
    case 'domain':
    case 'app':
    case 'bankAccount':
      return [{ kind: query.type, key: query.key }]
    case 'chat':
      if (query.service) return [{ kind: query.service, key: query.key }]
      return HANDLE_KINDS.map((kind) => ({ kind, key: query.key }))
  }
}
