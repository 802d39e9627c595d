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
import { type App, call, makeExhibition } from './tickets-helpers.ts'

/**
 * Priced forms on the exhibitors' checklist (docs/product.md#exhibitor-forms): a manager defines a form's
 * items with prices typed as money; an exhibitor's admin orders quantities, which opens an order of kind
 * services on the ticket orders' machinery; paid, it is invoiced line by line and the task is done;
 * refunded, a credit note names the lines; the organiser's takings and board count it.
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
let startsOn: string

const COMPANY = { companyName: 'Harbour Trading Pte Ltd', address: '8 Marina View, Singapore 018960', country: 'SG', taxId: '201912345K' }

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })

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

const powerForm = (overrides: Record<string, unknown> = {}) => ({
  exhibitionId,
  kind: 'form',
  dueOn: startsOn,
  texts: { en: { title: 'Order power and furniture', instructions: 'Sockets are fitted the day before build-up.' } },
  form: {
    currency: 'USD',
    items: [
      { labels: { en: 'Power 16A', 'zh-cn': '电源 16A' }, units: { en: 'socket', 'zh-cn': '个' }, price: '45.00', maxQuantity: 4 },
      { labels: { en: 'Bar stool' }, units: {}, price: '12.50', maxQuantity: 10 },
    ],
  },
  ...overrides,
})

interface BoardTask {
  id: number
  version: number
  kind: string
  form: { currency: string; items: Array<{ id: number; priceMinor: number; maxQuantity: number }>; orders: number; sumMinor: number } | null
}

async function defineForm(overrides: Record<string, unknown> = {}): Promise<BoardTask> {
  const answer = await staff(manager, 'saveExhibitorTask', powerForm(overrides))
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return (answer.body.data.tasks as BoardTask[]).at(-1) as BoardTask
}

const boardTask = async (id: number) =>
  ((await staff(manager, 'exhibitorTaskBoard', { exhibitionId }).expect(200)).body.data.tasks as BoardTask[]).find((task) => task.id === id) as BoardTask

const order = (user: TestUser, task: BoardTask, quantities: number[], options: { key?: string; prices?: number[]; exhibitor?: number } = {}) =>
  call(
    app,
    'exhibitor$orderForm',
    user.token,
    {
      exhibitorId: options.exhibitor ?? exhibitorId,
      taskId: task.id,
      lines: (task.form?.items ?? []).map((item, index) => ({
        itemId: item.id,
        quantity: quantities[index] ?? 0,
        unitPriceMinor: options.prices?.[index] ?? item.priceMinor,
      })),
      invoice: COMPANY,
      idempotencyKey: options.key ?? randomUUID(),
    },
    { locale: 'zh-cn' },
  )

const checklistTask = async (user: TestUser, taskId: number, exhibitor = exhibitorId) =>
  (
    (await call(app, 'exhibitor$checklist', user.token, { exhibitorId: exhibitor }, { locale: 'zh-cn' }).expect(200)).body.data.tasks as Array<{
      id: number
      state: string
      form: { items: Array<{ label: string; unit: string; unitPriceMinor: number }>; order: { number: string; status: string } | null }
    }>
  ).find((task) => task.id === taskId)

async function pay(user: TestUser, orderNumber: string) {
  const started = (await call(app, 'tickets$startPayment', user.token, { orderNumber, method: 'sandbox' }, { locale: 'zh-cn' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
}

const ordersOfExhibitor = async () =>
  (
    await db.query<{ number: string; status: string; order_kind: string; total_minor: number; currency: string; service_lines: unknown }>(
      "select number, status, order_kind, total_minor, currency, service_lines from ticket_orders where exhibitor_id = $1 and order_kind = 'services' order by created_at",
      [exhibitorId],
    )
  ).rows

function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'form-invoice-'))
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
  startsOn = (await staff(manager, 'exhibitorTaskBoard', { exhibitionId }).expect(200)).body.data.exhibition.startsOn
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

describe('the organiser defines a priced form', () => {
  it('when a manager saves items with prices typed as money, then they are kept in minor units of the currency, audited, and a stale save answers 409', async () => {
    const task = await defineForm()
    expect(task.kind).toBe('form')
    expect(task.form).toMatchObject({ currency: 'USD', orders: 0, sumMinor: 0 })
    expect(task.form?.items.map((item) => [item.priceMinor, item.maxQuantity])).toEqual([
      [4500, 4],
      [1250, 10],
    ])
    const items = task.form?.items ?? []
    const edited = await defineForm({
      id: task.id,
      version: task.version,
      form: { currency: 'USD', items: [{ id: items[0]?.id, labels: { en: 'Power 16A' }, price: '50', maxQuantity: 4 }] },
    })
    expect(edited.form?.items).toEqual([{ id: items[0]?.id, labels: { en: 'Power 16A' }, units: {}, priceMinor: 5000, maxQuantity: 4 }])
    const stale = await staff(manager, 'saveExhibitorTask', powerForm({ id: task.id, version: task.version }))
    expect([stale.status, stale.body.message]).toEqual([409, 'console:errors.taskChanged'])
    const audits = (
      await db.query<{ before: { form?: unknown } | null; after: { form?: unknown } }>(
        "select before, after from staff_audit where function = 'console$saveExhibitorTask' order by at, id",
      )
    ).rows
    expect(audits).toHaveLength(2)
    expect(audits[1]?.before?.form).toEqual({
      currency: 'USD',
      items: [
        { label: 'Power 16A', priceMinor: 4500, maxQuantity: 4 },
        { label: 'Bar stool', priceMinor: 1250, maxQuantity: 10 },
      ],
    })
    expect(audits[1]?.after.form).toEqual({ currency: 'USD', items: [{ label: 'Power 16A', priceMinor: 5000, maxQuantity: 4 }] })
  })

  it('when the currency is the yen, then "500" is 500 minor units and "500.5" is refused on its field; bad items are refused by field and nothing is saved', async () => {
    const yen = await defineForm({ form: { currency: 'JPY', items: [{ labels: { en: 'Spotlight' }, price: '¥1,500', maxQuantity: 2 }] } })
    expect(yen.form?.items[0]?.priceMinor).toBe(1500)
    const cases: Array<[unknown, string, string]> = [
      [{ currency: 'JPY', items: [{ labels: { en: 'Spotlight' }, price: '500.5', maxQuantity: 2 }] }, 'form.items.0.price', 'console:errors.formPriceDigits'],
      [{ currency: 'USD', items: [{ labels: { en: 'Lamp' }, price: '0', maxQuantity: 2 }] }, 'form.items.0.price', 'console:errors.formPrice'],
      [{ currency: 'USD', items: [{ labels: { en: 'Lamp' }, price: 'free', maxQuantity: 2 }] }, 'form.items.0.price', 'console:errors.formPrice'],
      [{ currency: 'USD', items: [{ labels: { 'zh-cn': '灯' }, price: '5', maxQuantity: 2 }] }, 'form.items.0.labels.en', 'console:errors.formEnglishLabel'],
      [{ currency: 'USD', items: [{ labels: { en: 'Lamp' }, price: '5', maxQuantity: 0 }] }, 'form.items.0.maxQuantity', 'console:errors.formMaxQuantity'],
      [{ currency: 'USD', items: [] }, 'form.items', 'console:errors.formNoItems'],
      [{ currency: 'XYZ', items: [{ labels: { en: 'Lamp' }, price: '5', maxQuantity: 1 }] }, 'form.currency', 'console:errors.formCurrency'],
    ]
    for (const [form, field, message] of cases) {
      const answer = await staff(manager, 'saveExhibitorTask', powerForm({ form }))
      expect([answer.status, answer.body.data?.fields?.[field]], JSON.stringify(form)).toEqual([400, message])
    }
    const missing = await staff(manager, 'saveExhibitorTask', powerForm({ form: undefined }))
    expect(missing.status).toBe(400)
    expect((await staff(manager, 'exhibitorTaskBoard', { exhibitionId }).expect(200)).body.data.tasks).toHaveLength(1)
  })

  it('when support or an editor tries to save a form, then they are refused and nothing is written', async () => {
    for (const roles of [['support'], ['editor']] as const) {
      const member = await setUpMember(app, db, [...roles])
      expect((await staff(member, 'saveExhibitorTask', powerForm())).status).toBe(403)
    }
    expect((await db.query('select 1 from exhibitor_form_items')).rows).toHaveLength(0)
  })
})

describe("the exhibitor's order", () => {
  it('when quantities are over the maximum, negative, not whole or all zero, then 400 names the field and no order is made', async () => {
    const task = await defineForm()
    const over = await order(admin, task, [5, 0])
    expect([over.status, over.body.data?.fields]).toEqual([400, { 'lines.0.quantity': 'exhibitor:errors.formOverMax' }])
    const negative = await order(admin, task, [-1, 0])
    expect([negative.status, negative.body.data?.fields?.['lines.0.quantity']]).toEqual([400, 'exhibitor:errors.formQuantity'])
    const half = await order(admin, task, [1.5, 0])
    expect([half.status, half.body.data?.fields?.['lines.0.quantity']]).toEqual([400, 'exhibitor:errors.formQuantity'])
    const none = await order(admin, task, [0, 0])
    expect([none.status, none.body.data?.fields]).toEqual([400, { lines: 'exhibitor:errors.formEmpty' }])
    expect(await ordersOfExhibitor()).toEqual([])
  })

  it('when the price changed since the page loaded, then 409 says the new price and no order is made', async () => {
    const task = await defineForm()
    const items = task.form?.items ?? []
    await defineForm({
      id: task.id,
      version: task.version,
      form: {
        currency: 'USD',
        items: [
          { id: items[0]?.id, labels: { en: 'Power 16A', 'zh-cn': '电源 16A' }, price: '55.00', maxQuantity: 4 },
          { id: items[1]?.id, labels: { en: 'Bar stool' }, price: '12.50', maxQuantity: 10 },
        ],
      },
    })
    const stale = await order(admin, task, [2, 0])
    expect([stale.status, stale.body.message, stale.body.data]).toEqual([409, 'exhibitor:errors.formPriceChanged', { item: '电源 16A', price: 'US$55.00' }])
    expect(await ordersOfExhibitor()).toEqual([])
  })

  it('when a staff member of the exhibitor or a stranger orders, then 403 and 404; a task that is not a form answers 400', async () => {
    const task = await defineForm()
    const member = await createUser(platform, db, { locale: 'en' })
    await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'staff')", [exhibitorId, member.userId])
    expect((await order(member, task, [1, 0])).status).toBe(403)
    const stranger = await createUser(platform, db, { locale: 'en' })
    expect((await order(stranger, task, [1, 0])).status).toBe(404)
    const custom = await staff(manager, 'saveExhibitorTask', { ...powerForm(), kind: 'custom', form: undefined }).expect(200)
    const customTask = (custom.body.data.tasks as BoardTask[]).find((candidate) => candidate.kind === 'custom') as BoardTask
    const wrong = await order(admin, { ...customTask, form: task.form }, [1, 0])
    expect([wrong.status, wrong.body.message]).toEqual([400, 'exhibitor:errors.formNotForm'])
    expect(await ordersOfExhibitor()).toEqual([])
  })

  it('when the same order is sent twice, then one order is made; another while it lives answers 409; cancelled, the form can be ordered again', async () => {
    const task = await defineForm()
    const key = randomUUID()
    const first = (await order(admin, task, [2, 1], { key }).expect(200)).body.data
    const again = (await order(admin, task, [2, 1], { key }).expect(200)).body.data
    expect(again.orderNumber).toBe(first.orderNumber)
    const orders = await ordersOfExhibitor()
    expect(orders).toHaveLength(1)
    expect(orders[0]).toMatchObject({ status: 'pending', order_kind: 'services', total_minor: 10250, currency: 'USD' })
    expect(orders[0]?.service_lines).toEqual([
      { itemId: task.form?.items[0]?.id, label: '电源 16A', unit: '个', quantity: 2, unitPriceMinor: 4500 },
      { itemId: task.form?.items[1]?.id, label: 'Bar stool', unit: '', quantity: 1, unitPriceMinor: 1250 },
    ])
    const second = await order(admin, task, [1, 0])
    expect([second.status, second.body.message]).toEqual([409, 'exhibitor:errors.formOrdered'])
    expect((await checklistTask(admin, task.id))?.form.order).toMatchObject({ number: first.orderNumber, status: 'pending' })
    await call(app, 'tickets$cancelOrder', admin.token, { orderNumber: first.orderNumber }).expect(200)
    expect((await checklistTask(admin, task.id))?.form.order).toBeNull()
    await order(admin, task, [1, 0]).expect(200)
  })

  it('when the admin pays, then the task is done (not before), the invoice lists the items with tax and the order pages show them', async () => {
    const cookie = await loginCookie(db, admin)
    const task = await defineForm()
    const attempt = await order(admin, task, [2, 0])
    expect(attempt.status, JSON.stringify(attempt.body)).toBe(200)
    const made = attempt.body.data
    expect((await checklistTask(admin, task.id))?.state).not.toBe('done')
    const view = (await call(app, 'tickets$order', admin.token, { orderNumber: made.orderNumber }, { locale: 'zh-cn' }).expect(200)).body.data
    expect(view.services).toEqual({ lines: [{ label: '电源 16A', unit: '个', quantity: 2, unitPriceMinor: 4500 }], exhibitorId, company: COMPANY.companyName })
    expect([view.booth, view.tickets, view.totalMinor]).toEqual([null, [], 9000])
    const changed = await call(app, 'tickets$requestInvoice', admin.token, { orderNumber: made.orderNumber, invoice: null })
    expect([changed.status, changed.body.message]).toEqual([409, 'tickets:messages.boothOrderFixed'])
    await pay(admin, made.orderNumber)
    expect((await checklistTask(admin, task.id))?.state).toBe('done')
    const confirm = await call(app, 'exhibitor$confirmTask', admin.token, { exhibitorId, taskId: task.id })
    expect([confirm.status, confirm.body.message]).toEqual([400, 'exhibitor:errors.taskAutomatic'])
    const paid = (await call(app, 'tickets$order', admin.token, { orderNumber: made.orderNumber }, { locale: 'zh-cn' }).expect(200)).body.data
    expect([paid.status, paid.tickets, paid.calendar]).toEqual(['paid', [], null])
    expect(paid.documents).toHaveLength(1)
    const invoice = (
      await db.query<{ lines: Array<{ name: string; quantity: number; netMinor: number; taxMinor: number; grossMinor: number }>; gross_minor: number }>(
        "select lines, gross_minor from invoices where kind = 'invoice'",
      )
    ).rows[0]
    expect(invoice?.gross_minor).toBe(9000)
    expect(invoice?.lines).toEqual([expect.objectContaining({ name: '电源 16A', quantity: 2, grossMinor: 9000, taxMinor: 743, netMinor: 8257 })])
    const file = await request(app)
      .get(paid.documents[0].file)
      .set('Cookie', cookie)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => done(null, Buffer.concat(chunks)))
      })
      .expect(200)
    const text = pdfText(file.body as Buffer)
    expect(text).toContain('电源 16A')
    expect(text).toContain('90.00')
    const mail = (await db.query<{ subject: string }>("select subject from mail_outbox where subject like '%' || $1 || '%'", [made.orderNumber])).rows
    expect(mail.length).toBeGreaterThan(0)
    expect((await boardTask(task.id)).form).toMatchObject({ orders: 1, sumMinor: 9000 })
  })
})

describe('refunds and takings', () => {
  it('when staff cancel a paid form order with a refund, then a credit note names its lines, the task is open again and takings show the money back', async () => {
    const task = await defineForm()
    const made = (await order(admin, task, [2, 1]).expect(200)).body.data
    await pay(admin, made.orderNumber)
    // A second exhibitor's order stays paid: its money is kept.
    const other = await createUser(platform, db, { locale: 'en' })
    const otherId = await exhibitorWith(other, 'Lighthouse')
    const kept = (await order(other, task, [1, 0], { exhibitor: otherId }).expect(200)).body.data
    await pay(other, kept.orderNumber)
    await staff(manager, 'cancelOrder', { number: made.orderNumber, refund: true }).expect(200)
    const documents = (
      await db.query<{ kind: string; gross_minor: number; lines: Array<{ name: string; quantity: number; grossMinor: number }> }>(
        'select i.kind, i.gross_minor, i.lines from invoices i join ticket_orders o on o.id = i.order_id where o.number = $1 order by i.kind desc',
        [made.orderNumber],
      )
    ).rows
    expect(documents.map((row) => [row.kind, row.gross_minor, row.lines.map((line) => [line.name, line.quantity, line.grossMinor])])).toEqual([
      [
        'invoice',
        10250,
        [
          ['电源 16A', 2, 9000],
          ['Bar stool', 1, 1250],
        ],
      ],
      [
        'creditNote',
        10250,
        [
          ['电源 16A', 2, 0],
          ['Bar stool', 1, 10250],
        ],
      ],
    ])
    expect((await checklistTask(admin, task.id))?.state).not.toBe('done')
    expect((await checklistTask(other, task.id, otherId))?.state).toBe('done')
    await platform.services.tickets.payments.executeDueRefunds()
    const revenue = (await staff(manager, 'dashboard', { exhibitionId }).expect(200)).body.data.revenue
    // Services orders are money in and out as booth orders are; paid orders count those holding a ticket.
    expect(revenue).toEqual([
      { currency: 'USD', paidOrders: 0, refundedOrders: 1, receivedMinor: 14750, refundedMinor: 10250, refundingMinor: 0, netMinor: 4500 },
    ])
    expect((await boardTask(task.id)).form).toMatchObject({ orders: 1, sumMinor: 4500 })
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('two admins at once (PostgreSQL only: PGlite cannot race)', () => {
  it('when two admins of one exhibitor order the same form at once, then one order is made and the other is told it is ordered', async () => {
    const task = await defineForm()
    const second = await createUser(platform, db, { locale: 'en' })
    await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [exhibitorId, second.userId])
    const answers = await Promise.all([order(admin, task, [1, 0]), order(second, task, [2, 0])])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(await ordersOfExhibitor()).toHaveLength(1)
  })
})
