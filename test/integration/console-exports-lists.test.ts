import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { readSheet } from 'read-excel-file/node'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { type ExportRequest, streamExport } from '../../server/platform/exports/export-stream.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser } from '../setup/users.ts'
import { consoleCall, downloadAs, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * The lists of the console's other screens stream like orders and attendees (docs/product.md#streamed-exports):
 * applications and survey answers as plain GETs under the staff cookie, CSV and XLSX, in a stable order
 * that holds across the cursor's batches, every awkward cell kept (a formula defused in CSV, text in
 * XLSX), for the roles of each list only, audited as before.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

/** The names every list must carry intact: a formula, Chinese, a quote, a line break. */
const AWKWARD = ['=1+1', '王小明', 'Say "hi"', 'two\nlines', 'Plain'] as const

let exhibitionId: number
let manager: SignedInMember
let support: SignedInMember

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'London Fintech Expo' })
  manager = await setUpMember(app, db, ['manager'])
  support = await setUpMember(app, db, ['support'])
})

/** CSV as RFC 4180 reads it: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const body = text.replace(/^\uFEFF/, '')
  for (let index = 0; index < body.length; index++) {
    const char = body[index] as string
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"'
        index++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      index++
    } else field += char
  }
  return rows
}

/** A file written straight into memory, as a browser would take it, `batchRows` rows per fetch from the cursor. */
async function streamed(request: Omit<ExportRequest, 'language' | 'only'> & Partial<ExportRequest>, batchRows: number) {
  const chunks: Buffer[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      done()
    },
  })
  await streamExport(db, { language: 'en', only: null, ...request }, sink, batchRows)
  return Buffer.concat(chunks)
}

const audited = async (fn: string) =>
  (await db.query<{ target: string; after: unknown }>('select target, after from staff_audit where function = $1 order by at, id', [fn])).rows

/**
 * Attendee applications named AWKWARD, sent in that order; the last three in the same instant, so
 * only the tie-break keeps them in order. One exhibitor application besides.
 */
async function applications(): Promise<string[]> {
  const references: string[] = []
  for (const [index, name] of AWKWARD.entries()) {
    const reference = `AT-${String(index).padStart(8, '0')}`
    await db.query(
      `insert into applications (reference, kind, exhibition_id, locale, email, surname, given_name, position, identity, industry, idempotency_key, content_hash, created_at)
       values ($1, 'attendee', $2, 'en', $3, 'Tester', $4, 'Trader', 'trader', 'fx', $5, $6, '2026-05-01T08:00:00Z'::timestamptz + make_interval(mins => least($7, 2)))`,
      [reference, exhibitionId, `a${index}@example.com`, name, randomUUID(), String(index).padStart(64, 'a'), index],
    )
    references.push(reference)
  }
  await db.query(
    `insert into applications (reference, kind, exhibition_id, locale, email, phone_e164, company_name, contact_person, booth_size, exhibiting_method, idempotency_key, content_hash, created_at)
     values ('EX-00000009', 'exhibitor', $1, 'zh-cn', 'acme@example.com', '+447400123456', 'Acme', 'Maria', '3x3', 'company', $2, $3, '2026-05-02T00:00:00Z')`,
    [exhibitionId, randomUUID(), 'e'.repeat(64)],
  )
  return [...references, 'EX-00000009']
}

describe('applications', () => {
  it('when the desk downloads them as CSV, then every row is there in the order sent, across batches, with awkward names intact and formulas defused', async () => {
    const references = await applications()
    const csv = await downloadAs(app, support, { exhibition: exhibitionId, kind: 'applications', format: 'csv' })
    expect([csv.status, csv.mediaType, csv.fileName]).toEqual([200, 'text/csv; charset=utf-8', `exhibition-${exhibitionId}-applications.csv`])
    expect(csv.text.startsWith('\uFEFFReference,')).toBe(true)
    const [header, ...rows] = parseCsv(csv.text)
    const given = (header as string[]).indexOf('Given name')
    expect(rows.map((row) => row[0])).toEqual(references)
    expect(rows.slice(0, AWKWARD.length).map((row) => row[given])).toEqual(["'=1+1", '王小明', 'Say "hi"', 'two\nlines', 'Plain'])

    // Two rows a fetch: the order is the query's, not the batches'.
    const small = parseCsv((await streamed({ exhibitionId, kind: 'applications', format: 'csv' }, 2)).toString('utf8'))
    expect(small.slice(1)).toEqual(rows)
    const attendeesOnly = parseCsv((await streamed({ exhibitionId, kind: 'applications', format: 'csv', only: 'attendee' }, 2)).toString('utf8'))
    expect(attendeesOnly.slice(1).map((row) => row[0])).toEqual(references.slice(0, AWKWARD.length))
  })

  it('when downloaded as XLSX in Chinese, then the sheet reads back with the same rows, text kept as text, headers in Chinese', async () => {
    const references = await applications()
    const xlsx = await downloadAs(app, manager, { exhibition: exhibitionId, kind: 'applications', format: 'xlsx', only: 'attendee' }, 'zh-cn')
    expect([xlsx.status, xlsx.fileName]).toEqual([200, `exhibition-${exhibitionId}-applications-attendee.xlsx`])
    const [header, ...rows] = await readSheet(xlsx.file)
    expect(header?.[0]).toBe('申请编号')
    const given = (header as unknown[]).indexOf('名')
    expect(rows.map((row) => row[0])).toEqual(references.slice(0, AWKWARD.length))
    expect(rows.map((row) => row[given])).toEqual([...AWKWARD])
    expect(await audited('console$applicationExport')).toEqual([{ target: `exhibition:${exhibitionId}`, after: { kind: 'attendee', format: 'xlsx', rows: 5 } }])
  })

  it('when roles without applications ask, or the link narrows to no kind there is, then they are refused in words and nothing is audited', async () => {
    await applications()
    for (const role of ['editor', 'verifier', 'checkin'] as const) {
      const member = await setUpMember(app, db, [role])
      const refused = await downloadAs(app, member, { exhibition: exhibitionId, kind: 'applications', format: 'csv' })
      expect([refused.status, refused.text], role).toEqual([403, 'You are not allowed to do this.'])
    }
    const wrong = await downloadAs(app, support, { exhibition: exhibitionId, kind: 'applications', format: 'csv', only: 'visitor' })
    expect([wrong.status, wrong.text.startsWith('This export link is not valid.')]).toEqual([400, true])
    const narrowed = await downloadAs(app, manager, { exhibition: exhibitionId, kind: 'orders', format: 'csv', only: 'attendee' })
    expect(narrowed.status).toBe(400)
    expect(await audited('console$applicationExport')).toEqual([])
  })
})

