import { createPublicKey, randomUUID, verify } from 'node:crypto'
import { PDFDocument } from 'pdf-lib'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { type App, ageOrder, attendees, call, counters, couponUses, makeCoupon, makeExhibition, makeTicketType } from './tickets-helpers.ts'

let app: App
let db: Awaited<ReturnType<typeof createTestApp>>['db']
let platform: Awaited<ReturnType<typeof createTestApp>>['platform']

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let standard: number
let vip: number
let buyer: TestUser

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Bangkok Fintech Expo' })
  standard = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 9900, capacity: 100 })
  vip = await makeTicketType(db, exhibitionId, { name: 'VIP pass', priceMinor: 39900, capacity: 10, maxPerOrder: 2 })
  buyer = await createUser(platform, db)
})

const fn = (route: string, payload: unknown, user: TestUser = buyer, locale = 'en') => call(app, route, user.token, payload, { locale })

/** An order with its attendees filled in and confirmed, ready to pay. */
async function readyOrder(lines = [{ ticketTypeId: standard, quantity: 2 }], couponCode = '', user: TestUser = buyer, locale = 'en') {
  const created = await fn('tickets$createOrder', { exhibitionId, lines, couponCode, idempotencyKey: randomUUID() }, user, locale).expect(200)
  const number = created.body.data.number as string
  const count = lines.reduce((sum, line) => sum + line.quantity, 0)
  await fn('tickets$saveAttendees', { orderNumber: number, attendees: attendees(count) }, user, locale).expect(200)
  const confirmed = await fn('tickets$confirmOrder', { orderNumber: number }, user, locale).expect(200)
  return { number, order: confirmed.body.data }
}

const attemptOf = async (number: string) =>
  (
    await db.query<{ id: string; status: string; sandbox_secret: string; refund_due: boolean; refund_reason: string | null }>(
      'select a.* from payment_attempts a join ticket_orders o on o.id = a.order_id where o.number = $1 order by a.created_at desc limit 1',
      [number],
    )
  ).rows[0]

const mailsTo = async (address: string) =>
  (
    await db.query<{ subject: string; text_body: string; attachments: Array<{ filename: string; contentType: string; content: string }> }>(
      'select subject, text_body, attachments from mail_outbox where to_address = $1 order by id',
      [address],
    )
  ).rows

const sandboxPost = (attemptId: string, key: string, action: string) => request(app).post(`/pay/sandbox/${attemptId}`).type('form').send({ key, action })

