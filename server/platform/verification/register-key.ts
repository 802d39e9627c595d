import type { ChannelKind } from '../../../shared/rules/verification.ts'
import { DomainError, invalid } from '../errors.ts'
import { normaliseEmail } from './normalise/email.ts'
import { normalisePhone } from './normalise/phone.ts'
import { normaliseUsdt } from './normalise/usdt.ts'

/**
 * Per service, how a registered account name must look, and whether it is shown with "@".
 * Telegram: 5-32 of a-z 0-9 _; X: 1-15; LINE IDs 4-20 with . - _ (official accounts start with @);
 * WeChat IDs: 6-20, a letter first, then letters, digits, _ or -.
 */
const HANDLE_RULES: Record<'telegram' | 'x' | 'line' | 'wechat', { pattern: RegExp; at: boolean }> = {
  telegram: { pattern: /^[a-z][a-z0-9_]{4,31}$/i, at: true },
  x: { pattern: /^[a-z0-9_]{1,15}$/i, at: true },
  line: { pattern: /^[a-z0-9._-]{3,20}$/i, at: true },
  wechat: { pattern: /^[a-z][a-z0-9_-]{5,19}$/i, at: false },
}

/** The organiser's value in the register's form, or a readable refusal (the CLI prints it). */
export function registerKey(kind: ChannelKind, value: string): { key: string; display: string } {
  const text = value.trim()
  const refuse = (why: string) => invalid({ value: why }, `verify:register.${why}`)
  switch (kind) {
    case 'phone':
    case 'whatsapp': {
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
      const rule = HANDLE_RULES[kind]
      const handle = text.replace(/^(?:https?:\/\/)?(?:www\.)?(?:t\.me|x\.com|twitter\.com|line\.me\/R\/ti\/p|line\.me\/ti\/p)\//i, '').replace(/^[@~]/, '')
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
