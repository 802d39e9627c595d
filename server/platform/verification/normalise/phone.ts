import { type CountryCode, getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js/max'

export type PhoneResult =
  | {
      ok: true
      /** E.164: the key compared with the register. */
      e164: string
      /** International format for people: +44 20 7946 0000. */
      display: string
      /** ISO alpha-2 of the number's country, when libphonenumber knows it. */
      country: string | null
      /** Set when the number had no country code and the visitor's country was assumed. */
      assumedCountry: string | null
    }
  | { ok: false; reason: 'invalid' | 'needsCountryCode' }

const KNOWN_COUNTRIES = new Set<string>(getCountries())

/**
 * What a phone number may look like as typed or pasted: an optional "tel:" or plus (also the
 * full-width ＋), digits of any script (１３８…, ٤٤…), and the usual separators: spaces, dashes,
 * dots, slashes and brackets ("+44 (0)20 7946 0000", "(+65) 8123-4567"), and an extension at the end.
 */
const PHONE_SHAPE = /^(?:tel:)?\(?[+＋]?[\p{Nd}\s()./\-‐‑‒–—−]+(?:\s*(?:ext\.?|x|#)\s*\p{Nd}{1,6})?$/iu

export function looksLikePhone(text: string): boolean {
  if (!PHONE_SHAPE.test(text)) return false
  const digits = text.match(/\p{Nd}/gu)?.length ?? 0
  return digits >= 3 && digits <= 20
}

/**
 * A phone number in E.164 (ITU-T E.164; libphonenumber with full metadata). "00" and the dialling
 * prefix of the visitor's country ("011" in the US) count as the international prefix; a number
 * without one is read as a number of `defaultCountry` (the visitor's country), which the answer says.
 * The number must be possible (right length for its country); validity against the allocation
 * tables is not asked, because a scammer's number in a newly opened range is still a number.
 */
export function normalisePhone(text: string, defaultCountry?: string | null): PhoneResult {
  if (!looksLikePhone(text)) return { ok: false, reason: 'invalid' }
  let value = text
    .replace(/^tel:/i, '')
    .replace(/＋/g, '+')
    .replace(/\s*(?:ext\.?|x|#)\s*\p{Nd}{1,6}$/iu, '')
  // "00 44 …" and "(00)44…" are international numbers in most of the world.
  value = value.replace(/^\(?\s*00\s*\)?\s*/u, (match) => (match ? '+' : match))
  if ((value.match(/\+/g) ?? []).length > 1) return { ok: false, reason: 'invalid' }
  const international = /^\(?\s*\+/.test(value)
  const region = defaultCountry && KNOWN_COUNTRIES.has(defaultCountry.toUpperCase()) ? (defaultCountry.toUpperCase() as CountryCode) : undefined
  if (!international && !region) return { ok: false, reason: 'needsCountryCode' }
  const parsed = international ? parsePhoneNumberFromString(value) : parsePhoneNumberFromString(value, { defaultCountry: region as CountryCode })
  if (!parsed?.isPossible()) return { ok: false, reason: 'invalid' }
  return {
    ok: true,
    e164: parsed.number,
    display: parsed.formatInternational(),
    country: parsed.country ?? null,
    // "011 44 …" typed in the US dialled abroad: nothing was assumed then.
    assumedCountry: !international && region && parsed.countryCallingCode === getCountryCallingCode(region) ? region : null,
  }
}
