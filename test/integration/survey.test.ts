import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { readSheet } from 'read-excel-file/node'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { mailSurveyInvitations } from '../../server/platform/survey/survey-mail.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, downloadAs, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType, someIp } from './tickets-helpers.ts'

/**
 * The post-event survey (docs/product.md#survey): questions edited per role and audited,
 * invitations mailed once per checked-in ticket after the end in the order's language, answers
 * checked against the questions (hostile input is a translated 4xx), one answer per ticket however
 * many submits race, and the results as counts and files.
 */

const SURVEY = '/wikifxweb-v1/wikisurvey/invoke-v1'

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let buyer: TestUser
let manager: SignedInMember
let door: SignedInMember
let tickets: Array<{ id: string; code: string }>

const survey = (route: 'form' | 'submit', payload: unknown, locale = 'en') =>
  request(app)
    .post(SURVEY)
    .set('Routes', `survey$${route}`)
    .set('LanguageCode', locale)
    .set('X-Forwarded-For', someIp())
    .send(payload as object)

/** A paid order of `count` tickets for the exhibition; returns its e-tickets in attendee order. */
async function paidOrder(count: number, locale = 'en') {
  const fn = (route: string, payload: unknown) => call(app, route, buyer.token, payload, { locale })
  const type = await makeTicketType(db, exhibitionId, {
    name: 'Standard pass',
    priceMinor: 12900,
    currency: 'GBP',
    key: `standard-${randomUUID().slice(0, 6)}`,
  })
  const order = (await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: type, quantity: count }], idempotencyKey: randomUUID() }).expect(200))
    .body.data
  await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: attendees(count) }).expect(200)
  await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
  const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  // The order is in the visitor's language whatever the test's request said.
  await db.query('update ticket_orders set locale = $2 where number = $1', [order.number, locale])
  const rows = await db.query<{ id: string; code: string }>(
    'select e.id, e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
    [order.number],
  )
  return rows.rows
}

async function checkIn(code: string) {
  const scan = { id: randomUUID(), code, gate: 'North', scannedAt: new Date().toISOString() }
  const answer = await consoleCall(app, 'checkinSync', { exhibitionId, deviceId: 'door-a', scans: [scan] }, { cookie: door.cookie }).expect(200)
  expect(answer.body.data.scans[0].outcome).toBe('checkedIn')
}

/** The exhibition took place: it ended `hoursAgo` hours ago. */
const endExhibition = (hoursAgo = 2) =>
  db.query(
    'update exhibitions set starts_at = now() - make_interval(hours => $2 + 48), ends_at = now() - make_interval(hours => $2), sales_close_at = null where id = $1',
    [exhibitionId, hoursAgo],
  )

const save = (member: SignedInMember, body: Record<string, unknown>) =>
  consoleCall(app, 'saveSurveyQuestion', { exhibitionId, ...body }, { cookie: member.cookie })

async function standardQuestions() {
  await save(manager, { kind: 'rating', required: true, texts: { en: { text: 'How was the exhibition?' }, 'zh-cn': { text: '展会怎么样？' } } }).expect(200)
  await save(manager, {
    kind: 'single',
    required: true,
    texts: { en: { text: 'Will you come again?', options: ['Yes', 'No'] }, 'zh-cn': { text: '您还会再来吗？', options: ['会', '不会'] } },
  }).expect(200)
  await save(manager, { kind: 'multiple', texts: { en: { text: 'What did you visit?', options: ['Talks', 'Booths', 'Workshops'] } } }).expect(200)
  const editor = (await save(manager, { kind: 'text', texts: { en: { text: 'Anything else?' } } }).expect(200)).body.data
  return editor.questions as Array<{ id: number; kind: string }>
}

const mails = async () =>
  (
    await db.query<{ to_address: string; subject: string; text_body: string }>(
      'select to_address, subject, text_body from mail_outbox where text_body like $1 order by id',
      ['%/survey/%'],
    )
  ).rows
