import type { ChannelKind } from '../../../shared/rules/verification.ts'
import { DomainError, invalid } from '../errors.ts'
import { bankAccountKey, normaliseIban } from './normalise/bank.ts'
import { normaliseEmail } from './normalise/email.ts'
import { normaliseChat } from './normalise/handles.ts'
import { normalisePhone } from './normalise/phone.ts'
import { normaliseUsdt } from './normalise/usdt.ts'
import { normaliseWeb } from './normalise/web.ts'

/**
 * Per service, how a registered account name must look, and whether it is shown with "@".
 * Telegram: 5-32 of a-z 0-9 _; X: 1-15; LINE IDs 4-20 with . - _ (official accounts start with @);
 * WeChat IDs: 6-20, a letter first, then letters, digits, _ or -.
 */
const HANDLE_RULES: Record<'telegram' | 'x' | 'line' | 'wechat' | 'instagram' | 'facebook' | 'youtube' | 'tiktok', { pattern: RegExp; at: boolean }> = {
  telegram: { pattern: /^[a-z][a-z0-9_]{4,31}$/i, at: true },
  x: { pattern: /^[a-z0-9_]{1,15}$/i, at: true },
  line: { pattern: /^[a-z0-9._-]{3,20}$/i, at: true },
  wechat: { pattern: /^[a-z][a-z0-9_-]{5,19}$/i, at: false },
  // Instagram 1-30 of a-z 0-9 . _; Facebook page names 5-50 of a-z 0-9 .; YouTube handles 3-30; TikTok 2-24.
  instagram: { pattern: /^[a-z0-9._]{1,30}$/i, at: true },
  facebook: { pattern: /^[a-z0-9.]{5,50}$/i, at: true },
  youtube: { pattern: /^[a-z0-9._-]{3,30}$/i, at: true },
  tiktok: { pattern: /^[a-z0-9._]{2,24}$/i, at: true },
}

/** A link the organiser pastes for a social account (t.me/..., instagram.com/..., a private group's invite link). */
function fromAccountLink(kind: ChannelKind, text: string): { key: string; display: string } | null {
  if (!/^(?:https?:\/\/|www\.|[a-z0-9-]+(?:\.[a-z0-9-]+)+\/|tg:)/i.test(text)) return null
  const chat = normaliseChat(text)
  return chat?.ok && chat.service === kind ? { key: chat.key, display: chat.display } : null
}

/** The organiser's value in the register's form, or a readable refusal (the CLI prints it). */
export function registerKey(kind: ChannelKind, value: string): { key: string; display: string } {
  const text = value.trim()
  const refuse = (why: string) => invalid({ value: why }, `verify:register.${why}`)
  switch (kind) {
    case 'domain': {
      const web = normaliseWeb(text)
      if (!web.ok || web.kind !== 'domain' || web.mapped || web.apk) throw refuse('badDomain')
      return { key: web.key, display: web.key.split('.').some((label) => label.startsWith('xn--')) ? `${web.domainUnicode} (${web.key})` : web.key }
    }
    case 'app': {
      const app = normaliseWeb(text)
      if (app.ok && app.kind === 'app') return { key: app.key, display: app.display }
      const typed = /^(ios|android):([\w.]+)$/i.exec(text)
      if (typed?.[1]?.toLowerCase() === 'ios' && /^\d{5,12}$/.test(typed[2] ?? '')) return { key: `ios:${typed[2]}`, display: `App Store id${typed[2]}` }
      if (typed?.[1]?.toLowerCase() === 'android' && /^[a-z][\w]*(?:\.[a-z][\w]*)+$/i.test(typed[2] ?? ''))
        return { key: `android:${typed[2]}`, display: `Google Play ${typed[2]}` }
      throw refuse('badApp')
    }
    case 'iban': {
      const iban = normaliseIban(text)
      if (!iban?.ok) throw refuse('badIban')
      return { key: iban.key, display: iban.display }
    }
    case 'bankAccount': {
      // As the organiser enters it ("004-123456-001"); compared by its letters and digits.
      const key = bankAccountKey(text)
      if (!key) throw refuse('badBankAccount')
      return { key, display: text.replace(/\s+/g, ' ') }
    }
    case 'whatsapp': {
      const invite = fromAccountLink(kind, text)
      if (invite) return invite
      const phone = normalisePhone(text.replace(/^00/, '+'), null)
      if (!phone.ok) throw refuse('phoneNeedsInternational')
      return { key: phone.e164, display: phone.display }
    }
    case 'phone': {
      const phone = normalisePhone(text.replace(/^00/, '+'), null)
      if (!phone.ok) throw refuse('phoneNeedsInternational')
      return { key: phone.e164, display: phone.display }
    }
    case 'email': {
      const email = normaliseEmail(text)
      if (!email.ok || email.mapped) throw refuse('badEmail')
      return { key: email.key, display: email.key }
    }
    case 'usdtTrc20':
    case 'usdtErc20': {
      const address = normaliseUsdt(text)
      // The register holds what the organiser copied from the wallet: a broken checksum there is a typing mistake.
      if (!address || address.network !== kind || !address.ok || address.caseDiffers) throw refuse('badAddress')
      return { key: address.key, display: address.display }
    }
    default: {
      const linked = fromAccountLink(kind, text)
      // Invite links, YouTube channel ids and Facebook profile ids are codes, not names: kept as the link gave them.
      if (linked && !linked.display.startsWith('@')) return linked
      const rule = HANDLE_RULES[kind]
      const handle = (linked?.display ?? text.replace(/^(?:https?:\/\/)?(?:www\.)?(?:line\.me\/R\/ti\/p|line\.me\/ti\/p)\//i, '')).replace(/^[@~]/, '')
      if (!rule.pattern.test(handle)) throw refuse('badHandle')
      return { key: handle.toLowerCase(), display: rule.at ? `@${handle}` : handle }
    }
  }
}

/**
 * The register's refusal of a value in the words of whoever asked (the console's, the exhibitor
 * area's): `messages` maps each `verify:register.*` code to theirs, named on the field `value`.
 */
export function registerKeyIn(messages: Record<string, string>, kind: ChannelKind, value: string): { key: string; display: string } {
  try {
    return registerKey(kind, value)
  } catch (error) {
    const code = error instanceof DomainError ? messages[error.code] : undefined
    if (!code) throw error
    throw invalid({ value: code }, code)
  }
}
