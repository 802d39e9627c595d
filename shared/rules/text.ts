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

/**
 * Control characters no text of any kind may carry (docs/product.md#text-input): C0 controls but tab,
 * line feed and carriage return (a browser sends a textarea's line breaks as CR LF). PostgreSQL cannot
 * store NUL in text at all, and the others are never typed by people. Single-line fields are stricter
 * still (`hasForbiddenCharacters`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSTORABLE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/

export function hasUnstorableControl(value: string): boolean {
  return UNSTORABLE_CONTROL.test(value)
}

/** The translation key of the refusal (common namespace), shown beside the field. */
export const CONTROL_CHARACTER_MESSAGE = 'errors.controlCharacters'

/**
 * Every string (and object key) of a request's input holding such a control, by its field path
 * (`attendees.0.name`; `_` for the input itself): the gateway refuses these before a handler runs.
 */
export function controlCharacterFields(input: unknown, path: readonly string[] = [], found: Record<string, string> = {}, depth = 0): Record<string, string> {
  const at = path.join('.') || '_'
  if (typeof input === 'string') {
    if (hasUnstorableControl(input)) found[at] = CONTROL_CHARACTER_MESSAGE
  } else if (Array.isArray(input)) {
    // Deeper than any contract goes: such input is refused by its schema anyway.
    if (depth < 16) for (const [index, item] of input.entries()) controlCharacterFields(item, [...path, String(index)], found, depth + 1)
  } else if (input && typeof input === 'object' && depth < 16) {
    for (const [key, value] of Object.entries(input)) {
      if (hasUnstorableControl(key)) found[at] = CONTROL_CHARACTER_MESSAGE
      else controlCharacterFields(value, [...path, key], found, depth + 1)
    }
  }
  return found
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
