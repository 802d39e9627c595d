import type { AuditRow } from '../../../api/console.ts'
import type { ConsoleLanguage } from '../../../../shared/rules/console-access.ts'
import { LANGUAGE_INFO, type Locale, LOCALES, urlLanguageOfLocale } from '../../../../shared/languages.ts'
import { nativeNameOf } from '../../i18n.ts'
import { formatMoney } from '../../lib/money.ts'

/** What the sentence builder needs of i18next: a lookup that interpolates, and whether a key exists. */
export interface SentenceTranslator {
  t: (key: string, values: Record<string, unknown>) => string
  exists: (key: string, options?: Record<string, unknown>) => boolean
}

export interface SentenceContext extends SentenceTranslator {
  language: ConsoleLanguage
  /** A staff member the record names by id (`staff:<id>`), as the staff list knows them. */
  memberOf: (id: string) => { name: string; email: string } | undefined
}

/**
 * The key of a record's sentence under `audit.sentences`: the console function without its service
 * (`console$refundOrder` -> `refundOrder`), a command of `npm run staff` or the applications CLI with
 * `cli-` (`cli:add` -> `cli-add`). Every audited function has one (the unit test reads the server).
 */
export function sentenceKeyOf(fn: string): string {
  return fn.replace(/^console\$/, '').replace(/^cli:/, 'cli-')
}

type Json = Record<string, unknown>
const objectOf = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {})
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')
const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [])
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((item, index) => item === b[index])

/** `kind:id` or `exhibition:id:part`. */
function parseTarget(target: string | null): { kind: string; id: string; part: string } {
  const [kind = '', id = '', ...rest] = (target ?? '').split(':')
  return { kind, id, part: rest.join(':') }
}

/** A staff member's name as the record or the staff list knows it, else their e-mail, else the raw id. */
function memberName(id: string, row: AuditRow, context: SentenceContext): string {
  const recorded = { ...objectOf(row.before), ...objectOf(row.after) }
  const known = context.memberOf(id)
  return text(recorded.name) || known?.name || text(recorded.email) || known?.email || id
}

/** The thing a record changed, as a phrase in the member's language ("order T-1234", "the news item 12"). */
function targetPhrase(row: AuditRow, context: SentenceContext): string {
  const { kind, id, part } = parseTarget(row.target)
  if (!kind) return context.t('audit.targets.none', {})
  if (kind === 'staff') return memberName(id, row, context)
  const key = `audit.targets.${kind}`
  if (!context.exists(key)) return row.target ?? ''
  const phrase = context.t(key, { id })
  return part && context.exists(`audit.parts.${part}`) ? context.t('audit.targets.part', { thing: phrase, part: context.t(`audit.parts.${part}`, {}) }) : phrase
}

const roleNames = (roles: string[], context: SentenceContext) =>
  roles.length
    ? roles.map((role) => (context.exists(`roles.${role}.label`) ? context.t(`roles.${role}.label`, {}) : role)).join(', ')
    : context.t('audit.none', {})

const languageName = (value: unknown) => {
  const language = text(value)
  return language === 'en' || language === 'zh-cn' || language === 'zh' ? nativeNameOf(language) : language
}

/**
 * Which sentence a record reads as, and its values beyond who and what. Functions whose record
 * changes several things pick the change a person looks for first (roles before access before
 * exhibitions); the disclosure beside the sentence shows the whole record.
 */
