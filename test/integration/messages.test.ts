import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { JOBS_CHANNEL } from '../../server/platform/jobs.ts'
import { MESSAGES_JOB } from '../../server/platform/messages/messages.repo.ts'
import { sendDueMessages } from '../../server/platform/messages/messages.send.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { toVenueTime } from '../../shared/venue-time.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { acceptedCompany } from './exhibitor-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Messages from the organiser (docs/product.md#messages, docs/product.md#unsubscribe): who gets them
 * by each filter, each in their language with the fallback, the marketing headers, unsubscribing in one
 * click and bounces honoured by later sends, the rate per minute on the injected clock, a restarted job
 * mailing nobody twice, roles, the audit log and erasure.
 */

const PER_MINUTE = 3
const MAIL_EVENTS_SECRET = 'a-long-shared-secret-of-the-mail-provider-0123'

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp({ env: { MESSAGES_PER_MINUTE: String(PER_MINUTE), MAIL_EVENTS_SECRET } }))
})

let exhibitionId: number
let standard: number
let vip: number
let buyer: TestUser
let manager: SignedInMember
let door: SignedInMember

type Person = { firstName: string; lastName: string; email: string }

/** A paid order of one ticket per person, of one type, in the order's language; its e-ticket codes in order. */
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
  const rows = await db.query<{ code: string }>(
    'select e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
    [order.number],
  )
  return rows.rows.map((row) => row.code)
}

async function checkIn(code: string) {
  const scan = { id: randomUUID(), code, gate: 'North', scannedAt: new Date().toISOString() }
  const answer = await consoleCall(app, 'checkinSync', { exhibitionId, deviceId: 'door-a', scans: [scan] }, { cookie: door.cookie }).expect(200)
  expect(answer.body.data.scans[0].outcome).toBe('checkedIn')
}

