import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config.ts'
import { type Database, openPostgres } from '../../server/db/client.ts'
import { createPlatform, type Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase, silentLogger, testGeo } from '../setup/test-app.ts'
import { createUser, createUsers, loginCookie, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeCoupon, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * Invoices and credit notes (docs/product.md#invoices): the owner's legal identity and tax rates
 * (audited, versioned), a company invoice asked for before paying and issued with the payment, a
 * credit note per refund, PDFs in the buyer's language, numbers without gaps or duplicates across
 * two instances (PostgreSQL only), and erasure that keeps the legal record.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let standard: number
let buyer: TestUser
let buyerCookie: string
let owner: SignedInMember
let manager: SignedInMember

const COMPANY = { companyName: '王小明贸易有限公司', address: '上海市浦东新区世纪大道 100 号', country: 'CN', taxId: '91310000MA1FL0000X' }
const IDENTITY = {
  legalName: 'Expo Events Pte Ltd',
  address: '1 Marina Boulevard\nSingapore 018989',
  country: 'SG',
  taxId: 'M2-1234567-8',
  registrationNumber: '201912345K',
  prefix: 'EXP',
  defaultRate: '9',
  rates: [
    { country: 'DE', treatment: 'reverseCharge', rate: '0' },
    { country: 'CN', treatment: 'standard', rate: '6' },
  ],
}

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Singapore Fintech Expo' })
  standard = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 10600, currency: 'SGD' })
  buyer = await createUser(platform, db)
  buyerCookie = await loginCookie(db, buyer)
  owner = await setUpMember(app, db, ['owner'])
  manager = await setUpMember(app, db, ['manager'])
})

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const as = (user: TestUser, route: string, payload: unknown, locale = 'en') => call(app, route, user.token, payload, { locale })

async function configure(body: Record<string, unknown> = {}) {
  const version = (await staff(owner, 'invoicing', {}).expect(200)).body.data.version
  return (await staff(owner, 'saveInvoicing', { ...IDENTITY, version, ...body }).expect(200)).body.data
}

/** A confirmed order of `count` standard passes, with a company invoice asked for unless `company` is null, paid through the sandbox. */
async function paidOrder(options: { user?: TestUser; count?: number; company?: typeof COMPANY | null; locale?: string; couponCode?: string } = {}) {
  const { user = buyer, count = 2, company = COMPANY, locale = 'zh-cn', couponCode = '' } = options
  const order = (
    await as(
      user,
      'tickets$createOrder',
      { exhibitionId, lines: [{ ticketTypeId: standard, quantity: count }], couponCode, idempotencyKey: randomUUID() },
      locale,
    ).expect(200)
  ).body.data
  await as(user, 'tickets$saveAttendees', { orderNumber: order.number, attendees: attendees(count) }, locale).expect(200)
  if (company) await as(user, 'tickets$requestInvoice', { orderNumber: order.number, invoice: company }, locale).expect(200)
  await as(user, 'tickets$confirmOrder', { orderNumber: order.number }, locale).expect(200)
  const started = (await as(user, 'tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }, locale).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  return (await as(user, 'tickets$order', { orderNumber: order.number }, locale).expect(200)).body.data
}

const invoiceRows = async () =>
  (
    await db.query<{ kind: string; number: string; net_minor: number; tax_minor: number; gross_minor: number; lines: unknown; treatment: string }>(
      'select kind, number, net_minor, tax_minor, gross_minor, lines, treatment from invoices order by kind, sequence',
    )
  ).rows

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'))
  writeFileSync(join(dir, 'doc.pdf'), bytes)
  return execFileSync('pdftotext', ['-layout', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' })
}

const download = (cookie: string, path: string, status = 200) =>
  request(app)
    .get(path)
    .set('Cookie', cookie)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done(null, Buffer.concat(chunks)))
    })
    .expect(status)

