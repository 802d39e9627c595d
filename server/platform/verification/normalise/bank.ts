/**
 * IBANs (ISO 13616): two letters of the country, two check digits, then the national account number
 * (the BBAN, 11 to 30 letters and digits). The check digits make the whole number divisible by 97 once
 * its first four characters move to the end and letters become numbers (A = 10 ... Z = 35), so a
 * mistyped or altered digit is found.
 */
export type IbanResult = { ok: true; key: string; display: string } | { ok: false; problem: 'checksum'; display: string }

/** Bank-statement spacing, dashes and the "IBAN" label are not part of the number. */
function compactIban(text: string): string {
  return text
    .replace(/^iban\s*[:：]?\s*/i, '')
    .replace(/[\s\-.]/g, '')
    .toUpperCase()
}

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/

/** Whether the text is written as an IBAN (a checksum that fails still makes it one, with a notice). */
export function looksLikeIban(text: string): boolean {
  return IBAN_SHAPE.test(compactIban(text))
}

/** The remainder of the IBAN's number modulo 97, computed in pieces (the number has up to 70 digits). */
export function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const char of rearranged) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char)
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97
  }
  return remainder
}

/** In groups of four, as banks print it. */
const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ')

export function normaliseIban(text: string): IbanResult | null {
  const iban = compactIban(text)
  if (!IBAN_SHAPE.test(iban)) return null
  if (ibanRemainder(iban) !== 1) return { ok: false, problem: 'checksum', display: grouped(iban) }
  return { ok: true, key: iban, display: grouped(iban) }
}