describe('paying in the sandbox', () => {
  it('when the buyer pays, then the order is paid, e-tickets are signed, the coupon redeemed and one confirmation e-mail queued', async () => {
    const code = await makeCoupon(db, { percentOff: 10 })
    const { number, order } = await readyOrder([{ ticketTypeId: standard, quantity: 2 }], code)
    expect(order).toMatchObject({ confirmed: true, nextStep: 'payment', methods: ['sandbox'] })
    const started = await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)
    const again = await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)
    expect(again.body.data).toEqual(started.body.data)
    const { redirectUrl, attemptId } = started.body.data as { redirectUrl: string; attemptId: string }
    expect(redirectUrl).toMatch(new RegExp(`^/pay/sandbox/${attemptId}\\?key=`))

    const page = await request(app).get(redirectUrl).expect(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.text).toContain('Test mode')
    expect(page.text).toContain(number)
    expect(page.text).toContain('$178.20')
    expect(page.text).not.toMatch(/style=|<script>/)
    const css = /href="(\/pay\/sandbox\/assets\/[^"]+\.css)"/.exec(page.text)?.[1] as string
    await request(app)
      .get(css)
      .expect(200)
      .expect('Content-Type', /text\/css/)

    const key = new URL(redirectUrl, 'http://x').searchParams.get('key') as string
    await request(app).get(`/pay/sandbox/${attemptId}?key=wrong`).expect(404)
    await sandboxPost(attemptId, 'wrong', 'pay').expect(404)
    const paid = await sandboxPost(attemptId, key, 'pay').expect(303)
    expect(paid.headers.location).toBe(`/en/apply/successPage?order=${number}`)

    const detail = (await fn('tickets$order', { orderNumber: number }).expect(200)).body.data
    expect(detail).toMatchObject({ status: 'paid', nextStep: 'tickets', payment: { method: 'sandbox', status: 'succeeded' }, refundDue: false })
    expect(detail.tickets).toHaveLength(2)
    expect(detail.tickets[0].qr).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(detail.calendar).toContain('BEGIN:VEVENT')
    expect(detail.appLink).toMatchObject({ kind: 'tickets' })
    expect((await couponUses(db, code))?.used).toBe(1)
    expect((await db.query('select coupon_state from ticket_orders where number = $1', [number])).rows[0]).toEqual({ coupon_state: 'redeemed' })

    // Each code verifies offline with the published public key, and names its ticket and exhibition.
    const published = (await request(app).get('/api/tickets/public-key').expect(200)).body
    const key2 = createPublicKey({ key: published.jwk, format: 'jwk' })
    for (const ticket of detail.tickets as Array<{ id: string; code: string }>) {
      const parts = ticket.code.split('.')
      expect(parts[0]).toBe('ET1')
      expect(parts[1]).toBe(published.kid)
      expect(verify(null, Buffer.from(parts.slice(0, 3).join('.')), key2, Buffer.from(parts[3] as string, 'base64url'))).toBe(true)
      expect(platform.services.tickets.signer.verify(ticket.code)).toEqual({ ticketId: ticket.id, exhibitionId })
      const forged = `${parts.slice(0, 2).join('.')}.${Buffer.from(`${'0'.repeat(32)}00000001`, 'hex').toString('base64url')}.${parts[3]}`
      expect(platform.services.tickets.signer.verify(forged)).toBeNull()
    }

    const mails = await mailsTo(buyer.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe(`Aurum Expo: your tickets for Bangkok Fintech Expo (order ${number})`)
    expect(mails[0]?.text_body).toContain('Ada1 Lovelace — Standard pass')
    expect(mails[0]?.text_body).toContain('$178.20')
    const files = mails[0]?.attachments.map((attachment) => attachment.filename)
    expect(files).toEqual([`e-ticket-${number}-1.png`, `e-ticket-${number}-2.png`, `e-tickets-${number}.pdf`, 'exhibition.ics'])
    // Both tickets as pages of one PDF, their holders' names in it.
    const pdf = await PDFDocument.load(Buffer.from(mails[0]?.attachments[2]?.content ?? '', 'base64'))
    expect(pdf.getPageCount()).toBe(2)
    expect(mails[0]?.attachments[2]?.contentType).toBe('application/pdf')
    const ics = Buffer.from(mails[0]?.attachments[3]?.content ?? '', 'base64').toString('utf8')
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(ics).toContain('SUMMARY:Bangkok Fintech Expo')
    expect(
      Buffer.from(mails[0]?.attachments[0]?.content ?? '', 'base64')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG')

    // The page of a paid attempt says so and offers no buttons.
    const after = await request(app).get(redirectUrl).expect(200)
    expect(after.text).toContain('This payment has been made.')
    expect(after.text).not.toContain('name="action"')
  })

  it('when the buyer ordered in Chinese, then the sandbox page and the e-mail are in Chinese', async () => {
    const { number } = await readyOrder([{ ticketTypeId: standard, quantity: 1 }], '', buyer, 'zh-cn')
    const { redirectUrl, attemptId } = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }, buyer, 'zh-cn').expect(200)).body.data
    const page = await request(app).get(redirectUrl).expect(200)
    expect(page.text).toContain('lang="zh-Hans"')
    const key = new URL(redirectUrl, 'http://x').searchParams.get('key') as string
    const paid = await sandboxPost(attemptId, key, 'pay').expect(303)
    expect(paid.headers.location).toBe(`/zh-cn/apply/successPage?order=${number}`)
    const [mail] = await mailsTo(buyer.email)
    expect(mail?.subject).toContain('测试金融科技展')
  })

  it('when the bank declines or the payer abandons, then the order stays pending and can be paid with a new attempt', async () => {
    const { number } = await readyOrder()
    const first = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
    const key = new URL(first.redirectUrl, 'http://x').searchParams.get('key') as string
    const declined = await sandboxPost(first.attemptId, key, 'decline').expect(303)
    expect(declined.headers.location).toBe(`/en/apply/payment?order=${number}&result=failed`)
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data).toMatchObject({ status: 'pending', payment: { status: 'failed' } })
    const second = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
    expect(second.attemptId).not.toBe(first.attemptId)
    const key2 = new URL(second.redirectUrl, 'http://x').searchParams.get('key') as string
    const abandoned = await sandboxPost(second.attemptId, key2, 'abandon').expect(303)
    expect(abandoned.headers.location).toBe(`/en/apply/payment?order=${number}&result=cancelled`)
    expect((await attemptOf(number))?.status).toBe('cancelled')
    // A late "pay" on a closed attempt changes nothing.
    await sandboxPost(first.attemptId, key, 'pay').expect(303)
    expect((await fn('tickets$order', { orderNumber: number }).expect(200)).body.data.status).toBe('pending')
  })

  it('when the bank confirms later, then the result page shows the payment being checked until the job settles it', async () => {
    const { number } = await readyOrder()
    const { redirectUrl, attemptId } = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
    const key = new URL(redirectUrl, 'http://x').searchParams.get('key') as string
    const later = await sandboxPost(attemptId, key, 'later').expect(303)
    expect(later.headers.location).toBe(`/en/apply/unpaid?order=${number}`)
    const checking = (await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data
    expect(checking).toMatchObject({ status: 'checking', nextStep: 'checking' })
    // While the payment is being confirmed the order can be neither cancelled nor changed, and a new start leads to the result page.
    expect((await fn('tickets$cancelOrder', { orderNumber: number }).expect(409)).body.message).toBe('tickets:messages.paymentInProgress')
    await fn('tickets$changeTickets', { orderNumber: number, lines: [{ ticketTypeId: standard, quantity: 1 }] }).expect(409)
    const restart = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
    expect(restart.redirectUrl).toBe(`http://localhost:3000/en/apply/unpaid?order=${number}`)
    await db.query("update payment_attempts set settle_after = now() - interval '1 second' where id = $1", [attemptId])
    expect(await platform.services.tickets.payments.settleDue()).toBe(1)
    expect((await fn('tickets$checkPayment', { orderNumber: number }).expect(200)).body.data.status).toBe('paid')
  })
})