describe('the invoicing settings', () => {
  it('when an owner saves the legal identity and rates, then they read back, the change is audited, and a stale save answers 409', async () => {
    const before = (await staff(owner, 'invoicing', {}).expect(200)).body.data
    expect([before.issuer, before.version]).toEqual([null, 0])
    const goingLive = async () =>
      ((await staff(owner, 'goingLive', {}).expect(200)).body.data.items as Array<{ id: string; done: boolean }>).find((item) => item.id === 'invoicing')?.done
    expect(await goingLive()).toBe(false)
    const saved = await configure()
    expect(await goingLive()).toBe(true)
    expect(saved.issuer).toMatchObject({ legalName: 'Expo Events Pte Ltd', prefix: 'EXP', defaultRate: '9', demo: false })
    expect(saved.rates).toEqual([
      { country: 'CN', countryName: 'China', treatment: 'standard', rate: '6' },
      { country: 'DE', countryName: 'Germany', treatment: 'reverseCharge', rate: '0' },
    ])
    const audits = (
      await db.query<{ before: unknown; after: { issuer: { legalName: string } } }>(
        "select before, after from staff_audit where function = 'console$saveInvoicing'",
      )
    ).rows
    expect(audits).toHaveLength(1)
    expect(audits[0]?.after.issuer.legalName).toBe('Expo Events Pte Ltd')
    const stale = await staff(owner, 'saveInvoicing', { ...IDENTITY, legalName: 'Other Ltd', version: 0 })
    expect([stale.status, stale.body.message]).toEqual([409, 'console:errors.invoicingChanged'])
    expect((await staff(owner, 'invoicing', {}).expect(200)).body.data.issuer.legalName).toBe('Expo Events Pte Ltd')
  })

  it('when a manager reads or saves the settings, or an owner sends a bad rate or prefix, then it is refused naming the field and nothing changes', async () => {
    expect((await staff(manager, 'invoicing', {})).status).toBe(403)
    expect((await staff(manager, 'saveInvoicing', { ...IDENTITY, version: 0 })).status).toBe(403)
    const bad = await staff(owner, 'saveInvoicing', {
      ...IDENTITY,
      prefix: 'inv 2026!',
      defaultRate: '120',
      rates: [
        { country: 'DE', treatment: 'reverseCharge', rate: '19' },
        { country: 'DE', treatment: 'standard', rate: '19' },
      ],
      version: 0,
    })
    expect(bad.status).toBe(400)
    expect(bad.body.data.fields).toMatchObject({
      prefix: 'console:errors.invoicePrefix',
      defaultRate: 'console:errors.taxRate',
      'rates.0.rate': 'console:errors.taxRate',
      'rates.1.country': 'console:errors.taxRateRepeated',
    })
    expect((await db.query('select count(*)::int as n from invoice_issuer')).rows[0]).toEqual({ n: 0 })
    expect((await db.query("select count(*)::int as n from staff_audit where function = 'console$saveInvoicing'")).rows[0]).toEqual({ n: 0 })
  })
})