describe('survey answers', () => {
  /** Answers of four checked tickets: the first two in the same instant; each names itself in the text question. */
  async function answers() {
    const buyer = await createUser(platform, db)
    const fn = (route: string, payload: unknown) => call(app, route, buyer.token, payload)
    const type = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 12900, currency: 'GBP' })
    const order = (await fn('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: type, quantity: 4 }], idempotencyKey: randomUUID() }).expect(200))
      .body.data
    await fn('tickets$saveAttendees', { orderNumber: order.number, attendees: attendees(4) }).expect(200)
    await fn('tickets$confirmOrder', { orderNumber: order.number }).expect(200)
    const started = (await fn('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data
    const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
    await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
    const tickets = (
      await db.query<{ id: string }>(
        'select e.id from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
        [order.number],
      )
    ).rows
    const save = (body: Record<string, unknown>) => consoleCall(app, 'saveSurveyQuestion', { exhibitionId, ...body }, { cookie: manager.cookie }).expect(200)
    await save({ kind: 'rating', required: true, texts: { en: { text: 'How was it?' }, 'zh-cn': { text: '展会怎么样？' } } })
    const editor = (await save({ kind: 'text', texts: { en: { text: 'Who are you?' } } })).body.data
    const [rating, text] = editor.questions.map((question: { id: number }) => question.id) as [number, number]
    const said = ['=1+1', '王小明', 'Say "hi"', 'two\nlines']
    const times = ['2026-06-01T10:00:00Z', '2026-06-01T10:00:00Z', '2026-06-01T09:00:00Z', '2026-06-01T11:00:00Z']
    const ids: string[] = []
    for (const [index, ticket] of tickets.entries()) {
      const answer = await db.query<{ id: string }>(
        'insert into survey_answers (ticket_id, exhibition_id, locale, answered_at) values ($1, $2, $3, $4) returning id::text',
        [ticket.id, exhibitionId, index % 2 ? 'zh-cn' : 'en', times[index]],
      )
      const id = answer.rows[0]?.id as string
      ids.push(id)
      await db.query('insert into survey_answer_items (answer_id, question_id, rating) values ($1, $2, $3)', [id, rating, index + 1])
      await db.query('insert into survey_answer_items (answer_id, question_id, text_value) values ($1, $2, $3)', [id, text, said[index]])
    }
    // By time, then by the answer's id: the 09:00 one, the two at 10:00 as they were stored, then 11:00.
    return { said, order: [2, 0, 1, 3], ids }
  }

  it('when a manager downloads them as CSV and XLSX, then one row per answer in the order answered, across batches, awkward answers intact', async () => {
    const { said, order } = await answers()
    const csv = await downloadAs(app, manager, { exhibition: exhibitionId, kind: 'survey', format: 'csv' })
    expect([csv.status, csv.fileName]).toEqual([200, `exhibition-${exhibitionId}-survey.csv`])
    const [header, ...rows] = parseCsv(csv.text)
    expect(header).toEqual(['Answered at', 'Language', 'Order', 'How was it?', 'Who are you?'])
    expect(rows.map((row) => [row[3], row[4]])).toEqual(order.map((index) => [String(index + 1), index === 0 ? "'=1+1" : said[index]]))
    expect(parseCsv((await streamed({ exhibitionId, kind: 'survey', format: 'csv' }, 1)).toString('utf8')).slice(1)).toEqual(rows)

    const xlsx = await downloadAs(app, manager, { exhibition: exhibitionId, kind: 'survey', format: 'xlsx' }, 'zh-cn')
    const sheet = await readSheet(xlsx.file)
    expect(sheet[0]?.slice(0, 4)).toEqual(['回答时间', '语言', '订单', '展会怎么样？'])
    expect(sheet.slice(1).map((row) => [row[3], row[4]])).toEqual(order.map((index) => [index + 1, said[index]]))
    expect((await audited('console$surveyExport')).map((row) => row.after)).toEqual([
      { format: 'csv', rows: 4 },
      { format: 'xlsx', rows: 4 },
    ])
  })

  it('when the support desk or other roles ask for the answers, then they are refused (managers and owners only)', async () => {
    await answers()
    for (const role of ['support', 'editor', 'checkin'] as const) {
      const member = role === 'support' ? support : await setUpMember(app, db, [role])
      expect((await downloadAs(app, member, { exhibition: exhibitionId, kind: 'survey', format: 'csv' })).status, role).toBe(403)
    }
    const owner = await setUpMember(app, db, ['owner'])
    expect((await downloadAs(app, owner, { exhibition: exhibitionId, kind: 'survey', format: 'xlsx' })).status).toBe(200)
    expect(await audited('console$surveyExport')).toHaveLength(1)
  })
})
