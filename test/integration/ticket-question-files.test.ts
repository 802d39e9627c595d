import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { readSheet } from 'read-excel-file/node'
import sharp from 'sharp'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { sweepLooseAnswerFiles } from '../../server/platform/tickets/index.ts'
import { COOKIES } from '../../shared/contracts/cookies.ts'
import { ANSWER_FILE_UPLOAD_PATH, answerFilePath, CONSOLE_ANSWER_FILE_PATH } from '../../shared/rules/ticket-question-files.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, exportDownload, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * File answers to the organiser's questions (docs/product.md#ticket-question-files): uploaded first by
 * a signed-in buyer, judged by their content, pictures re-encoded without metadata; given as the answer
 * of a ticket on a two-ticket order; opened by the buyer and the holder (and staff of the order desk,
 * audited), nobody else; shown by name in the console and the export; loose files swept; erased with
 * the person.
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
let passport: number
let note: number

const as = (user: TestUser, route: string, payload: unknown) => call(app, route, user.token, payload)
const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const cookieOf = (user: TestUser) => `${COOKIES.accessToken}=${user.token}`

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')

/** A phone's photo of a passport page: EXIF with a camera and where it was taken. */
const jpegWithExif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretPhoneMaker', Artist: 'Somchai Jaidee', ImageDescription: 'Bangkok home 13.7563N 100.5018E' } })
    .toBuffer()
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer()

const upload = (user: TestUser | null, bytes: Buffer, name: string, contentType = 'application/octet-stream') => {
  const sent = request(app).post(ANSWER_FILE_UPLOAD_PATH)
  return (user ? sent.set('Cookie', cookieOf(user)) : sent).attach('file', bytes, { filename: name, contentType })
}

const binary = (sent: request.Test) =>
  sent.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = []
    res.on('data', (chunk: Buffer) => chunks.push(chunk))
    res.on('end', () => done(null, Buffer.concat(chunks)))
  })
const openOwn = (user: TestUser | null, token: string, lang = 'en') => {
  const sent = request(app).get(answerFilePath(lang, token))
  return binary(user ? sent.set('Cookie', cookieOf(user)) : sent)
}
const openStaff = (member: SignedInMember, token: string) => binary(request(app).get(`${CONSOLE_ANSWER_FILE_PATH}?token=${token}`).set('Cookie', member.cookie))

const fileRows = async () =>
  (
    await db.query<{ token: string; attendee_id: string | null; kind: string; name: string; storage_key: string }>(
      'select token, attendee_id::text, kind, name, storage_key from ticket_answer_files order by id',
    )
  ).rows
const stored = (key: string) => existsSync(join(platform.config.DATA_DIR, 'media', key))

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

/** A two-ticket order whose tickets each answer the required file question; answers the order and the two tokens. */
async function answeredOrder(forms = attendees(2)) {
  const number = await pendingOrder()
  const first = (await upload(buyer, await jpegWithExif(), '护照-王小明.jpg', 'image/jpeg').expect(200)).body.data.token as string
  const second = (await upload(buyer, PDF, 'visa letter.pdf', 'application/pdf').expect(200)).body.data.token as string
  const saved = await as(buyer, 'tickets$saveAttendees', {
    orderNumber: number,
    attendees: [
      { ...forms[0], answers: { [passport]: first } },
      { ...forms[1], answers: { [passport]: second, [note]: 'Window seat' } },
    ],
  }).expect(200)
  return { number, first, second, order: saved.body.data }
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
  const save = async (question: Record<string, unknown>) =>
    (await staff(manager, 'saveTicketQuestion', { exhibitionId, ...question }).expect(200)).body.data.questions.at(-1).id as number
  passport = await save({ kind: 'file', required: true, texts: { en: { text: 'Passport photo page', help: '', choices: [] } } })
  note = await save({ kind: 'text', texts: { en: { text: 'Anything else?', help: '', choices: [] } } })
})

