import { EMAIL_MAX, isDomain } from './text.ts'

/**
 * Exhibitor and attendee applications (docs/product.md#application-form): the rules both sides apply. The page validates with
 * these before sending; the platform's zod contract (shared/contracts/applications.ts) applies the
 * same rules again and is the authority. Nothing here imports zod, so the sign-up page stays light.
 */

export { hasForbiddenCharacters, isEmail } from './text.ts'
export { IDENTITIES, type Identity, INDUSTRIES, type Industry } from './visitor-profile.ts'

/** Booth sizes offered (docs/product.md#application-data): width x depth in metres; `custom` asks for both. */
export const BOOTH_SIZES = ['3x3', '3x6', '6x6', 'custom'] as const
export type BoothSize = (typeof BOOTH_SIZES)[number]
/** Metres of a custom booth: 1 to 100, in steps of 0.5. */
export const BOOTH_DIMENSION = { min: 1, max: 100, step: 0.5 } as const

export const EXHIBITING_METHODS = ['company', 'individual'] as const
export type ExhibitingMethod = (typeof EXHIBITING_METHODS)[number]

/** Size limits of every field (characters after trimming). */
export const LIMITS = {
  companyName: 120,
  website: 200,
  contactPerson: 80,
  email: EMAIL_MAX,
  phoneNumber: 32,
  surname: 60,
  givenName: 60,
  position: 80,
  honeypot: 200,
} as const

/** Trimmed, NFC, inner runs of spaces kept as typed. */
export function cleanText(value: string): string {
  return value.trim().normalize('NFC')
}

const WEBSITE = /^(?:(https?):\/\/)?([^/?#:\s]+)(?::(\d{1,5}))?([/?#]\S*)?$/i

/** A web address with or without its scheme (`example.com`, `https://example.com/en`); http(s) only. */
export function isWebsite(value: string): boolean {
  if (value.length > LIMITS.website) return false
  const match = WEBSITE.exec(value)
  if (!match?.[2]) return false
  // `javascript:`, `mailto:` and other schemes are not web sites (a port after the host is fine).
  if (/^[a-z][a-z0-9+.-]*:(?!\d)/i.test(value) && !match[1]) return false
  return isDomain(match[2])
}

/** `example.com` -> `https://example.com`; an address with its scheme stays as typed. */
export function normaliseWebsite(value: string): string {
  return /^https?:\/\//i.test(value) ? value : `https://${value}`
}

export function isBoothDimension(value: number): boolean {
  return Number.isFinite(value) && value >= BOOTH_DIMENSION.min && value <= BOOTH_DIMENSION.max && Number.isInteger(value / BOOTH_DIMENSION.step)
}

/**
 * A person's name in the order its writing has it: a name in Han or kana script family name first
 * without a space (on Chinese and Japanese pages); a name in Latin letters given name first, as its
 * owner writes it, whatever the page language.
 */
export function personName(locale: string, givenName: string, surname: string): string {
  if (/^(zh|ja)/.test(locale) && !/[A-Za-z]/.test(givenName + surname)) return `${surname}${givenName}`
  return `${givenName} ${surname}`.trim()
}

/** A custom booth as people write it: 4.5 × 6 m. */
export function boothDimensions(width: number | null, depth: number | null): string {
  return `${width ?? '?'} × ${depth ?? '?'} m`
}

/** Field prompts and messages are keys of the `apply` namespace (or `errors.*` of `common`). */
export const MESSAGES = {
  tooLong: 'errors.tooLong',
  characters: 'validation.characters',
  email: 'validation.email',
  phone: 'validation.phone',
  website: 'validation.website',
  boothDimension: 'validation.boothDimension',
  closed: 'validation.closed',
} as const

/** The "please enter / please select" prompt of each required field (docs/product.md#application-form). */
export const PROMPTS = {
  exhibitionId: 'prompts.exhibition',
  boothSize: 'prompts.boothSize',
  boothWidth: 'prompts.boothWidth',
  boothDepth: 'prompts.boothDepth',
  companyName: 'prompts.companyName',
  contactPerson: 'prompts.contactPerson',
  phone: 'prompts.phone',
  email: 'prompts.email',
  method: 'prompts.method',
  surname: 'prompts.surname',
  givenName: 'prompts.givenName',
  position: 'prompts.position',
  identity: 'prompts.identity',
  industry: 'prompts.industry',
} as const

/** Review statuses, in the order an application moves through them. */
export const APPLICATION_STATUSES = ['received', 'reviewing', 'accepted', 'declined', 'withdrawn'] as const
export type ReviewStatus = (typeof APPLICATION_STATUSES)[number]

/**
 * Where a status may go (the one set of rules: the console, the CLI and the pages read it). A decision
 * can be reconsidered (accepted ↔ declined, or back to reviewing); a withdrawal is the applicant's last
 * word and ends the review.
 */
export const STATUS_TRANSITIONS: Readonly<Record<ReviewStatus, readonly ReviewStatus[]>> = {
  received: ['reviewing', 'accepted', 'declined', 'withdrawn'],
  reviewing: ['accepted', 'declined', 'withdrawn'],
  accepted: ['reviewing', 'declined', 'withdrawn'],
  declined: ['reviewing', 'accepted', 'withdrawn'],
  withdrawn: [],
}

export const mayMoveTo = (from: ReviewStatus, to: ReviewStatus): boolean => STATUS_TRANSITIONS[from].includes(to)

/** The organiser's review queue and decisions (console). */
export const REVIEW_LIMITS = {
  search: 100,
  /** The note the applicant reads in their mail and in My account, and the staff-only note. */
  note: 2000,
  pageSizeDefault: 25,
  pageSizeMax: 100,
} as const
