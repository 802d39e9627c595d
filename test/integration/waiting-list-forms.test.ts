import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, loginCookie, type TestUser } from '../setup/users.ts'
import { type App, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * The waiting list without JavaScript and in My account (docs/product.md#waiting-list): the ticket
 * page's form posted to its own address comes back with a translated answer; the account's entries
 * carry the offer's deadline and the very link its mail carries.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let seats: number

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Bangkok Traders Fair' })
  seats = await makeTicketType(db, exhibitionId, { name: 'Keynote seat', capacity: 2 })
})

const page = (lang = 'en') => `/${lang}/apply/registration?exhibitionId=${exhibitionId}`
const post = (cookie: string | null, fields: Record<string, string>, lang = 'en') => {
  const sent = request(app).post(page(lang)).type('form').send(fields)
  return cookie ? sent.set('Cookie', cookie) : sent
}
const join = (cookie: string | null, quantity: string, lang = 'en') => post(cookie, { waiting: `join:${seats}`, [`waitingQuantity-${seats}`]: quantity }, lang)
const answerOf = (location: string | undefined) => new URL(location ?? '', 'http://x').searchParams.get('waiting')
const states = async () =>
  (await db.query<{ account_id: string; state: string; quantity: number }>('select account_id, state, quantity from waiting_list_entries order by id')).rows
async function soldOut() {
  const buyer = await createUser(platform, db)
  await call(app, 'tickets$createOrder', buyer.token, { exhibitionId, lines: [{ ticketTypeId: seats, quantity: 2 }], idempotencyKey: randomUUID() }).expect(200)
  return buyer
}
async function visitor(): Promise<{ user: TestUser; cookie: string }> {
  const user = await createUser(platform, db)
  return { user, cookie: await loginCookie(db, user) }
}

