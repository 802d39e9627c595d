import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { z } from 'zod'
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
  normaliseWebsite,
  PROMPTS,
} from '../rules/applications.ts'
import { APPLICATIONS } from '../functions/applications.ts'
import { defineContract } from './define.ts'

/**
 * Exhibitor and attendee applications (docs/product.md#application-form messages).
 * Messages are keys of the `apply` namespace, or `errors.*` of `common`;
 * field errors are keyed by the top-level field name (a phone error may arrive as `phone.number`).
 */

const requiredText = (prompt: string, max: number) =>
  z
    .string({ error: prompt })
    .transform(cleanText)
    .pipe(
      z
        .string()
        .min(1, prompt)
        .max(max, MESSAGES.tooLong)
        .refine((value) => !hasForbiddenCharacters(value), MESSAGES.characters),
    )

const email = z
  .string({ error: PROMPTS.email })
  .transform(cleanText)
  .pipe(
    z
      .string()
      .min(1, PROMPTS.email)
      .max(LIMITS.email, MESSAGES.tooLong)
      .refine((value) => isEmail(value), MESSAGES.email),
  )

const website = z
  .string({ error: MESSAGES.website })
  .default('')
  .transform(cleanText)
  .pipe(
    z
      .string()
      .max(LIMITS.website, MESSAGES.tooLong)
      .refine((value) => value === '' || isWebsite(value), MESSAGES.website)
      .transform((value) => (value === '' ? null : normaliseWebsite(value))),
  )

/**
 * A phone number with the country of its dialling code, as the phone field gives it: checked with
 * libphonenumber's full metadata and stored in E.164 (the browser's check uses the small metadata;
 * this one decides).
 */
const phone = (required: boolean) =>
  z
    .object(
      {
        country: z.string({ error: PROMPTS.phone }).regex(/^[A-Z]{2}$/, MESSAGES.phone),
        number: z.string({ error: PROMPTS.phone }).max(LIMITS.phoneNumber, MESSAGES.tooLong),
      },
      { error: PROMPTS.phone },
    )
    .transform((value, context) => {
      const typed = value.number.trim()
      if (!typed) {
        if (required) context.addIssue({ code: 'custom', message: PROMPTS.phone })
        return null
      }
      if (hasForbiddenCharacters(typed) || !/^[+\d\s().-]+$/.test(typed)) {
        context.addIssue({ code: 'custom', message: MESSAGES.phone })
        return null
      }
      const international = typed.replace(/^00/, '+')
      const parsed = international.startsWith('+') ? parsePhoneNumberFromString(international) : parsePhoneNumberFromString(typed, value.country as CountryCode)
      if (!parsed?.isValid()) {
        context.addIssue({ code: 'custom', message: MESSAGES.phone })
        return null
      }
      return { e164: parsed.number as string, country: parsed.country ?? value.country }
    })

const exhibitionId = z.number({ error: PROMPTS.exhibitionId }).int(PROMPTS.exhibitionId).positive(PROMPTS.exhibitionId).max(2_147_483_647, PROMPTS.exhibitionId)

/** A fresh UUID per filled-in form (and per change after a failed try): a retry with it is the same submission. */
const idempotencyKey = z.uuid({ error: 'errors.invalid' })

/** The honeypot: a field people never see or fill; bots that fill every field give themselves away. */
const honeypot = z.string({ error: 'errors.invalid' }).max(LIMITS.honeypot, MESSAGES.tooLong).default('')

const boothDimension = (prompt: string) => z.number({ error: prompt }).nullable().optional()

export const exhibitorPayload = z
  .object({
    exhibitionId,
    boothSize: z.enum(BOOTH_SIZES, { error: PROMPTS.boothSize }),
    boothWidth: boothDimension(PROMPTS.boothWidth),
    boothDepth: boothDimension(PROMPTS.boothDepth),
    companyName: requiredText(PROMPTS.companyName, LIMITS.companyName),
    website,
    contactPerson: requiredText(PROMPTS.contactPerson, LIMITS.contactPerson),
    phone: phone(true),
    email,
    method: z.enum(EXHIBITING_METHODS, { error: PROMPTS.method }),
    idempotencyKey,
    fax: honeypot,
  })
  .superRefine(
    (value, context) => {
      // Runs even when other fields failed, so the visitor learns every problem at once.
      if ((value as { boothSize?: unknown }).boothSize !== 'custom') return
      for (const [field, prompt] of [
        ['boothWidth', PROMPTS.boothWidth],
        ['boothDepth', PROMPTS.boothDepth],
      ] as const) {
        const size = (value as Record<string, unknown>)[field]
        if (size === null || size === undefined) context.addIssue({ code: 'custom', message: prompt, path: [field] })
        else if (typeof size === 'number' && !isBoothDimension(size)) context.addIssue({ code: 'custom', message: MESSAGES.boothDimension, path: [field] })
      }
    },
    { when: () => true },
  )
  .transform((value) =>
    value.boothSize === 'custom'
      ? { ...value, boothWidth: value.boothWidth ?? null, boothDepth: value.boothDepth ?? null }
      : { ...value, boothWidth: null, boothDepth: null },
  )