function variantOf(row: AuditRow, context: SentenceContext): { key: string; values: Json } {
  const key = sentenceKeyOf(row.function)
  const before = objectOf(row.before)
  const after = objectOf(row.after)
  switch (key) {
    case 'refundOrder': {
      const refund = objectOf(after.refund)
      const currency = text(before.currency) || text(after.currency)
      const amount = typeof refund.amountMinor === 'number' && currency ? formatMoney(refund.amountMinor, currency, context.language) : ''
      return { key, values: { amount } }
    }
    case 'cancelOrder': {
      const currency = text(after.currency) || text(before.currency)
      const refunded = typeof after.refundMinor === 'number' && after.refundMinor > 0 && currency
      return refunded
        ? { key: 'cancelOrderRefunded', values: { amount: formatMoney(after.refundMinor as number, currency, context.language) } }
        : { key, values: {} }
    }
    case 'updateMember':
    case 'cli-disable': {
      const [rolesBefore, rolesAfter] = [list(before.roles), list(after.roles)]
      if (!sameList(rolesBefore, rolesAfter))
        return { key: 'updateMemberRoles', values: { from: roleNames(rolesBefore, context), to: roleNames(rolesAfter, context) } }
      if (before.status !== after.status && after.status === 'disabled') return { key: key === 'cli-disable' ? key : 'updateMemberDisabled', values: {} }
      if (before.status !== after.status) return { key: 'updateMemberEnabled', values: {} }
      if (JSON.stringify(before.exhibitionIds) !== JSON.stringify(after.exhibitionIds)) return { key: 'updateMemberExhibitions', values: {} }
      return { key, values: {} }
    }
    case 'invite':
    case 'cli-add':
      return { key, values: { roles: roleNames(list(after.roles), context) } }
    case 'setLanguage':
      return { key, values: { from: languageName(before.language), to: languageName(after.language) } }
    case 'publishExhibition':
    case 'publishAdvert':
      return { key: after.published === false ? `${key}Off` : key, values: {} }
    case 'setLeadCapture':
      return { key: after.enabled === false ? `${key}Off` : key, values: {} }
    case 'decideApplication':
    case 'cli-applications-status': {
      const status = text(after.status)
      return { key, values: { status: context.exists(`applications.status.${status}`) ? context.t(`applications.status.${status}`, {}) : status } }
    }
    case 'downloadBadges':
      return { key, values: { count: typeof after.badges === 'number' ? after.badges : 0 } }
    case 'generateCoupons':
      return { key, values: { count: typeof after.count === 'number' ? after.count : list(after.codes).length } }
    case 'exportFile':
    case 'applicationExport':
    case 'exhibitorExport':
    case 'surveyExport':
      return { key, values: { count: typeof after.rows === 'number' ? after.rows : 0, format: text(after.format).toUpperCase() } }
    case 'resendExhibitorInvitation':
      return { key, values: { email: text(after.email) } }
    case 'setExhibitorPassGrant':
      return { key, values: { from: String(before.grant ?? 0), to: String(after.grant ?? 0) } }
    case 'saveHall':
    case 'deleteHall':
    case 'saveBooth':
    case 'deleteBooth': {
      const values = { label: text(after.label) || text(before.label), number: text(after.number) || text(before.number) }
      return { key: key.startsWith('save') && (row.before === null || row.before === undefined) ? `${key}New` : key, values }
    }
    case 'assignBooth': {
      const values = { number: text(after.number) || text(before.number), exhibitor: text(after.exhibitor), from: text(before.movedFrom) }
      return { key: values.exhibitor === '' ? 'assignBoothFreed' : values.from ? 'assignBoothMoved' : key, values }
    }
    case 'setBoothSelection':
      return { key: after.selfSelection === true ? key : 'setBoothSelectionClosed', values: {} }
    case 'saveExhibitorTask':
      return { key: row.before === null || row.before === undefined ? `${key}New` : key, values: { title: text(objectOf(after.titles).en) } }
    case 'saveExhibitorManual': {
      const locale = text(after.locale)
      const language = (LOCALES as readonly string[]).includes(locale) ? LANGUAGE_INFO[urlLanguageOfLocale(locale as Locale)].nativeName : locale
      return {
        key: row.before === null || row.before === undefined ? `${key}New` : key,
        values: { title: text(after.title), name: text(after.name), language },
      }
    }
    case 'deleteExhibitorTask':
      return { key, values: { title: text(objectOf(before.titles).en) } }
    case 'resendTickets':
      return { key, values: { count: typeof after.mails === 'number' ? after.mails : 0 } }
    case 'saveExhibition':
    case 'saveTicketType':
    case 'saveCoupon':
    case 'saveAdvert':
    case 'saveRegisterChannel':
    case 'saveScamAlert':
    case 'saveSurveyQuestion':
    case 'saveTicketQuestion':
    case 'saveEditorial':
    case 'saveMedia':
      // A record with nothing before is a creation.
      return { key: row.before === null || row.before === undefined ? `${key}New` : key, values: {} }
    default:
      return { key, values: {} }
  }
}

/** Who did it: the member's name (else e-mail), the command line, or the system itself. */
export function actorOf(row: AuditRow, context: SentenceTranslator): string {
  if (row.staff) return row.staff.name || row.staff.email
  return context.t(row.function.startsWith('cli:') ? 'audit.commandLine' : 'audit.system', {})
}

/**
 * One audit record as a sentence in the member's language: "Ada Lovelace refunded £116.10 on
 * order T-1234". A function the console does not know (an older record) reads as its action label.
 */
export function auditSentence(row: AuditRow, context: SentenceContext): string {
  const { key, values } = variantOf(row, context)
  const base = { who: actorOf(row, context), target: targetPhrase(row, context) }
  if (context.exists(`audit.sentences.${key}`, values)) return context.t(`audit.sentences.${key}`, { ...base, ...values })
  return context.t('audit.sentences.unknown', { ...base, action: row.function })
}
