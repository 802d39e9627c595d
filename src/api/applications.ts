import { fn } from './contracts/define.ts'
import type * as contracts from './contracts/applications.ts'

/**
 * Exhibitor and attendee applications (issue 10): browser references to the platform functions, and
 * the rules both sides apply. The page validates with these before sending; the platform's zod
 * contract (src/api/contracts/applications.ts) applies the same rules again and is the authority.
 * Nothing here imports zod, so the sign-up page stays light.
 */
export const openExhibitions = fn<typeof contracts.openExhibitions>('expo', 'apply$openExhibitions', 'visitor')
export const submitExhibitorApplication = fn<typeof contracts.submitExhibitorApplication>('expo', 'apply$submitExhibitor', 'visitor')
export const submitAttendeeApplication = fn<typeof contracts.submitAttendeeApplication>('expo', 'apply$submitAttendee', 'visitor')
export const myApplications = fn<typeof contracts.myApplications>('expo', 'apply$myApplications', 'user')
export const applicantDefaults = fn<typeof contracts.applicantDefaults>('expo', 'apply$applicantDefaults', 'user')

export type {
  ApplicationKind,
  ApplicationStatus,
  ExhibitorPayload,
  AttendeePayload,
  MyApplication,
  OpenExhibition,
  SubmitResult,
} from './contracts/applications.ts'

/** Booth sizes offered (SPEC §3, PRODUCT.md): width x depth in metres; `custom` asks for both. */
export const BOOTH_SIZES = ['3x3', '3x6', '6x6', 'custom'] as const
export type BoothSize = (typeof BOOTH_SIZES)[number]
/** Metres of a custom booth: 1 to 100, in steps of 0.5. */
export const BOOTH_DIMENSION = { min: 1, max: 100, step: 0.5 } as const

export const EXHIBITING_METHODS = ['company', 'individual'] as const
export type ExhibitingMethod = (typeof EXHIBITING_METHODS)[number]

/** Who the attendee is (SPEC §3 user application "identity"). */
export const IDENTITIES = ['trader', 'broker', 'introducingBroker', 'fintech', 'institution', 'media', 'other'] as const
export type Identity = (typeof IDENTITIES)[number]

/** The attendee's line of business (SPEC §3 "industry"). */
export const INDUSTRIES = ['forex', 'securities', 'crypto', 'fintech', 'payments', 'banking', 'marketing', 'education', 'other'] as const
export type Industry = (typeof INDUSTRIES)[number]

/** Size limits of every field (characters after trimming). */
export const LIMITS = {
  companyName: 120,
  website: 200,
  contactPerson: 80,
  email: 254,
  phoneNumber: 32,
  surname: 60,
  givenName: 60,
  position: 80,
  honeypot: 200,
} as const

/**
 * Characters no single-line field may hold: C0 and C1 controls (NUL cannot even be stored), line and
 * paragraph separators, and the bidirectional overrides that make a name read differently from what
 * it is (Trojan Source, CVE-2021-42574), which would mislead the organiser reading the list.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_CHARACTERS.test(value)
}

/** Trimmed, NFC, inner runs of spaces kept as typed. */
export function cleanText(value: string): string {
  return value.trim().normalize('NFC')
}

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/
const DOMAIN_LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu

function isDomain(domain: string): boolean {
  if (domain.length > 253) return false
  const labels = domain.split('.')
  if (labels.length < 2) return false
  const top = labels[labels.length - 1] ?? ''
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL.test(top)
}

/**
 * An address mail can be delivered to: a dot-atom local part (RFC 5322, no quoted forms) of at most
 * 64 characters, and a domain name with a top-level domain; international domain names are allowed.
 */
export function isEmail(value: string): boolean {
  if (value.length > LIMITS.email) return false
  const at = value.lastIndexOf('@')
  if (at < 1) return false
  const local = value.slice(0, at)
  const domain = value.slice(at + 1)
  return local.length <= 64 && EMAIL_LOCAL.test(local) && isDomain(domain)
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

/** The "please enter / please select" prompt of each required field (SPEC §5). */
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
