/**
 * Checks of typed text that every form shares (tickets, applications): the page runs them before
 * sending, the contracts run them again. Zod-free, so any page may import them.
 */

/** The longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX = 254

/**
 * Characters no single-line field may hold: C0 and C1 controls (NUL cannot even be stored), line and
 * paragraph separators, and the bidirectional overrides that make a name read differently from what
 * it is (Trojan Source, CVE-2021-42574), which would mislead the person reading a list of names.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_CHARACTERS.test(value)
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu

/** A domain name with a top-level domain; international domain names are allowed. */
export function isDomain(domain: string): boolean {
  if (domain.length > 253) return false
  const labels = domain.split('.')
  if (labels.length < 2) return false
  const top = labels[labels.length - 1] ?? ''
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL.test(top)
}

/**
 * An address mail can be delivered to: a dot-atom local part (RFC 5322, no quoted forms) of at most
 * 64 characters, and a domain name with a top-level domain.
 */
export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX) return false
  const at = value.lastIndexOf('@')
  if (at < 1) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  return local.length <= 64 && EMAIL_LOCAL.test(local) && isDomain(domain)
}
