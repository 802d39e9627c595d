import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { PERSONAL_DATA } from '../../server/platform/accounts/console/erasure-map.ts'
import { sendDueMail } from '../../server/platform/mailer.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { mailSurveyInvitations } from '../../server/platform/survey/survey-mail.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser } from '../setup/users.ts'
import { signedUp } from './accounts-helpers.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { databaseText, findings, folderText } from './erasure-dump.ts'
import { type App, call, makeExhibition, makeTicketType, someIp } from './tickets-helpers.ts'

/**
 * Erasure that forgets (docs/decisions/0014-erasure-map.md): after a person is erased, neither the
 * database nor the data folder holds their address, name or phone anywhere — not in mails and
 * their .eml files, not in what they looked up, not on another buyer's order that named them, not
 * in the audit log — while the tickets and bookkeeping stay. And a buyer's data export holds the
 * buyer's rows only, never an attendee's survey answers.
 */

let app: App
let db: Database
let platform: Platform
let dataDir: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'h4-erasure-'))
  ;({ app, db, platform } = await createTestApp({ env: { DATA_DIR: dataDir } }))
})

afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

let exhibitionId: number
let ticketTypeId: number
let owner: SignedInMember
let manager: SignedInMember
let door: SignedInMember

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { startsInDays: 5 })
  ticketTypeId = await makeTicketType(db, exhibitionId, { maxPerOrder: 5 })
  owner = await setUpMember(app, db, ['owner'])
  manager = await setUpMember(app, db, ['manager'])
  door = await setUpMember(app, db, ['checkin'])
})

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const SURVEY = '/wikifxweb-v1/wikisurvey/invoke-v1'

const WANG = {
  email: `Wang.Xiaoming-${randomUUID().slice(0, 6)}@example.com`,
  nick: '王小明',
  firstName: '小明',
  lastName: '王',
  phone: { country: 'HK', number: '9123 4567' },
  e164: '+85291234567',
}
const GRACE = { firstName: 'Grace', lastName: 'Hopper', phone: { country: 'GB', number: '07400 765432' }, identity: 'trader', industry: 'fintech' }

const attendeeOf = (person: typeof WANG) => ({
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  phone: person.phone,
  identity: 'trader',
  industry: 'forex',
})

/** An order of `people` paid through the sandbox by `token`'s account. */
async function paidOrder(token: string, people: Array<Record<string, unknown>>) {
  const fn = (route: string, payload: unknown) => call(app, route, token, payload)
  const order = (
    await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId, quantity: people.length }], idempotencyKey: randomUUID() }).expect(200)
  ).body.data
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: people }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  return order.number as string
}

const codeOf = async (number: string, email: string) =>
  (
    await db.query<{ code: string }>(
      'select e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 and lower(a.email) = lower($2)',
      [number, email],
    )
  ).rows[0]?.code as string

async function checkIn(code: string) {
  const scan = { id: randomUUID(), code, gate: 'North', scannedAt: new Date().toISOString() }
  const answer = await consoleCall(app, 'checkinSync', { exhibitionId, deviceId: 'door-a', scans: [scan] }, { cookie: door.cookie }).expect(200)
  expect(answer.body.data.scans[0].outcome).toBe('checkedIn')
}

/** A rating and a free-text question; the exhibition ends; the checked-in holders are invited. */
async function surveyAfterwards() {
  const save = (body: Record<string, unknown>) => staff(manager, 'saveSurveyQuestion', { exhibitionId, ...body }).expect(200)
  await save({ kind: 'rating', required: true, texts: { en: { text: 'How was the exhibition?' } } })
  const questions = (await save({ kind: 'text', texts: { en: { text: 'Anything else?' } } })).body.data.questions as Array<{ id: number }>
  await db.query("update exhibitions set starts_at = now() - interval '50 hours', ends_at = now() - interval '2 hours', sales_close_at = null where id = $1", [
    exhibitionId,
  ])
  await mailSurveyInvitations(platform)
  return questions.map((question) => String(question.id)) as [string, string]
}

async function answerSurvey(email: string, answers: Record<string, unknown>) {
  const mail = (
    await db.query<{ text_body: string }>("select text_body from mail_outbox where lower(to_address) = lower($1) and text_body like '%/survey/%'", [email])
  ).rows[0]
  const token = /\/survey\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1]
  await request(app).post(SURVEY).set('Routes', 'survey$submit').set('LanguageCode', 'en').set('X-Forwarded-For', someIp()).send({ token, answers }).expect(200)
}

/** Sends every queued mail the way the worker does: .eml files under the test's data folder. */
async function sendAllMail() {
  while ((await sendDueMail(db, platform.mail.transport, platform.mail.from)) > 0) {
    // Batches of 20 until none is due.
  }
}

const needlesOf = (person: typeof WANG) => [person.email, person.nick, `${person.firstName} ${person.lastName}`, person.firstName, person.e164, '9123 4567']

