import { randomUUID } from 'node:crypto'
import fc from 'fast-check'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { SUBMIT_PER_EMAIL, SUBMIT_PER_IP } from '../../server/platform/applications/applications.service.ts'
import { BOOTH_SIZES, EXHIBITING_METHODS, IDENTITIES, INDUSTRIES } from '../../shared/rules/applications.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, attendeeBody, call, count, exhibitorBody, someIp, visitorToken } from './applications-helpers.ts'

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let db: Database
let token: string
let exhibitionId: number

beforeAll(async () => {
  ;({ app, db } = await createTestApp())
  token = await visitorToken(app)
})

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await addExhibition(db)
})

describe('rate limits', () => {
  it('when one address sends more applications than the limit, then 429 with Retry-After, and other addresses are unaffected', async () => {
    const ip = someIp()
    for (let index = 0; index < SUBMIT_PER_IP.points; index++) {
      const response = await call(app, 'apply$submitAttendee', attendeeBody(exhibitionId), { token, ip })
      expect(response.status).toBe(200)
    }
    const over = await call(app, 'apply$submitAttendee', attendeeBody(exhibitionId), { token, ip })
    expect(over.status).toBe(429)
    expect(over.body.message).toBe('errors.rateLimited')
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0)
    expect(await count(db, 'applications')).toBe(SUBMIT_PER_IP.points)
    const elsewhere = await call(app, 'apply$submitAttendee', attendeeBody(exhibitionId), { token, ip: someIp() })
    expect(elsewhere.status).toBe(200)
  })

  it('when many addresses send applications for one e-mail address, then its inbox is protected after the limit', async () => {
    const email = `victim.${randomUUID().slice(0, 6)}@example.com`
    for (let index = 0; index < SUBMIT_PER_EMAIL.points; index++) {
      const response = await call(app, 'apply$submitAttendee', attendeeBody(exhibitionId, { email, position: `Role ${index}` }), { token })
      expect(response.status).toBe(200)
    }
    const over = await call(app, 'apply$submitAttendee', attendeeBody(exhibitionId, { email: email.toUpperCase(), position: 'One more' }), { token })
    expect(over.status).toBe(429)
    expect(await count(db, 'mail_outbox')).toBe(SUBMIT_PER_EMAIL.points)
  })

  it('when a stored submission is retried after the limit is reached, then it still answers with its reference', async () => {
    const ip = someIp()
    const first = attendeeBody(exhibitionId)
    const stored = await call(app, 'apply$submitAttendee', first, { token, ip })
    for (let index = 1; index < SUBMIT_PER_IP.points; index++) await call(app, 'apply$submitAttendee', attendeeBody(exhibitionId), { token, ip })
    expect((await call(app, 'apply$submitAttendee', attendeeBody(exhibitionId), { token, ip })).status).toBe(429)
    const retry = await call(app, 'apply$submitAttendee', first, { token, ip })
    expect(retry.status).toBe(200)
    expect(retry.body.data.reference).toBe(stored.body.data.reference)
  })
})

describe('honeypot', () => {
  it('when the hidden field is filled, then the bot is told it worked, but nothing is stored or mailed', async () => {
    for (const [route, body] of [
      ['apply$submitExhibitor', exhibitorBody(exhibitionId, { fax: 'http://spam.example' })],
      ['apply$submitAttendee', attendeeBody(exhibitionId, { fax: 'x' })],
    ] as const) {
      const response = await call(app, route, body, { token })
      expect(response.status).toBe(200)
      expect(response.body.data.reference).toMatch(/^(EX|AT)-[0-9A-Z]{8}$/)
    }
    expect(await count(db, 'applications')).toBe(0)
    expect(await count(db, 'mail_outbox')).toBe(0)
  })
})

describe('random payloads (fast-check)', () => {
  const junk = fc.oneof(
    fc.string({ maxLength: 400 }),
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  )
  const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary }, { weight: 1, arbitrary: junk })
  const phone = fc.record({
    country: maybe(fc.constantFrom('GB', 'CN', 'US', 'JP', 'TH', 'XX', 'gb')),
    number: maybe(fc.oneof(fc.constantFrom('07400 123456', '13800138000', '+1 212 555 0100', '090-1234-5678', ''), fc.stringMatching(/^[+0-9 ()-]{0,40}$/))),
  })
  // Lengths around each limit (explicit: fast-check's default sizes stay far below them).
  const text = (max: number) =>
    fc.oneof(
      fc.string({ minLength: 1, maxLength: max + 5 }),
      fc.string({ minLength: max - 2, maxLength: max + 2, unit: 'grapheme' }),
      fc.constantFrom('<b>x</b>', "'; drop table x; --", '\u0000', ' '),
    )

  it('when any payload arrives, then the answer is 200, 400, 404, 409, 410 or 429, never a 500', async () => {
    const allowed = new Set([200, 400, 404, 409, 410, 429])
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.record(
          {
            exhibitionId: maybe(fc.constantFrom(exhibitionId, exhibitionId + 1000, -1, 0, 2 ** 40)),
            boothSize: maybe(fc.constantFrom(...BOOTH_SIZES)),
            boothWidth: maybe(fc.oneof(fc.double({ min: -10, max: 200 }), fc.integer({ min: 1, max: 100 }))),
            boothDepth: maybe(fc.integer({ min: 1, max: 100 })),
            companyName: maybe(text(120)),
            website: maybe(fc.oneof(fc.webUrl({ size: 'small' }), fc.domain({ size: 'small' }), fc.string({ maxLength: 210 }))),
            contactPerson: maybe(text(80)),
            phone: maybe(phone),
            email: maybe(fc.oneof(fc.emailAddress({ size: 'small' }), fc.string({ maxLength: 260 }))),
            method: maybe(fc.constantFrom(...EXHIBITING_METHODS)),
            surname: maybe(text(60)),
            givenName: maybe(text(60)),
            position: maybe(text(80)),
            identity: maybe(fc.constantFrom(...IDENTITIES)),
            industry: maybe(fc.constantFrom(...INDUSTRIES)),
            idempotencyKey: maybe(fc.uuid()),
            fax: fc.oneof({ weight: 5, arbitrary: fc.constant('') }, { weight: 1, arbitrary: junk }),
          },
          { requiredKeys: [] },
        ),
        async (exhibitor, body) => {
          const response = await call(app, exhibitor ? 'apply$submitExhibitor' : 'apply$submitAttendee', body, { token })
          if (!allowed.has(response.status)) throw new Error(`status ${response.status} for ${JSON.stringify(body)}: ${JSON.stringify(response.body)}`)
        },
      ),
      { numRuns: 150 },
    )
  })

  it('when a valid application with any text arrives, then it is stored exactly as typed (trimmed)', async () => {
    const name = fc
      .string({ minLength: 1, maxLength: 60, unit: 'grapheme' })
      .filter((value) => value.trim().normalize('NFC').length > 0 && value.trim().normalize('NFC').length <= 60)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: the generator avoids what the form refuses
      .filter((value) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/.test(value))
    await fc.assert(
      fc.asyncProperty(name, name, async (surname, position) => {
        const response = await call(app, 'apply$submitAttendee', attendeeBody(exhibitionId, { surname, position }), { token })
        expect(response.status).toBe(200)
        const stored = await db.query<{ surname: string; position: string }>('select surname, position from applications where reference = $1', [
          response.body.data.reference,
        ])
        expect(stored.rows[0]).toEqual({ surname: surname.trim().normalize('NFC'), position: position.trim().normalize('NFC') })
      }),
      { numRuns: 60 },
    )
  })
})
