import { readSheet } from 'read-excel-file/node'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { LEAD_LIMITS } from '../../shared/rules/leads.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'
import { makeExhibitor, paidOrder } from './leads-helpers.ts'
import { type App, attendees, call, makeExhibition } from './tickets-helpers.ts'

/**
 * The exhibitor's own questions and the team view (docs/product.md#lead-questions,
 * docs/product.md#lead-team-view): admins define them, every member answers them on a lead, the team's
 * list filters by them and pages on the server, the exports carry a column per question, and an erased
 * attendee's answers go with their notes.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let exhibitorId: number
let buyer: TestUser
let admin: TestUser
let staffMember: TestUser
let rivalAdmin: TestUser
let manager: SignedInMember

const as = (user: TestUser | null, route: string, payload: Record<string, unknown>) => call(app, route, user?.token ?? null, { exhibitorId, ...payload })
const list = async (user: TestUser, payload: Record<string, unknown> = {}) => (await as(user, 'lead$list', payload).expect(200)).body.data
const save = (user: TestUser, payload: Record<string, unknown>) => as(user, 'lead$saveQuestion', payload)
const qualify = (user: TestUser, leadId: number, answers: unknown, rest: Record<string, unknown> = {}) =>
  as(user, 'lead$qualify', { leadId, rating: null, tags: [], notes: '', answers, ...rest })
const named = (first: string, shares: string[] = ['name', 'email']) => ({ ...attendees(1)[0], firstName: first, lastName: 'Lovelace', shares })

interface Question {
  id: number
  kind: string
  label: string
  options: string[]
}

/** The three kinds, as an admin defines them: [market (choice), demo (yes / no), platform (text)]. */
async function threeQuestions() {
  await save(admin, { kind: 'choice', label: '  Market ', options: ['Retail', 'Institutional'] }).expect(200)
  await save(admin, { kind: 'yesno', label: 'Wants a demo' }).expect(200)
  const saved = await save(admin, { kind: 'text', label: 'Trading platform' }).expect(200)
  return saved.body.data.questions as [Question, Question, Question]
}

async function scanned(firstNames: string[]): Promise<number[]> {
  const order = await paidOrder(
    app,
    db,
    buyer,
    exhibitionId,
    firstNames.map((first) => named(first)),
  )
  const ids: number[] = []
  for (const code of order.codes) ids.push((await as(staffMember, 'lead$scan', { code }).expect(200)).body.data.lead.id)
  return ids
}

beforeEach(async () => {
  await resetDatabase(db)
  setMoment(Date.now())
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  exhibitorId = await makeExhibitor(db, exhibitionId, 'Acme')
  const rivalId = await makeExhibitor(db, exhibitionId, 'Rival')
  buyer = await createUser(platform, db)
  admin = await createUser(platform, db, { nick: 'Ada Admin' })
  staffMember = await createUser(platform, db, { nick: 'Sam Staff' })
  rivalAdmin = await createUser(platform, db)
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin'), ($1, $3, 'staff'), ($4, $5, 'admin')", [
    exhibitorId,
    admin.userId,
    staffMember.userId,
    rivalId,
    rivalAdmin.userId,
  ])
  manager = await setUpMember(app, db, ['manager'])
  await consoleCall(app, 'setLeadCapture', { exhibitionId, enabled: true }, { cookie: manager.cookie }).expect(200)
})