const tokenOf = (text: string) => /\/survey\/([A-Za-z0-9_-]+)/.exec(text)?.[1] as string

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo', startsInDays: 5 })
  buyer = await createUser(platform, db)
  manager = await setUpMember(app, db, ['manager'])
  door = await setUpMember(app, db, ['checkin'])
  tickets = await paidOrder(3)
})

describe('questions in the console', () => {
  it('when a manager adds, changes, reorders and deletes questions, then each change is there and audited; other roles are refused', async () => {
    const questions = await standardQuestions()
    expect(questions.map((question) => question.kind)).toEqual(['rating', 'single', 'multiple', 'text'])
    const [rating, single, multiple, text] = questions.map((question) => question.id) as [number, number, number, number]
    const changed = (
      await save(manager, { id: single, kind: 'single', required: false, texts: { en: { text: 'Come again?', options: ['Yes', 'No', 'Maybe'] } } }).expect(200)
    ).body.data
    expect(changed.questions[1]).toMatchObject({ required: false, texts: { en: { text: 'Come again?', options: ['Yes', 'No', 'Maybe'] } } })
    const reordered = (
      await consoleCall(app, 'reorderSurveyQuestions', { exhibitionId, ids: [text, rating, multiple, single] }, { cookie: manager.cookie }).expect(200)
    ).body.data
    expect(reordered.questions.map((question: { id: number }) => question.id)).toEqual([text, rating, multiple, single])
    await consoleCall(app, 'reorderSurveyQuestions', { exhibitionId, ids: [text, rating] }, { cookie: manager.cookie }).expect(400)
    const deleted = (await consoleCall(app, 'deleteSurveyQuestion', { exhibitionId, id: multiple }, { cookie: manager.cookie }).expect(200)).body.data
    expect(deleted.questions).toHaveLength(3)

    const audit = await db.query<{ function: string; target: string }>(
      "select function, target from staff_audit where function like 'console$%Survey%' order by id",
    )
    expect(audit.rows.map((row) => row.function)).toEqual([
      ...Array(5).fill('console$saveSurveyQuestion'),
      'console$reorderSurveyQuestions',
      'console$deleteSurveyQuestion',
    ])
    expect(audit.rows.at(-1)?.target).toBe(`surveyQuestion:${multiple}`)

    for (const role of ['support', 'editor', 'checkin'] as const) {
      const member = role === 'checkin' ? door : await setUpMember(app, db, [role])
      await save(member, { kind: 'text', texts: { en: { text: 'Sneaky?' } } }).expect(403)
      await consoleCall(app, 'surveyResults', { exhibitionId }, { cookie: member.cookie }).expect(403)
    }
    const owner = await setUpMember(app, db, ['owner'])
    await consoleCall(app, 'surveyEditor', { exhibitionId }, { cookie: owner.cookie }).expect(200)
  })

  it('when a question is badly made, then a translated field error says which; another exhibition of a limited member does not exist for them', async () => {
    const noEnglish = await save(manager, { kind: 'text', texts: { 'zh-cn': { text: '还有什么？' } } }).expect(400)
    expect(noEnglish.body.data.fields).toMatchObject({ 'texts.en.text': 'console:errors.surveyEnglishText' })
    const oneOption = await save(manager, { kind: 'single', texts: { en: { text: 'Pick', options: ['Only'] } } }).expect(400)
    expect(oneOption.body.data.fields).toMatchObject({ 'texts.en.options': 'console:errors.surveyOptions' })
    const halfChinese = await save(manager, {
      kind: 'single',
      texts: { en: { text: 'Pick', options: ['A', 'B'] }, 'zh-cn': { text: '选', options: ['甲'] } },
    }).expect(400)
    expect(halfChinese.body.data.fields).toMatchObject({ 'texts.zh-cn.options': 'console:errors.surveyOptionsEach' })
    await save(manager, { kind: 'essay', texts: { en: { text: 'x' } } }).expect(400)
    const limited = await setUpMember(app, db, ['manager'])
    await db.query('update staff_members set exhibition_ids = $1 where id = $2', [[exhibitionId + 1000], limited.id])
    const refused = await save(limited, { kind: 'text', texts: { en: { text: 'Hidden?' } } }).expect(404)
    expect(refused.body.message).toBe('console:errors.exhibitionNotFound')
  })
})