describe('the form without JavaScript', () => {
  it('when a signed-in visitor joins, changes the number and leaves by posting the page, then each comes back to the page with its answer in their language', async () => {
    await soldOut()
    const { user, cookie } = await visitor()
    const joined = await join(cookie, '2', 'zh-cn').expect(303)
    expect(joined.headers.location).toBe(`${page('zh-cn')}&waiting=joined`)
    expect(joined.headers['cache-control']).toBe('no-store')
    expect(await states()).toEqual([{ account_id: user.userId, state: 'waiting', quantity: 2 }])
    const shown = await request(app)
      .get(joined.headers.location as string)
      .set('Cookie', cookie)
      .expect(200)
    expect(shown.text).toContain('已保存：您已在候补名单中。')

    // Again with another number: the same place, the new quantity.
    expect(answerOf((await join(cookie, '1').expect(303)).headers.location)).toBe('joined')
    expect(await states()).toEqual([{ account_id: user.userId, state: 'waiting', quantity: 1 }])

    const left = await post(cookie, { waiting: `leave:${seats}` }).expect(303)
    expect(answerOf(left.headers.location)).toBe('left')
    expect(await states()).toEqual([{ account_id: user.userId, state: 'left', quantity: 1 }])
    expect(
      (
        await request(app)
          .get(left.headers.location as string)
          .set('Cookie', cookie)
          .expect(200)
      ).text,
    ).toContain('You have left the waiting list.')
  })

  it('when nobody is signed in, or another site makes the browser post, then the answer asks to sign in and nothing is written', async () => {
    await soldOut()
    const { cookie } = await visitor()
    const anonymous = await join(null, '1').expect(303)
    expect(answerOf(anonymous.headers.location)).toBe('signIn')
    expect(
      (
        await request(app)
          .get(anonymous.headers.location as string)
          .expect(200)
      ).text,
    ).toContain('Sign in first')
    expect(answerOf((await join(`${cookie}x`, '1').expect(303)).headers.location)).toBe('signIn')
    expect(answerOf((await join(cookie, '1').set('Sec-Fetch-Site', 'cross-site').expect(303)).headers.location)).toBe('signIn')
    expect(await states()).toEqual([])
  })

  it('when the seats are still on sale, the number is wrong or the type is unknown, then the page says so and nothing is written', async () => {
    const { cookie } = await visitor()
    expect(answerOf((await join(cookie, '1').expect(303)).headers.location)).toBe('seatsLeft')
    await soldOut()
    for (const [typed, answer] of [
      ['', 'quantity'],
      ['0', 'quantity'],
      ['-1', 'quantity'],
      ['1.5', 'quantity'],
      ['二', 'quantity'],
      ['<script>', 'quantity'],
      ['9', 'tooMany'],
    ] as const) {
      expect(answerOf((await join(cookie, typed).expect(303)).headers.location), typed).toBe(answer)
    }
    const unknown = await post(cookie, { waiting: 'join:2147483000', 'waitingQuantity-2147483000': '1' }).expect(303)
    expect(answerOf(unknown.headers.location)).toBe('closed')
    expect(await states()).toEqual([])
    // Not the waiting list's form at all: a page takes no other POST.
    await post(cookie, { waiting: 'join:abc' }).expect(405)
    await request(app)
      .post(`/en/apply/registration?exhibitionId=abc`)
      .set('Cookie', cookie)
      .type('form')
      .send({ waiting: `join:${seats}` })
      .expect(405)
    // An answer the form never gives is not shown.
    const forged = await request(app).get(`${page()}&waiting=__proto__`).set('Cookie', cookie).expect(200)
    expect(forged.text).not.toContain('id="waiting-answer"')
  })

  it('when a visitor posts more than 30 changes in 15 minutes, then the page says to wait', async () => {
    await soldOut()
    const { cookie } = await visitor()
    for (let index = 0; index < 30; index++) await join(cookie, String((index % 5) + 1)).expect(303)
    const refused = await join(cookie, '1').expect(303)
    expect(answerOf(refused.headers.location)).toBe('rateLimited')
    expect(
      (
        await request(app)
          .get(refused.headers.location as string)
          .set('Cookie', cookie)
          .expect(200)
      ).text,
    ).toContain('Please wait a few minutes')
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when one visitor posts the join form twice at once, then they hold one place (PostgreSQL only: PGlite cannot race)',
    async () => {
      await soldOut()
      const { user, cookie } = await visitor()
      const answers = await Promise.all([join(cookie, '2'), join(cookie, '2'), join(cookie, '1')])
      expect(answers.map((answer) => answerOf(answer.headers.location))).toEqual(['joined', 'joined', 'joined'])
      expect((await states()).filter((row) => row.account_id === user.userId)).toHaveLength(1)
    },
  )
})

describe('My account', () => {
  const mine = async (user: TestUser, locale = 'en') => (await call(app, 'tickets$myWaitingList', user.token, {}, { locale }).expect(200)).body.data.entries
  async function mailedToken(user: TestUser): Promise<string> {
    await platform.services.tickets.waitingList.mailOffers()
    const mail = (await db.query<{ text_body: string }>('select text_body from mail_outbox where to_address = $1 order by id desc limit 1', [user.email]))
      .rows[0]
    const token = /[?&]offer=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1]
    if (!token) throw new Error(`no offer mail to ${user.email}`)
    return token
  }

  it('when an account waits and then is offered seats, then its entries show the place, then the deadline at the venue and the link its mail carries', async () => {
    const buyer = await soldOut()
    const { user: ada } = await visitor()
    const { user: bo } = await visitor()
    await call(app, 'tickets$joinWaitingList', ada.token, { ticketTypeId: seats, quantity: 2 }).expect(200)
    await call(app, 'tickets$joinWaitingList', bo.token, { ticketTypeId: seats, quantity: 1 }).expect(200)
    expect(await mine(bo)).toEqual([
      expect.objectContaining({
        exhibitionId,
        exhibitionTitle: 'Bangkok Traders Fair',
        typeName: 'Keynote seat',
        state: 'waiting',
        place: 2,
        quantity: 1,
        offerToken: null,
      }),
    ])
    const order = (await call(app, 'tickets$myOrders', buyer.token, { limit: 1 }).expect(200)).body.data.items[0]
    await call(app, 'tickets$cancelOrder', buyer.token, { orderNumber: order.number }).expect(200)
    // Offered, its mail not written yet: the deadline, no link.
    const offered = (await mine(ada))[0]
    expect(offered).toMatchObject({ state: 'offered', place: null, offeredQuantity: 2, offerToken: null })
    expect(typeof offered.timeZone).toBe('string')
    expect(Date.parse(offered.offerUntil)).toBeGreaterThan(Date.now())
    const token = await mailedToken(ada)
    expect((await mine(ada))[0].offerToken).toBe(token)
    expect((await mine(bo))[0]).toMatchObject({ place: 1, offerToken: null })
    // The link from My account buys the seats as the mail's does.
    await call(app, 'tickets$waitingOffer', ada.token, { token }).expect(200)
    // Declining from My account (leaving) passes the seats on; the link is spent.
    await call(app, 'tickets$leaveWaitingList', ada.token, { ticketTypeId: seats }).expect(200)
    expect(await mine(ada)).toEqual([])
    await call(app, 'tickets$waitingOffer', ada.token, { token }).expect(404)
    const next = await mailedToken(bo)
    expect(next).not.toBe(token)
    expect((await mine(bo))[0]).toMatchObject({ state: 'offered', offeredQuantity: 1, offerToken: next })
  })

  it('when an offer was mailed with a token that is not derived from its entry, then My account shows no link rather than a wrong one', async () => {
    await soldOut()
    const { user: ada } = await visitor()
    await call(app, 'tickets$joinWaitingList', ada.token, { ticketTypeId: seats, quantity: 1 }).expect(200)
    await db.query(`update ticket_types set capacity = capacity + 1 where id = $1`, [seats])
    await db.query(
      `update waiting_list_entries set state = 'offered', offered_quantity = 1, offered_at = now(), offer_until = now() + interval '1 day',
         offer_mailed_at = now(), offer_token_hash = 'random-token-of-an-older-mail' where account_id = $1`,
      [ada.userId],
    )
    expect((await mine(ada))[0]).toMatchObject({ state: 'offered', offerToken: null })
  })
})
