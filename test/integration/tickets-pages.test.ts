import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { signedUp } from './accounts-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * The ticket screens rendered by the server: personal (never cached, noindex), the login prompt for
 * visitors, the order's own state deciding which screen shows it (a reload or a login in the middle
 * lands where the order stands), and 404s.
 */
let app: App
let db: Awaited<ReturnType<typeof createTestApp>>['db']

beforeAll(async () => {
  ;({ app, db } = await createTestApp())
})

let exhibitionId: number
let standard: number

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Bangkok <Fintech> Expo' })
  standard = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 9900 })
})

const page = (path: string, cookie?: string) => {
  const req = request(app).get(path).set('X-Forwarded-For', '8.8.8.8')
  return cookie ? req.set('Cookie', `expo_login=${encodeURIComponent(cookie)}`) : req
}

describe('ticket screens on the server', () => {
  it('when a visitor opens the ticket selection, then the types and prices show, the page is personal and not indexed', async () => {
    const response = await page(`/en/apply/registration?exhibitionId=${exhibitionId}`).expect(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(response.text).toContain('<meta name="robots" content="noindex"/>')
    expect(response.text).toContain('Choose your tickets')
    expect(response.text).toContain('Standard pass')
    expect(response.text).toContain('$99.00')
    // The exhibition's title is text, never markup.
    expect(response.text).toContain('Bangkok &lt;Fintech&gt; Expo')
    expect(response.text).toContain('Log in to buy tickets')
  })

  it('when the exhibition does not exist, then 404; without one, a pointer to the exhibitions', async () => {
    await page('/en/apply/registration?exhibitionId=999999').expect(404)
    await page('/en/apply/registration?exhibitionId=nonsense').expect(200)
    expect((await page('/en/apply/registration').expect(200)).text).toContain('Choose an exhibition to see its tickets.')
  })

  it('when a visitor opens an order screen, then a login prompt in their language, nothing else', async () => {
    const response = await page('/zh-cn/apply/order').expect(200)
    expect(response.headers['cache-control']).toBe('private, no-store')
    expect(response.text).toContain('登录后查看您的订单和电子票。')
    expect((await page('/en/apply/payment?order=T-0000000000').expect(200)).text).toContain('Log in to buy tickets')
  })

  it('when the buyer opens a screen the order is not at, then they are sent where it stands; a stranger finds nothing', async () => {
    const buyer = await signedUp(app, db)
    const stranger = await signedUp(app, db)
    const created = await call(app, 'tickets$createOrder', buyer.token, {
      exhibitionId,
      lines: [{ ticketTypeId: standard, quantity: 1 }],
      idempotencyKey: randomUUID(),
    }).expect(200)
    const number = created.body.data.number as string
    const payment = await page(`/en/apply/payment?order=${number}`, buyer.login).expect(302)
    expect(payment.headers.location).toBe(`/en/apply/infoPage?order=${number}`)
    const info = await page(`/en/apply/infoPage?order=${number}`, buyer.login).expect(200)
    expect(info.text).toContain('Attendee information')
    expect(info.text).toContain('Attendee 1')
    // The attendList placeholders: the first name field says whose form it is.
    expect(info.text).toContain('placeholder="Attendee 1"')
    await call(app, 'tickets$saveAttendees', buyer.token, { orderNumber: number, attendees: attendees(1) }).expect(200)
    expect((await page(`/en/apply/infoPage?order=${number}`, buyer.login).expect(200)).text).toContain('value="Ada1"')
    expect((await page(`/en/apply/successPage?order=${number}`, buyer.login).expect(302)).headers.location).toBe(`/en/apply/sureInfo?order=${number}`)
    const foreign = await page(`/en/apply/sureInfo?order=${number}`, stranger.login).expect(200)
    expect(foreign.text).toContain('This order could not be found in your account.')
    expect(foreign.text).not.toContain('Ada1')
    const list = await page('/en/apply/order', buyer.login).expect(200)
    expect(list.text).toContain(number)
    expect(list.text).toContain('Pending payment')
  })
})
