/**
 * Bank transfer as a way to pay (docs/product.md#bank-transfer): the organiser's account (an IBAN
 * with its BIC, or a local account), the days a buyer has to pay, and the payment reference each
 * order gets. Zod-free, so the console's form, the order page and the platform share one reading.
 */

/** Days a buyer has between choosing bank transfer and the money arriving: the order's seats are held so long. */
export const BANK_DEADLINE_DAYS = { min: 1, max: 30, default: 7 } as const

/** Lengths of the organiser's account fields. */
export const BANK_ACCOUNT_LIMITS = { holder: 70, bankName: 70, accountNumber: 34 } as const

/**
 * The reference's own letters: capitals without the ones read or typed for another (O/0, I/L/1,
 * S/5, B/8, Z/2, U/V), so a buyer copying it from a phone onto a bank's form cannot slip. Letters
 * only: MOD 97 counts each letter as two digits, and then catches every swap of two neighbours
 * (a digit beside a letter can swap unseen: "3X" and "X3" check alike). 18 letters; 8 of them give
 * 1.1 × 10¹⁰ references.
 */
export const REFERENCE_ALPHABET = 'ACDEFGHJKMNPQRTWXY'
const BODY_LENGTH = 8

/**
 * ISO 7064 MOD 97-10 over a text of digits and capitals, letters counting A = 10 … Z = 35: the check
 * of IBANs and of ISO 11649 creditor references. Taken in chunks so no number passes 2⁵³.
 */
function mod97(text: string): number {
  let rest = 0
  for (const char of text) {
    const value = char >= 'A' && char <= 'Z' ? char.charCodeAt(0) - 55 : Number(char)
    rest = (rest * (value >= 10 ? 100 : 10) + value) % 97
  }
  return rest
}

/**
 * A reference as banks know it: an ISO 11649 creditor reference, "RF", two check digits, then the
 * body, shown in groups of four ("RF19 KMXC DWHE"). The check digits catch any one letter mistyped
 * and any two swapped; many banks check them at the counter already.
 */
export function referenceOf(body: string): string {
  const check = 98 - mod97(`${body}RF00`)
  return `RF${String(check).padStart(2, '0')}${body}`
}

/** A new reference from `random` (integers below the alphabet's length); the server passes crypto's. */
export function makeReference(random: (below: number) => number): string {
  let body = ''
  for (let index = 0; index < BODY_LENGTH; index++) body += REFERENCE_ALPHABET[random(REFERENCE_ALPHABET.length)]
  return referenceOf(body)
}

/** The reference as typed or found in a statement, without spaces, in capitals. */
export function compactReference(typed: string): string {
  return typed
    .normalize('NFKC')
    .replace(/[\s\-.]/g, '')
    .toUpperCase()
}

/** One of ours: the right shape, our letters and a sound check. */
export function isReference(typed: string): boolean {
  const compact = compactReference(typed)
  if (!new RegExp(`^RF\\d{2}[${REFERENCE_ALPHABET}]{${BODY_LENGTH}}$`).test(compact)) return false
  return mod97(`${compact.slice(4)}${compact.slice(0, 4)}`) === 1
}

/** Grouped in fours for reading aloud and typing: "RF19 KMXC DWHE". */
export function readableReference(reference: string): string {
  return compactReference(reference).replace(/(.{4})(?=.)/g, '$1 ')
}

/**
 * Our references inside a statement's free text ("Order RF19 KMXC DWHE, thanks"): any run that,
 * with spaces taken out, has our shape and a sound check. A payer's own words around it do not matter.
 */
export function referencesIn(text: string): string[] {
  const compact = compactReference(text)
  const found = new Set<string>()
  const shape = new RegExp(`RF\\d{2}[${REFERENCE_ALPHABET}]{${BODY_LENGTH}}`, 'g')
  for (let start = compact.indexOf('RF'); start >= 0; start = compact.indexOf('RF', start + 1)) {
    shape.lastIndex = start
    const match = shape.exec(compact)
    if (match && match.index === start && isReference(match[0])) found.add(match[0])
  }
  return [...found]
}

/** IBAN lengths by country (the SWIFT IBAN registry); a country missing here has no IBAN. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28, CH: 21, CR: 22, CY: 28,
  CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18, FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23,
  GL: 18, GR: 27, GT: 28, HN: 28, HR: 21, HU: 28, IE: 22, IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28,
  LC: 32, LI: 21, LT: 20, LU: 20, LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28,
  NL: 18, NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31, SD: 18, SE: 24,
  SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29, VA: 22, VG: 24, XK: 20, YE: 30,
} // biome-ignore format: a table reads best as a block

/** The IBAN as typed, without spaces, in capitals. */
export function compactIban(typed: string): string {
  return typed.normalize('NFKC').replace(/\s/g, '').toUpperCase()
}

/** A real IBAN: its country's length and a sound check (ISO 13616: the first four moved to the end, MOD 97 = 1). */
export function isIban(typed: string): boolean {
  const iban = compactIban(typed)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false
  return mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) === 1
}

/** Grouped in fours, as printed on statements. */
export function readableIban(iban: string): string {
  return compactIban(iban).replace(/(.{4})(?=.)/g, '$1 ')
}

/** A BIC (ISO 9362): bank, country, place, and an optional branch; 8 or 11 characters. */
export function isBic(typed: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compactIban(typed))
}

/** The BIC names the IBAN's country: a transfer to a Dutch IBAN through a German bank code is a typo. */
export function bicMatchesIban(bic: string, iban: string): boolean {
  return compactIban(bic).slice(4, 6) === compactIban(iban).slice(0, 2)
}

/** How a transfer that arrived meets its order: exactly, too much, too little, or in another currency. */
export type AmountFit = 'exact' | 'over' | 'under' | 'currency'

export function amountFit(received: { minor: number; currency: string }, asked: { minor: number; currency: string }): AmountFit {
  if (received.currency !== asked.currency) return 'currency'
  return received.minor === asked.minor ? 'exact' : received.minor > asked.minor ? 'over' : 'under'
}

/**
 * What became of a statement line: it paid its order; it waits for staff (too much, too little,
 * another currency, an order that is no longer open, money for an order paid already); no order has
 * its reference; or staff decided on it (accepted as payment, or to be sent back).
 */
export const TRANSFER_STATES = ['paid', 'review', 'unknown', 'accepted', 'returned'] as const
export type TransferState = (typeof TRANSFER_STATES)[number]

/** Why a line waits for staff. */
export const TRANSFER_ISSUES = ['over', 'under', 'currency', 'closed', 'alreadyPaid'] as const
export type TransferIssue = (typeof TRANSFER_ISSUES)[number]

/** What staff may decide on a line waiting for them. */
export const TRANSFER_DECISIONS = ['accept', 'return'] as const
export type TransferDecision = (typeof TRANSFER_DECISIONS)[number]

/** Statement files: at most this many bytes (the console sends them inside its 1 MB calls, server/app.ts), and this many lines in one. */
export const STATEMENT_LIMITS = { bytes: 900_000, lines: 3000 } as const

/** Transfers on one page of the console's queue. */
export const TRANSFER_QUEUE_PAGE_SIZE = 50
