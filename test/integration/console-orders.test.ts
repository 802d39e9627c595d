import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, counters, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Orders in the console (docs/product.md#console-orders): the searchable list, the
 * order's history, and the staff verbs — resend, correct an attendee, cancel, refund — with their
 * mails in the order's language, their audit rows, and refunds that are never made twice nor for
 * more than was paid.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let otherExhibitionId: number
let standard: number
let buyer: TestUser
let owner: SignedInMember
let manager: SignedInMember

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  otherExhibitionId = await makeExhibition(db, { title: 'Bangkok Traders Fair' })
  standard = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 12900, currency: 'GBP' })
  buyer = await createUser(platform, db)
  owner = await setUpMember(app, db, ['owner'])
  manager = await setUpMember(app, db, ['manager'])
})

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const fn = (route: string, payload: unknown, locale = 'en') => call(app, route, buyer.token, payload, { locale })

/** A confirmed order of `count` tickets whose first attendee is called `names[0]`, paid through the sandbox unless `pay` is false. */
async function orderOf(options: { count?: number; locale?: string; pay?: boolean; names?: string[]; ticketTypeId?: number } = {}) {
  const { count = 2, locale = 'en', pay = true, names = [], ticketTypeId = standard } = options
  const order = (
    await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId, quantity: count }], idempotencyKey: randomUUID() }, locale).expect(200)
  ).body.data
  const people = attendees(count).map((attendee, index) => {
    const [firstName, lastName] = (names[index] ?? `${attendee.firstName} ${attendee.lastName}`).split(' ')
    return { ...attendee, firstName: firstName as string, lastName: lastName as string }
  })
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: people }, locale).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }, locale).expect(200)
  if (!pay) return { number: order.number as string, people, attemptId: null }
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }, locale).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  return { number: order.number as string, people, attemptId: started.attemptId as string }
}

const detailOf = async (number: string) => (await staff(owner, 'orderDetail', { number }).expect(200)).body.data.order
const mailsTo = async (address: string) =>
  (
    await db.query<{ subject: string; text_body: string; attachments: unknown[] }>(
      'select subject, text_body, attachments from mail_outbox where to_address = $1 order by id',
      [address],
    )
  ).rows
const auditRows = async (fn: string) => (await db.query('select * from staff_audit where function = $1 order by id', [fn])).rows
const refundRows = async () =>
  (await db.query<{ amount_minor: number; status: string; reason: string }>('select amount_minor, status, reason from refunds order by requested_at, id')).rows