describe('confirmations delivered twice or too late', () => {
  it('when the same confirmation arrives twice, then the second changes nothing', async () => {
    const { number } = await readyOrder()
    const { attemptId } = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
    const payments = platform.services.tickets.payments
    expect(await payments.confirm(attemptId, { provider: 'sandbox' })).toBe('paid')
    expect(await payments.confirm(attemptId, { provider: 'sandbox' })).toBe('duplicate')
    expect(await payments.confirm(attemptId, { provider: 'stripe' })).toBe('unknown')
    expect((await db.query('select count(*)::int as n from e_tickets')).rows[0]).toEqual({ n: 2 })
    expect(await mailsTo(buyer.email)).toHaveLength(1)
    const events = await db.query<{ kind: string }>(
      `select kind from ticket_order_events e join ticket_orders o on o.id = e.order_id where o.number = $1 and kind = 'paid'`,
      [number],
    )
    expect(events.rows).toHaveLength(1)
  })

  it('when a payment is confirmed after the order expired, then it is recorded and flagged for refund, and the order stays cancelled', async () => {
    const code = await makeCoupon(db)
    const { number } = await readyOrder([{ ticketTypeId: standard, quantity: 2 }], code)
    const { attemptId } = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
    await ageOrder(db, number)
    expect(await platform.services.tickets.expireDue()).toBe(1)
    expect((await counters(db, standard))?.reserved).toBe(0)
    expect((await couponUses(db, code))?.used).toBe(0)
    expect(await platform.services.tickets.payments.confirm(attemptId, { provider: 'sandbox' })).toBe('refund')
    const detail = (await fn('tickets$order', { orderNumber: number }).expect(200)).body.data
    expect(detail).toMatchObject({ status: 'cancelled', cancelReason: 'expired', refundDue: true, tickets: [] })
    const attempt = await db.query('select status, refund_due, refund_reason from payment_attempts where id = $1', [attemptId])
    expect(attempt.rows[0]).toEqual({ status: 'succeeded', refund_due: true, refund_reason: 'orderCancelled' })
    expect((await counters(db, standard))?.reserved).toBe(0)
    // The buyer heard of the expiry, and hears of the refund when the provider has made it.
    expect((await mailsTo(buyer.email)).map((mail) => mail.subject)).toEqual([`Aurum Expo: order ${number} cancelled`])
  })

  it('when the money arrives after the deadline but before the sweeper came, then the order expires then and the payment is flagged', async () => {
    const { number } = await readyOrder()
    const { attemptId } = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
    await ageOrder(db, number)
    expect(await platform.services.tickets.payments.confirm(attemptId, { provider: 'sandbox' })).toBe('refund')
    expect((await db.query('select status, cancel_reason from ticket_orders where number = $1', [number])).rows[0]).toEqual({
      status: 'cancelled',
      cancel_reason: 'expired',
    })
    expect((await counters(db, standard))?.reserved).toBe(0)
  })

  it('when the payer paid before the deadline and the confirmation is late, then the sweeper waits and the order is paid', async () => {
    const { number } = await readyOrder()
    const { attemptId } = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
    await platform.services.tickets.payments.markProcessing(attemptId, { provider: 'sandbox', settlement: { outcome: 'succeeded', inSeconds: 60 } })
    await db.query("update payment_attempts set processing_at = now() - interval '2 minutes' where id = $1", [attemptId])
    await db.query("update ticket_orders set expires_at = now() - interval '1 minute' where number = $1", [number])
    expect(await platform.services.tickets.expireDue()).toBe(0)
    expect(await platform.services.tickets.payments.confirm(attemptId, { provider: 'sandbox' })).toBe('paid')
  })

  it('when a second attempt is paid after the first made the order paid, then the second is flagged for refund', async () => {
    const { number } = await readyOrder()
    const first = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
    await platform.services.tickets.payments.fail(first.attemptId, { provider: 'sandbox', reason: 'abandoned' })
    const second = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
    expect(await platform.services.tickets.payments.confirm(second.attemptId, { provider: 'sandbox' })).toBe('paid')
    expect(await platform.services.tickets.payments.confirm(first.attemptId, { provider: 'sandbox' })).toBe('refund')
    const reasons = await db.query('select refund_reason from payment_attempts where id = $1', [first.attemptId])
    expect(reasons.rows[0]).toEqual({ refund_reason: 'alreadyPaid' })
  })
})

