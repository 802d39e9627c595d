import { looksLikeEmail, normaliseEmail } from './email.ts'
import { type ChatService, looksLikeLink, normaliseChat } from './handles.ts'
import { looksLikePhone, normalisePhone } from './phone.ts'
import { clean, hasMixedScripts } from './text.ts'
import { normaliseUsdt, type UsdtNetwork } from './usdt.ts'

/** Something said about the value itself (never about the register). */
export type Notice = 'hiddenCharacters' | 'mixedScripts' | 'internationalDomain' | 'mappedCharacters' | 'checksum' | 'checksumCase' | 'format'

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
  | (Common & { type: 'chat'; service: ChatService | null; key: string })

export type QueryError = 'empty' | 'tooLong' | 'unrecognised' | 'phone' | 'phoneCountry' | 'email'

export type QueryParse = { ok: true; query: ParsedQuery } | { ok: false; error: QueryError }

/** No channel we register is longer than an e-mail address (254) plus a "Name <…>" around it. */
export const MAX_QUERY_LENGTH = 320

/**
 * Detects what a visitor typed and normalises it for an exact comparison with the register:
 * USDT addresses first (their shapes are unmistakable), then e-mail addresses, phone numbers and
 * chat accounts. `defaultCountry` (ISO alpha-2) reads a phone number typed without a country code.
 */
export function parseQuery(raw: string, defaultCountry: string | null): QueryParse {
  const { text, hidden } = clean(raw)
  if (!text) return { ok: false, error: 'empty' }
  if (text.length > MAX_QUERY_LENGTH) return { ok: false, error: 'tooLong' }
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

  // Account links first: "line.me/R/ti/p/@name" has an "@" but is no e-mail address.
  if (looksLikeLink(text)) return chatQuery(text, hidden) ?? { ok: false, error: 'unrecognised' }

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

  return chatQuery(text, hidden) ?? { ok: false, error: 'unrecognised' }
}

function chatQuery(text: string, hidden: boolean): QueryParse | null {
  const chat = normaliseChat(text)
  if (!chat?.ok) return null
  const notices: Notice[] = hidden ? ['hiddenCharacters'] : []
  if (hasMixedScripts(chat.key)) notices.push('mixedScripts')
  return {
    ok: true,
    query: { type: 'chat', service: chat.service, key: chat.key, display: chat.display, notices, tainted: hidden && chat.service !== 'whatsapp' },
  }
}

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
      return query.key ? [{ kind: query.type, key: query.key }] : []
    case 'chat':
      if (query.service) return [{ kind: query.service, key: query.key }]
      return (['telegram', 'x', 'line', 'wechat'] as const).map((kind) => ({ kind, key: query.key }))
  }
}