const person = (name: string): Person => ({ firstName: name, lastName: 'Tester', email: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}@example.com` })

const TEXTS = {
  en: { subject: 'Doors open at nine', body: 'Dear visitor,\n\nThe doors open at nine. Map: https://example.com/map' },
  'zh-cn': { subject: '九点开门', body: '亲爱的观众：\n\n九点开门。' },
}

const staff = (name: string, body: unknown, member = manager) => consoleCall(app, name, body, { cookie: member.cookie })

async function send(body: Record<string, unknown>) {
  return (await staff('sendMessage', { exhibitionId, audience: 'attendees', kind: 'transactional', texts: TEXTS, ...body }).expect(200)).body.data.id as number
}

interface OutboxMail {
  id: string
  to_address: string
  subject: string
  text_body: string
  html_body: string
  headers: Record<string, string>
}

const outbox = async (messageId: number) =>
  (
    await db.query<OutboxMail>(
      `select o.id::text as id, o.to_address, o.subject, o.text_body, o.html_body, o.headers
       from mail_outbox o join message_recipients r on r.outbox_id = o.id where r.message_id = $1 order by o.to_address`,
      [messageId],
    )
  ).rows

/** The injected clock of the sending job: it only moves forward, as the minute's budget counts back from it. */
let clock = 0

/** Runs the job minute after minute (on the injected clock) until it writes nothing more. */
async function sendAll(start = new Date()) {
  let at = Math.max(start.getTime(), clock)
  let total = 0
  for (let round = 0; round < 20; round++) {
    const written = await sendDueMessages(platform, new Date(at))
    total += written
    at += 61_000
    clock = at
    if (!written) break
  }
  return total
}

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Bangkok Fintech Expo', startsInDays: 5 })
  standard = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 12900, currency: 'THB', key: 'standard' })
  vip = await makeTicketType(db, exhibitionId, { name: 'VIP pass', priceMinor: 99900, currency: 'THB', key: 'vip' })
  clock = 0
  buyer = await createUser(platform, db)
  manager = await setUpMember(app, db, ['manager'])
  door = await setUpMember(app, db, ['checkin'])
})

describe('who gets a message', () => {
  it('when a manager counts and sends by ticket type and check-in, then each filter reaches exactly its people, one mail per address', async () => {
    const [ana, bo, chen] = [person('Ana'), person('Bo'), person('Chen')]
    const [anaCode] = await paidOrder(standard, [ana, bo])
    await paidOrder(vip, [chen])
    // Bo holds a second ticket: still one mail.
    await paidOrder(vip, [bo])
    await checkIn(anaCode as string)

    const count = async (body: Record<string, unknown>) =>
      (({ addresses, suppressed }) => ({ addresses, suppressed }))(
        (await staff('previewMessage', { exhibitionId, audience: 'attendees', kind: 'transactional', ...body }).expect(200)).body.data,
      )
    expect(await count({})).toEqual({ addresses: 3, suppressed: 0 })
    expect(await count({ ticketTypeIds: [vip] })).toEqual({ addresses: 2, suppressed: 0 })
    expect(await count({ checkedIn: 'yes' })).toEqual({ addresses: 1, suppressed: 0 })
    expect(await count({ checkedIn: 'no' })).toEqual({ addresses: 2, suppressed: 0 })
    expect(await count({ ticketTypeIds: [standard], checkedIn: 'no' })).toEqual({ addresses: 1, suppressed: 0 })

    const notCheckedIn = await send({ checkedIn: 'no' })
    const vipOnly = await send({ ticketTypeIds: [vip] })
    const everyone = await send({})
    await sendAll()
    const to = async (id: number) => (await outbox(id)).map((mail) => mail.to_address)
    expect(await to(notCheckedIn)).toEqual([bo.email, chen.email].sort())
    expect(await to(vipOnly)).toEqual([bo.email, chen.email].sort())
    expect(await to(everyone)).toEqual([ana.email, bo.email, chen.email].sort())
  })

  it('when a message goes to the exhibitors, then their team members get it; a ticket type of another exhibition is refused', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    await db.query('update exhibitions set applications_open = true where id = $1', [exhibitionId])
    const company = await acceptedCompany(app, db, platform, { owner, exhibitionId, name: 'Siam Brokers', chinese: '暹罗经纪', locale: 'zh-cn' })
    const id = await send({ audience: 'exhibitors' })
    await sendAll()
    const [mail] = await outbox(id)
    expect(mail?.to_address).toBe(company.admin.email.toLowerCase())
    expect(mail?.subject).toBe('九点开门')

    const other = await makeExhibition(db, { title: 'Elsewhere' })
    const foreign = await makeTicketType(db, other, { key: 'elsewhere' })
    const refused = await staff('sendMessage', { exhibitionId, audience: 'attendees', kind: 'transactional', texts: TEXTS, ticketTypeIds: [foreign] }).expect(
      400,
    )
    expect(refused.body.data.fields ?? refused.body).toBeTruthy()
  })
})

describe('each in their language', () => {
  it('when people of several languages get a message, then each reads theirs, else English, else the first written; their account language wins over the order', async () => {
    const [english, chinese, japanese, account] = [person('Eve'), person('Wang'), person('Haruto'), person('Lin')]
    await paidOrder(standard, [english])
    await paidOrder(standard, [chinese])
    await paidOrder(standard, [japanese], 'ja')
    // Lin's order was made in English, but Lin's own account reads Traditional Chinese: no text in it, so English.
    await createUser(platform, db, { email: account.email, locale: 'zh-tw' })
    await paidOrder(standard, [account], 'zh-cn')
    await db.query('update ticket_orders set locale = $1 where id in (select order_id from ticket_attendees where email = $2)', ['zh-cn', chinese.email])
    const id = await send({})
    await sendAll()
    const subjects = Object.fromEntries((await outbox(id)).map((mail) => [mail.to_address, mail.subject]))
    expect(subjects).toEqual({
      [english.email]: 'Doors open at nine',
      [chinese.email]: '九点开门',
      [japanese.email]: 'Doors open at nine',
      [account.email]: 'Doors open at nine',
    })

    // Without English, the first written language (in the languages' order) is the fallback.
    const noEnglish = await send({ texts: { 'zh-cn': TEXTS['zh-cn'], es: { subject: 'Abrimos a las nueve', body: 'Hola.' } } })
    await sendAll()
    const fallback = Object.fromEntries((await outbox(noEnglish)).map((mail) => [mail.to_address, mail.subject]))
    expect(fallback[japanese.email]).toBe('Abrimos a las nueve')
    expect(fallback[chinese.email]).toBe('九点开门')
  })

  it('when a preview or a test is asked for, then it is the chosen language (or its fallback) and the test goes to the member only', async () => {
    const draft = { exhibitionId, audience: 'attendees', kind: 'marketing', texts: TEXTS }
    const preview = (await staff('previewMessage', { ...draft, language: 'zh-cn' }).expect(200)).body.data
    expect(preview).toMatchObject({ testTo: null, mail: { language: 'zh-cn', subject: '九点开门', paragraphs: ['亲爱的观众：', '九点开门。'] } })
    expect((await staff('previewMessage', { ...draft, language: 'th' }).expect(200)).body.data.mail.language).toBe('en')
    expect(await db.query('select 1 from mail_outbox')).toMatchObject({ rowCount: 0 })
    const test = (await staff('previewMessage', { ...draft, language: 'en', mailToMe: true }).expect(200)).body.data
    expect(test.testTo).toBe(manager.email)
    const mails = await db.query<{ subject: string }>('select subject from mail_outbox where to_address = $1', [manager.email])
    expect(mails.rows.map((row) => row.subject)).toEqual(['[Test] Doors open at nine'])
    const empty = await staff('previewMessage', { ...draft, texts: { en: { subject: 'Only a subject', body: '' } }, language: 'en' }).expect(400)
    expect(empty.body.data.fields).toMatchObject({ 'texts.en.body': 'errors.required' })
  })
})

describe('marketing and unsubscribing', () => {
  it('when marketing goes out, then it carries the one-click headers and link; transactional carries neither', async () => {
    const eve = person('Eve')
    await paidOrder(standard, [eve])
    const marketing = await send({ kind: 'marketing' })
    const information = await send({ kind: 'transactional' })
    await sendAll()
    const [promo] = await outbox(marketing)
    expect(promo?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(promo?.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/en\/unsubscribe\/[A-Za-z0-9_-]+>, <mailto:[^>]+>$/)
    expect(promo?.text_body).toContain('/en/unsubscribe/')
    expect(promo?.html_body).toContain('<a href="https://example.com/map">')
    const [info] = await outbox(information)
    expect(info?.headers).toEqual({})
    expect(info?.text_body).not.toContain('/unsubscribe/')
  })

  it('when the link is opened, nothing changes; when it is posted (one-click or the button), later marketing skips the address and information still reaches it', async () => {
    const [eve, ken] = [person('Eve'), person('Ken')]
    await paidOrder(standard, [eve, ken])
    const first = await send({ kind: 'marketing' })
    await sendAll()
    const linkOf = (mail: OutboxMail | undefined) =>
      /<http:\/\/localhost:3000(\/en\/unsubscribe\/[^>]+)>/.exec(mail?.headers['List-Unsubscribe'] ?? '')?.[1] as string
    const [eveMail, kenMail] = await outbox(first)
    const suppressions = async () => Number((await db.query<{ n: number }>('select count(*)::int as n from mail_suppressions')).rows[0]?.n)

    await request(app).get(linkOf(eveMail)).expect(200)
    expect(await suppressions()).toBe(0)

    // A mail provider's RFC 8058 request: form-encoded, no page.
    const oneClick = await request(app).post(linkOf(eveMail)).type('form').send('List-Unsubscribe=One-Click').expect(200)
    expect(oneClick.text).toBe('unsubscribed')
    // The page's button: back to the page with the outcome; a second time changes nothing.
    const button = await request(app).post(linkOf(kenMail)).type('form').send({ 'List-Unsubscribe': 'One-Click', from: 'page' }).expect(303)
    expect(button.headers.location).toMatch(/\?done=1$/)
    await request(app).post(linkOf(kenMail)).type('form').send('List-Unsubscribe=One-Click').expect(200)
    expect(await suppressions()).toBe(2)
    const unknown = await request(app).post('/en/unsubscribe/not-a-token').type('form').send({ from: 'page' }).expect(303)
    expect(unknown.headers.location).toMatch(/\?invalid=1$/)

    expect((await staff('previewMessage', { exhibitionId, audience: 'attendees', kind: 'marketing' }).expect(200)).body.data).toMatchObject({
      addresses: 2,
      suppressed: 2,
    })
    const second = await send({ kind: 'marketing' })
    const information = await send({ kind: 'transactional' })
    await sendAll()
    expect(await outbox(second)).toEqual([])
    expect((await staff('messageList', { exhibitionId, id: second }).expect(200)).body.data.message.counts).toMatchObject({ skipped: 2, queued: 0 })
    expect((await outbox(information)).map((mail) => mail.to_address)).toEqual([eve.email, ken.email].sort())
  })

  it('when the mail provider reports a hard bounce with the shared secret, then no later mail of any kind goes there; a soft bounce or a wrong secret records nothing', async () => {
    const [eve, ken] = [person('Eve'), person('Ken')]
    await paidOrder(standard, [eve, ken])
    const report = (body: unknown, secret = MAIL_EVENTS_SECRET) =>
      request(app)
        .post('/api/mail-events')
        .set('Authorization', `Bearer ${secret}`)
        .send(body as object)
    await report({ address: eve.email, event: 'bounce' }, 'wrong-secret-wrong-secret-wrong-secret').expect(401)
    expect((await report({ address: ken.email, event: 'bounce', permanent: false }).expect(200)).body).toEqual({ recorded: false })
    await report({ address: 'not an address', event: 'bounce' }).expect(400)
    expect((await report({ address: eve.email.toUpperCase(), event: 'bounce' }).expect(200)).body).toEqual({ recorded: true })
    const information = await send({ kind: 'transactional' })
    await sendAll()
    expect((await outbox(information)).map((mail) => mail.to_address)).toEqual([ken.email])
  })
})

describe('the sending job', () => {
  it('when more people are due than the minute allows, then the job writes the allowance per minute of the injected clock and finishes', async () => {
    await paidOrder(standard, [person('A'), person('B'), person('C'), person('D'), person('E')])
    const id = await send({})
    const start = new Date(Date.now() + 1000)
    expect(await sendDueMessages(platform, start)).toBe(PER_MINUTE)
    expect(await sendDueMessages(platform, new Date(start.getTime() + 30_000))).toBe(0)
    const detail = async () => (await staff('messageList', { exhibitionId, id }).expect(200)).body.data.message
    expect((await detail()).state).toBe('sending')
    expect(await sendDueMessages(platform, new Date(start.getTime() + 61_000))).toBe(2)
    expect(await detail()).toMatchObject({ state: 'sent', counts: { queued: 5, sent: 0, failed: 0 } })
    await db.query('update mail_outbox set sent_at = now()')
    expect((await detail()).counts).toMatchObject({ queued: 0, sent: 5 })
  })

  it('when the job runs again after a restart, then nobody is mailed twice; people who came later are not added to a started message', async () => {
    await paidOrder(standard, [person('A'), person('B')])
    const id = await send({})
    const now = new Date(Date.now() + 1000)
    await sendDueMessages(platform, now)
    await paidOrder(standard, [person('Late')])
    await sendDueMessages(platform, new Date(now.getTime() + 61_000))
    await sendDueMessages(platform, new Date(now.getTime() + 122_000))
    expect(await outbox(id)).toHaveLength(2)
  })

  it('when a message is scheduled at a venue time, then it waits for it; cancelled before, it mails nobody and cannot be cancelled twice', async () => {
    await paidOrder(standard, [person('A')])
    const inTwoHours = new Date(Date.now() + 2 * 3600_000)
    const id = await send({ sendAt: toVenueTime(inTwoHours, 'Asia/Bangkok') })
    expect(await sendDueMessages(platform, new Date())).toBe(0)
    expect(await sendAll(new Date(inTwoHours.getTime() + 60_000))).toBe(1)

    const later = await send({ sendAt: toVenueTime(inTwoHours, 'Asia/Bangkok') })
    await staff('cancelMessage', { exhibitionId, id: later }).expect(200)
    expect(await sendAll(new Date(inTwoHours.getTime() + 60_000))).toBe(0)
    expect((await staff('cancelMessage', { exhibitionId, id: later }).expect(409)).body.message).toBe('console:errors.messageFinished')
    await staff('cancelMessage', { exhibitionId, id }).expect(409)
    const past = await staff('sendMessage', { exhibitionId, audience: 'attendees', kind: 'transactional', texts: TEXTS, sendAt: '2020-01-01T09:00' }).expect(
      400,
    )
    expect(past.body.data.fields).toMatchObject({ sendAt: 'console:errors.messageSendAtPast' })
  })

  it.runIf(process.env.TEST_DATABASE_URL)('when three jobs run at once (PostgreSQL only: PGlite cannot race), then each address is mailed once', async () => {
    await paidOrder(standard, [person('A'), person('B'), person('C')])
    const id = await send({})
    const now = new Date(Date.now() + 1000)
    await Promise.all([sendDueMessages(platform, now), sendDueMessages(platform, now), sendDueMessages(platform, now)])
    await sendAll(new Date(now.getTime() + 61_000))
    const mails = await outbox(id)
    expect(mails).toHaveLength(3)
    expect(new Set(mails.map((mail) => mail.to_address)).size).toBe(3)
  })
})

describe('roles, audit and erasure', () => {
  it('when a manager sends and cancels, then both are in the audit log; the support desk and editors are refused', async () => {
    const id = await send({ sendAt: toVenueTime(new Date(Date.now() + 3600_000), 'Asia/Bangkok') })
    await staff('cancelMessage', { exhibitionId, id }).expect(200)
    const audit = await db.query<{ function: string; target: string }>(`select function, target from staff_audit where target = $1 order by id`, [
      `message:${id}`,
    ])
    expect(audit.rows.map((row) => row.function)).toEqual(['console$sendMessage', 'console$cancelMessage'])
    for (const role of ['support', 'editor'] as const) {
      const member = await setUpMember(app, db, [role])
      await staff('sendMessage', { exhibitionId, audience: 'attendees', kind: 'transactional', texts: TEXTS }, member).expect(403)
      await staff('messageList', { exhibitionId }, member).expect(403)
    }
    const limited = await setUpMember(app, db, ['manager'])
    const other = await makeExhibition(db, { title: 'Elsewhere' })
    await db.query('update staff_members set exhibition_ids = $2 where email = $1', [limited.email, [other]])
    await staff('messageList', { exhibitionId }, limited).expect(404)
  })

  it('when a recipient is erased, then their recipient rows go and their unsubscribe (a hash) still keeps marketing from them', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    const eve = person('Eve')
    const account = await createUser(platform, db, { email: eve.email })
    await paidOrder(standard, [eve])
    const marketing = await send({ kind: 'marketing' })
    await sendAll()
    const link = /<http:\/\/localhost:3000(\/en\/unsubscribe\/[^>]+)>/.exec((await outbox(marketing))[0]?.headers['List-Unsubscribe'] ?? '')?.[1] as string
    await request(app).post(link).type('form').send('List-Unsubscribe=One-Click').expect(200)
    await staff('deleteVisitor', { id: account.userId, confirmEmail: eve.email }, owner).expect(200)
    const left = await db.query('select 1 from message_recipients where email = $1', [eve.email])
    expect(left.rowCount).toBe(0)
    const kept = await db.query<{ reason: string }>('select reason from mail_suppressions')
    expect(kept.rows).toEqual([{ reason: 'unsubscribed' }])
    // The erased ticket holder is nobody's address now; a new ticket under the same address is still unsubscribed.
    expect((await staff('previewMessage', { exhibitionId, audience: 'attendees', kind: 'marketing' }).expect(200)).body.data.addresses).toBe(0)
    await paidOrder(standard, [eve])
    expect((await staff('previewMessage', { exhibitionId, audience: 'attendees', kind: 'marketing' }).expect(200)).body.data).toMatchObject({
      addresses: 1,
      suppressed: 1,
    })
  })

  // Last in the file: on PostgreSQL this listener takes the channel over from the platform's.
  it('when a message is sent now, then its sending job is asked for as the send commits; one set for later waits for its time', async () => {
    const heard: string[] = []
    const waiting = new Map<string, () => void>()
    await db.listen(JOBS_CHANNEL, (payload) => {
      heard.push(payload)
      waiting.get(payload)?.()
    })
    const heardUpTo = async (marker: string) => {
      const arrived = new Promise<void>((resolve) => waiting.set(marker, resolve))
      // Notifications arrive in commit order: once the marker is heard, whatever came before it is in.
      await db.notify(JOBS_CHANNEL, marker)
      await arrived
      return heard.filter((payload) => payload === MESSAGES_JOB).length
    }
    const later = toVenueTime(new Date(Date.now() + 86_400_000), 'Asia/Bangkok')
    await send({ sendAt: later })
    expect(await heardUpTo('after-later')).toBe(0)
    await send({})
    expect(await heardUpTo('after-now')).toBe(1)
  })
})