describe('the order list', () => {
  it('when staff search by an attendee name, part of it, an address or the order code, then they find the order', async () => {
    // Paid, so that the buyer's next order does not replace it.
    const wanted = await orderOf({ names: ['Mei Chen', 'Ravi Patel'] })
    await orderOf({ names: ['John Smith'], count: 1, pay: false })
    for (const search of ['Mei Chen', 'chen', 'Patel Ravi', wanted.people[1]?.email as string, wanted.number.toLowerCase()]) {
      const list = (await staff(manager, 'orderList', { search }).expect(200)).body.data
      expect(
        list.rows.map((row: { number: string }) => row.number),
        search,
      ).toEqual([wanted.number])
      expect(list.total).toBe(1)
    }
    // A whole code is that order or none, and the other filters still apply to it.
    for (const filter of [{ search: 'T-0000000000' }, { search: wanted.number, status: 'pending' }]) {
      const list = (await staff(manager, 'orderList', filter).expect(200)).body.data
      expect(list.rows, JSON.stringify(filter)).toEqual([])
      expect(list.total).toBe(0)
    }
    const row = (await staff(manager, 'orderList', { search: 'Mei' }).expect(200)).body.data.rows[0]
    expect(row).toMatchObject({
      state: 'paid',
      method: 'sandbox',
      attendeeNames: ['Mei Chen', 'Ravi Patel'],
      tickets: 2,
      totalMinor: 25800,
      exhibitionTitle: 'London Fintech Expo',
    })
  })

  it('when staff filter by status, payment method, exhibition and dates, then only matching orders come, a page at a time', async () => {
    const paid = await orderOf({ count: 1 })
    const pending = await orderOf({ count: 1, pay: false })
    const list = async (filter: Record<string, unknown>) =>
      ((await staff(owner, 'orderList', filter).expect(200)).body.data.rows as Array<{ number: string }>).map((row) => row.number)
    expect(await list({ status: 'paid' })).toEqual([paid.number])
    expect(await list({ status: 'pending' })).toEqual([pending.number])
    expect(await list({ method: 'sandbox' })).toEqual([paid.number])
    expect(await list({ exhibitionId: otherExhibitionId })).toEqual([])
    expect(await list({ from: '2000-01-01', to: '2000-01-02' })).toEqual([])
    expect((await list({ from: '2000-01-01' })).sort()).toEqual([paid.number, pending.number].sort())
    const firstPage = (await staff(owner, 'orderList', { pageSize: 1 }).expect(200)).body.data
    expect([firstPage.rows.length, firstPage.total, firstPage.older]).toEqual([1, 2, firstPage.rows[0].number])
    expect((await staff(owner, 'orderList', { status: 'refunded' })).status).toBe(400)
  })

  /**
   * `count` paid orders written straight into the tables, one a minute from `from`, each with one
   * attendee named `first last`: the search's and the keyset's shapes at sizes the checkout would take
   * long to make.
   */
  async function ordersInBulk(count: number, options: { first: string; last: string; prefix: string; from?: string }) {
    await db.query(
      `with made as (
         insert into ticket_orders (number, exhibition_id, status, locale, buyer_email, currency, subtotal_minor, total_minor, expires_at, paid_at, idempotency_key, created_at)
         select 'T-' || $2 || lpad(upper(to_hex(i)), 8, '0'), $3, 'paid', 'en', 'bulk' || i || '@example.com', 'GBP', 12900, 12900,
                $4::timestamptz + i * interval '1 minute', $4::timestamptz + i * interval '1 minute', gen_random_uuid(), $4::timestamptz + i * interval '1 minute'
           from generate_series(1, $1::int) i
         returning id)
       insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry)
       select id, 1, $5, $6, 'guest@example.com', '+447700900123', 'GB', 'visitor', 'fintech' from made`,
      [count, options.prefix, exhibitionId, options.from ?? '2026-03-01T00:00:00Z', options.first, options.last],
    )
    return Array.from({ length: count }, (_, index) => `T-${options.prefix}${(index + 1).toString(16).toUpperCase().padStart(8, '0')}`)
  }

  it('when staff page through the list, then older and newer pages follow each other by keyset and a new order does not shift them', async () => {
    const numbers = (await ordersInBulk(5, { first: 'Grace', last: 'Hopper', prefix: 'AA' })).reverse()
    const page = async (filter: Record<string, unknown>) => (await staff(owner, 'orderList', { pageSize: 2, ...filter }).expect(200)).body.data
    const first = await page({})
    expect(first.rows.map((row: { number: string }) => row.number)).toEqual(numbers.slice(0, 2))
    expect([first.total, first.totalIsAtLeast, first.newer, first.older]).toEqual([5, false, null, numbers[1]])
    // An order arriving now sorts first: the second page is still the two after the first page's last.
    await ordersInBulk(1, { first: 'New', last: 'Comer', prefix: 'AB', from: '2026-04-01T00:00:00Z' })
    const second = await page({ after: first.older })
    expect(second.rows.map((row: { number: string }) => row.number)).toEqual(numbers.slice(2, 4))
    expect([second.newer, second.older]).toEqual([numbers[2], numbers[3]])
    const last = await page({ after: second.older })
    expect([last.rows.map((row: { number: string }) => row.number), last.older]).toEqual([[numbers[4]], null])
    const back = await page({ before: second.newer })
    expect(back.rows.map((row: { number: string }) => row.number)).toEqual(numbers.slice(0, 2))
    expect(back.newer).not.toBeNull()
    expect((await staff(owner, 'orderList', { after: "T-1' or 1=1" })).status).toBe(400)
  })

  it('when staff search a part of a name in any script or order, or phone digits, then the order comes', async () => {
    const [chinese] = await ordersInBulk(1, { first: '小明', last: '王', prefix: 'CA' })
    const [thai] = await ordersInBulk(1, { first: 'สมชาย', last: 'ใจดี', prefix: 'CB' })
    const [russian] = await ordersInBulk(1, { first: 'Анна', last: 'Смирнова', prefix: 'CC' })
    for (const [search, number] of [
      ['王小明', chinese],
      ['小明', chinese],
      ['小明 王', chinese],
      ['ใจดี', thai],
      ['смирнова анна', russian],
      ['СМИРН', russian],
      ['王', chinese],
      ['guest@exa', null],
    ] as const) {
      const list = (await staff(owner, 'orderList', { search }).expect(200)).body.data
      const found = list.rows.map((row: { number: string }) => row.number)
      // An address's start finds every order of that attendee's address: all three here.
      expect(found.sort(), search).toEqual(number ? [number] : [chinese, thai, russian].sort())
    }
    const byPhone = (await staff(owner, 'orderList', { search: '07700 900123' }).expect(200)).body.data
    expect(byPhone.total).toBe(3)
  })

  it('when a search matches more orders than are sorted from their matches, then the newest still come first, page after page', async () => {
    const numbers = (await ordersInBulk(5100, { first: 'Ada', last: 'Lovelace', prefix: 'DA' })).reverse()
    // Newer than all of them, more orders than the newest tried first: the matches are walked to, not probed.
    await ordersInBulk(2100, { first: 'Alan', last: 'Turing', prefix: 'DB', from: '2026-06-01T00:00:00Z' })
    const list = (await staff(owner, 'orderList', { search: 'lovelace', pageSize: 3 }).expect(200)).body.data
    expect(list.rows.map((row: { number: string }) => row.number)).toEqual(numbers.slice(0, 3))
    // Too many to count cheaply: the list says many match rather than a number it did not count.
    expect([list.total, list.totalIsAtLeast]).toEqual([null, false])
    const next = (await staff(owner, 'orderList', { search: 'lovelace', pageSize: 3, after: list.older }).expect(200)).body.data
    expect(next.rows.map((row: { number: string }) => row.number)).toEqual(numbers.slice(3, 6))
    // A term as common in the newest orders fills its page from them, uncounted too.
    const common = (await staff(owner, 'orderList', { search: 'turing', pageSize: 3 }).expect(200)).body.data
    expect([common.rows.length, common.total, common.older]).toEqual([3, null, common.rows[2].number])
    // One match among the first newest orders tried promises a page among the rest tried: they are tried too.
    const [recent] = await ordersInBulk(1, { first: 'Grace', last: 'Hopper', prefix: 'DC', from: '2026-06-02T06:00:30Z' })
    const earlier = (await ordersInBulk(3, { first: 'Grace', last: 'Hopper', prefix: 'DD', from: '2026-06-01T16:40:30Z' })).reverse()
    const fewer = (await staff(owner, 'orderList', { search: 'hopper', pageSize: 3 }).expect(200)).body.data
    expect(fewer.rows.map((row: { number: string }) => row.number)).toEqual([recent, ...earlier.slice(0, 2)])
    expect([fewer.total, fewer.older]).toEqual([null, earlier[1]])
  })

  it('when a member works in Chinese, then exhibitions are named in Chinese in the list, its filter and the detail; in English otherwise', async () => {
    const order = await orderOf({ count: 1, pay: false })
    const titleOf = async (member: SignedInMember) => {
      const list = (await staff(member, 'orderList', {}).expect(200)).body.data
      const detail = (await staff(member, 'orderDetail', { number: order.number }).expect(200)).body.data.order
      const filter = list.exhibitions.find((row: { id: number }) => row.id === exhibitionId)?.title
      return [list.rows[0]?.exhibitionTitle, filter, detail.exhibitionTitle]
    }
    expect(await titleOf(owner)).toEqual(['London Fintech Expo', 'London Fintech Expo', 'London Fintech Expo'])
    const chinese = await setUpMember(app, db, ['support'])
    await staff(chinese, 'setLanguage', { language: 'zh-cn' }).expect(200)
    expect(await titleOf(chinese)).toEqual(['测试金融科技展', '测试金融科技展', '测试金融科技展'])
    // No Traditional Chinese title: English, not the Simplified one.
    await staff(chinese, 'setLanguage', { language: 'zh' }).expect(200)
    expect(await titleOf(chinese)).toEqual(['London Fintech Expo', 'London Fintech Expo', 'London Fintech Expo'])
  })

  it('when a member is limited to another exhibition, then they see none of these orders, and an order code answers not found', async () => {
    const order = await orderOf({ count: 1, pay: false })
    const limited = await setUpMember(app, db, ['support'])
    await staff(owner, 'updateMember', { id: limited.id, exhibitionIds: [otherExhibitionId] }).expect(200)
    const list = (await staff(limited, 'orderList', {}).expect(200)).body.data
    expect([list.rows, list.total, list.exhibitions.map((row: { id: number }) => row.id)]).toEqual([[], 0, [otherExhibitionId]])
    const detail = await staff(limited, 'orderDetail', { number: order.number })
    expect([detail.status, detail.body.message]).toEqual([404, 'console:errors.orderNotFound'])
  })
})