describe('the attendee form', () => {
  it('when a photo with EXIF is answered, then a re-encoded picture without metadata is kept and the order names the files', async () => {
    const { order, first } = await answeredOrder()
    const [row] = await fileRows()
    expect(row).toMatchObject({ token: first, kind: 'image', name: '护照-王小明.jpg' })
    expect(row?.storage_key).toMatch(/^answers\/[0-9a-f]{32}\.jpg$/)
    const opened = await openOwn(buyer, first).expect(200)
    const kept = (await sharp(opened.body as Buffer).metadata()) as { exif?: Buffer; format?: string }
    expect(kept.format).toBe('jpeg')
    expect(kept.exif).toBeUndefined()
    expect((opened.body as Buffer).includes('SecretPhoneMaker')).toBe(false)
    expect(order.attendees[0].answers[passport]).toBe(first)
    expect(order.attendees[0].answerTexts[0]).toMatchObject({
      question: 'Passport photo page',
      answer: '护照-王小明.jpg',
      file: { token: first, kind: 'image' },
    })
    expect(order.attendees[1].answerTexts.map((answer: { answer: string }) => answer.answer)).toEqual(['visa letter.pdf', 'Window seat'])
  })

  it('when the required file is missing, or the token is someone else’s, then that answer is named and nothing is saved', async () => {
    const number = await pendingOrder()
    const forms = attendees(2)
    const missing = await as(buyer, 'tickets$saveAttendees', {
      orderNumber: number,
      attendees: [
        { ...forms[0], answers: {} },
        { ...forms[1], answers: { [passport]: 'not-a-token' } },
      ],
    }).expect(400)
    expect(missing.body.data.fields).toEqual({
      [`attendees.0.answers.${passport}`]: 'tickets:questions.errors.required',
      [`attendees.1.answers.${passport}`]: 'tickets:questions.errors.fileGone',
    })
    const stranger = await createUser(platform, db)
    const theirs = (await upload(stranger, PDF, 'theirs.pdf').expect(200)).body.data.token
    const mine = (await upload(buyer, PDF, 'mine.pdf').expect(200)).body.data.token
    const stolen = await as(buyer, 'tickets$saveAttendees', {
      orderNumber: number,
      attendees: [
        { ...forms[0], answers: { [passport]: mine } },
        { ...forms[1], answers: { [passport]: theirs } },
      ],
    }).expect(400)
    expect(stolen.body.data.fields).toEqual({ [`attendees.1.answers.${passport}`]: 'tickets:questions.errors.fileGone' })
    expect((await fileRows()).every((row) => row.attendee_id === null)).toBe(true)
    // One file is one ticket's answer: the same token on both tickets is refused for the second.
    const twice = await as(buyer, 'tickets$saveAttendees', {
      orderNumber: number,
      attendees: [
        { ...forms[0], answers: { [passport]: mine } },
        { ...forms[1], answers: { [passport]: mine } },
      ],
    }).expect(400)
    expect(twice.body.data.fields).toEqual({ [`attendees.1.answers.${passport}`]: 'tickets:questions.errors.fileGone' })
  })

  it('when hostile files are sent, then each is a translated 4xx, nothing is stored, never a 500', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 7)])
    const truncated = (await png()).subarray(0, 60)
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    for (const [bytes, name] of [
      [Buffer.alloc(0), 'empty.pdf'],
      [exe, 'photo.png'],
      [truncated, 'cut.png'],
      [svg, 'logo.png'],
      [gif, 'anim.gif'],
      [Buffer.from('%PDF-1.4 no end marker'), 'half.pdf'],
    ] as const) {
      const refused = await upload(buyer, bytes, name).expect(415)
      expect(refused.body.message).toBe('tickets:questions.errors.fileType')
    }
    const huge = await request(app)
      .post(ANSWER_FILE_UPLOAD_PATH)
      .set('Cookie', cookieOf(buyer))
      .set('Content-Type', 'multipart/form-data; boundary=x')
      .set('Content-Length', String(50 * 1024 * 1024))
      .send('--x\r\n')
      .ok(() => true)
    expect(huge.status).toBe(413)
    expect(huge.body.message).toBe('tickets:questions.errors.fileTooLarge')
    const big = await upload(buyer, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf').ok(() => true)
    expect(big.status).toBe(413)
    await upload(null, PDF, 'anon.pdf').expect(401)
    await request(app).post(ANSWER_FILE_UPLOAD_PATH).set('Cookie', cookieOf(buyer)).send({ file: 'x' }).expect(415)
    await upload(buyer, PDF, 'x.pdf').set('Origin', 'https://evil.example').expect(403)
    expect(await fileRows()).toEqual([])
  })
})