describe('the invitation mail', () => {
  it('when the exhibition has not ended, or has no question, then nobody is mailed', async () => {
    await checkIn(tickets[0]?.code as string)
    await standardQuestions()
    expect(await mailSurveyInvitations(platform)).toBe(0)
    await db.query('delete from survey_questions')
    await endExhibition()
    expect(await mailSurveyInvitations(platform)).toBe(0)
    expect(await mails()).toEqual([])
  })

  it('when it has ended, then each checked-in ticket holder is mailed once, in the order language, even with two instances at once', async () => {
    const chinese = await paidOrder(1, 'zh-cn')
    await checkIn(tickets[0]?.code as string)
    await checkIn(tickets[2]?.code as string)
    await checkIn(chinese[0]?.code as string)
    await db.query(`update ticket_attendees set first_name = '小明', last_name = '王' where id = (select attendee_id from e_tickets where id = $1)`, [
      chinese[0]?.id,
    ])
    await standardQuestions()
    await endExhibition()
    const sent = await Promise.all([mailSurveyInvitations(platform), mailSurveyInvitations(platform)])
    expect(sent[0] + sent[1]).toBe(3)
    expect(await mailSurveyInvitations(platform)).toBe(0)
    const mailed = await mails()
    expect(mailed).toHaveLength(3)
    const holders = await db.query<{ email: string; id: string }>(
      'select a.email, e.id from e_tickets e join ticket_attendees a on a.id = e.attendee_id where e.id = any($1)',
      [[tickets[0]?.id, tickets[2]?.id, chinese[0]?.id]],
    )
    expect(mailed.map((mail) => mail.to_address).sort()).toEqual(holders.rows.map((row) => row.email).sort())
    const zh = mailed.find((mail) => mail.text_body.includes('/zh-cn/survey/'))
    expect(zh?.subject).toContain('花两分钟告诉我们')
    // Greeted by the whole name where the given name alone would be wrong (shared/rules/names.ts).
    expect(zh?.text_body.split('\n')[0]).toContain('王小明')
    for (const mail of mailed.filter((one) => one !== zh)) expect(mail.text_body.split('\n')[0]).toMatch(/^Hello Ada\d,$/)
    expect(mailed.filter((mail) => mail.text_body.includes('/en/survey/'))).toHaveLength(2)
    // Only a hash of the token is stored.
    const stored = await db.query<{ token_hash: Buffer }>('select token_hash from survey_invitations')
    for (const row of stored.rows) for (const mail of mailed) expect(mail.text_body).not.toContain(row.token_hash.toString('base64url'))
  })
})

