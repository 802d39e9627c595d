import type { AttendeePayload, ExhibitorPayload } from '../../api/applications.ts'
import {
  BOOTH_SIZES,
  cleanText,
  EXHIBITING_METHODS,
  hasForbiddenCharacters,
  IDENTITIES,
  INDUSTRIES,
  isBoothDimension,
  isEmail,
  isWebsite,
  LIMITS,
  MESSAGES,
  PROMPTS,
} from '../../../shared/rules/applications.ts'
import { checkPhone, type PhoneValue } from '../../lib/phone.ts'

/**
 * The forms' own check before sending, with the same rules and messages as the platform's contract
 * (shared/contracts/applications.ts; validate.test.ts keeps the two in step). The platform checks
 * again and decides. Messages are keys of the `apply` namespace, or `errors.*` of `common`.
 */

export type FieldErrors = Record<string, string>

export interface ExhibitorValues {
  exhibitionId: string
  boothSize: string
  boothWidth: string
  boothDepth: string
  companyName: string
  website: string
  contactPerson: string
  phone: PhoneValue
  email: string
  method: string
  /** The honeypot (never shown to people). */
  fax: string
}

export interface AttendeeValues {
  exhibitionId: string
  surname: string
  givenName: string
  position: string
  identity: string
  industry: string
  email: string
  phone: PhoneValue
  fax: string
}

/** Field order on the page: the first error in it gets the focus. */
export const EXHIBITOR_ORDER = [
  'exhibitionId',
  'boothSize',
  'boothWidth',
  'boothDepth',
  'companyName',
  'website',
  'contactPerson',
  'phone',
  'email',
  'method',
] as const
export const ATTENDEE_ORDER = ['exhibitionId', 'surname', 'givenName', 'position', 'identity', 'industry', 'email', 'phone'] as const

function requiredText(value: string, prompt: string, max: number): string | undefined {
  const text = cleanText(value)
  if (!text) return prompt
  if (text.length > max) return MESSAGES.tooLong
  if (hasForbiddenCharacters(text)) return MESSAGES.characters
  return undefined
}

function emailError(value: string): string | undefined {
  const text = cleanText(value)
  if (!text) return PROMPTS.email
  if (text.length > LIMITS.email) return MESSAGES.tooLong
  if (!isEmail(text)) return MESSAGES.email
  return undefined
}

function websiteError(value: string): string | undefined {
  const text = cleanText(value)
  if (!text) return undefined
  if (text.length > LIMITS.website) return MESSAGES.tooLong
  if (!isWebsite(text)) return MESSAGES.website
  return undefined
}

/** "4,5" and "4.5" are the same size; empty is null; anything else is NaN (and refused). */
export function parseDimension(value: string): number | null {
  const text = value.trim().replace(',', '.')
  if (!text) return null
  return /^\d{1,3}(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN
}

function dimensionError(value: string, prompt: string): string | undefined {
  const size = parseDimension(value)
  if (size === null) return prompt
  if (!isBoothDimension(size)) return MESSAGES.boothDimension
  return undefined
}

async function phoneError(value: PhoneValue, required: boolean): Promise<string | undefined> {
  const typed = value.number.trim()
  if (!typed) return required ? PROMPTS.phone : undefined
  if (typed.length > LIMITS.phoneNumber) return MESSAGES.tooLong
  if (hasForbiddenCharacters(typed) || !/^[+\d\s().-]+$/.test(typed)) return MESSAGES.phone
  return (await checkPhone(value)).valid ? undefined : MESSAGES.phone
}

const compact = (errors: Record<string, string | undefined>): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined))

/** Everything but the phone, synchronously (the phone needs its library). */
export function exhibitorErrorsWithoutPhone(values: ExhibitorValues): FieldErrors {
  const custom = values.boothSize === 'custom'
  return compact({
    exhibitionId: values.exhibitionId ? undefined : PROMPTS.exhibitionId,
    boothSize: (BOOTH_SIZES as readonly string[]).includes(values.boothSize) ? undefined : PROMPTS.boothSize,
    boothWidth: custom ? dimensionError(values.boothWidth, PROMPTS.boothWidth) : undefined,
    boothDepth: custom ? dimensionError(values.boothDepth, PROMPTS.boothDepth) : undefined,
    companyName: requiredText(values.companyName, PROMPTS.companyName, LIMITS.companyName),
    website: websiteError(values.website),
    contactPerson: requiredText(values.contactPerson, PROMPTS.contactPerson, LIMITS.contactPerson),
    email: emailError(values.email),
    method: (EXHIBITING_METHODS as readonly string[]).includes(values.method) ? undefined : PROMPTS.method,
  })
}

export async function validateExhibitor(values: ExhibitorValues): Promise<FieldErrors> {
  const phone = await phoneError(values.phone, true)
  return { ...exhibitorErrorsWithoutPhone(values), ...(phone ? { phone } : {}) }
}

export function attendeeErrorsWithoutPhone(values: AttendeeValues): FieldErrors {
  return compact({
    exhibitionId: values.exhibitionId ? undefined : PROMPTS.exhibitionId,
    surname: requiredText(values.surname, PROMPTS.surname, LIMITS.surname),
    givenName: requiredText(values.givenName, PROMPTS.givenName, LIMITS.givenName),
    position: requiredText(values.position, PROMPTS.position, LIMITS.position),
    identity: (IDENTITIES as readonly string[]).includes(values.identity) ? undefined : PROMPTS.identity,
    industry: (INDUSTRIES as readonly string[]).includes(values.industry) ? undefined : PROMPTS.industry,
    email: emailError(values.email),
  })
}

export async function validateAttendee(values: AttendeeValues): Promise<FieldErrors> {
  const phone = await phoneError(values.phone, false)
  return { ...attendeeErrorsWithoutPhone(values), ...(phone ? { phone } : {}) }
}

/** What is sent (without the idempotency key, which the form adds). */
export function exhibitorPayload(values: ExhibitorValues): Omit<ExhibitorPayload, 'idempotencyKey'> {
  const custom = values.boothSize === 'custom'
  return {
    exhibitionId: Number(values.exhibitionId),
    boothSize: values.boothSize as ExhibitorPayload['boothSize'],
    boothWidth: custom ? parseDimension(values.boothWidth) : null,
    boothDepth: custom ? parseDimension(values.boothDepth) : null,
    companyName: values.companyName,
    website: values.website,
    contactPerson: values.contactPerson,
    phone: { country: values.phone.country, number: values.phone.number },
    email: values.email,
    method: values.method as ExhibitorPayload['method'],
    fax: values.fax,
  }
}

export function attendeePayload(values: AttendeeValues): Omit<AttendeePayload, 'idempotencyKey'> {
  return {
    exhibitionId: Number(values.exhibitionId),
    surname: values.surname,
    givenName: values.givenName,
    position: values.position,
    identity: values.identity as AttendeePayload['identity'],
    industry: values.industry as AttendeePayload['industry'],
    email: values.email,
    phone: { country: values.phone.country, number: values.phone.number },
    fax: values.fax,
  }
}

/** The platform keys a phone problem as `phone` or `phone.number`: the page shows it at the field. */
export function topLevelErrors(fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {}
  for (const [path, code] of Object.entries(fields)) {
    const field = path.split('.')[0] ?? path
    errors[field] ??= code
  }
  return errors
}
