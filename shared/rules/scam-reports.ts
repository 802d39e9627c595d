/**
 * Scam reports (docs/product.md#scam-reports): the public form's limits and messages, the verifier's
 * statuses, the reference's form. Zod-free: the report page, the console and the platform share it.
 */

export const SCAM_REPORT_LIMITS = {
  description: 4000,
  descriptionMin: 10,
  /** Channels one report may name. */
  channels: 5,
  email: 254,
  note: 2000,
  reply: 2000,
  search: 100,
  pageSizeDefault: 20,
  pageSizeMax: 50,
  /** Reports older than this many days are deleted (docs/product.md#scam-reports). */
  keptDays: 730,
} as const

/** Currencies a loss is most often in at our exhibitions' places; any other is typed as USD. */
export const REPORT_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'CNY',
  'HKD',
  'TWD',
  'JPY',
  'SGD',
  'THB',
  'VND',
  'IDR',
  'PHP',
  'MYR',
  'AUD',
  'BRL',
  'RUB',
  'AED',
] as const
export type ReportCurrency = (typeof REPORT_CURRENCIES)[number]

/** new → investigating → confirmed | notScam; a decided group can be reopened (investigating again). */
export const SCAM_GROUP_STATUSES = ['new', 'investigating', 'confirmed', 'notScam'] as const
export type ScamGroupStatus = (typeof SCAM_GROUP_STATUSES)[number]

const NEXT: Record<ScamGroupStatus, readonly ScamGroupStatus[]> = {
  new: ['investigating', 'confirmed', 'notScam'],
  investigating: ['confirmed', 'notScam'],
  confirmed: ['investigating'],
  notScam: ['investigating'],
}

/** The statuses a group may be moved to from `status`. */
export function nextStatuses(status: ScamGroupStatus): readonly ScamGroupStatus[] {
  return NEXT[status]
}

/** The kinds a group can be of: what the public check recognises, chat accounts by their service. */
export const REPORT_CHANNEL_KINDS = ['phone', 'email', 'usdtTrc20', 'usdtErc20', 'account', 'invite', 'domain', 'app', 'iban', 'bankAccount'] as const
export type ReportChannelKind = (typeof REPORT_CHANNEL_KINDS)[number]

/** Field messages of the form (verify namespace); a channel's own are the lookup's (`verify:errors.*`). */
export const SCAM_REPORT_MESSAGES = {
  description: 'scam:scamReport.errors.description',
  channels: 'scam:scamReport.errors.channels',
  channelRepeated: 'scam:scamReport.errors.channelRepeated',
  happenedOn: 'scam:scamReport.errors.happenedOn',
  amount: 'scam:scamReport.errors.amount',
  currency: 'scam:scamReport.errors.currency',
  email: 'scam:scamReport.errors.email',
  consent: 'scam:scamReport.errors.consent',
} as const

/** Crockford's base 32: no I, L, O or U, so a reference read aloud or retyped is not mistaken. */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/** SR-7K3Q-9XPD from eight random symbols (40 bits). */
export function referenceFrom(symbols: readonly number[]): string {
  const text = symbols.map((value) => REFERENCE_ALPHABET[value & 31]).join('')
  return `SR-${text.slice(0, 4)}-${text.slice(4, 8)}`
}

export function isReference(value: string): boolean {
  return /^SR-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/.test(value)
}

/** The report page's address, prefilled with a value the check called not ours. */
export function reportPath(lang: string, value?: string): string {
  return `/${lang}/verify/report.html${value ? `?${new URLSearchParams({ value }).toString()}` : ''}`
}

export const reportThanksPath = (lang: string, reference: string) => `/${lang}/verify/report/thanks.html?${new URLSearchParams({ ref: reference }).toString()}`