describe('refunds', () => {
  it('when the same refund is asked twice, then one refund is made and both answers show it', async () => {
    const order = await orderOf()
    const idempotencyKey = randomUUID()
    const first = (await staff(manager, 'refundOrder', { number: order.number, ticketIds: null, idempotencyKey }).expect(200)).body.data.order
    const again = (await staff(manager, 'refundOrder', { number: order.number, ticketIds: null, idempotencyKey }).expect(200)).body.data.order
    expect(await refundRows()).toEqual([{ amount_minor: 25800, status: 'requested', reason: 'staff' }])
    expect([first.refundedMinor, again.refundedMinor, again.refundableMinor]).toEqual([25800, 25800, 0])
    expect(await auditRows('console$refundOrder')).toHaveLength(1)
  })

  // PGlite runs one transaction at a time, so a lock is never waited for there.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'when the order stays locked past the lock timeout, then staff hear someone else is changing it, and nothing is refunded or audited',
    async () => {
      const order = await orderOf()
      let release: () => void = () => {}
      let locked: () => void = () => {}
      const isLocked = new Promise<void>((resolve) => (locked = resolve))
      const holder = db.transaction(async (tx) => {
        await tx.query('select 1 from ticket_orders where number = $1 for update', [order.number])
        locked()
        await new Promise<void>((resolve) => (release = resolve))
      })
      await isLocked
      const answer = await staff(manager, 'refundOrder', { number: order.number, ticketIds: null, idempotencyKey: randomUUID() })
      release()
      await holder
      expect([answer.status, answer.body.message]).toEqual([409, 'console:errors.orderBusy'])
      expect(await refundRows()).toEqual([])
      expect(await auditRows('console$refundOrder')).toEqual([])
    },
    20_000,
  )

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when two staff members refund the whole order at once, then one refund is made and the other hears there is nothing left (PostgreSQL only: PGlite cannot race)',
    async () => {
      const order = await orderOf()
      const answers = await Promise.all(
        [owner, manager].map((member) => staff(member, 'refundOrder', { number: order.number, ticketIds: null, idempotencyKey: randomUUID() })),
      )
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
      expect(answers.find((answer) => answer.status === 409)?.body.message).toBe('console:errors.nothingToRefund')
      expect(await refundRows()).toEqual([{ amount_minor: 25800, status: 'requested', reason: 'staff' }])
      expect(await auditRows('console$refundOrder')).toHaveLength(1)
    },
  )

  it('when one ticket is refunded and then the rest, then together they give back what was paid, never more, and the buyer is mailed in the order language', async () => {
    const order = await orderOf({ locale: 'zh-cn' })
    const before = await counters(db, standard)
    const detail = await detailOf(order.number)
    const [first, second] = detail.attendees.map((attendee: { ticket: { id: string } }) => attendee.ticket.id)
    const one = (await staff(manager, 'refundOrder', { number: order.number, ticketIds: [first], idempotencyKey: randomUUID() }).expect(200)).body.data.order
    expect([one.refundedMinor, one.refundableMinor]).toEqual([12900, 12900])
    expect(one.attendees[0].ticket).toMatchObject({ voided: true, refunded: true })
    expect(one.attendees[1].ticket).toMatchObject({ voided: false, refunded: false })
    expect((await counters(db, standard))?.reserved).toBe((before?.reserved ?? 0) - 1)
    // The buyer's order page shows the ticket still valid only.
    expect((await fn('tickets$order', { orderNumber: order.number }).expect(200)).body.data.tickets).toHaveLength(1)
    const again = await staff(manager, 'refundOrder', { number: order.number, ticketIds: [first], idempotencyKey: randomUUID() })
    expect([again.status, again.body.message]).toEqual([409, 'console:errors.ticketRefunded'])
    await staff(manager, 'refundOrder', { number: order.number, ticketIds: [second], idempotencyKey: randomUUID() }).expect(200)
    const more = await staff(manager, 'refundOrder', { number: order.number, ticketIds: null, idempotencyKey: randomUUID() })
    expect([more.status, more.body.message]).toEqual([409, 'console:errors.nothingToRefund'])
    expect((await refundRows()).reduce((sum, row) => sum + row.amount_minor, 0)).toBe(25800)
    expect(await platform.services.tickets.payments.executeDueRefunds()).toBe(2)
    const after = await detailOf(order.number)
    expect(after.refunds.map((refund: { status: string }) => refund.status)).toEqual(['succeeded', 'succeeded'])
    expect(after.history.map((event: { kind: string }) => event.kind)).toEqual(expect.arrayContaining(['paid', 'refundRequested', 'refunded', 'mail']))
    const mails = await mailsTo(buyer.email)
    expect(mails.filter((mail) => mail.subject.includes('已退款') && mail.text_body.includes('主办方正在退还'))).toHaveLength(2)
    expect(after.mails.map((mail: { kind: string }) => mail.kind)).toEqual(expect.arrayContaining(['confirmation', 'refund.succeeded']))
  })

  it('when an order is not paid, then it cannot be refunded and no audit row is left', async () => {
    const order = await orderOf({ pay: false })
    const answer = await staff(manager, 'refundOrder', { number: order.number, ticketIds: null, idempotencyKey: randomUUID() })
    expect([answer.status, answer.body.message]).toEqual([409, 'console:errors.orderNotPaid'])
    expect(await auditRows('console$refundOrder')).toEqual([])
  })

  it('when a support member asks for a refund or a cancellation, then it is refused', async () => {
    const order = await orderOf({ count: 1 })
    const support = await setUpMember(app, db, ['support'])
    expect((await staff(support, 'refundOrder', { number: order.number, ticketIds: null, idempotencyKey: randomUUID() })).status).toBe(403)
    expect((await staff(support, 'cancelOrder', { number: order.number, refund: true })).status).toBe(403)
    expect((await staff(support, 'orderDetail', { number: order.number })).status).toBe(200)
    expect(await refundRows()).toEqual([])
  })
})

