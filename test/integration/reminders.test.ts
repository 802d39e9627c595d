import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { checkoutPath } from '../../shared/checkout-steps.ts'
import type { MailAttachment } from '../../server/platform/mailer.ts'
import { sendDueReminders } from '../../server/platform/messages/reminders.send.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Reminders before the exhibition (docs/product.md#reminders-before-the-exhibition): set in the console
 * (limits, roles, audit), then sent by the job on the injected clock at the venue's time before the
 * opening: each valid ticket's holder once per reminder in their language, with the e-tickets as a
 * real PDF; refunded tickets and tickets paid after the reminder's time left out; two jobs at once
 * mailing nobody twice; a reminder missed while nothing ran goes late only before the opening.
 */

const PER_MINUTE = 2

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp({ env: { MESSAGES_PER_MINUTE: String(PER_MINUTE) } }))
})

// 09:00 at the venue (Asia/Bangkok, UTC+7) on 10 March 2027; the 7-day reminder falls at 09:00 on
// 3 March, the 1-day one at 09:00 on 9 March.
const OPENING = new Date('2027-03-10T02:00:00Z')
const SEVEN_DAYS = new Date('2027-03-03T02:00:00Z')
const ONE_DAY = new Date('2027-03-09T02:00:00Z')
const minutes = (at: Date, count: number) => new Date(at.getTime() + count * 60_000)

let exhibitionId: number
let standard: number
let vip: number
let buyer: TestUser
let manager: SignedInMember

