import type { ReportChannelKind } from '../../../shared/rules/scam-reports.ts'
import type { ChannelKind } from '../../../shared/rules/verification.ts'
import { parseQuery } from './normalise/query.ts'
import { QUERY_ERRORS } from './verification.service.ts'

/**
 * A reported channel: its group's kind and key, as shown back, and the kind a public alert of it has
 * (docs/product.md#scam-alerts); null for an account name whose service the value does not say.
 */
export type ReportChannel = { ok: true; kind: ReportChannelKind; key: string; display: string; alertKind: ChannelKind | null } | { ok: false; error: string }

/**
 * A channel named in a scam report, read as the public check reads a query (the same field errors),
 * and the key its reports are grouped under (docs/product.md#scam-reports): a wa.me link is its phone
 * number; a t.me link, "Telegram: name" and "@name" are one account name whatever service it was seen
 * on (impersonators reuse one name across services); a wallet or IBAN whose checksum fails is still
 * the value they were told to pay into, kept as shown.
 */
export function reportChannelOf(value: string, defaultCountry: string | null): ReportChannel {
  const parsed = parseQuery(value, defaultCountry)
  if (!parsed.ok) return { ok: false, error: QUERY_ERRORS[parsed.error] }
  const { query } = parsed
  const alertKind: ChannelKind | null = query.type === 'chat' ? query.service : query.type
  const channel = (kind: ReportChannelKind, key: string): ReportChannel => ({ ok: true, kind, key, display: query.display, alertKind })
  switch (query.type) {
    case 'chat':
      if (query.invite) return channel('invite', query.key)
      if (query.key.startsWith('+')) return channel('phone', query.key)
      return channel('account', query.key.toLowerCase())
    case 'usdtErc20':
      return channel(query.type, query.key ?? query.display.toLowerCase())
    case 'usdtTrc20':
    case 'iban':
      return channel(query.type, query.key ?? query.display.replace(/\s+/g, ''))
    default:
      return channel(query.type, query.key)
  }
}
