import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser } from '../setup/users.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/** What the checkout screens need from an order, whatever language they are read in. */
let app: App
let db: Awaited<ReturnType<typeof createTestApp>>['db']
let platform: Awaited<ReturnType<typeof createTestApp>>['platform']

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
  await resetDatabase(db)
})

describe('an order read in another language than it was made in', () => {
  it('when an order made in Japanese is read in English, then the scan-to-phone link opens it in Japanese and the venue country is there', async () => {
    const exhibitionId = await makeExhibition(db, { title: 'Bangkok Fintech Expo' })
    const hall = await makeTicketType(db, exhibitionId, { name: 'Expo hall pass', priceMinor: 0 })
    const buyer = await createUser(platform, db)
    const as = (route: string, payload: unknown, locale: string) => call(app, route, buyer.token, payload, { locale })
    const created = await as(
      'tickets$createOrder',
      { exhibitionId, lines: [{ ticketTypeId: hall, quantity: 1 }], couponCode: '', idempotencyKey: randomUUID() },
      'ja',
    ).expect(200)
    const number = created.body.data.number as string
    // The attendee form's phone country falls back to the venue's (Bangkok: TH), not the page language's flag.
    expect(created.body.data.exhibition.countryCode).toBe('TH')
    await as('tickets$saveAttendees', { orderNumber: number, attendees: attendees(1) }, 'ja').expect(200)
    await as('tickets$confirmOrder', { orderNumber: number }, 'ja').expect(200)

    const read = (await as('tickets$order', { orderNumber: number }, 'en').expect(200)).body.data
    expect(read.status).toBe('paid')
    expect(read.appLink.url).toBe(`http://localhost:3000/ja/apply/successPage?order=${number}`)
  })
})