describe('opening the files', () => {
  it('when the buyer, the holder, a stranger and staff open a file, then only those who may read the order get it, as an attachment', async () => {
    const forms = attendees(2)
    const holder = await createUser(platform, db, { email: forms[1]?.email })
    const { number, first, second } = await answeredOrder(forms)
    const own = await openOwn(buyer, second, 'zh-cn').expect(200)
    expect(own.headers['content-type']).toBe('application/pdf')
    expect(own.headers['content-disposition']).toMatch(/^attachment; filename="visa-letter.pdf"/)
    expect(own.headers['x-content-type-options']).toBe('nosniff')
    expect(own.headers['cache-control']).toBe('private, no-store')
    expect(Buffer.compare(own.body as Buffer, PDF)).toBe(0)
    await openOwn(holder, second).expect(200)
    // The holder of the second ticket does not open the first ticket's file, nor does anyone else.
    await openOwn(holder, first).expect(404)
    const stranger = await createUser(platform, db)
    const refused = await openOwn(stranger, second, 'zh-cn').expect(404)
    expect((refused.body as Buffer).toString()).toBe('找不到此文件，或您无权打开。')
    await openOwn(null, second).expect(401)
    await openOwn(buyer, 'A'.repeat(22)).expect(404)
    // Once the ticket is handed to someone else, its file is the holder's, no longer the buyer's (docs/product.md#ticket-transfer).
    await db.query('update ticket_attendees set transferred_at = now() where position = 2 and order_id = (select id from ticket_orders where number = $1)', [
      number,
    ])
    await openOwn(buyer, second).expect(404)
    await openOwn(holder, second).expect(200)
    await openOwn(buyer, first).expect(200)

    const detail = (await staff(manager, 'orderDetail', { number }).expect(200)).body.data.order
    expect(detail.attendees[0].answers[0]).toMatchObject({ answer: '护照-王小明.jpg', file: { token: first, kind: 'image' } })
    const opened = await openStaff(manager, first).expect(200)
    expect(opened.headers['content-disposition']).toMatch(/^attachment; /)
    expect(opened.headers['content-type']).toBe('image/jpeg')
    const audit = await db.query<{ target: string; after: Record<string, unknown> }>(
      "select target, after from staff_audit where function = 'console$openAnswerFile'",
    )
    expect(audit.rows).toEqual([{ target: `order:${number}`, after: expect.objectContaining({ order: number, ticket: 1, kind: 'image' }) }])
    expect(JSON.stringify(audit.rows)).not.toContain('王小明')
    const editor = await setUpMember(app, db, ['editor'])
    await openStaff(editor, first).expect(404)
    // A file nobody gave as an answer is nobody's for staff.
    const loose = (await upload(buyer, PDF, 'loose.pdf').expect(200)).body.data.token
    await openStaff(manager, loose).expect(404)
  })

  it('when staff export the attendees, then the file column holds the file’s name, not its bytes', async () => {
    await answeredOrder()
    const sheet = (await exportDownload(app, manager.cookie, { exhibition: exhibitionId, kind: 'attendees', format: 'xlsx' }).expect(200)).body as Buffer
    const [header, ...rows] = await readSheet(sheet)
    const column = header?.indexOf('Passport photo page') ?? -1
    expect(column).toBeGreaterThan(0)
    expect(rows.map((row) => row[column])).toEqual(['护照-王小明.jpg', 'visa letter.pdf'])
  })
})

