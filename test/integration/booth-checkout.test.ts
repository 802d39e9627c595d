import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, loginCookie, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, ageOrder, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Booth checkout (docs/product.md#booth-checkout): an exhibitor's admin chooses a free booth while the
 * organiser lets exhibitors choose; the booth is held by a pending order of kind booth that expires,
 * is released or is paid like a ticket order; paid, the booth is sold and invoiced; cancelled with a
 * refund by staff, it is free again with a credit note. Two exhibitors for one booth: one wins.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let owner: SignedInMember
let manager: SignedInMember
let admin: TestUser
let exhibitorId: number
let booths: Record<string, number>

const COMPANY = { companyName: '王小明贸易有限公司', address: '上海市浦东新区世纪大道 100 号', country: 'CN', taxId: '91310000MA1FL0000X' }

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })

/** An active exhibitor at the exhibition with the user as its admin (or staff member). */
async function exhibitorWith(user: TestUser, name: string, role: 'admin' | 'staff' = 'admin'): Promise<number> {
  const company = await db.query<{ id: string }>(`insert into exhibitor_companies (slug, kind) values ($1, 'broker') returning id`, [
    `${name.toLowerCase()}-${randomUUID().slice(0, 6)}`,
  ])
  await db.query(`insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', $2)`, [company.rows[0]?.id, name])
  const exhibitor = await db.query<{ id: string }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id', [
    company.rows[0]?.id,
    exhibitionId,
  ])
  const id = Number(exhibitor.rows[0]?.id)
  await db.query('insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, $3)', [id, user.userId, role])
  return id
}

async function setUpPlan(): Promise<Record<string, number>> {
  const plan = (await staff(manager, 'saveHall', { exhibitionId, label: 'A', width: 300, depth: 200, currency: 'SGD' }).expect(200)).body.data
  const hallId = plan.halls[0].id
  const body = (number: string, x: number, priceMinor: number) => ({
    exhibitionId,
    hallId,
    number,
    x,
    y: 0,
    w: 30,
    h: 30,
    type: 'shell',
    priceMinor,
    currency: 'SGD',
  })
  await staff(manager, 'saveBooth', body('A1', 0, 270000)).expect(200)
  await staff(manager, 'saveBooth', body('A2', 40, 310000)).expect(200)
  const saved = (await staff(manager, 'saveBooth', { ...body('A3', 80, 200000), blocked: true }).expect(200)).body.data
  return Object.fromEntries(saved.halls[0].booths.map((booth: { number: string; id: number }) => [booth.number, booth.id]))
}

const open = (on = true) => staff(manager, 'setBoothSelection', { exhibitionId, open: on })

const choose = (user: TestUser, boothId: number, options: { exhibitor?: number; key?: string; locale?: string } = {}) =>
  call(
    app,
    'exhibitor$chooseBooth',
    user.token,
    { exhibitorId: options.exhibitor ?? exhibitorId, boothId, invoice: COMPANY, idempotencyKey: options.key ?? randomUUID() },
    { locale: options.locale ?? 'zh-cn' },
  )

const boothRow = async (id: number) =>
  (await db.query<{ state: string; exhibitor_id: string | null }>('select state, exhibitor_id::text as exhibitor_id from booths where id = $1', [id])).rows[0]

const orderRow = async (number: string) =>
  (
    await db.query<{ status: string; order_kind: string; total_minor: number; currency: string }>(
      'select status, order_kind, total_minor, currency from ticket_orders where number = $1',
      [number],
    )
  ).rows[0]

async function pay(user: TestUser, orderNumber: string) {
  const started = (await call(app, 'tickets$startPayment', user.token, { orderNumber, method: 'sandbox' }, { locale: 'zh-cn' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
}

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'booth-invoice-'))
  writeFileSync(join(dir, 'doc.pdf'), bytes)
  return execFileSync('pdftotext', ['-layout', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' })
}

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Singapore Fintech Expo' })
  owner = await setUpMember(app, db, ['owner'])
  manager = await setUpMember(app, db, ['manager'])
  admin = await createUser(platform, db, { locale: 'zh-cn' })
  exhibitorId = await exhibitorWith(admin, 'Harbour')
  booths = await setUpPlan()
  const version = (await staff(owner, 'invoicing', {}).expect(200)).body.data.version
  await staff(owner, 'saveInvoicing', {
    legalName: 'Expo Events Pte Ltd',
    address: '1 Marina Boulevard\nSingapore 018989',
    country: 'SG',
    taxId: 'M2-1234567-8',
    registrationNumber: '',
    prefix: 'EXP',
    defaultRate: '9',
    rates: [],
    version,
  }).expect(200)
})

