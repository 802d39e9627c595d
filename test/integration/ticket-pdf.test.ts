import { randomUUID } from 'node:crypto'
import { PDFDocument } from 'pdf-lib'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ticketPdfPath } from '../../shared/checkout-steps.ts'
import { pdfCharacters } from '../setup/pdf-text.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, loginCookie, type TestUser } from '../setup/users.ts'
import { type App, attendees, makeExhibition, payForTickets } from './tickets-helpers.ts'

/**
 * E-tickets as PDF (docs/product.md#tickets): the owner of a paid order downloads each ticket from
 * a link under the order pages; nobody else learns that the order or the ticket exists.
 */

let app: App
let db: Awaited<ReturnType<typeof createTestApp>>['db']
let platform: Awaited<ReturnType<typeof createTestApp>>['platform']

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let buyer: TestUser
let buyerCookie: string

const paidOrder = (user: TestUser, holders = attendees(2)) => payForTickets(app, db, user.token, exhibitionId, holders)

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Bangkok Fintech Expo' })
  buyer = await createUser(platform, db)
  buyerCookie = await loginCookie(db, buyer)
})

describe('an e-ticket as PDF', () => {
  it('when the owner downloads a ticket, then it is a one-page PDF attachment with the holder name, never stored by a cache', async () => {
    const holders = attendees(2).map((holder, index) => (index === 1 ? { ...holder, firstName: 'Анна', lastName: '王小明' } : holder))
    const { number, ticketIds } = await paidOrder(buyer, holders)
    const started = performance.now()
    const response = await request(app)
      .get(ticketPdfPath('en', number, ticketIds[1] as string))
      .set('Cookie', buyerCookie)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => done(null, Buffer.concat(chunks)))
      })
      .expect(200)
    expect(performance.now() - started).toBeLessThan(5000)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(`attachment; filename="e-ticket-${number}-2.pdf"`)
    expect(response.headers['cache-control']).toBe('private, no-store')
    const bytes = response.body as Buffer
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getPageCount()).toBe(1)
    expect(pdf.getTitle()).toContain('Bangkok Fintech Expo')
    const characters = await pdfCharacters(bytes)
    for (const character of 'Анна王小明') expect(characters).toContain(character)
  })

  it('when someone else asks for the ticket, then the answer is a translated 404, and without login a 401', async () => {
    const { number, ticketIds } = await paidOrder(buyer)
    const stranger = await createUser(platform, db)
    const strangerCookie = await loginCookie(db, stranger)
    const path = ticketPdfPath('zh-cn', number, ticketIds[0] as string)
    const refused = await request(app).get(path).set('Cookie', strangerCookie).expect(404)
    expect(refused.text).toBe('未找到此电子票。')
    expect(refused.headers['content-type']).toMatch(/^text\/plain/)
    await request(app).get(path).expect(401)
    // The stranger's own order does not open the buyer's ticket either.
    const own = await paidOrder(stranger)
    await request(app)
      .get(ticketPdfPath('en', own.number, ticketIds[0] as string))
      .set('Cookie', strangerCookie)
      .expect(404)
  })

  it('when an account downloads too many in a minute, then a translated 429 with Retry-After', async () => {
    const { number, ticketIds } = await paidOrder(buyer)
    await platform.rateLimits.block({ name: 'ticket-pdf-account', points: 30, durationSeconds: 60 }, buyer.userId, 60)
    const refused = await request(app)
      .get(ticketPdfPath('ru', number, ticketIds[0] as string))
      .set('Cookie', buyerCookie)
      .expect(429)
    expect(refused.text).toBe('Слишком много загрузок за короткое время. Подождите минуту и попробуйте снова.')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('when the ids are malformed, then the answer is a 404, never a 500', async () => {
    const { number, ticketIds } = await paidOrder(buyer)
    for (const path of [
      `/en/apply/order/${number}/tickets/not-a-uuid.pdf`,
      `/en/apply/order/${number}/tickets/${ticketIds[0]}.png`,
      `/en/apply/order/T-0000000000/tickets/${ticketIds[0]}.pdf`,
      `/en/apply/order/%E0%A4%A/tickets/${ticketIds[0]}.pdf`,
      `/en/apply/order/${number}/tickets/${randomUUID()}.pdf`,
      `/en/apply/order/${'x'.repeat(500)}/tickets/${ticketIds[0]}.pdf`,
    ]) {
      const response = await request(app).get(path).set('Cookie', buyerCookie)
      expect([400, 404]).toContain(response.status)
    }
  })
})

describe('the offline worker of "My tickets"', () => {
  it('when the order pages register it, then its script is served as JavaScript from the site root, which may scope it to /{lang}/apply/order', async () => {
    const response = await request(app).get('/my-tickets-sw.js').expect(200)
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    expect(response.text).toContain("const CACHE = 'my-tickets-v1'")
  })
})
