import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readSheet } from 'read-excel-file/node'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, exportDownload, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * The organiser's own questions on the attendee form (docs/product.md#ticket-questions): managers
 * write them (audited), each ticket's attendee answers those of its type, the server refuses wrong
 * answers field by field, staff read them on the order and in the export, the attendee changes them
 * until the exhibition starts, and they go with the person.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let standard: number
let vip: number
let buyer: TestUser
let manager: SignedInMember
type QuestionName = 'desk' | 'goals' | 'volume' | 'role' | 'markets' | 'dinner' | 'country' | 'arrival' | 'size'
const ids = {} as Record<QuestionName, number>

const as = (user: TestUser, route: string, payload: unknown) => call(app, route, user.token, payload)
const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const english = (text: string, choices: string[] = []) => ({ en: { text, help: '', choices } })

/** One question of each kind; the company-size question only for VIP tickets. */
async function addQuestions(): Promise<void> {
  const questions: Array<[QuestionName, Record<string, unknown>]> = [
    ['desk', { kind: 'text', required: true, texts: { ...english('Your desk'), 'zh-cn': { text: '您的部门', help: '', choices: [] } } }],
    ['goals', { kind: 'longText', texts: english('What do you hope to learn?') }],
    ['volume', { kind: 'number', required: true, min: '0', max: '1000000', texts: english('Monthly volume (USD)') }],
    ['role', { kind: 'choiceOne', required: true, texts: english('Your role', ['Trader', 'Analyst', 'Other']) }],
    ['markets', { kind: 'choiceMany', texts: english('Markets you trade', ['Forex', 'Crypto', 'Stocks']) }],
    ['dinner', { kind: 'yesNo', texts: english('Joining the dinner?') }],
    ['country', { kind: 'country', texts: english('Country of residence') }],
    ['arrival', { kind: 'date', texts: english('Arrival day') }],
    ['size', { kind: 'choiceOne', required: true, ticketTypeIds: [vip], texts: english('Company size', ['1–10', '11–100', '100+']) }],
  ]
  for (const [name, question] of questions) {
    const editor = (await staff(manager, 'saveTicketQuestion', { exhibitionId, ...question }).expect(200)).body.data
    ids[name] = editor.questions.at(-1).id
  }
}

const goodAnswers = () => ({
  [ids.desk]: '王小明',
  [ids.volume]: '299.00',
  [ids.role]: 'c2',
  [ids.markets]: ['c3', 'c1'],
  [ids.dinner]: true,
  [ids.country]: 'TH',
  [ids.arrival]: '2027-06-01',
})

async function pendingOrder(): Promise<string> {
  const order = await as(buyer, 'tickets$createOrder', {
    exhibitionId,
    lines: [
      { ticketTypeId: standard, quantity: 1 },
      { ticketTypeId: vip, quantity: 1 },
    ],
    idempotencyKey: randomUUID(),
  }).expect(200)
  return order.body.data.number
}

async function answeredOrder(): Promise<string> {
  const number = await pendingOrder()
  const forms = attendees(2)
  await as(buyer, 'tickets$saveAttendees', {
    orderNumber: number,
    attendees: [
      { ...forms[0], answers: goodAnswers() },
      { ...forms[1], answers: { ...goodAnswers(), [ids.role]: 'c3', [ids.size]: 'c3' } },
    ],
  }).expect(200)
  return number
}