describe('the questions, by role', () => {
  it('when an admin defines, moves and removes questions, then every member reads them in order; staff and outsiders cannot change them', async () => {
    const questions = await threeQuestions()
    expect(questions.map(({ kind, label, options }) => ({ kind, label, options }))).toEqual([
      { kind: 'choice', label: 'Market', options: ['Retail', 'Institutional'] },
      { kind: 'yesno', label: 'Wants a demo', options: [] },
      { kind: 'text', label: 'Trading platform', options: [] },
    ])
    const [market, demo, platformQuestion] = questions
    const seen = await list(staffMember)
    expect(seen.role).toBe('staff')
    expect(seen.questions).toEqual(questions)
    expect((await list(admin)).role).toBe('admin')

    const refused = await save(staffMember, { kind: 'yesno', label: 'Budget approved' }).expect(403)
    expect(refused.body.message).toBe('exhibitor:errors.adminsOnly')
    await as(staffMember, 'lead$removeQuestion', { questionId: market.id }).expect(403)
    await as(staffMember, 'lead$moveQuestion', { questionId: market.id, direction: 'down' }).expect(403)
    await as(rivalAdmin, 'lead$saveQuestion', { kind: 'yesno', label: 'Budget approved' }).expect(404)
    await as(rivalAdmin, 'lead$removeQuestion', { questionId: market.id }).expect(404)
    await as(rivalAdmin, 'lead$list', {}).expect(404)
    await as(null, 'lead$saveQuestion', { kind: 'yesno', label: 'Budget approved' }).expect(401)
    // Another exhibitor's admin naming this exhibitor's question under their own exhibitor finds nothing.
    await call(app, 'lead$removeQuestion', rivalAdmin.token, { exhibitorId: exhibitorId + 1, questionId: market.id }).expect(404)

    const moved = (await as(admin, 'lead$moveQuestion', { questionId: platformQuestion.id, direction: 'up' }).expect(200)).body.data.questions
    expect(moved.map((question: { id: number }) => question.id)).toEqual([market.id, platformQuestion.id, demo.id])
    const top = (await as(admin, 'lead$moveQuestion', { questionId: market.id, direction: 'up' }).expect(200)).body.data.questions
    expect(top.map((question: { id: number }) => question.id)).toEqual([market.id, platformQuestion.id, demo.id])
    const left = (await as(admin, 'lead$removeQuestion', { questionId: platformQuestion.id }).expect(200)).body.data.questions
    expect(left.map((question: { id: number }) => question.id)).toEqual([market.id, demo.id])
    await as(admin, 'lead$removeQuestion', { questionId: platformQuestion.id }).expect(404)
    const positions = await db.query('select position from lead_questions where exhibitor_id = $1 order by position', [exhibitorId])
    expect(positions.rows).toEqual([{ position: 1 }, { position: 2 }])
  })

  it('when a question is malformed or one too many, then a translated 4xx names the field and nothing is kept', async () => {
    const fieldsOf = async (payload: Record<string, unknown>) => (await save(admin, payload).expect(400)).body.data.fields
    expect(await fieldsOf({ kind: 'choice', label: 'Market', options: ['Retail'] })).toEqual({ options: 'leads:errors.options' })
    expect(await fieldsOf({ kind: 'choice', label: 'Market', options: ['Retail', ' retail '] })).toEqual({ options: 'leads:errors.optionsRepeated' })
    expect(await fieldsOf({ kind: 'yesno', label: 'Demo', options: ['Yes', 'No'] })).toEqual({ options: 'leads:errors.options' })
    expect(await fieldsOf({ kind: 'text', label: '   ' })).toEqual({ label: 'leads:errors.question' })
    expect(await fieldsOf({ kind: 'text', label: 'x'.repeat(LEAD_LIMITS.question + 1) })).toEqual({ label: 'leads:errors.question' })
    expect(await fieldsOf({ kind: 'choice', label: 'Market', options: ['A', ''] })).toEqual({ 'options.1': 'leads:errors.option' })
    expect(await fieldsOf({ kind: 'choice', label: 'Market', options: Array.from({ length: 11 }, (_, i) => `o${i}`) })).toEqual({
      options: 'leads:errors.options',
    })
    expect(await fieldsOf({ kind: 'essay', label: 'Market' })).toEqual({ kind: 'errors.invalid' })
    expect((await db.query('select count(*)::int as n from lead_questions')).rows).toEqual([{ n: 0 }])

    for (let i = 0; i < LEAD_LIMITS.questions; i += 1) await save(admin, { kind: 'yesno', label: `Question ${i + 1}` }).expect(200)
    const eleventh = await save(admin, { kind: 'yesno', label: 'One too many' }).expect(409)
    expect(eleventh.body.message).toBe('leads:errors.tooManyQuestions')
    await save(admin, { questionId: 999999, kind: 'yesno', label: 'Nowhere' }).expect(404)
  })
})

