import { domainToASCII, domainToUnicode } from 'node:url'

export type EmailResult =
  | {
      ok: true
      /** Compared with the register: the local part in lower case (NFC), "@", the domain in ASCII (punycode). */
      key: string
      local: string
      /** The domain in ASCII: an internationalised domain shows as xn--…, which is how it really reads. */
      domainAscii: string
      /** The same domain in Unicode, for look-alike comparisons. */
      domainUnicode: string
      /** IDNA mapping changed the domain as typed (full-width letters, ideographic dots): never our address. */
      mapped: boolean
      /** The domain is internationalised (has an xn-- label). */
      international: boolean
    }
  | { ok: false }

const LOCAL_ATOM = "[\\p{L}\\p{N}!#$%&'*+/=?^_`{|}~-]+"
const LOCAL_PART = new RegExp(`^${LOCAL_ATOM}(?:\\.${LOCAL_ATOM})*$`, 'u')
const ASCII_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/

/** "x@y", also inside "Name <x@y>" or after "mailto:"; no spaces inside the address itself. */
export function looksLikeEmail(text: string): boolean {
  return /^(?:mailto:)?[^\s@<>]+@[^\s@<>]+$/iu.test(text) || /<[^\s@<>]+@[^\s@<>]+>\s*$/u.test(text)
}

/** Takes the address out of "Name <address>", "mailto:address?subject=…" and a sentence's final full stop. */
function extractAddress(text: string): string {
  let value = text.trim()
  const bracketed = /<([^<>]+)>\s*$/u.exec(value)
  if (bracketed?.[1]) value = bracketed[1].trim()
  value = value.replace(/^mailto:/i, '')
  const query = value.indexOf('?')
  if (query > 0) value = value.slice(0, query)
  return value.replace(/[.,;:]$/u, '')
}

/**
 * E-mail addresses, trimmed and lower-cased (RFC 5321 lets the local part be case-sensitive, but no
 * provider in use treats it so). The domain goes through IDNA (UTS #46) to ASCII; quoted local parts
 * and address literals are refused (no organiser address looks like that, and they are a hiding place).
 */
export function normaliseEmail(text: string): EmailResult {
  const address = extractAddress(text)
  if (address.length > 254) return { ok: false }
  const at = address.lastIndexOf('@')
  if (at < 1) return { ok: false }
  const local = address.slice(0, at).normalize('NFC').toLowerCase()
  const domainTyped = address
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '')
    .normalize('NFC')
  if (local.length > 64 || !LOCAL_PART.test(local) || !domainTyped) return { ok: false }
  const domainAscii = domainToASCII(domainTyped)
  if (!domainAscii || domainAscii.length > 253) return { ok: false }
  const labels = domainAscii.split('.')
  if (labels.length < 2 || !labels.every((label) => ASCII_LABEL.test(label)) || !TOP_LABEL.test(labels.at(-1) ?? '')) return { ok: false }
  const domainUnicode = domainToUnicode(domainAscii)
  // A typed ASCII domain must come back unchanged; a typed Unicode one must be a proper U-label.
  const mapped = /^\p{ASCII}*$/u.test(domainTyped) ? domainAscii !== domainTyped : domainUnicode !== domainTyped
  return {
    ok: true,
    key: `${local}@${domainAscii}`,
    local,
    domainAscii,
    domainUnicode,
    mapped,
    international: labels.some((label) => label.startsWith('xn--')),
  }
}

/** The domain and everything it ends with ("mail.aurum-expo.example" is within "aurum-expo.example"). */
export function isWithinDomain(domain: string, parent: string): boolean {
  return domain === parent || domain.endsWith(`.${parent}`)
}