describe('cancelling', () => {
  it('when staff cancel a paid order without a refund, then its seats go back, its tickets stop working and the buyer is told in the order language', async () => {
    const order = await orderOf({ locale: 'zh-cn' })
    const before = await counters(db, standard)
    const cancelled = (await staff(manager, 'cancelOrder', { number: order.number, refund: false }).expect(200)).body.data.order
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelReason: 'staff', refundedMinor: 0, refundableMinor: 25800 })
    expect(cancelled.attendees.every((attendee: { ticket: { voided: boolean } }) => attendee.ticket.voided)).toBe(true)
    expect((await counters(db, standard))?.reserved).toBe((before?.reserved ?? 0) - 2)
    expect(await refundRows()).toEqual([])
    const mail = (await mailsTo(buyer.email)).at(-1)
    expect(mail?.subject).toContain(`订单 ${order.number} 已取消`)
    expect(mail?.text_body).toContain('主办方已取消订单')
    const [row] = await auditRows('console$cancelOrder')
    expect(row).toMatchObject({
      staff_id: manager.id,
      target: `order:${order.number}`,
      before: { state: 'paid' },
      after: { state: 'cancelled', refundMinor: 0 },
    })
    // Cancelling again changes nothing; a refund can still follow.
    await staff(manager, 'cancelOrder', { number: order.number, refund: true }).expect(200)
    expect(await auditRows('console$cancelOrder')).toHaveLength(1)
    await staff(manager, 'refundOrder', { number: order.number, ticketIds: null, idempotencyKey: randomUUID() }).expect(200)
    expect(await refundRows()).toEqual([{ amount_minor: 25800, status: 'requested', reason: 'staff' }])
  })

  it('when staff cancel a paid order with a refund, then all that was paid is refunded once and the mail says so', async () => {
    const order = await orderOf()
    await staff(owner, 'cancelOrder', { number: order.number, refund: true }).expect(200)
    expect(await refundRows()).toEqual([{ amount_minor: 25800, status: 'requested', reason: 'staff' }])
    expect((await mailsTo(buyer.email)).at(-1)?.text_body).toContain('is being refunded')
    await platform.services.tickets.payments.executeDueRefunds()
    expect((await refundRows())[0]?.status).toBe('succeeded')
  })

  it('when staff cancel a pending order, then its seats go back and no refund is asked', async () => {
    const before = await counters(db, standard)
    const order = await orderOf({ pay: false })
    await staff(manager, 'cancelOrder', { number: order.number, refund: true }).expect(200)
    expect((await counters(db, standard))?.reserved).toBe(before?.reserved)
    expect(await refundRows()).toEqual([])
    expect((await detailOf(order.number)).state).toBe('cancelled')
  })

  it('when the buyer cancels or the countdown runs out, then the buyer is mailed too', async () => {
    const mine = await orderOf({ pay: false, count: 1 })
    await fn('tickets$cancelOrder', { orderNumber: mine.number }).expect(200)
    expect((await mailsTo(buyer.email)).at(-1)?.text_body).toContain(`You cancelled order ${mine.number}`)
    const late = await orderOf({ pay: false, count: 1 })
    await db.query("update ticket_orders set expires_at = now() - interval '1 minute' where number = $1", [late.number])
    expect(await platform.services.tickets.expireDue()).toBe(1)
    expect((await mailsTo(buyer.email)).at(-1)?.text_body).toContain(`Order ${late.number} was cancelled because it was not paid`)
  })
})