describe('answers on a lead', () => {
  it('when a member answers in the qualify call, then the lead shows them; a wrong answer is refused on its field', async () => {
    const [market, demo, platformQuestion] = await threeQuestions()
    const [leadId] = (await scanned(['Grace'])) as [number]
    const saved = await qualify(
      staffMember,
      leadId,
      [
        { questionId: market.id, value: 'Institutional' },
        { questionId: demo.id, value: true },
        { questionId: platformQuestion.id, value: '  MT5 and cTrader ' },
      ],
      { rating: 'hot' },
    ).expect(200)
    expect(saved.body.data.lead).toMatchObject({
      rating: 'hot',
      answers: [
        { questionId: market.id, value: 'Institutional' },
        { questionId: demo.id, value: true },
        { questionId: platformQuestion.id, value: 'MT5 and cTrader' },
      ],
    })

    const wrong = await qualify(staffMember, leadId, [
      { questionId: demo.id, value: false },
      { questionId: market.id, value: 'Hedge funds' },
      { questionId: platformQuestion.id, value: 'x'.repeat(LEAD_LIMITS.answer + 1) },
    ]).expect(400)
    expect(wrong.body.data.fields).toEqual({ 'answers.1.value': 'leads:errors.answerChoice', 'answers.2.value': 'leads:errors.answerText' })
    expect((await qualify(staffMember, leadId, [{ questionId: demo.id, value: 'yes' }]).expect(400)).body.data.fields).toEqual({
      'answers.0.value': 'leads:errors.answerYesNo',
    })
    await qualify(staffMember, leadId, [
      { questionId: demo.id, value: true },
      { questionId: demo.id, value: false },
    ]).expect(400)
    // The refused calls changed nothing, the rating included.
    expect((await list(admin)).items[0]).toMatchObject({ rating: 'hot', answers: saved.body.data.lead.answers })

    // Without `answers` they stay; null and an empty text clear one each.
    await qualify(staffMember, leadId, undefined, { rating: 'warm' }).expect(200)
    const cleared = await qualify(staffMember, leadId, [
      { questionId: demo.id, value: null },
      { questionId: platformQuestion.id, value: ' ' },
    ]).expect(200)
    expect(cleared.body.data.lead.answers).toEqual([{ questionId: market.id, value: 'Institutional' }])
  })

  it('when a question is changed or removed, then answers that no longer fit leave every view and a stale answer is not a crash', async () => {
    const [market, demo] = await threeQuestions()
    const [first, second] = (await scanned(['Grace', 'Alan'])) as [number, number]
    await qualify(staffMember, first, [
      { questionId: market.id, value: 'Retail' },
      { questionId: demo.id, value: true },
    ]).expect(200)
    await qualify(staffMember, second, [{ questionId: market.id, value: 'Institutional' }]).expect(200)

    await save(admin, { questionId: market.id, kind: 'choice', label: 'Market', options: ['Retail', 'Prop firms'] }).expect(200)
    await as(admin, 'lead$removeQuestion', { questionId: demo.id }).expect(200)
    const items = (await list(admin)).items as { id: number; answers: unknown[] }[]
    expect(items.find((lead) => lead.id === first)?.answers).toEqual([{ questionId: market.id, value: 'Retail' }])
    expect(items.find((lead) => lead.id === second)?.answers).toEqual([])

    // A member whose screen still shows the removed question saves: the rest is kept.
    const stale = await qualify(staffMember, second, [{ questionId: demo.id, value: true }], { notes: 'Call on Monday' }).expect(200)
    expect(stale.body.data.lead).toMatchObject({ notes: 'Call on Monday', answers: [] })
    expect((await db.query('select count(*)::int as n from lead_answers')).rows).toEqual([{ n: 1 }])
  })
})