describe('erasure that forgets', () => {
  it('when an owner erases a person who bought, attended another’s order, answered a survey, commented, applied and looked themselves up, then they are nowhere in the database or the data folder', async () => {
    const wang = await signedUp(app, db, { email: WANG.email, nick: WANG.nick })
    const grace = await createUser(platform, db, { nick: 'Grace Hopper' })
    const own = await paidOrder(wang.token, [attendeeOf(WANG)])
    const graces = await paidOrder(grace.token, [{ ...GRACE, email: grace.email }, attendeeOf(WANG)])

    // Staff correct their details on Grace's order: the buyer is told, and the audit keeps before and after.
    const detail = (await staff(owner, 'orderDetail', { number: graces }).expect(200)).body.data.order
    const attendee = detail.attendees.find((row: { email: string }) => row.email.toLowerCase() === WANG.email.toLowerCase())
    await staff(manager, 'changeAttendee', { number: graces, attendeeId: attendee.id, attendee: { ...attendeeOf(WANG), industry: 'fintech' } }).expect(200)

    await checkIn(await codeOf(graces, WANG.email))
    await checkIn(await codeOf(graces, grace.email))
    await call(app, 'expo$postComment', wang.token, { exhibitionId, body: 'See you at booth 12' }).expect(200)
    await db.query('update exhibitions set applications_open = true where id = $1', [exhibitionId])
    await call(app, 'apply$submitAttendee', wang.token, {
      exhibitionId,
      surname: WANG.lastName,
      givenName: WANG.firstName,
      position: 'Head of trading',
      identity: 'trader',
      industry: 'forex',
      email: WANG.email,
      phone: WANG.phone,
      idempotencyKey: randomUUID(),
      fax: '',
    }).expect(200)
    for (const value of [WANG.email, WANG.e164]) {
      await call(app, 'expo$verifyChannel', wang.token, { value }).expect(200)
    }
    await staff(owner, 'blockVisitor', { id: wang.user.userId, reason: `Asked us to call ${WANG.e164} about ${WANG.email}` }).expect(200)
    await staff(owner, 'unblockVisitor', { id: wang.user.userId }).expect(200)
    const [rating, text] = await surveyAfterwards()
    await answerSurvey(WANG.email, { [rating]: 5, [text]: `This is ${WANG.nick}, call me on ${WANG.e164}` })
    await answerSurvey(grace.email, { [rating]: 4, [text]: 'Too crowded at noon' })
    await sendAllMail()
    // A mail written before outbox files were named by their row: found by the address in its name.
    const legacy = join(dataDir, 'outbox', `2026-01-02T03-04-05-006Z-${WANG.email}.eml`)
    writeFileSync(legacy, `To: ${WANG.email}\nSubject: Hello\n\nHello ${WANG.nick}\n`)

    // Their export: their ticket on Grace's order and their survey answer, but nothing of Grace.
    const exported = await staff(owner, 'exportVisitorData', { id: wang.user.userId }).expect(200)
    const file = JSON.parse(Buffer.from(exported.body.data.base64, 'base64').toString('utf8'))
    expect(file.attendances.map((row: { order: string }) => row.order)).toEqual([graces])
    expect(file.surveyAnswers).toHaveLength(1)
    expect(file.lookups).toHaveLength(2)
    expect(JSON.stringify(file)).not.toContain(grace.email)
    expect(JSON.stringify(file)).not.toContain('Too crowded at noon')

    const needles = needlesOf(WANG)
    // The dump can find them before the erasure, in the database and in the mails of the data folder.
    const before = findings([...(await databaseText(db)), ...folderText(dataDir)], needles)
    for (const place of ['mail_outbox', 'verification_lookups', 'ticket_attendees', 'staff_audit', '.eml', 'applications', 'survey_answer_items'])
      expect(
        before.some((found) => found.includes(place)),
        place,
      ).toBe(true)

    await staff(owner, 'deleteVisitor', { id: wang.user.userId, confirmEmail: WANG.email }).expect(200)
    await sendAllMail()

    expect(findings([...(await databaseText(db)), ...folderText(dataDir)], needles)).toEqual([])
    expect(existsSync(legacy)).toBe(false)

    // What stays: both orders with their tickets and amounts, Grace's details, the ratings, the order mail logs.
    const kept = await db.query<{ number: string; tickets: number; total_minor: number }>(
      'select o.number, (select count(*)::int from e_tickets e where e.order_id = o.id) as tickets, o.total_minor from ticket_orders o order by o.number',
    )
    expect(kept.rows.map((row) => [row.number, row.tickets]).sort()).toEqual(
      [
        [own, 1],
        [graces, 2],
      ].sort(),
    )
    const ratings = await db.query<{ rating: number }>('select rating from survey_answer_items where rating is not null order by rating')
    expect(ratings.rows.map((row) => row.rating)).toEqual([4, 5])
    const graceOrder = (await staff(owner, 'orderDetail', { number: graces }).expect(200)).body.data.order
    expect(graceOrder.attendees.map((row: { email: string }) => row.email)).toEqual([grace.email, 'erased-2@erased.invalid'])
    expect(graceOrder.mails.length).toBeGreaterThanOrEqual(3)
    expect(findings([{ where: 'orderDetail', text: JSON.stringify(graceOrder) }], needles)).toEqual([])
    const buyerPage = (await call(app, 'tickets$order', grace.token, { orderNumber: graces }).expect(200)).body.data
    expect(JSON.stringify(buyerPage)).toContain(grace.email)
    expect(findings([{ where: 'tickets$order', text: JSON.stringify(buyerPage) }], needles)).toEqual([])
    // Grace's own survey answer is hers and stays whole.
    expect((await db.query('select 1 from survey_answer_items where text_value = $1', ['Too crowded at noon'])).rows).toHaveLength(1)
  })

  it('when a buyer’s data is exported, then it holds what the buyer typed about their attendees but not the attendees’ survey answers', async () => {
    const buyer = await createUser(platform, db, { nick: 'Ada Buyer' })
    const number = await paidOrder(buyer.token, [
      { ...GRACE, email: buyer.email, firstName: 'Ada', lastName: 'Buyer' },
      { ...GRACE, email: 'grace.attendee@example.org', phone: { country: 'GB', number: '07400 111222' } },
    ])
    await checkIn(await codeOf(number, buyer.email))
    await checkIn(await codeOf(number, 'grace.attendee@example.org'))
    const [rating, text] = await surveyAfterwards()
    await answerSurvey('grace.attendee@example.org', { [rating]: 2, [text]: 'Grace thinks the coffee was cold' })
    await answerSurvey(buyer.email, { [rating]: 5, [text]: 'Ada loved the talks' })

    const answer = await staff(owner, 'exportVisitorData', { id: buyer.userId }).expect(200)
    const file = JSON.parse(Buffer.from(answer.body.data.base64, 'base64').toString('utf8'))
    const exported = JSON.stringify(file)
    expect(exported).toContain('grace.attendee@example.org')
    expect(exported).not.toContain('Grace thinks the coffee was cold')
    expect(exported).toContain('Ada loved the talks')
    expect(file.surveyAnswers).toHaveLength(1)
    expect(file.surveyInvitations.map((row: { email: string }) => row.email)).toEqual([buyer.email])
  })

  it('when the audit log is changed outside an erasure, or an erasure tries to change more than the values, then it is refused', async () => {
    const member = await setUpMember(app, db, ['support'])
    const wang = await createUser(platform, db, { email: WANG.email, nick: WANG.nick })
    await staff(member, 'blockVisitor', { id: wang.userId, reason: `Wrote from ${WANG.email} twice` }).expect(200)
    const refused = async (sql: string, erasing: boolean) => {
      const attempt = db.transaction(async (tx) => {
        if (erasing) await tx.query(`select set_config('expo.audit_erasure', 'on', true)`)
        await tx.query(sql)
      })
      await expect(attempt).rejects.toThrow(/cannot be changed/)
    }
    await refused(`update staff_audit set after = '{}'`, false)
    await refused(`update staff_audit set function = 'console$nothing'`, true)
    await refused(`update staff_audit set target = null`, true)
    await refused('delete from staff_audit', true)
    // Only the erasure itself may: the row stays, the person goes.
    await staff(owner, 'deleteVisitor', { id: wang.userId, confirmEmail: WANG.email }).expect(200)
    const block = (await db.query<{ after: { reason: string } }>("select after from staff_audit where function = 'console$blockVisitor'")).rows[0]
    expect(block?.after.reason).toBe('Wrote from erased-0@erased.invalid twice')
    await refused(`update staff_audit set after = '{}'`, false)
  })

  it('when a mail is erased while the worker is sending it, then its .eml file is deleted as soon as it is written', async () => {
    const wang = await createUser(platform, db, { email: WANG.email, nick: WANG.nick })
    await db.query(`insert into mail_outbox (to_address, subject, text_body) values ($1, 'Your code', 'Hello ${WANG.nick}')`, [WANG.email])
    const transport = platform.mail.transport
    const erasing = {
      kind: transport.kind,
      forget: transport.forget,
      async send(message: Parameters<typeof transport.send>[0]) {
        // The erasure ends between the worker's claim and the file being written.
        await staff(owner, 'deleteVisitor', { id: wang.userId, confirmEmail: WANG.email }).expect(200)
        await transport.send(message)
      },
    }
    mkdirSync(join(dataDir, 'outbox'), { recursive: true })
    expect(await sendDueMail(db, erasing, platform.mail.from)).toBe(1)
    expect(findings(folderText(dataDir), needlesOf(WANG))).toEqual([])
  })

  it('when a table keeps text, then the erasure map says whether it can hold a person and what erasure does there', async () => {
    const columns = (
      await db.query<{ name: string }>(
        `select table_name || '.' || column_name as name from information_schema.columns
          where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY', 'bytea', 'USER-DEFINED', 'inet', 'citext')
          order by 1`,
      )
    ).rows.map((row) => row.name)
    expect(columns.length).toBeGreaterThan(100)
    const unmapped = columns.filter((column) => !(column in PERSONAL_DATA))
    expect(unmapped, 'say in server/platform/accounts/console/erasure-map.ts what erasure does with these').toEqual([])
  })
})