describe('self-selection', () => {
  it('when the organiser has not opened self-selection, then choosing answers 409 and the booth stays free; opening is audited', async () => {
    const closed = await choose(admin, booths.A1 as number)
    expect([closed.status, closed.body.message]).toEqual([409, 'exhibitor:errors.boothsAssigned'])
    expect(await boothRow(booths.A1 as number)).toEqual({ state: 'available', exhibitor_id: null })
    expect((await open().expect(200)).body.data.selfSelection).toBe(true)
    const audits = (await db.query<{ before: unknown; after: unknown }>("select before, after from staff_audit where function = 'console$setBoothSelection'"))
      .rows
    expect(audits).toEqual([{ before: { selfSelection: false }, after: { selfSelection: true } }])
  })

  it('when a member without the manager role opens self-selection, then 403', async () => {
    const support = await setUpMember(app, db, ['support'])
    expect((await staff(support, 'setBoothSelection', { exhibitionId, open: true })).status).toBe(403)
  })
})

describe('choosing a booth', () => {
  beforeEach(async () => {
    await open().expect(200)
  })

  it('when a member reads the booth choice, then free booths show with prices and a held booth with its order; others get 404', async () => {
    const member = await createUser(platform, db)
    await db.query('insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, $3)', [exhibitorId, member.userId, 'staff'])
    const read = async () => (await call(app, 'exhibitor$boothChoice', member.token, { exhibitorId }).expect(200)).body.data
    const before = await read()
    expect(before.selfSelection).toBe(true)
    expect(before.currency).toBe('SGD')
    expect(before.free.map((booth: { number: string; priceMinor: number }) => [booth.number, booth.priceMinor])).toEqual([
      ['A1', 270000],
      ['A2', 310000],
    ])
    expect(before.mine).toEqual([])
    const chosen = (await choose(admin, booths.A1 as number).expect(200)).body.data
    const after = await read()
    expect(after.free.map((booth: { number: string }) => booth.number)).toEqual(['A2'])
    expect(after.mine).toEqual([
      {
        id: booths.A1,
        number: 'A1',
        hall: 'A',
        state: 'held',
        passes: 0,
        order: { number: chosen.orderNumber, status: 'pending', expiresAt: chosen.expiresAt },
      },
    ])
    const stranger = await createUser(platform, db)
    expect((await call(app, 'exhibitor$boothChoice', stranger.token, { exhibitorId })).status).toBe(404)
  })

  it('when an admin chooses a free booth, then it is held by a pending booth order in the plan currency; the same key answers the same order', async () => {
    const key = randomUUID()
    const chosen = (await choose(admin, booths.A1 as number, { key }).expect(200)).body.data
    expect(chosen.orderNumber).toMatch(/^T-/)
    expect(await boothRow(booths.A1 as number)).toEqual({ state: 'held', exhibitor_id: String(exhibitorId) })
    expect(await orderRow(chosen.orderNumber)).toEqual({ status: 'pending', order_kind: 'booth', total_minor: 270000, currency: 'SGD' })
    expect((await choose(admin, booths.A1 as number, { key }).expect(200)).body.data.orderNumber).toBe(chosen.orderNumber)
    const second = await choose(admin, booths.A2 as number)
    expect([second.status, second.body.message]).toEqual([409, 'exhibitor:errors.oneBooth'])
    const edit = await call(app, 'tickets$requestInvoice', admin.token, { orderNumber: chosen.orderNumber, invoice: null })
    expect([edit.status, edit.body.message]).toEqual([409, 'tickets:messages.boothOrderFixed'])
  })

  it('when the booth is blocked, sold, of another exhibition or the caller is not an admin, then it is refused and nothing is held', async () => {
    const blocked = await choose(admin, booths.A3 as number)
    expect([blocked.status, blocked.body.message]).toEqual([409, 'exhibitor:errors.boothTaken'])
    const rival = await createUser(platform, db)
    const rivalExhibitor = await exhibitorWith(rival, 'Lion')
    const editor = (await staff(manager, 'floorPlanEditor', { exhibitionId }).expect(200)).body.data
    const a2 = editor.halls[0].booths.find((booth: { number: string }) => booth.number === 'A2')
    await staff(manager, 'assignBooth', { exhibitionId, id: a2.id, version: a2.version, exhibitorId: rivalExhibitor }).expect(200)
    const sold = await choose(admin, booths.A2 as number)
    expect([sold.status, sold.body.message]).toEqual([409, 'exhibitor:errors.boothTaken'])
    const elsewhere = await makeExhibition(db, { title: 'Dubai Traders Fair' })
    const far = (await staff(manager, 'saveHall', { exhibitionId: elsewhere, label: 'B', width: 100, depth: 100, currency: 'SGD' }).expect(200)).body.data
    const farBooth = (
      await staff(manager, 'saveBooth', {
        exhibitionId: elsewhere,
        hallId: far.halls[0].id,
        number: 'B1',
        x: 0,
        y: 0,
        w: 30,
        h: 30,
        type: 'shell',
        priceMinor: 1000,
        currency: 'SGD',
      }).expect(200)
    ).body.data.halls[0].booths[0].id
    const foreign = await choose(admin, farBooth)
    expect([foreign.status, foreign.body.message]).toEqual([404, 'exhibitor:errors.boothNotFound'])
    const member = await createUser(platform, db)
    await db.query('insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, $3)', [exhibitorId, member.userId, 'staff'])
    expect((await choose(member, booths.A1 as number)).status).toBe(403)
    const stranger = await createUser(platform, db)
    expect((await choose(stranger, booths.A1 as number)).status).toBe(404)
    await db.query(`update exhibitors set status = 'withdrawn' where id = $1`, [exhibitorId])
    expect((await choose(admin, booths.A1 as number)).status).toBe(409)
    expect((await db.query("select 1 from ticket_orders where order_kind = 'booth'")).rows).toHaveLength(0)
    expect(await boothRow(booths.A1 as number)).toEqual({ state: 'available', exhibitor_id: null })
  })

  it('when the invoice company is incomplete, then 400 names the field and nothing is held', async () => {
    const answer = await call(
      app,
      'exhibitor$chooseBooth',
      admin.token,
      { exhibitorId, boothId: booths.A1, invoice: { ...COMPANY, companyName: '' }, idempotencyKey: randomUUID() },
      { locale: 'zh-cn' },
    )
    expect(answer.status).toBe(400)
    expect(Object.keys(answer.body.fields ?? answer.body.data?.fields ?? {})).toContain('invoice.companyName')
    expect(await boothRow(booths.A1 as number)).toEqual({ state: 'available', exhibitor_id: null })
  })

  it('when the admin then orders tickets for the exhibition, then the booth order is not replaced and the booth stays held', async () => {
    const chosen = (await choose(admin, booths.A1 as number).expect(200)).body.data
    const pass = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 10600, currency: 'SGD' })
    await call(app, 'tickets$createOrder', admin.token, {
      exhibitionId,
      lines: [{ ticketTypeId: pass, quantity: 1 }],
      couponCode: '',
      idempotencyKey: randomUUID(),
    }).expect(200)
    expect((await orderRow(chosen.orderNumber))?.status).toBe('pending')
    expect((await boothRow(booths.A1 as number))?.state).toBe('held')
  })

  it('when the countdown runs out, then the sweeper cancels the order and frees the booth; a released booth is free too', async () => {
    const first = (await choose(admin, booths.A1 as number).expect(200)).body.data
    await ageOrder(db, first.orderNumber, 30)
    expect(await platform.services.tickets.expireDue()).toBe(1)
    expect((await orderRow(first.orderNumber))?.status).toBe('cancelled')
    expect(await boothRow(booths.A1 as number)).toEqual({ state: 'available', exhibitor_id: null })
    const second = (await choose(admin, booths.A2 as number).expect(200)).body.data
    await call(app, 'tickets$cancelOrder', admin.token, { orderNumber: second.orderNumber }).expect(200)
    expect(await boothRow(booths.A2 as number)).toEqual({ state: 'available', exhibitor_id: null })
    expect((await orderRow(second.orderNumber))?.status).toBe('cancelled')
  })

  it('when the admin pays in the sandbox, then the booth is sold to the exhibitor and the invoice names the booth in Chinese', async () => {
    const cookie = await loginCookie(db, admin)
    const chosen = (await choose(admin, booths.A1 as number).expect(200)).body.data
    await pay(admin, chosen.orderNumber)
    expect((await orderRow(chosen.orderNumber))?.status).toBe('paid')
    expect(await boothRow(booths.A1 as number)).toEqual({ state: 'sold', exhibitor_id: String(exhibitorId) })
    const editor = (await staff(manager, 'floorPlanEditor', { exhibitionId }).expect(200)).body.data
    const sold = editor.halls[0].booths.find((booth: { number: string }) => booth.number === 'A1')
    expect([sold.state, sold.exhibitor.name, sold.order]).toEqual(['sold', 'Harbour', { number: chosen.orderNumber, status: 'paid' }])
    expect(editor.halls[0].booths.find((booth: { number: string }) => booth.number === 'A2').order).toBeNull()
    const order = (await call(app, 'tickets$order', admin.token, { orderNumber: chosen.orderNumber }, { locale: 'zh-cn' }).expect(200)).body.data
    expect(order.documents).toHaveLength(1)
    expect(order.documents[0]).toMatchObject({ kind: 'invoice', currency: 'SGD', grossMinor: 270000 })
    const file = await request(app)
      .get(order.documents[0].file)
      .set('Cookie', cookie)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => done(null, Buffer.concat(chunks)))
      })
      .expect(200)
    const text = pdfText(file.body as Buffer)
    expect(text).toContain('展位 A1（A 馆）')
    expect(text).toContain('王小明贸易有限公司')
    const plan = (await call(app, 'exhibitor$floorPlan', admin.token, { exhibitionId }).expect(200)).body.data
    expect(plan.halls[0].booths.find((booth: { number: string }) => booth.number === 'A1').state).toBe('taken')
  })

  it('when staff cancel the paid booth order with a refund, then the booth is free again and a credit note names it', async () => {
    const chosen = (await choose(admin, booths.A1 as number).expect(200)).body.data
    await pay(admin, chosen.orderNumber)
    await staff(manager, 'cancelOrder', { number: chosen.orderNumber, refund: true }).expect(200)
    expect(await boothRow(booths.A1 as number)).toEqual({ state: 'available', exhibitor_id: null })
    const documents = (
      await db.query<{ kind: string; gross_minor: number; lines: Array<{ name: string }> }>(
        'select i.kind, i.gross_minor, i.lines from invoices i join ticket_orders o on o.id = i.order_id where o.number = $1 order by i.kind desc',
        [chosen.orderNumber],
      )
    ).rows
    expect(documents.map((row) => [row.kind, row.gross_minor, row.lines[0]?.name])).toEqual([
      ['invoice', 270000, '展位 A1（A 馆）'],
      ['creditNote', 270000, '展位 A1（A 馆）'],
    ])
    const audit = (await db.query("select 1 from staff_audit where function = 'console$cancelOrder'")).rows
    expect(audit).toHaveLength(1)
  })
})