describe('attendees and e-tickets', () => {
  it('when an order is paid, then each attendee gets their own e-ticket mail with one QR code and its PDF', async () => {
    const order = await orderOf()
    for (const person of order.people) {
      const mails = await mailsTo(person.email)
      expect(mails).toHaveLength(1)
      expect(((mails[0]?.attachments ?? []) as Array<{ contentType: string }>).map((file) => file.contentType)).toEqual(['image/png', 'application/pdf'])
      expect(mails[0]?.text_body).toContain(`${person.firstName} ${person.lastName}`)
    }
  })

  it('when staff change an attendee, then the buyer is told, a new address gets its e-ticket, and the audit row has before and after', async () => {
    const order = await orderOf({ locale: 'ja' })
    const detail = await detailOf(order.number)
    const attendee = detail.attendees[0]
    const changed = {
      firstName: 'Hanako',
      lastName: 'Yamada',
      email: 'hanako.yamada@example.org',
      phone: { country: 'JP', number: '090-1234-5678' },
      identity: 'trader',
      industry: 'fintech',
    }
    const after = (await staff(manager, 'changeAttendee', { number: order.number, attendeeId: attendee.id, attendee: changed }).expect(200)).body.data.order
    expect(after.attendees[0]).toMatchObject({ firstName: 'Hanako', email: 'hanako.yamada@example.org', phone: { e164: '+819012345678' } })
    expect((await mailsTo(buyer.email)).at(-1)?.subject).toContain('参加者情報が変更されました')
    expect((await mailsTo('hanako.yamada@example.org'))[0]?.attachments).toHaveLength(2)
    const [row] = await auditRows('console$changeAttendee')
    expect(row).toMatchObject({ before: { firstName: attendee.firstName }, after: { firstName: 'Hanako', phone: '+819012345678', ticketReissued: true } })
  })

  it('when another person comes instead, then their ticket has a new code and the old address’s code no longer opens the door', async () => {
    const order = await orderOf()
    const attendee = (await detailOf(order.number)).attendees[0]
    const codeOf = async () =>
      (await db.query<{ code: string }>('select code from e_tickets where attendee_id = $1 and voided_at is null', [attendee.id])).rows[0]?.code as string
    const oldCode = await codeOf()
    const person = (email: string) => ({
      firstName: 'Xiaoming',
      lastName: 'Wang',
      email,
      phone: { country: 'CN', number: '138 0013 8000' },
      identity: 'trader',
      industry: 'fintech',
    })
    await staff(manager, 'changeAttendee', { number: order.number, attendeeId: attendee.id, attendee: person('wang.xiaoming@example.org') }).expect(200)
    const newCode = await codeOf()
    expect(newCode).not.toBe(oldCode)
    expect((await mailsTo('wang.xiaoming@example.org'))[0]?.text_body).toBeTruthy()
    expect((await detailOf(order.number)).history.map((event: { kind: string }) => event.kind)).toContain('ticketReissued')
    const scan = (code: string) => ({ id: randomUUID(), code, gate: 'North', scannedAt: new Date().toISOString() })
    const door = async (code: string) => (await staff(manager, 'checkinSync', { exhibitionId, deviceId: 'door-a', scans: [scan(code)] }).expect(200)).body.data
    expect(JSON.stringify(await door(oldCode))).not.toContain('"checkedIn"')
    expect(JSON.stringify(await door(newCode))).toContain('"checkedIn"')
    // Inside already: a later change keeps the code the door saw.
    await staff(manager, 'changeAttendee', { number: order.number, attendeeId: attendee.id, attendee: person('xiaoming.wang@example.org') }).expect(200)
    expect(await codeOf()).toBe(newCode)
  })

  it('when the new details break the checkout rules, then nothing changes, nobody is mailed and no audit row is left', async () => {
    const order = await orderOf()
    const detail = await detailOf(order.number)
    const [first, second] = detail.attendees
    const mailsBefore = (await db.query('select count(*)::int as n from mail_outbox')).rows[0]
    const repeated = await staff(manager, 'changeAttendee', {
      number: order.number,
      attendeeId: first.id,
      attendee: { ...order.people[0], email: second.email },
    })
    expect([repeated.status, repeated.body.data?.fields?.email]).toEqual([400, 'messages.emailRepeated'])
    const badPhone = await staff(manager, 'changeAttendee', {
      number: order.number,
      attendeeId: first.id,
      attendee: { ...order.people[0], phone: { country: 'GB', number: '123' } },
    })
    expect(badPhone.status).toBe(400)
    expect((await db.query('select count(*)::int as n from mail_outbox')).rows[0]).toEqual(mailsBefore)
    expect(await auditRows('console$changeAttendee')).toEqual([])
  })

  it('when support resends the e-tickets, then each attendee gets theirs again and the history shows it', async () => {
    const order = await orderOf()
    const support = await setUpMember(app, db, ['support'])
    expect((await staff(support, 'resendTickets', { number: order.number }).expect(200)).body.data.mails).toBe(2)
    for (const person of order.people) expect(await mailsTo(person.email)).toHaveLength(2)
    expect((await detailOf(order.number)).history.map((event: { kind: string }) => event.kind)).toContain('ticketsResent')
    expect(await auditRows('console$resendTickets')).toHaveLength(1)
  })
})

