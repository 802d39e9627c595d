/**
 * Phone numbers in forms: the country picked in the field plus what the visitor typed, checked with
 * libphonenumber (loaded only when a form needs it) and turned into E.164. The server checks again
 * with the full metadata; it is the authority.
 */
export interface PhoneValue {
  /** ISO 3166 alpha-2 of the dialling code chosen. */
  country: string
  /** As typed: national digits, or an international number starting with + or 00. */
  number: string
}

export type PhoneCheck = { valid: true; e164: string; country: string } | { valid: false }

let library: Promise<typeof import('libphonenumber-js/min')> | null = null

export function loadPhoneLibrary() {
  library ??= import('libphonenumber-js/min')
  return library
}

export async function checkPhone(value: PhoneValue): Promise<PhoneCheck> {
  const digits = value.number.trim()
  if (!digits) return { valid: false }
  const { parsePhoneNumberFromString } = await loadPhoneLibrary()
  const international = digits.replace(/^00/, '+')
  const parsed = international.startsWith('+')
    ? parsePhoneNumberFromString(international)
    : parsePhoneNumberFromString(digits, value.country.toUpperCase() as Parameters<typeof parsePhoneNumberFromString>[1])
  if (!parsed?.isValid()) return { valid: false }
  return { valid: true, e164: parsed.number, country: parsed.country ?? value.country }
}
