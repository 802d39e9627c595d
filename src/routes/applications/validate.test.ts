import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { BOOTH_SIZES, IDENTITIES, INDUSTRIES, LIMITS } from '../../../shared/rules/applications.ts'
import { attendeePayload as attendeeSchema, exhibitorPayload as exhibitorSchema } from '../../../shared/contracts/applications.ts'
import {
  type AttendeeValues,
  attendeeErrorsWithoutPhone,
  attendeePayload,
  type ExhibitorValues,
  exhibitorErrorsWithoutPhone,
  exhibitorPayload,
  parseDimension,
  topLevelErrors,
  validateAttendee,
  validateExhibitor,
} from './validate.ts'

const KEY = '3f1c2a44-7d7e-4f43-9a55-0c4a55a0b0f1'
const VALID_PHONE = { country: 'GB', number: '07400 123456' }

/** The platform's field errors (first per top-level field), as the gateway reports them. */
function serverErrors(schema: z.ZodType, payload: unknown): Record<string, string> {
  const result = schema.safeParse(JSON.parse(JSON.stringify(payload)))
  if (result.success) return {}
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) fields[issue.path.map(String).join('.')] ??= issue.message
  return topLevelErrors(fields)
}

const withoutPhone = (errors: Record<string, string>) => Object.fromEntries(Object.entries(errors).filter(([field]) => field !== 'phone'))

// Texts around every limit, with the characters the rules care about.
const text = (max: number) =>
  fc.oneof(
    fc.constantFrom('', '   ', 'Acme', '<b>x</b>', 'a\nb', 'x\u202ey', ' 环球 ', 'Ａｃｍｅ'),
    fc.string({ maxLength: max + 3 }),
    fc.string({ minLength: max - 1, maxLength: max + 1, unit: 'grapheme-ascii' }),
  )
const email = fc.oneof(
  fc.emailAddress(),
  fc.constantFrom('', 'a@b', 'a@b.co', 'x@例え.jp', 'a..b@c.com', 'a@-b.com', '<a@b.com>', ` ${'a'.repeat(64)}@b.com`, `${'a'.repeat(65)}@b.com`),
  fc.string({ maxLength: 30 }),
)
const website = fc.oneof(
  fc.webUrl(),
  fc.domain(),
  fc.constantFrom('', 'javascript:alert(1)', 'acme', 'acme.com:8080/x', 'ftp://a.com'),
  fc.string({ maxLength: 20 }),
)
const dimension = fc.oneof(fc.constantFrom('', '0', '0.5', '1', '4,5', '100', '100.5', '3.25'), fc.integer({ min: 0, max: 150 }).map(String))

describe('the forms check what the platform checks', () => {
  it('when any exhibitor form is checked, then the page finds the same problems as the platform (phone aside)', () => {
    fc.assert(
      fc.property(
        fc.record({
          exhibitionId: fc.constantFrom('', '7'),
          boothSize: fc.constantFrom('', ...BOOTH_SIZES),
          boothWidth: dimension,
          boothDepth: dimension,
          companyName: text(LIMITS.companyName),
          website,
          contactPerson: text(LIMITS.contactPerson),
          email,
          method: fc.constantFrom('', 'company', 'individual'),
        }),
        (values) => {
          const form: ExhibitorValues = { ...values, phone: VALID_PHONE, fax: '' }
          const server = withoutPhone(serverErrors(exhibitorSchema, { ...exhibitorPayload(form), idempotencyKey: KEY }))
          expect(exhibitorErrorsWithoutPhone(form)).toEqual(server)
        },
      ),
      { numRuns: 400 },
    )
  })

  it('when any attendee form is checked, then the page finds the same problems as the platform (phone aside)', () => {
    fc.assert(
      fc.property(
        fc.record({
          exhibitionId: fc.constantFrom('', '12'),
          surname: text(LIMITS.surname),
          givenName: text(LIMITS.givenName),
          position: text(LIMITS.position),
          identity: fc.constantFrom('', 'nobody', ...IDENTITIES),
          industry: fc.constantFrom('', 'nothing', ...INDUSTRIES),
          email,
        }),
        (values) => {
          const form: AttendeeValues = { ...values, phone: VALID_PHONE, fax: '' }
          const server = withoutPhone(serverErrors(attendeeSchema, { ...attendeePayload(form), idempotencyKey: KEY }))
          expect(attendeeErrorsWithoutPhone(form)).toEqual(server)
        },
      ),
      { numRuns: 400 },
    )
  })
})

describe('phone and messages (docs/product.md#application-form)', () => {
  const exhibitor: ExhibitorValues = {
    exhibitionId: '1',
    boothSize: '3x3',
    boothWidth: '',
    boothDepth: '',
    companyName: 'Acme',
    website: '',
    contactPerson: 'Li Lei',
    phone: { country: 'CN', number: '' },
    email: 'li@acme.com',
    method: 'company',
    fax: '',
  }

  it('when the exhibitor phone is empty, then its prompt; when wrong, then the correct-number message; when right, then none', async () => {
    expect((await validateExhibitor(exhibitor)).phone).toBe('prompts.phone')
    expect((await validateExhibitor({ ...exhibitor, phone: { country: 'CN', number: '12345' } })).phone).toBe('validation.phone')
    expect((await validateExhibitor({ ...exhibitor, phone: { country: 'CN', number: '138 0013 8000' } })).phone).toBeUndefined()
    expect((await validateExhibitor({ ...exhibitor, phone: { country: 'GB', number: '+86 138 0013 8000' } })).phone).toBeUndefined()
  })

  it('when the attendee phone is empty, then nothing (it is optional)', async () => {
    const attendee: AttendeeValues = {
      exhibitionId: '1',
      surname: 'Li',
      givenName: 'Lei',
      position: 'CEO',
      identity: 'trader',
      industry: 'forex',
      email: 'li@acme.com',
      phone: { country: 'CN', number: ' ' },
      fax: '',
    }
    expect(await validateAttendee(attendee)).toEqual({})
    expect((await validateAttendee({ ...attendee, phone: { country: 'CN', number: 'abc' } })).phone).toBe('validation.phone')
  })

  it('when a custom size is typed with a comma, then it is read as a decimal', () => {
    expect(parseDimension('4,5')).toBe(4.5)
    expect(parseDimension(' 12 ')).toBe(12)
    expect(parseDimension('')).toBeNull()
    expect(parseDimension('1e2')).toBeNaN()
  })

  it('when the platform reports a phone problem deep in the field, then the page shows it at the phone field', () => {
    expect(topLevelErrors({ 'phone.number': 'errors.tooLong', email: 'validation.email' })).toEqual({ phone: 'errors.tooLong', email: 'validation.email' })
  })
})