// docs/product.md#booth-checkout, "What the buyer sees and receives".
describe("the buyer's view and mails of a booth order", () => {
  beforeEach(async () => {
    await open().expect(200)
  })

  const mailsTo = async (email: string) =>
    (await db.query<{ subject: string; text_body: string }>('select subject, text_body from mail_outbox where to_address = $1 order by id', [email])).rows

  const view = async (number: string) => (await call(app, 'tickets$order', admin.token, { orderNumber: number }, { locale: 'zh-cn' }).expect(200)).body.data

  it('when the booth is held, then the order and My orders show the booth and its exhibitor, and no tickets', async () => {
    const chosen = (await choose(admin, booths.A1 as number).expect(200)).body.data
    const order = await view(chosen.orderNumber)
    expect(order.booth).toEqual({ number: 'A1', hall: 'A', type: 'shell', widthM: 3, depthM: 3, exhibitorId, company: COMPANY.companyName })
    expect([order.status, order.lines, order.attendees, order.tickets, order.totalMinor]).toEqual(['pending', [], [], [], 270000])
    const listed = (await call(app, 'tickets$myOrders', admin.token, {}, { locale: 'zh-cn' }).expect(200)).body.data
    expect(listed.items.map((row: { number: string; booth: { number: string } | null }) => [row.number, row.booth?.number])).toEqual([
      [chosen.orderNumber, 'A1'],
    ])
  })

  it('when the admin pays, then the order shows its booth and invoice but no e-ticket or calendar, and a Chinese booth confirmation names the booth and the invoice', async () => {
    const chosen = (await choose(admin, booths.A1 as number).expect(200)).body.data
    await pay(admin, chosen.orderNumber)
    const order = await view(chosen.orderNumber)
    expect([order.status, order.booth?.number, order.tickets, order.calendar, order.appLink]).toEqual(['paid', 'A1', [], null, null])
    const invoice = order.documents[0]
    expect(invoice.kind).toBe('invoice')
    const mails = await mailsTo(admin.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain('展位 A1 已归您所有')
    expect(mails[0]?.text_body).toContain('感谢您的付款。测试金融科技展 的展位 A1 现已为 王小明贸易有限公司 预订。')
    expect(mails[0]?.text_body).toContain(`发票 ${invoice.number}: http`)
    expect(mails[0]?.text_body).toContain(invoice.file)
    expect(mails[0]?.text_body).toContain(`/zh-cn/exhibitor.html?id=${exhibitorId}`)
    expect(mails[0]?.text_body).not.toContain('电子票')
  })

  it('when the countdown runs out or the buyer cancels, then the mail says the booth is released, not seats or e-tickets', async () => {
    const first = (await choose(admin, booths.A1 as number).expect(200)).body.data
    await ageOrder(db, first.orderNumber, 30)
    await platform.services.tickets.expireDue()
    const second = (await choose(admin, booths.A2 as number).expect(200)).body.data
    await call(app, 'tickets$cancelOrder', admin.token, { orderNumber: second.orderNumber }).expect(200)
    const mails = await mailsTo(admin.email)
    expect(mails.map((mail) => mail.text_body.includes('展位 A1 已不再为您保留'))).toEqual([true, false])
    expect(mails.map((mail) => mail.text_body.includes('展位 A2 已不再为您保留'))).toEqual([false, true])
    for (const mail of mails) expect(mail.text_body).not.toContain('座位')
  })
})

// On PostgreSQL (TEST_DATABASE_URL) the two requests run on two connections at once; the booth's row lock decides.
describe('two exhibitors for one booth', () => {
  it.runIf(process.env.TEST_DATABASE_URL)(
    'when two admins choose the same booth at the same moment, then one holds it and the other is told it was just taken (PostgreSQL only: PGlite cannot race)',
    async () => {
      await open().expect(200)
      const rival = await createUser(platform, db, { locale: 'zh-cn' })
      const rivalExhibitor = await exhibitorWith(rival, 'Lion')
      const answers = await Promise.all([choose(admin, booths.A1 as number), choose(rival, booths.A1 as number, { exhibitor: rivalExhibitor })])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
      const lost = answers.find((answer) => answer.status === 409)
      expect(lost?.body.message).toBe('exhibitor:errors.boothTaken')
      const winner = answers[0]?.status === 200 ? exhibitorId : rivalExhibitor
      expect(await boothRow(booths.A1 as number)).toEqual({ state: 'held', exhibitor_id: String(winner) })
      expect((await db.query("select 1 from ticket_orders where order_kind = 'booth' and status = 'pending'")).rows).toHaveLength(1)
    },
  )
})