describe('the order lifecycle', () => {
  it('when the buyer cancels a pending order, then it is cancelled, seats and coupon are released; cancelling again changes nothing', async () => {
    const code = await makeCoupon(db)
    const { number } = await readyOrder([{ ticketTypeId: standard, quantity: 2 }], code)
    const cancelled = (await fn('tickets$cancelOrder', { orderNumber: number }).expect(200)).body.data
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelReason: 'buyer', nextStep: 'none' })
    expect((await counters(db, standard))?.reserved).toBe(0)
    expect((await couponUses(db, code))?.used).toBe(0)
    await fn('tickets$cancelOrder', { orderNumber: number }).expect(200)
    expect((await counters(db, standard))?.reserved).toBe(0)
    // The released coupon serves the next buyer.
    await readyOrder([{ ticketTypeId: standard, quantity: 1 }], code, await createUser(platform, db))
    // Nothing more can be done with the cancelled order.
    expect((await fn('tickets$saveAttendees', { orderNumber: number, attendees: attendees(2) }).expect(410)).body.message).toBe(
      'tickets:messages.orderCancelled',
    )
    expect((await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(410)).body.message).toBe('tickets:messages.orderCancelled')
  })

  it('when a paid order is to be cancelled or changed, then it is refused', async () => {
    const { number } = await readyOrder()
    const { attemptId } = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
    await platform.services.tickets.payments.confirm(attemptId, { provider: 'sandbox' })
    expect((await fn('tickets$cancelOrder', { orderNumber: number }).expect(409)).body.message).toBe('tickets:messages.orderPaid')
    await fn('tickets$changeTickets', { orderNumber: number, lines: [{ ticketTypeId: standard, quantity: 1 }] }).expect(409)
    expect((await counters(db, standard))?.reserved).toBe(2)
  })

  it('when a cancelled order is re-registered, then a new pending order starts from its attendees', async () => {
    const { number } = await readyOrder([{ ticketTypeId: standard, quantity: 2 }])
    const refused = await fn('tickets$createOrder', {
      exhibitionId,
      lines: [{ ticketTypeId: standard, quantity: 2 }],
      fromOrder: number,
      idempotencyKey: randomUUID(),
    }).expect(409)
    expect(refused.body.message).toBe('tickets:messages.orderNotCancelled')
    await fn('tickets$cancelOrder', { orderNumber: number }).expect(200)
    const again = (
      await fn('tickets$createOrder', {
        exhibitionId,
        lines: [{ ticketTypeId: standard, quantity: 1 }],
        fromOrder: number,
        idempotencyKey: randomUUID(),
      }).expect(200)
    ).body.data
    expect(again.number).not.toBe(number)
    expect(again).toMatchObject({ status: 'pending', nextStep: 'review' })
    expect(again.attendees).toHaveLength(1)
    expect(again.attendees[0].firstName).toBe('Ada1')
    expect((await counters(db, standard))?.reserved).toBe(1)
  })

  it('when the ticket type is changed, then seats move, attendee data is kept (trimmed), the review and open payment start over', async () => {
    const { number } = await readyOrder([{ ticketTypeId: standard, quantity: 3 }])
    const { attemptId } = (await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
    const changed = (
      await fn('tickets$changeTickets', {
        orderNumber: number,
        lines: [
          { ticketTypeId: standard, quantity: 1 },
          { ticketTypeId: vip, quantity: 1 },
        ],
      }).expect(200)
    ).body.data
    expect(changed).toMatchObject({ status: 'pending', subtotalMinor: 49800, totalMinor: 49800, confirmed: false, nextStep: 'review' })
    expect(changed.attendees.map((attendee: { firstName: string; ticketName: string }) => [attendee.firstName, attendee.ticketName])).toEqual([
      ['Ada1', 'Standard pass'],
      ['Ada2', 'VIP pass'],
    ])
    expect((await counters(db, standard))?.reserved).toBe(1)
    expect((await counters(db, vip))?.reserved).toBe(1)
    expect((await db.query('select status from payment_attempts where id = $1', [attemptId])).rows[0]).toEqual({ status: 'cancelled' })
    // Growing the order asks for the new attendee's form.
    const grown = (await fn('tickets$changeTickets', { orderNumber: number, lines: [{ ticketTypeId: standard, quantity: 3 }] }).expect(200)).body.data
    expect(grown.nextStep).toBe('attendees')
    expect((await fn('tickets$confirmOrder', { orderNumber: number }).expect(409)).body.message).toBe('tickets:messages.attendeesIncomplete')
    // The deadline does not move.
    expect(grown.expiresAt).toBe(changed.expiresAt)
  })

  it('when payment is started before the review, then the review is asked for first', async () => {
    const created = (
      await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: standard, quantity: 1 }], idempotencyKey: randomUUID() }).expect(200)
    ).body.data
    expect((await fn('tickets$startPayment', { orderNumber: created.number, method: 'sandbox' }).expect(409)).body.message).toBe(
      'tickets:messages.notConfirmed',
    )
    expect((await fn('tickets$startPayment', { orderNumber: created.number, method: 'card' }).expect(400)).body.data.fields.method).toBe(
      'messages.methodUnavailable',
    )
  })

  it('when an order is read after its deadline, then it is expired on the spot and its seats are free again', async () => {
    const { number } = await readyOrder()
    await ageOrder(db, number)
    const read = (await fn('tickets$order', { orderNumber: number }).expect(200)).body.data
    expect(read).toMatchObject({ status: 'cancelled', cancelReason: 'expired' })
    expect((await counters(db, standard))?.reserved).toBe(0)
    expect((await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(410)).body.message).toBe('tickets:messages.orderExpired')
    expect(await platform.services.tickets.expireDue()).toBe(0)
  })

  it('when an order is free, then confirming it makes it paid without a payment', async () => {
    const hall = await makeTicketType(db, exhibitionId, { name: 'Expo hall pass', priceMinor: 0 })
    const { number, order } = await readyOrder([{ ticketTypeId: hall, quantity: 2 }])
    expect(order).toMatchObject({ status: 'paid', totalMinor: 0, payment: null })
    expect(order.tickets).toHaveLength(2)
    expect(await mailsTo(buyer.email)).toHaveLength(1)
    expect((await fn('tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(409)).body.message).toBe('tickets:messages.orderPaid')
  })

  it('when the buyer lists their orders, then newest first with their state, and only their own', async () => {
    const first = await readyOrder()
    const second = await readyOrder([{ ticketTypeId: vip, quantity: 1 }])
    await fn('tickets$cancelOrder', { orderNumber: first.number }).expect(200)
    await readyOrder([{ ticketTypeId: standard, quantity: 1 }], '', await createUser(platform, db))
    const list = (await fn('tickets$myOrders', {}).expect(200)).body.data
    expect(list.more).toBe(false)
    expect(list.items.map((item: { number: string; status: string }) => [item.number, item.status])).toEqual([
      [second.number, 'pending'],
      [first.number, 'cancelled'],
    ])
    expect(list.items[0].lines[0]).toMatchObject({ name: 'VIP pass', quantity: 1, unitPriceMinor: 39900 })
    const page = (await fn('tickets$myOrders', { limit: 1 }).expect(200)).body.data
    expect(page.more).toBe(true)
  })
})
