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

/**
 * "Account: …" in the languages our visitors write it: what makes a short run of digits an account
 * number rather than a phone number.
 */
const ACCOUNT_LABEL =
  /^(?:(?:bank\s*)?(?:account|acct\.?|a\/c)(?:\s*(?:no\.?|number|#))?|银行账号|銀行帳號|银行卡号|銀行卡號|收款账号|收款帳號|账号|帳號|账户|帳戶|卡号|卡號|口座番号|口座|เลขที่บัญชี|บัญชี|số tài khoản|nomor rekening|no\.?\s*rek(?:ening)?|rekening|número de cuenta|cuenta|número da conta|conta|номер счёта|номер счета|счёт|счет|numero ng account)(?:\s*[:：]\s*|\s+(?=\d))/iu

/** Longer than any phone number (E.164 has at most 15 digits): a card or account number (UnionPay cards have 16 to 19). */
const UNLABELLED_DIGITS = 16

/**
 * A local bank account number (docs/product.md#verification-web), compared by its letters and digits
 * (spaces, dashes, dots and slashes dropped, upper case): labelled ("Account: 004-123456-001",
 * "账号：6222 0212 3456 7890"), or a run of digits too long to be a phone number. Null otherwise.
 */
export function normaliseBankAccount(text: string): { key: string; display: string } | null {
  const label = ACCOUNT_LABEL.exec(text)
  const rest = label ? text.slice(label[0].length).trim() : text.trim()
  if (!label && !/^\d[\d\s-]*\d$/.test(rest)) return null
  const key = bankAccountKey(rest)
  if (!key || (!label && key.length < UNLABELLED_DIGITS)) return null
  return { key, display: rest.replace(/\s+/g, ' ') }
}

/** The register's form of an account number as the organiser enters it; null when it is none. */
export function bankAccountKey(text: string): string | null {
  const key = text.replace(/[\s\-./]/g, '').toUpperCase()
  return /^[A-Z0-9]{6,34}$/.test(key) && (key.match(/\d/g)?.length ?? 0) >= 6 ? key : null
}