describe('payments that arrived late or twice', () => {
  it('when money arrives for an expired order, then it is refunded automatically and the queue shows it with the promised date', async () => {
    const order = await orderOf({ pay: false, count: 1 })
    const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
    await db.query("update ticket_orders set expires_at = now() - interval '20 minutes' where number = $1", [order.number])
    await platform.services.tickets.expireDue()
    expect(await platform.services.tickets.payments.confirm(started.attemptId, { provider: 'sandbox', eventId: 'late-1' })).toBe('refund')
    const open = (await staff(manager, 'paymentQueue', {}).expect(200)).body.data
    expect(open.total).toBe(1)
    expect(open.rows[0]).toMatchObject({ number: order.number, reason: 'orderCancelled', amountMinor: 12900, refund: { status: 'requested' }, overdue: false })
    const promised = new Date(open.rows[0].promisedBy).getTime() - new Date(open.rows[0].receivedAt).getTime()
    expect(promised).toBeGreaterThanOrEqual(12 * 24 * 3600 * 1000)
    await platform.services.tickets.payments.executeDueRefunds()
    expect((await staff(manager, 'paymentQueue', {}).expect(200)).body.data.total).toBe(0)
    expect((await staff(manager, 'paymentQueue', { show: 'all' }).expect(200)).body.data.rows[0].refund.status).toBe('succeeded')
  })
})