type Person = { firstName: string; lastName: string; email: string }
const person = (name: string): Person => ({ firstName: name, lastName: 'Tester', email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com` })

/** A paid order of one ticket per person, in the order's language: its number and e-ticket ids in order. */
async function paidOrder(type: number, people: Person[], locale = 'en') {
  const fn = (route: string, payload: unknown) => call(app, route, buyer.token, payload, { locale })
  const order = (
    await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: type, quantity: people.length }], idempotencyKey: randomUUID() }).expect(200)
  ).body.data
  const forms = attendees(people.length).map((form, index) => ({ ...form, ...people[index] }))
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: forms }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  await db.query('update ticket_orders set locale = $2 where number = $1', [order.number, locale])
  const rows = await db.query<{ id: string }>(
    'select e.id from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
    [order.number],
  )
  return { number: order.number as string, tickets: rows.rows.map((row) => row.id) }
}

const staff = (name: string, body: unknown, member = manager) => consoleCall(app, name, body, { cookie: member.cookie })

const TEXTS = { en: { body: 'Bring business cards.' }, 'zh-cn': { body: '请携带名片。' } }

/**
 * Reminders saved now, or at `at` on the console's clock (by a manager signed in then: a session of
 * today's is over by that date).
 */
async function setReminders(body: Record<string, unknown> = {}, at?: Date) {
  if (at) setMoment(at)
  const member = at ? await setUpMember(app, db, ['manager']) : manager
  const saved = await staff('saveReminders', { exhibitionId, enabled: true, offsetHours: [168, 24], texts: TEXTS, ...body }, member).expect(200)
  vi.useRealTimers()
  return saved.body.data
}

interface OutboxMail {
  to_address: string
  subject: string
  text_body: string
  html_body: string
  attachments: MailAttachment[]
  headers: Record<string, string>
  offset_hours: number
}

const outbox = async () =>
  (
    await db.query<OutboxMail>(
      `select o.to_address, o.subject, o.text_body, o.html_body, o.attachments, o.headers, r.offset_hours
       from mail_outbox o join reminder_recipients r on r.outbox_id = o.id order by r.offset_hours desc, o.to_address`,
    )
  ).rows

/** The job run minute after minute from `at` until it writes nothing more; how many it wrote. */
async function runFrom(at: Date) {
  let total = 0
  for (let minute = 0; minute < 20; minute++) {
    const written = await sendDueReminders(platform, minutes(at, minute * 1.1))
    total += written
    if (!written) break
  }
  return total
}

const pdfText = (attachment: MailAttachment) => {
  const file = join(mkdtempSync(join(tmpdir(), 'reminder-')), attachment.filename)
  writeFileSync(file, Buffer.from(attachment.content, 'base64'))
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
}

beforeEach(async () => {
  vi.useRealTimers()
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Bangkok Fintech Expo', startsInDays: 30 })
  await db.query(`update exhibitions set starts_at = $2, ends_at = $2::timestamptz + interval '32 hours' where id = $1`, [exhibitionId, OPENING])
  standard = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 12900, currency: 'THB', key: 'standard' })
  vip = await makeTicketType(db, exhibitionId, { name: 'VIP pass', priceMinor: 99900, currency: 'THB', key: 'vip' })
  buyer = await createUser(platform, db)
  manager = await setUpMember(app, db, ['manager'])
})

afterEach(() => {
  vi.useRealTimers()
})

describe('setting reminders in the console', () => {
  it('when a manager saves 7 days and 1 day, then each is scheduled at 09:00 at the venue, the change is audited, and bad offsets are refused field by field', async () => {
    const before = (await staff('reminderSettings', { exhibitionId }).expect(200)).body.data
    expect(before).toMatchObject({ isNew: true, enabled: false, reminders: [] })

    const saved = await setReminders()
    expect(saved).toMatchObject({ isNew: false, enabled: true, texts: TEXTS })
    expect(saved.reminders.map((row: { offsetHours: number; state: string; dueAt: string }) => [row.offsetHours, row.state, row.dueAt])).toEqual([
      [168, 'scheduled', SEVEN_DAYS.toISOString()],
      [24, 'scheduled', ONE_DAY.toISOString()],
    ])
    const audit = await db.query<{ after: { offsetHours: number[]; languages: string[] } }>(
      `select after from staff_audit where function = 'console$saveReminders' and target = $1`,
      [`exhibition:${exhibitionId}`],
    )
    expect(audit.rows.map((row) => row.after)).toEqual([{ enabled: true, offsetHours: [168, 24], languages: ['en', 'zh-cn'] }])

    const refused = async (body: Record<string, unknown>) =>
      (await staff('saveReminders', { exhibitionId, enabled: true, texts: {}, ...body }).expect(400)).body.data.fields
    expect(await refused({ offsetHours: [0] })).toEqual({ 'offsetHours.0': 'console:errors.reminderRange' })
    expect(await refused({ offsetHours: [24 * 61] })).toEqual({ 'offsetHours.0': 'console:errors.reminderRange' })
    expect(await refused({ offsetHours: [1, 2, 3, 4, 5, 6] })).toEqual({ offsetHours: 'console:errors.reminderCount' })
    expect(await refused({ offsetHours: [] })).toEqual({ offsetHours: 'console:errors.reminderNone' })
  })

  it('when a member without the manager role asks, then the reminders are refused', async () => {
    const door = await setUpMember(app, db, ['checkin'])
    await staff('reminderSettings', { exhibitionId }, door).expect(403)
    await staff('saveReminders', { exhibitionId, enabled: true, offsetHours: [24] }, door).expect(403)
  })
})

describe('sending reminders', () => {
  it('when the 7-day reminder comes, then each valid holder gets one mail in their language with their tickets as a PDF, a refunded holder none, and two jobs at once mail nobody twice', async () => {
    const [ana, bo, chen, dee] = [person('Ana'), person('Bo'), person('Chen'), person('Dee')]
    const first = await paidOrder(standard, [ana, bo])
    const second = await paidOrder(vip, [bo], 'zh-cn')
    await paidOrder(standard, [chen], 'zh-cn')
    const refunded = await paidOrder(vip, [dee])
    await staff('refundOrder', { number: refunded.number, ticketIds: null, idempotencyKey: randomUUID() }).expect(200)
    await setReminders()

    expect(await sendDueReminders(platform, minutes(SEVEN_DAYS, -1))).toBe(0)
    // The minute's budget (MESSAGES_PER_MINUTE, 2 here) is spent, then two instances run at once, in
    // that minute and in the next: the reminder's row and the claimed recipients are locked.
    expect(await sendDueReminders(platform, SEVEN_DAYS)).toBe(PER_MINUTE)
    const twice = () => Promise.all([sendDueReminders(platform, minutes(SEVEN_DAYS, 0.5)), sendDueReminders(platform, minutes(SEVEN_DAYS, 0.5))])
    expect(await twice()).toEqual([0, 0])
    const next = await Promise.all([sendDueReminders(platform, minutes(SEVEN_DAYS, 1.1)), sendDueReminders(platform, minutes(SEVEN_DAYS, 1.1))])
    expect(next[0] + next[1]).toBe(1)
    expect(await runFrom(minutes(SEVEN_DAYS, 10))).toBe(0)

    const mails = await outbox()
    expect(mails.map((mail) => mail.to_address)).toEqual([ana.email, bo.email, chen.email].sort())
    const of = (who: Person) => mails.find((mail) => mail.to_address === who.email) as OutboxMail
    expect(of(ana).subject).toBe(`${platform.config.BRAND_NAME}: reminder, Bangkok Fintech Expo is coming up`)
    expect(of(ana).text_body).toContain('Bring business cards.')
    expect(of(ana).text_body).toContain('Queen Sirikit National Convention Center')
    expect(of(ana).text_body).toContain('Asia/Bangkok')
    expect(of(ana).text_body).toContain(`${platform.config.PUBLIC_ORIGIN}${checkoutPath('en', 'orders')}`)
    expect(of(ana).headers).toEqual({})
    expect(of(ana).text_body).not.toContain('unsubscribe')
    // No floor plan: no link to one.
    expect(of(ana).text_body).not.toContain('#floor-plan')
    // Bo holds tickets of two orders: one mail, both listed, one PDF per order.
    expect(of(bo).text_body).toContain(first.number)
    expect(of(bo).text_body).toContain(second.number)
    expect(
      of(bo)
        .attachments.map((attachment) => attachment.filename)
        .sort(),
    ).toEqual([`e-tickets-${first.number}.pdf`, `e-tickets-${second.number}.pdf`].sort())
    // Chen's order is in Simplified Chinese.
    expect(of(chen).subject).toContain('即将开幕')
    expect(of(chen).text_body).toContain('请携带名片。')
    const [pdf] = of(chen).attachments
    expect(pdf?.contentType).toBe('application/pdf')
    const text = pdfText(pdf as MailAttachment)
    expect(text).toContain(platform.config.BRAND_NAME)
    expect(text).toMatch(/T-[0-9A-Z]{10}/)

    const settings = (await staff('reminderSettings', { exhibitionId }).expect(200)).body.data
    expect(settings.reminders[0]).toMatchObject({ offsetHours: 168, state: 'sent', counts: { queued: 3, sent: 0, failed: 0, skipped: 0 } })
    expect(settings.reminders[1]).toMatchObject({ offsetHours: 24, state: 'scheduled' })
  })

  it("when a holder has an account, then its language wins over the order's, an unwritten language reads the English paragraph, and the floor plan is linked", async () => {
    await db.query(`insert into floor_plans (exhibition_id, currency) values ($1, 'THB')`, [exhibitionId])
    await db.query(`insert into floor_plan_halls (exhibition_id, label, width_dm, depth_dm) values ($1, 'Hall A', 600, 400)`, [exhibitionId])
    const japanese = await createUser(platform, db, { locale: 'ja' })
    await paidOrder(standard, [{ firstName: 'Yui', lastName: 'Tester', email: japanese.email }], 'zh-cn')
    await setReminders()
    expect(await runFrom(SEVEN_DAYS)).toBe(1)
    const [mail] = await outbox()
    expect(mail?.subject).toContain('まもなく開催')
    expect(mail?.text_body).toContain('Bring business cards.')
    // The exhibition has a floor plan: the link to the page that draws it, in the reader's language.
    expect(mail?.text_body).toContain(`${platform.config.PUBLIC_ORIGIN}/ja/backDetail/${exhibitionId}/exhibitors#floor-plan`)
  })

  it('when a ticket is paid after the 7-day reminder went, then its holder gets the 1-day one only', async () => {
    const [ana, bo] = [person('Ana'), person('Bo')]
    await paidOrder(standard, [ana])
    await setReminders()
    expect(await runFrom(SEVEN_DAYS)).toBe(1)
    const late = await paidOrder(standard, [bo])
    await db.query('update ticket_orders set paid_at = $2 where number = $1', [late.number, minutes(SEVEN_DAYS, 60)])
    expect(await runFrom(minutes(SEVEN_DAYS, 120))).toBe(0)
    expect(await runFrom(ONE_DAY)).toBe(2)
    const mails = await outbox()
    expect(mails.filter((mail) => mail.offset_hours === 168).map((mail) => mail.to_address)).toEqual([ana.email])
    expect(mails.filter((mail) => mail.offset_hours === 24).map((mail) => mail.to_address)).toEqual([ana.email, bo.email].sort())
  })

  it('when the job first runs after a reminder’s time, then it goes late before the opening and is missed after it, and one set after its time is missed', async () => {
    await paidOrder(standard, [person('Ana')])
    await setReminders()
    // Down from before the 7-day reminder until the 1-day one: both still come before the opening.
    expect(await runFrom(minutes(ONE_DAY, 30))).toBe(2)

    await db.query(`update exhibitions set starts_at = $2, ends_at = $2::timestamptz + interval '32 hours' where id = $1`, [
      exhibitionId,
      new Date('2027-06-10T02:00:00Z'),
    ])
    await db.query('delete from reminders where exhibition_id = $1', [exhibitionId])
    // Set on 5 June: the 7-day reminder's time (3 June) has passed already; the 1-day one has not.
    await setReminders({}, new Date('2027-06-05T00:00:00Z'))
    // Nothing runs until after the opening: the 1-day reminder is missed too.
    expect(await runFrom(new Date('2027-06-10T03:00:00Z'))).toBe(0)
    const settings = (await staff('reminderSettings', { exhibitionId }).expect(200)).body.data
    expect(settings.reminders.map((row: { offsetHours: number; state: string }) => [row.offsetHours, row.state])).toEqual([
      [168, 'missed'],
      [24, 'missed'],
    ])
  })

  it('when the exhibition is taken off the site, then its reminder waits, and goes once it is back before the opening', async () => {
    await paidOrder(standard, [person('Ana')])
    await setReminders()
    await db.query('update exhibitions set published = false where id = $1', [exhibitionId])
    expect(await runFrom(SEVEN_DAYS)).toBe(0)
    await db.query('update exhibitions set published = true where id = $1', [exhibitionId])
    expect(await runFrom(minutes(SEVEN_DAYS, 90))).toBe(1)
  })

  it('when reminders are switched off, then nothing is sent', async () => {
    await paidOrder(standard, [person('Ana')])
    await setReminders({ enabled: false })
    expect(await runFrom(ONE_DAY)).toBe(0)
  })
})