export const attendeePayload = z.object({
  exhibitionId,
  surname: requiredText(PROMPTS.surname, LIMITS.surname),
  givenName: requiredText(PROMPTS.givenName, LIMITS.givenName),
  position: requiredText(PROMPTS.position, LIMITS.position),
  identity: z.enum(IDENTITIES, { error: PROMPTS.identity }),
  industry: z.enum(INDUSTRIES, { error: PROMPTS.industry }),
  email,
  /** Optional for attendees; checked like any phone when given. */
  phone: phone(false)
    .optional()
    .transform((value) => value ?? null),
  idempotencyKey,
  fax: honeypot,
})

export const applicationKind = z.enum(['exhibitor', 'attendee'])
export const applicationStatus = z.enum(['received', 'reviewing', 'accepted', 'declined', 'withdrawn'])

export const openExhibition = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  city: z.string(),
  countryCode: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
})

export const submitResult = z.object({
  /** What the applicant quotes when writing to the organiser, e.g. EX-7K3M9Q2P. */
  reference: z.string(),
  submittedAt: z.string(),
})

export const myApplication = z.object({
  reference: z.string(),
  kind: applicationKind,
  status: applicationStatus,
  submittedAt: z.string(),
  exhibition: z.object({ id: z.number().int(), title: z.string(), city: z.string(), startsAt: z.string(), endsAt: z.string(), timeZone: z.string() }),
  /** Exhibitor applications. */
  companyName: z.string().nullable(),
  /** Attendee applications (shown in the order of the page's language). */
  surname: z.string().nullable(),
  givenName: z.string().nullable(),
  boothSize: z.enum(BOOTH_SIZES).nullable(),
  boothWidth: z.number().nullable(),
  boothDepth: z.number().nullable(),
  position: z.string().nullable(),
  /** What the organiser wrote to the applicant with their last decision; null: nothing. */
  note: z.string().nullable(),
  /** When the organiser last decided; null: not yet. */
  decidedAt: z.string().nullable(),
})

/** Exhibitions that take applications now, in the caller's language. */
export const openExhibitions = defineContract({
  ...APPLICATIONS.openExhibitions,
  payload: z.object({}),
  result: z.object({ items: z.array(openExhibition) }),
})

export const submitExhibitorApplication = defineContract({
  ...APPLICATIONS.submitExhibitorApplication,
  payload: exhibitorPayload,
  result: submitResult,
})

export const submitAttendeeApplication = defineContract({
  ...APPLICATIONS.submitAttendeeApplication,
  payload: attendeePayload,
  result: submitResult,
})

/** The logged-in user's applications, newest first. */
export const myApplications = defineContract({
  ...APPLICATIONS.myApplications,
  payload: z.object({}),
  result: z.object({ items: z.array(myApplication) }),
})

/** What the forms prefill for a logged-in user. */
export const applicantDefaults = defineContract({
  ...APPLICATIONS.applicantDefaults,
  payload: z.object({}),
  result: z.object({ email: z.string().nullable() }),
})

export type ApplicationKind = z.infer<typeof applicationKind>
export type ApplicationStatus = z.infer<typeof applicationStatus>
export type ExhibitorPayload = z.input<typeof exhibitorPayload>
export type AttendeePayload = z.input<typeof attendeePayload>
export type ParsedExhibitor = z.output<typeof exhibitorPayload>
export type ParsedAttendee = z.output<typeof attendeePayload>
export type OpenExhibition = z.infer<typeof openExhibition>
export type SubmitResult = z.infer<typeof submitResult>
export type MyApplication = z.infer<typeof myApplication>