describe('invoices of paid orders', () => {
  it('when a buyer asks for a company invoice and pays, then it is issued with the tax of the buyer country per line, and the PDF in their language names both companies', async () => {
    await configure()
    const order = await paidOrder({ count: 2 })
    expect(order.invoiceRequest).toMatchObject({ ...COMPANY, countryName: '中国' })
    expect(order.documents).toEqual([
      expect.objectContaining({ kind: 'invoice', number: `EXP-${new Date().getUTCFullYear()}-000001`, grossMinor: 21200, currency: 'SGD', corrects: null }),
    ])
    const [row] = await invoiceRows()
    // 212.00 at 6 % included: 200.00 net and 12.00 tax.
    expect(row).toMatchObject({ net_minor: 20000, tax_minor: 1200, gross_minor: 21200, treatment: 'standard' })
    expect(row?.lines).toEqual([{ name: 'Standard pass（中文）', quantity: 2, netMinor: 20000, taxMinor: 1200, grossMinor: 21200 }])
    const file = await download(buyerCookie, order.documents[0].file, 200)
    expect(file.headers['content-type']).toBe('application/pdf')
    // Signed by the organiser (docs/product.md#document-signatures).
    expect(await platform.documents.check(file.body as Buffer)).toMatchObject({ state: 'intact' })
    const text = pdfText(file.body as Buffer)
    for (const expected of [
      '发票',
      '王小明贸易有限公司',
      '91310000MA1FL0000X',
      'Expo Events Pte Ltd',
      'M2-1234567-8',
      order.documents[0].number,
      order.number,
      '税额 6%',
    ])
      expect(text).toContain(expected)
    const stranger = await loginCookie(db, await createUser(platform, db))
    await download(stranger, order.documents[0].file, 404)
    const staffCopy = (await staff(manager, 'invoicePdf', { number: order.number, document: order.documents[0].number }).expect(200)).body.data
    expect(staffCopy.fileName).toBe(`${order.documents[0].number}.pdf`)
    expect(pdfText(Buffer.from(staffCopy.base64, 'base64'))).toContain('王小明贸易有限公司')
  })

  it('when the buyer company is in a reverse-charge country, then the invoice carries no tax and says why', async () => {
    await configure()
    const order = await paidOrder({
      count: 1,
      company: { ...COMPANY, companyName: 'Handel GmbH', country: 'DE', address: 'Hauptstraße 1, Berlin' },
      locale: 'en',
    })
    expect((await invoiceRows())[0]).toMatchObject({ net_minor: 10600, tax_minor: 0, treatment: 'reverseCharge' })
    const text = pdfText((await download(buyerCookie, order.documents[0].file, 200)).body as Buffer)
    expect(text).toContain('Reverse charge: the customer accounts for the tax.')
  })

  it('when a coupon took part of the price, then the discount is a line of its own and the invoice adds up to what was paid', async () => {
    await configure()
    const code = await makeCoupon(db, { kind: 'fixed', amountOffMinor: 1060, currency: 'SGD' })
    await paidOrder({ count: 1, couponCode: code })
    const [row] = await invoiceRows()
    expect(row).toMatchObject({ gross_minor: 9540, lines: [{ grossMinor: 10600 }, { grossMinor: -1060 }] })
  })

  it('when the buyer asked for no invoice, or no legal identity is configured, then a paid order has none', async () => {
    expect((await paidOrder({ count: 1 })).documents).toEqual([])
    await configure()
    expect((await paidOrder({ count: 1, company: null })).documents).toEqual([])
    expect(await invoiceRows()).toEqual([])
  })

  it('when the company details are incomplete, then the request is refused naming each field and the order keeps none', async () => {
    const order = (
      await as(buyer, 'tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: standard, quantity: 1 }], idempotencyKey: randomUUID() }).expect(200)
    ).body.data
    const refused = await as(buyer, 'tickets$requestInvoice', {
      orderNumber: order.number,
      invoice: { companyName: ' ', address: '', country: 'China', taxId: 'x'.repeat(41) },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.data.fields).toMatchObject({
      'invoice.companyName': 'invoices:errors.companyRequired',
      'invoice.address': 'invoices:errors.addressRequired',
      'invoice.country': 'invoices:errors.country',
      'invoice.taxId': 'errors.tooLong',
    })
    expect((await as(buyer, 'tickets$order', { orderNumber: order.number }).expect(200)).body.data.invoiceRequest).toBeNull()
  })
})

describe('credit notes', () => {
  it('when staff refund one ticket and then the rest, then each refund issues a credit note for its amount that names the invoice', async () => {
    await configure()
    const order = await paidOrder({ count: 3 })
    const detail = (await staff(manager, 'orderDetail', { number: order.number }).expect(200)).body.data.order
    const first = detail.attendees[0].ticket.id
    await staff(manager, 'refundOrder', { number: order.number, ticketIds: [first], idempotencyKey: randomUUID() }).expect(200)
    const key = randomUUID()
    await staff(manager, 'refundOrder', { number: order.number, ticketIds: null, idempotencyKey: key }).expect(200)
    // The same dialog sent twice: one refund, one credit note.
    const after = (await staff(manager, 'refundOrder', { number: order.number, ticketIds: null, idempotencyKey: key }).expect(200)).body.data.order
    const year = new Date().getUTCFullYear()
    expect(
      after.documents.map((doc: { number: string; kind: string; grossMinor: number; corrects: string | null }) => [
        doc.kind,
        doc.number,
        doc.grossMinor,
        doc.corrects,
      ]),
    ).toEqual([
      ['invoice', `EXP-${year}-000001`, 31800, null],
      ['creditNote', `EXP-CN-${year}-000001`, 10600, `EXP-${year}-000001`],
      ['creditNote', `EXP-CN-${year}-000002`, 21200, `EXP-${year}-000001`],
    ])
    const notes = (await invoiceRows()).filter((row) => row.kind === 'creditNote')
    expect(notes.map((row) => [row.net_minor, row.tax_minor])).toEqual([
      [10000, 600],
      [20000, 1200],
    ])
    const buyerView = (await as(buyer, 'tickets$order', { orderNumber: order.number }, 'zh-cn').expect(200)).body.data
    const note = buyerView.documents[2]
    const noteFile = (await download(buyerCookie, note.file, 200)).body as Buffer
    expect(await platform.documents.check(noteFile)).toMatchObject({ state: 'intact' })
    const text = pdfText(noteFile)
    for (const expected of ['贷项通知单', note.number, `EXP-${year}-000001`, '王小明贸易有限公司']) expect(text).toContain(expected)
  })

  it('when a paid order with an invoice is cancelled by staff with its refund, then the refund gets its credit note', async () => {
    await configure()
    const order = await paidOrder({ count: 1 })
    const after = (await staff(manager, 'cancelOrder', { number: order.number, refund: true }).expect(200)).body.data.order
    expect(after.documents.map((doc: { kind: string; grossMinor: number }) => [doc.kind, doc.grossMinor])).toEqual([
      ['invoice', 10600],
      ['creditNote', 10600],
    ])
  })

  it('when anyone tries to change or delete an issued invoice, then the database refuses', async () => {
    await configure()
    await paidOrder({ count: 1 })
    await expect(db.query("update invoices set gross_minor = 1, net_minor = 1, tax_minor = 0, buyer = '{}'")).rejects.toThrow(/cannot be changed/)
    await expect(db.query('delete from invoices')).rejects.toThrow(/cannot be changed/)
  })
})

describe('numbers', () => {
  it('when an issuing transaction rolls back, then its number is given to the next invoice: no gaps', async () => {
    await configure()
    const order = await paidOrder({ count: 1, company: null })
    const orderId = (await db.query<{ id: string }>('select id from ticket_orders where number = $1', [order.number])).rows[0]?.id as string
    const issue = (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) =>
      platform.services.invoices.issueInvoice(tx, {
        orderId,
        buyer: COMPANY,
        language: 'en',
        currency: 'SGD',
        lines: [{ name: 'Pass', quantity: 1, grossMinor: 10600 }],
        at: new Date(),
      })
    await expect(
      db.transaction(async (tx) => {
        await issue(tx)
        throw new Error('the payment failed after the number was taken')
      }),
    ).rejects.toThrow('the payment failed')
    const number = await db.transaction((tx) => issue(tx))
    expect(number).toBe(`EXP-${new Date().getUTCFullYear()}-000001`)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('numbers on two instances (PostgreSQL only: PGlite cannot race)', () => {
  let second: Platform
  let secondDb: Database

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL as string)
    target.pathname = `/${(await db.query<{ name: string }>('select current_database() as name')).rows[0]?.name}`
    secondDb = await openPostgres(target.href)
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'data/test', PUBLIC_ORIGIN: 'http://localhost:3000' })
    second = await createPlatform({ config, db: secondDb, logger: silentLogger, geo: testGeo() })
  })

  afterAll(async () => {
    await second.close()
    await secondDb.close()
  })

  it('when 40 company orders are paid at once on two instances, then their invoices are numbered 1 to 40 without gaps or duplicates', {
    timeout: 120_000,
  }, async () => {
    await configure()
    const users = await createUsers(platform, db, 40)
    const attempts = await Promise.all(
      users.map(async (user) => {
        const order = (
          await as(user, 'tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: standard, quantity: 1 }], idempotencyKey: randomUUID() }).expect(200)
        ).body.data
        await as(user, 'tickets$saveAttendees', { orderNumber: order.number, attendees: attendees(1) }).expect(200)
        await as(user, 'tickets$requestInvoice', { orderNumber: order.number, invoice: COMPANY }).expect(200)
        await as(user, 'tickets$confirmOrder', { orderNumber: order.number }).expect(200)
        return (await as(user, 'tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }).expect(200)).body.data.attemptId as string
      }),
    )
    await Promise.all(attempts.map((id, index) => (index % 2 ? second : platform).services.tickets.payments.confirm(id, { provider: 'sandbox' })))
    const rows = (await db.query<{ sequence: number; order_id: string }>("select sequence, order_id from invoices where kind = 'invoice' order by sequence"))
      .rows
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1))
    expect(new Set(rows.map((row) => row.order_id)).size).toBe(40)
  })
})

describe('erasure', () => {
  it('when the buyer is erased, then the invoice stays as issued and the order no longer names their account', async () => {
    await configure()
    const order = await paidOrder({ count: 1 })
    const before = await invoiceRows()
    await platform.db.transaction(async (tx) => {
      const id = (await tx.query<{ id: string }>('select id from ticket_orders where number = $1', [order.number])).rows[0]?.id as string
      const { eraseOrders } = await import('../../server/platform/tickets/index.ts')
      await eraseOrders(tx, { kept: [id], removed: [] }, platform.services.media.storage)
    })
    expect(await invoiceRows()).toEqual(before)
    expect((await db.query('select account_id from ticket_orders where number = $1', [order.number])).rows[0]).toEqual({ account_id: null })
  })
})