describe('answering', () => {
  let questions: Array<{ id: number; kind: string }>
  let token: string

  beforeEach(async () => {
    await checkIn(tickets[0]?.code as string)
    await checkIn(tickets[1]?.code as string)
    questions = await standardQuestions()
    await endExhibition()
    await mailSurveyInvitations(platform)
    token = tokenOf((await mails())[0]?.text_body as string)
  })

  const good = () => {
    const [rating, single, multiple, text] = questions.map((question) => String(question.id)) as [string, string, string, string]
    return { [rating]: 4, [single]: 0, [multiple]: [2, 0], [text]: 'Great talks, too crowded at noon.' }
  }

  it('when the link is opened, then the questions come in the page language with fallback; a bad token is a 404', async () => {
    const form = (await survey('form', { token }, 'zh-cn').expect(200)).body.data
    expect(form.exhibition.title).toBe('测试金融科技展')
    expect(form.questions.map((question: { text: string }) => question.text)).toEqual([
      '展会怎么样？',
      '您还会再来吗？',
      'What did you visit?',
      'Anything else?',
    ])
    expect(form.questions[1].options).toEqual(['会', '不会'])
    expect(form.answeredAt).toBeNull()
    const missing = await survey('form', { token: 'A'.repeat(43) }).expect(404)
    expect(missing.body.message).toBe('survey:errors.notFound')
    await survey('form', { token: '../../etc' }).expect(404)
    await db.query("update survey_invitations set expires_at = now() - interval '1 minute'")
    await survey('form', { token }).expect(404)
  })

  it('when answers are hostile or incomplete, then a translated 400 names each question, and nothing is stored', async () => {
    const [rating, single, multiple, text] = questions.map((question) => String(question.id)) as [string, string, string, string]
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ [multiple]: [1] }, { [`q${rating}`]: 'survey:errors.required', [`q${single}`]: 'survey:errors.required' }],
      [{ ...good(), [rating]: 6 }, { [`q${rating}`]: 'survey:errors.invalid' }],
      [{ ...good(), [rating]: 2.5 }, { [`q${rating}`]: 'survey:errors.invalid' }],
      [{ ...good(), [single]: 7 }, { [`q${single}`]: 'survey:errors.invalid' }],
      [{ ...good(), [single]: [0, 1] }, { [`q${single}`]: 'survey:errors.invalid' }],
      [{ ...good(), [multiple]: [0, 0] }, { [`q${multiple}`]: 'survey:errors.invalid' }],
      [{ ...good(), [multiple]: [-1] }, { [`q${multiple}`]: 'survey:errors.invalid' }],
      [{ ...good(), [text]: 'x'.repeat(2001) }, { [`q${text}`]: 'survey:errors.tooLong' }],
      [{ ...good(), [text]: 42 }, { [`q${text}`]: 'survey:errors.invalid' }],
      [{ ...good(), 999999: 'extra' }, { q999999: 'survey:errors.unknownQuestion' }],
    ]
    for (const [answers, fields] of cases) {
      const refused = await survey('submit', { token, answers }).expect(400)
      expect(refused.body.data.fields, JSON.stringify(answers).slice(0, 80)).toEqual(fields)
    }
    for (const answers of [{ [rating]: { $gt: 1 } }, { [rating]: 'x'.repeat(20_000) }, 'not an object', { [rating]: true }]) {
      const refused = await survey('submit', { token, answers })
      expect(refused.status, JSON.stringify(answers).slice(0, 40)).toBe(400)
    }
    expect((await db.query('select count(*)::int as n from survey_answers')).rows[0]).toEqual({ n: 0 })
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when ten submits of one ticket race, then one answer is stored and the others hear "already answered" (PostgreSQL only: PGlite cannot race)',
    async () => {
      const answers = await Promise.all(Array.from({ length: 10 }, () => survey('submit', { token, answers: good() })))
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(409)])
      for (const answer of answers.filter((candidate) => candidate.status === 409)) expect(answer.body.message).toBe('survey:errors.answered')
      expect((await db.query('select count(*)::int as n from survey_answers')).rows[0]).toEqual({ n: 1 })
      expect((await db.query('select count(*)::int as n from survey_answer_items')).rows[0]).toEqual({ n: 4 })
      const form = (await survey('form', { token }).expect(200)).body.data
      expect(form.answeredAt).not.toBeNull()
    },
  )

  it('when the browser posts the form without JavaScript, then it is sent back to the page: with the errors, then with thanks', async () => {
    const [rating, single, multiple, text] = questions.map((question) => question.id)
    const missing = await request(app).post(`/en/survey/${token}`).type('form').send(`q${multiple}=1`).expect(303)
    const back = new URL(missing.headers.location as string, 'http://x')
    expect(back.pathname).toBe(`/en/survey/${token}`)
    expect(JSON.parse(back.searchParams.get('errors') as string)).toEqual({
      [`q${rating}`]: 'survey:errors.required',
      [`q${single}`]: 'survey:errors.required',
    })
    const sent = await request(app)
      .post(`/en/survey/${token}`)
      .type('form')
      .send(`q${rating}=5&q${single}=1&q${multiple}=0&q${multiple}=2&q${text}=Fine`)
      .expect(303)
    expect(sent.headers.location).toBe(`/en/survey/${token}?sent=1`)
    const items = await db.query<{ rating: number | null; choices: number[] | null; text_value: string | null }>(
      'select rating, choices, text_value from survey_answer_items order by question_id',
    )
    expect(items.rows).toEqual([
      { rating: 5, choices: null, text_value: null },
      { rating: null, choices: [1], text_value: null },
      { rating: null, choices: [0, 2], text_value: null },
      { rating: null, choices: null, text_value: 'Fine' },
    ])
    const again = await request(app).post(`/en/survey/${token}`).type('form').send(`q${rating}=5&q${single}=1`).expect(303)
    expect(again.headers.location).toBe(`/en/survey/${token}?failed=survey%3Aerrors.answered`)
  })

  it('when answers are in, then a question can only be hidden, keeps its kind, and the results and exports count them', async () => {
    const [rating, single, multiple, text] = questions.map((question) => question.id) as [number, number, number, number]
    await survey('submit', { token, answers: good() }).expect(200)
    const second = tokenOf((await mails())[1]?.text_body as string)
    await survey('submit', { token: second, answers: { [rating]: 2, [single]: 1, [multiple]: [0], [text]: '=HYPERLINK("http://evil")' } }, 'zh-cn').expect(200)

    const refused = await consoleCall(app, 'deleteSurveyQuestion', { exhibitionId, id: multiple }, { cookie: manager.cookie }).expect(409)
    expect(refused.body.message).toBe('console:errors.surveyAnswered')
    await save(manager, { id: single, kind: 'multiple', texts: { en: { text: 'Come again?', options: ['Yes', 'No'] } } }).expect(409)
    const hidden = (
      await save(manager, {
        id: multiple,
        kind: 'multiple',
        hidden: true,
        texts: { en: { text: 'What did you visit?', options: ['Talks', 'Booths', 'Workshops'] } },
      }).expect(200)
    ).body.data
    expect(hidden.questions.find((question: { id: number }) => question.id === multiple).hidden).toBe(true)
    expect((await survey('form', { token }).expect(200)).body.data.questions).toHaveLength(3)

    const results = (await consoleCall(app, 'surveyResults', { exhibitionId }, { cookie: manager.cookie }).expect(200)).body.data
    expect(results).toMatchObject({ answers: 2, invitations: 2 })
    const byId = (id: number) => results.questions.find((question: { id: number }) => question.id === id)
    expect(byId(rating)).toMatchObject({ ratings: [0, 1, 0, 1, 0], average: 3, answered: 2 })
    expect(byId(single).options).toEqual([
      { label: 'Yes', count: 1 },
      { label: 'No', count: 1 },
    ])
    expect(byId(multiple).options.map((option: { count: number }) => option.count)).toEqual([2, 0, 1])
    expect(byId(text).texts).toMatchObject({ total: 2, page: 1 })
    const page2 = (await consoleCall(app, 'surveyResults', { exhibitionId, textQuestionId: text, textPage: 2 }, { cookie: manager.cookie }).expect(200)).body
      .data
    expect(page2.questions.find((question: { id: number }) => question.id === text).texts).toMatchObject({ items: [], total: 2, page: 2 })

    const csv = await downloadAs(app, manager, { exhibition: exhibitionId, kind: 'survey', format: 'csv' }, 'zh-cn')
    expect(csv.status).toBe(200)
    const content = csv.text
    expect(content.startsWith('\uFEFF回答时间,语言,订单,')).toBe(true)
    expect(content).toContain(`"'=HYPERLINK(""http://evil"")"`)
    expect(content).toContain('Talks; Workshops')
    expect(content.split('\r\n').filter(Boolean)).toHaveLength(3)
    const xlsx = await downloadAs(app, manager, { exhibition: exhibitionId, kind: 'survey', format: 'xlsx' })
    const sheet = await readSheet(xlsx.file)
    expect(sheet[0]?.slice(0, 4)).toEqual(['Answered at', 'Language', 'Order', 'How was the exhibition?'])
    expect(sheet.flat()).toContain('=HYPERLINK("http://evil")')
    const audit = await db.query("select after from staff_audit where function = 'console$surveyExport'")
    expect(audit.rows).toHaveLength(2)
  })
})