describe('files nobody’s answer names', () => {
  it('when a file is never given, or replaced in My tickets, then the sweep deletes it after a day, row and stored file', async () => {
    const unused = (await upload(buyer, PDF, 'unused.pdf').expect(200)).body.data.token
    const [row] = await fileRows()
    const uploaded = Date.now()
    expect(await sweepLooseAnswerFiles(platform, new Date(uploaded + 23 * 3_600_000))).toBe(0)
    expect(stored(row?.storage_key as string)).toBe(true)
    expect(await sweepLooseAnswerFiles(platform, new Date(uploaded + 25 * 3_600_000))).toBe(1)
    expect(stored(row?.storage_key as string)).toBe(false)
    expect((await fileRows()).map((each) => each.token)).not.toContain(unused)

    const { number, first } = await answeredOrder()
    await pay(number)
    // An opaque PNG is kept as a JPEG: the name follows what is kept.
    const replacement = (await upload(buyer, await png(), 'new.png', 'image/png').expect(200)).body.data.token
    const changed = await as(buyer, 'tickets$setAnswers', { orderNumber: number, position: 1, answers: { [passport]: replacement } }).expect(200)
    expect(changed.body.data.answerTexts[0]).toMatchObject({ answer: 'new.jpg', file: { kind: 'image' } })
    const old = (await fileRows()).find((each) => each.token === first)
    expect(old?.attendee_id).toBeNull()
    expect(await sweepLooseAnswerFiles(platform, new Date(Date.now() + 25 * 3_600_000))).toBe(1)
    expect(stored(old?.storage_key as string)).toBe(false)
    expect((await fileRows()).map((each) => each.name).sort()).toEqual(['new.jpg', 'visa letter.pdf'])
  })
})

describe('erasure', () => {
  it('when the holder is erased, then their ticket’s file goes, row and stored file; the other ticket’s stays', async () => {
    const forms = attendees(2)
    const holder = await createUser(platform, db, { email: forms[1]?.email })
    const { number } = await answeredOrder(forms)
    await pay(number)
    const before = await fileRows()
    const owner = await setUpMember(app, db, ['owner'])
    // Their access request lists the file of the ticket they hold by its name, not its bytes.
    const exported = (await staff(owner, 'exportVisitorData', { id: holder.userId }).expect(200)).body.data
    const data = JSON.parse(Buffer.from(exported.base64, 'base64').toString('utf8'))
    expect(data.attendances[0].answerFiles).toEqual([expect.objectContaining({ name: 'visa letter.pdf', kind: 'pdf', bytes: PDF.length })])
    await staff(owner, 'deleteVisitor', { id: holder.userId, confirmEmail: holder.email }).expect(200)
    const after = await fileRows()
    expect(after.map((row) => row.name)).toEqual(['护照-王小明.jpg'])
    const gone = before.find((row) => row.name === 'visa letter.pdf')
    expect(stored(gone?.storage_key as string)).toBe(false)
  })

  it('when the buyer is erased, then every file on their kept order goes', async () => {
    const { number } = await answeredOrder()
    await pay(number)
    const before = await fileRows()
    const owner = await setUpMember(app, db, ['owner'])
    const exported = (await staff(owner, 'exportVisitorData', { id: buyer.userId }).expect(200)).body.data
    const data = JSON.parse(Buffer.from(exported.base64, 'base64').toString('utf8'))
    expect(data.orders[0].answerFiles.map((file: { name: string }) => file.name)).toEqual(['护照-王小明.jpg', 'visa letter.pdf'])
    await staff(owner, 'deleteVisitor', { id: buyer.userId, confirmEmail: buyer.email }).expect(200)
    expect(await fileRows()).toEqual([])
    expect(before.some((row) => stored(row.storage_key))).toBe(false)
  })
})