async function pay(number: string): Promise<void> {
  await as(buyer, 'tickets$confirmOrder', { orderNumber: number }).expect(200)
  const started = (await as(buyer, 'tickets$startPayment', { orderNumber: number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
}

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Bangkok Fintech Expo' })
  standard = await makeTicketType(db, exhibitionId, { name: 'Standard', priceMinor: 12900, currency: 'THB', key: `std-${randomUUID().slice(0, 6)}` })
  vip = await makeTicketType(db, exhibitionId, { name: 'VIP', priceMinor: 99900, currency: 'THB', key: `vip-${randomUUID().slice(0, 6)}` })
  buyer = await createUser(platform, db)
  manager = await setUpMember(app, db, ['manager'])
  await addQuestions()
})

describe('the console', () => {
  it('when a manager adds questions, then each is kept in order with its rules and audited; other desks are refused', async () => {
    const editor = (await staff(manager, 'ticketQuestionEditor', { exhibitionId }).expect(200)).body.data
    expect(editor.questions.map((question: { kind: string }) => question.kind)).toEqual([
      'text',
      'longText',
      'number',
      'choiceOne',
      'choiceMany',
      'yesNo',
      'country',
      'date',
      'choiceOne',
    ])
    expect(editor.questions[2]).toMatchObject({ min: '0', max: '1000000', required: true })
    expect(editor.questions[8]).toMatchObject({ ticketTypeIds: [vip] })
    const audit = await db.query<{ function: string; target: string }>(
      "select function, target from staff_audit where function = 'console$saveTicketQuestion' order by id",
    )
    expect(audit.rows).toHaveLength(9)
    expect(audit.rows[0]?.target).toBe(`ticketQuestion:${ids.desk}`)
    const support = await setUpMember(app, db, ['support'])
    await staff(support, 'saveTicketQuestion', { exhibitionId, kind: 'text', texts: english('Sneaky') }).expect(403)
    await staff(support, 'ticketQuestionEditor', { exhibitionId }).expect(403)
  })

  it('when a question is badly written, then the fields are named: no English, one choice, bounds reversed, a type of another exhibition', async () => {
    const refused = async (body: Record<string, unknown>) =>
      (await staff(manager, 'saveTicketQuestion', { exhibitionId, ...body }).expect(400)).body.data.fields
    expect(await refused({ kind: 'text', texts: { 'zh-cn': { text: '部门' } } })).toEqual({ 'texts.en.text': 'console:errors.ticketQuestionEnglish' })
    expect(await refused({ kind: 'choiceOne', texts: english('Role', ['Only']) })).toEqual({ 'texts.en.choices': 'console:errors.ticketQuestionChoices' })
    expect(await refused({ kind: 'number', min: '10', max: '9.5', texts: english('Volume') })).toEqual({ max: 'console:errors.ticketQuestionBounds' })
    expect(await refused({ kind: 'number', min: 'ten', texts: english('Volume') })).toEqual({ min: 'console:errors.ticketQuestionBound' })
    const other = await makeTicketType(db, await makeExhibition(db), { key: `other-${randomUUID().slice(0, 6)}` })
    expect(await refused({ kind: 'text', ticketTypeIds: [other], texts: english('Desk') })).toEqual({ ticketTypeIds: 'console:errors.ticketTypeNotFound' })
  })

  it('when an exhibition has 20 questions, then a 21st is refused', async () => {
    for (let index = 9; index < 20; index++) await staff(manager, 'saveTicketQuestion', { exhibitionId, kind: 'text', texts: english(`Q${index}`) }).expect(200)
    const refused = await staff(manager, 'saveTicketQuestion', { exhibitionId, kind: 'text', texts: english('One too many') }).expect(409)
    expect(refused.body.message).toBe('console:errors.ticketQuestionsTooMany')
  })

  it('when attendees answered, then a chosen choice cannot be removed, the kind cannot change and the question cannot be deleted; labels may change and choices may be added', async () => {
    await answeredOrder()
    const role = { exhibitionId, id: ids.role, kind: 'choiceOne', required: true }
    const removed = await staff(manager, 'saveTicketQuestion', { ...role, texts: english('Your role', ['Trader']) }).expect(400)
    expect(removed.body.data.fields).toEqual({ 'texts.en.choices': 'console:errors.ticketQuestionChoices' })
    // The second attendee chose "Other" (c3): it stays; labels change and a choice joins at the end.
    const shrunk = await staff(manager, 'saveTicketQuestion', { ...role, texts: english('Your role', ['Trader', 'Analyst']) }).expect(409)
    expect(shrunk.body.message).toBe('console:errors.ticketQuestionChoiceChosen')
    await staff(manager, 'saveTicketQuestion', { ...role, texts: english('Your role', ['Trader', 'Research analyst', 'Other']) }).expect(200)
    await staff(manager, 'saveTicketQuestion', { ...role, texts: english('Your role', ['Trader', 'Research analyst', 'Other', 'Broker']) }).expect(200)
    const kind = await staff(manager, 'saveTicketQuestion', { ...role, kind: 'text', texts: english('Your role') }).expect(409)
    expect(kind.body.message).toBe('console:errors.ticketQuestionAnsweredKind')
    const deleted = await staff(manager, 'deleteTicketQuestion', { exhibitionId, id: ids.desk }).expect(409)
    expect(deleted.body.message).toBe('console:errors.ticketQuestionAnswered')
    await staff(manager, 'deleteTicketQuestion', { exhibitionId, id: ids.goals }).expect(200)
  })
})

describe('the attendee form', () => {
  it('when answers are wrong, then each is named as attendees.<n>.answers.<id> and nothing is saved', async () => {
    const number = await pendingOrder()
    const forms = attendees(2)
    const refused = await as(buyer, 'tickets$saveAttendees', {
      orderNumber: number,
      attendees: [
        { ...forms[0], answers: { ...goodAnswers(), [ids.volume]: '299 USD', [ids.role]: 'c9', [ids.arrival]: '2027-02-30', [ids.country]: 'XX' } },
        { ...forms[1], answers: { ...goodAnswers(), [ids.desk]: '  ' } },
      ],
    }).expect(400)
    expect(refused.body.data.fields).toEqual({
      [`attendees.0.answers.${ids.volume}`]: 'tickets:questions.errors.number',
      [`attendees.0.answers.${ids.role}`]: 'tickets:questions.errors.choice',
      [`attendees.0.answers.${ids.arrival}`]: 'tickets:questions.errors.date',
      [`attendees.0.answers.${ids.country}`]: 'tickets:questions.errors.country',
      [`attendees.1.answers.${ids.desk}`]: 'tickets:questions.errors.required',
      // The VIP ticket (second) is asked the company size; the standard one is not.
      [`attendees.1.answers.${ids.size}`]: 'tickets:questions.errors.required',
    })
    const stored = await db.query('select 1 from ticket_answers')
    expect(stored.rowCount).toBe(0)
  })

  it('when answers are right, then the order shows them as typed and as people read them, in the visitor’s language', async () => {
    const number = await answeredOrder()
    const order = (await call(app, 'tickets$order', buyer.token, { orderNumber: number }, { locale: 'zh-cn' }).expect(200)).body.data
    expect(order.questions.map((question: { id: number }) => question.id)).toHaveLength(9)
    expect(order.questions[0]).toMatchObject({ text: '您的部门' })
    // Without a Chinese text, English.
    expect(order.questions[1]).toMatchObject({ text: 'What do you hope to learn?' })
    expect(order.countries.length).toBeGreaterThan(200)
    expect(order.answersOpen).toBe(true)
    const [first, second] = order.attendees
    expect(first.answers).toEqual({
      [ids.desk]: '王小明',
      [ids.volume]: '299.00',
      [ids.role]: 'c2',
      [ids.markets]: ['c1', 'c3'],
      [ids.dinner]: true,
      [ids.country]: 'TH',
      [ids.arrival]: '2027-06-01',
    })
    const read = Object.fromEntries(first.answerTexts.map((text: { questionId: number; answer: string }) => [text.questionId, text.answer]))
    expect(read).toMatchObject({ [ids.markets]: 'Forex、Stocks', [ids.dinner]: '是', [ids.country]: '泰国', [ids.role]: 'Analyst' })
    expect(second.answers[ids.size]).toBe('c3')
    expect(first.answers[ids.size]).toBeUndefined()
  })
})

describe('my tickets', () => {
  it('when the attendee changes an answer before the exhibition, then it is saved; after it starts, the change is refused', async () => {
    const number = await answeredOrder()
    await pay(number)
    const changed = await as(buyer, 'tickets$setAnswers', { orderNumber: number, position: 1, answers: { ...goodAnswers(), [ids.desk]: '交易部' } }).expect(200)
    expect(changed.body.data.answers[ids.desk]).toBe('交易部')
    const wrong = await as(buyer, 'tickets$setAnswers', { orderNumber: number, position: 1, answers: { ...goodAnswers(), [ids.volume]: '-5' } }).expect(400)
    expect(wrong.body.data.fields).toEqual({ [`answers.${ids.volume}`]: 'tickets:questions.errors.tooSmall' })
    const stranger = await createUser(platform, db)
    await as(stranger, 'tickets$setAnswers', { orderNumber: number, position: 1, answers: goodAnswers() }).expect(404)
    await db.query('update exhibitions set starts_at = $2 where id = $1', [exhibitionId, new Date(Date.now() - 60_000)])
    const closed = await as(buyer, 'tickets$setAnswers', { orderNumber: number, position: 1, answers: goodAnswers() }).expect(409)
    expect(closed.body.message).toBe('tickets:questions.errors.closed')
  })
})

describe('abuse and repetition', () => {
  it('when the same answers are sent twice, then the ticket holds them once; past 30 changes an hour the account is slowed down', async () => {
    const number = await answeredOrder()
    for (let index = 0; index < 2; index++) {
      await as(buyer, 'tickets$setAnswers', { orderNumber: number, position: 1, answers: goodAnswers() }).expect(200)
    }
    const rows = await db.query('select 1 from ticket_answers a join ticket_attendees t on t.id = a.attendee_id where t.position = 1')
    expect(rows.rowCount).toBe(Object.keys(goodAnswers()).length)
    for (let index = 2; index < 30; index++) await as(buyer, 'tickets$setAnswers', { orderNumber: number, position: 1, answers: goodAnswers() }).expect(200)
    await as(buyer, 'tickets$setAnswers', { orderNumber: number, position: 1, answers: goodAnswers() }).expect(429)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('at the same moment (PostgreSQL only: PGlite cannot race)', () => {
  it('when the attendee saves two versions of the answers at once, then one whole version stands, never a mix', async () => {
    const number = await answeredOrder()
    const version = (desk: string, role: string) => ({ ...goodAnswers(), [ids.desk]: desk, [ids.role]: role })
    const answers = await Promise.all([
      as(buyer, 'tickets$setAnswers', { orderNumber: number, position: 1, answers: version('交易部', 'c1') }),
      as(buyer, 'tickets$setAnswers', { orderNumber: number, position: 1, answers: version('Research', 'c3') }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    const stored = await db.query<{ question_id: number; value: string }>(
      'select a.question_id, a.value from ticket_answers a join ticket_attendees t on t.id = a.attendee_id where t.position = 1 and a.question_id = any($1::int[])',
      [[ids.desk, ids.role]],
    )
    const byQuestion = Object.fromEntries(stored.rows.map((row) => [row.question_id, row.value]))
    expect([
      ['交易部', 'c1'],
      ['Research', 'c3'],
    ]).toContainEqual([byQuestion[ids.desk], byQuestion[ids.role]])
  })
})

describe('staff reading the answers', () => {
  it('when staff open the order and export the attendees, then each question is a column, several choices joined', async () => {
    const number = await answeredOrder()
    const detail = (await staff(manager, 'orderDetail', { number }).expect(200)).body.data.order
    expect(detail.attendees[0].answers).toContainEqual({ questionId: ids.desk, question: 'Your desk', answer: '王小明' })
    const download = (format: string) => exportDownload(app, manager.cookie, { exhibition: exhibitionId, kind: 'attendees', format }).expect(200)
    const [header, ...rows] = await readSheet((await download('xlsx')).body as Buffer)
    const column = (name: string) => header?.indexOf(name) ?? -1
    expect(column('Markets you trade')).toBeGreaterThan(0)
    expect(rows[0]?.[column('Markets you trade')]).toBe('Forex, Stocks')
    expect(rows[0]?.[column('Monthly volume (USD)')]).toBe('299.00')
    expect(rows[0]?.[column('Company size')]).toBeNull()
    expect(rows[1]?.[column('Company size')]).toBe('100+')
    await staff(manager, 'setLanguage', { language: 'zh-cn' }).expect(200)
    const csv = (await download('csv')).body as Buffer
    const parsed = JSON.parse(
      execFileSync('python3', ['-c', 'import csv,io,json,sys; print(json.dumps(list(csv.reader(io.StringIO(sys.stdin.read().lstrip("\\ufeff"))))))'], {
        input: csv.toString('utf8'),
      }).toString(),
    ) as string[][]
    const [csvHeader, firstRow] = parsed
    expect(firstRow?.[csvHeader?.indexOf('您的部门') ?? -1]).toBe('王小明')
    expect(firstRow?.[csvHeader?.indexOf('Joining the dinner?') ?? -1]).toBe('是')
  })
})

describe('erasure', () => {
  it('when the attendee is erased, then their answers are gone with them', async () => {
    const forms = attendees(2)
    const holder = await createUser(platform, db, { email: forms[1]?.email })
    const number = await pendingOrder()
    await as(buyer, 'tickets$saveAttendees', {
      orderNumber: number,
      attendees: [
        { ...forms[0], answers: goodAnswers() },
        { ...forms[1], answers: { ...goodAnswers(), [ids.desk]: 'ฝ่ายค้าหลักทรัพย์', [ids.size]: 'c1' } },
      ],
    }).expect(200)
    await pay(number)
    const owner = await setUpMember(app, db, ['owner'])
    await staff(owner, 'deleteVisitor', { id: holder.userId, confirmEmail: holder.email }).expect(200)
    const left = await db.query<{ position: number; value: unknown }>(
      'select a.position, t.value from ticket_answers t join ticket_attendees a on a.id = t.attendee_id where t.question_id = $1',
      [ids.desk],
    )
    expect(left.rows).toEqual([{ position: 1, value: '王小明' }])
  })

  it('when the buyer is erased, then every answer on their kept order goes', async () => {
    const number = await answeredOrder()
    await pay(number)
    const owner = await setUpMember(app, db, ['owner'])
    await staff(owner, 'deleteVisitor', { id: buyer.userId, confirmEmail: buyer.email }).expect(200)
    expect((await db.query('select 1 from ticket_answers')).rowCount).toBe(0)
  })
})