describe('the team view', () => {
  it('when the team filters by rating, tag, member and answers, then the server keeps only those and counts them', async () => {
    const [market, demo, platformQuestion] = await threeQuestions()
    const [grace, alan, edsger] = (await scanned(['Grace', 'Alan', 'Edsger'])) as [number, number, number]
    const order = await paidOrder(app, db, buyer, exhibitionId, [named('Barbara')])
    const barbara = (await as(admin, 'lead$scan', { code: order.codes[0] }).expect(200)).body.data.lead.id
    await qualify(
      staffMember,
      grace,
      [
        { questionId: market.id, value: 'Institutional' },
        { questionId: demo.id, value: true },
      ],
      { rating: 'hot', tags: ['VIP'] },
    )
    await qualify(
      staffMember,
      alan,
      [
        { questionId: market.id, value: 'Institutional' },
        { questionId: demo.id, value: false },
      ],
      { rating: 'hot' },
    )
    await qualify(
      staffMember,
      edsger,
      [
        { questionId: market.id, value: 'Retail' },
        { questionId: demo.id, value: true },
      ],
      { tags: ['vip'] },
    )

    const names = async (payload: Record<string, unknown>) => {
      const found = await list(staffMember, payload)
      return { matching: found.matching, names: found.items.map((lead: { firstName: string }) => lead.firstName).sort() }
    }
    expect(await names({ answers: [{ questionId: market.id, value: 'Institutional' }] })).toEqual({ matching: 2, names: ['Alan', 'Grace'] })
    expect(
      await names({
        answers: [
          { questionId: market.id, value: 'Institutional' },
          { questionId: demo.id, value: true },
        ],
      }),
    ).toEqual({ matching: 1, names: ['Grace'] })
    expect(await names({ answers: [{ questionId: demo.id, value: true }], tag: 'VIP' })).toEqual({ matching: 2, names: ['Edsger', 'Grace'] })
    expect(await names({ rating: 'hot', search: 'ala' })).toEqual({ matching: 1, names: ['Alan'] })
    expect(await names({ scannedBy: admin.userId })).toEqual({ matching: 1, names: ['Barbara'] })
    expect(await names({ search: 'lovelace barbara' })).toEqual({ matching: 1, names: ['Barbara'] })

    const all = await list(staffMember, { rating: 'hot' })
    expect(all).toMatchObject({ total: 4, scans: 4, matching: 2, next: null, tags: ['vip'] })
    expect(all.scanners).toEqual([
      { accountId: admin.userId, nick: 'Ada Admin' },
      { accountId: staffMember.userId, nick: 'Sam Staff' },
    ])
    expect(barbara).toBeGreaterThan(0)

    const refused = await as(staffMember, 'lead$list', { answers: [{ questionId: platformQuestion.id, value: 'MT5' }] }).expect(400)
    expect(refused.body.data.fields).toEqual({ 'answers.0.questionId': 'leads:errors.questionNotFound' })
    expect((await as(staffMember, 'lead$list', { answers: [{ questionId: demo.id, value: 'yes' }] }).expect(400)).body.data.fields).toEqual({
      'answers.0.value': 'errors.invalid',
    })
    await as(staffMember, 'lead$list', { scannedBy: 'someone' }).expect(400)
    await as(staffMember, 'lead$list', { after: "2026-11-20T09:00:00.000000Z~1' or 1=1" }).expect(400)
  })

  it('when the team searches names written in other scripts and forms, then the database folds them as the names rule does', async () => {
    const people = [
      { first: 'Zoë', last: 'Ångström' },
      { first: 'Ｇｒａｃｅ', last: 'Ｈｏｐｐｅｒ' },
      { first: 'Иван', last: 'Петров' },
      { first: 'Siobhán', last: "O'Brien" },
      { first: '小明', last: '王' },
    ]
    const order = await paidOrder(
      app,
      db,
      buyer,
      exhibitionId,
      people.map((person) => ({ ...named(person.first, ['name']), lastName: person.last })),
    )
    for (const code of order.codes) await as(staffMember, 'lead$scan', { code }).expect(200)
    const found = async (search: string) =>
      (await list(staffMember, { search })).items.map((lead: { firstName: string; lastName: string }) => `${lead.firstName} ${lead.lastName}`)
    expect(await found('zoe angstrom')).toEqual(['Zoë Ångström'])
    expect(await found('grace hopper')).toEqual(['Ｇｒａｃｅ Ｈｏｐｐｅｒ'])
    expect(await found('ПЕТРОВ ИВАН')).toEqual(['Иван Петров'])
    expect(await found('obrien')).toEqual(["Siobhán O'Brien"])
    expect(await found('王 小明')).toEqual(['小明 王'])
    expect(await found('lovelace')).toEqual([])
  })

  it('when the team has more leads than a page, then pages follow one another without a gap or a repeat, same instants included', async () => {
    const orders = []
    for (let i = 0; i < 11; i += 1) orders.push(await paidOrder(app, db, buyer, exhibitionId, attendees(5)))
    // Leads written directly: 55 of them, pairs sharing one instant to the microsecond, one a microsecond apart.
    await db.query(
      `insert into leads (exhibitor_id, ticket_id, scanned_by, scanned_at, last_scanned_at, updated_at)
       select $1, t.id, $2, at, at, at
         from (select id, row_number() over (order by id) as n from e_tickets) t,
              lateral (select timestamptz '2026-11-20 09:00:00+00' + make_interval(mins => (t.n / 2)::int) + make_interval(secs => case when t.n = 7 then 0.000001 else 0 end) as at) x`,
      [exhibitorId, staffMember.userId],
    )
    const first = await list(admin)
    expect(first).toMatchObject({ total: 55, matching: 55 })
    expect(first.items).toHaveLength(LEAD_LIMITS.page)
    const second = await list(admin, { after: first.next })
    expect(second.next).toBeNull()
    const ids = [...first.items, ...second.items].map((lead: { id: number }) => lead.id)
    expect(new Set(ids).size).toBe(55)
    const expected = await db.query<{ id: number }>('select id::int as id from leads order by last_scanned_at desc, id desc')
    expect(ids).toEqual(expected.rows.map((row) => row.id))
    expect(orders).toHaveLength(11)
  })
})

describe('exports and erasure', () => {
  it('when the team exports, then a column per question holds the answers; after a withdrawal the lead stays anonymous with its answers', async () => {
    const [market, demo, platformQuestion] = await threeQuestions()
    const order = await paidOrder(app, db, buyer, exhibitionId, [named('Grace')])
    const lead = (await as(staffMember, 'lead$scan', { code: order.codes[0] }).expect(200)).body.data.lead
    await qualify(staffMember, lead.id, [
      { questionId: market.id, value: 'Retail' },
      { questionId: demo.id, value: true },
      { questionId: platformQuestion.id, value: '=HYPERLINK("http://evil")' },
    ]).expect(200)
    const xlsx = async () => readSheet(Buffer.from((await as(admin, 'lead$export', { format: 'xlsx' }).expect(200)).body.data.base64, 'base64'))
    const csv = async () => Buffer.from((await as(admin, 'lead$export', { format: 'csv' }).expect(200)).body.data.base64, 'base64').toString('utf8')

    const sheet = await xlsx()
    expect(sheet[0]?.slice(-3)).toEqual(['Market', 'Wants a demo', 'Trading platform'])
    expect(sheet[1]?.slice(0, 6)).toEqual(['Grace Lovelace', null, null, lead.email, null, 'Name, E-mail'])
    expect(sheet[1]?.slice(-3)).toEqual(['Retail', 'Yes', '=HYPERLINK("http://evil")'])
    expect(await csv()).toContain(`Retail,Yes,"'=HYPERLINK(""http://evil"")"`)

    await call(app, 'tickets$setShares', buyer.token, { orderNumber: order.number, position: 1, shares: [] }).expect(200)
    const withdrawn = await xlsx()
    expect(withdrawn[1]?.slice(0, 6)).toEqual([null, null, null, null, null, 'Nothing (anonymous visit)'])
    expect(withdrawn[1]?.slice(-3)).toEqual(['Retail', 'Yes', '=HYPERLINK("http://evil")'])
    expect(JSON.stringify(withdrawn)).not.toContain('Grace')
    expect(await csv()).not.toContain(lead.email)
  })

  it('when the attendee is erased, then the answers about them go with the notes, in the list and the exports', async () => {
    const [market, , platformQuestion] = await threeQuestions()
    const form = named('Grace', ['name', 'email', 'phone'])
    const order = await paidOrder(app, db, buyer, exhibitionId, [form])
    const holder = await createUser(platform, db, { email: form.email as string })
    const lead = (await as(staffMember, 'lead$scan', { code: order.codes[0] }).expect(200)).body.data.lead
    await qualify(staffMember, lead.id, [
      { questionId: market.id, value: 'Retail' },
      { questionId: platformQuestion.id, value: 'Grace trades gold on MT5' },
    ]).expect(200)
    const owner = await setUpMember(app, db, ['owner'])
    await consoleCall(app, 'deleteVisitor', { id: holder.userId, confirmEmail: form.email }, { cookie: owner.cookie }).expect(200)
    expect((await list(admin)).items[0]).toMatchObject({ firstName: null, email: null, notes: '', answers: [] })
    const sheet = await readSheet(Buffer.from((await as(admin, 'lead$export', { format: 'xlsx' }).expect(200)).body.data.base64, 'base64'))
    expect(JSON.stringify(sheet)).not.toContain('Grace')
    expect((await db.query('select count(*)::int as n from lead_answers')).rows).toEqual([{ n: 0 }])
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('at the same moment (PostgreSQL only: PGlite cannot race)', () => {
  it('when an admin removes a question while a member answers it, then neither call fails and no answer outlives its question', async () => {
    const [, demo] = await threeQuestions()
    const [leadId] = (await scanned(['Grace'])) as [number]
    const answers = await Promise.all([
      qualify(staffMember, leadId, [{ questionId: demo.id, value: true }], { notes: 'Kept' }),
      as(admin, 'lead$removeQuestion', { questionId: demo.id }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    expect((await db.query('select count(*)::int as n from lead_answers')).rows).toEqual([{ n: 0 }])
    expect((await db.query('select notes from leads')).rows).toEqual([{ notes: 'Kept' }])
  })

  it('when two admins add the tenth and an eleventh question at once, then one is refused and ten are kept', async () => {
    for (let i = 0; i < LEAD_LIMITS.questions - 1; i += 1) await save(admin, { kind: 'yesno', label: `Question ${i + 1}` }).expect(200)
    const second = await createUser(platform, db)
    await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [exhibitorId, second.userId])
    const answers = await Promise.all([save(admin, { kind: 'text', label: 'Tenth' }), save(second, { kind: 'text', label: 'Eleventh' })])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect((await db.query('select count(*)::int as n, count(distinct position)::int as p from lead_questions')).rows).toEqual([{ n: 10, p: 10 }])
  })
})
