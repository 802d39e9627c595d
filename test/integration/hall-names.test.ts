import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { PageCache } from '../../server/http/page-cache.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'
import { type App, call, makeExhibition } from './tickets-helpers.ts'

/**
 * A hall's name in the site's languages (docs/product.md#console-floor-plans, docs/product.md#floor-plans):
 * the label is its English name, the console writes the others, a reader gets the name along the
 * content fallback (docs/product.md#content-fallback) on the plan, the exhibitor area's booth list, the
 * order's view and the invoice; the change is audited with the names, and a refused name saves nothing.
 */

let app: App
let db: Database
let platform: Platform
let pageCache: PageCache

beforeAll(async () => {
  const made = await createTestApp()
  ;({ app, db, platform } = made)
  if (!made.pageCache) throw new Error('the test app runs without its page cache')
  pageCache = made.pageCache
})

let exhibitionId: number
let manager: SignedInMember
let owner: SignedInMember
let admin: TestUser
let exhibitorId: number

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })

type Hall = { id: number; label: string; names: Record<string, string>; version: number; booths: Array<{ id: number; number: string }> }
const editor = async () => (await staff(manager, 'floorPlanEditor', { exhibitionId }).expect(200)).body.data as { halls: Hall[] }
const hallBody = (extra: Record<string, unknown>) => ({ exhibitionId, label: 'North', width: 300, depth: 200, ...extra })
const planIn = async (locale: string) =>
  (await call(app, 'exhibitor$floorPlan', admin.token, { exhibitionId }, { locale }).expect(200)).body.data.halls as Array<{ label: string }>

beforeEach(async () => {
  setMoment('2026-11-29T10:00:00Z')
  await pageCache.idle()
  pageCache.clear()
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Singapore Fintech Expo' })
  manager = await setUpMember(app, db, ['manager'])
  owner = await setUpMember(app, db, ['owner'])
  admin = await createUser(platform, db, { locale: 'zh-cn' })
  const company = await db.query<{ id: string }>(`insert into exhibitor_companies (slug, kind) values ($1, 'broker') returning id`, [
    `harbour-${randomUUID().slice(0, 6)}`,
  ])
  await db.query(`insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', 'Harbour')`, [company.rows[0]?.id])
  const exhibitor = await db.query<{ id: string }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id', [
    company.rows[0]?.id,
    exhibitionId,
  ])
  exhibitorId = Number(exhibitor.rows[0]?.id)
  await db.query(`insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')`, [exhibitorId, admin.userId])
})

describe('a hall named in the console', () => {
  it('when a manager names a hall in Chinese and Japanese, then the editor keeps the names, the audit records them, and a save without names leaves them', async () => {
    const saved = (await staff(manager, 'saveHall', hallBody({ currency: 'SGD', names: { 'zh-cn': '北', ja: '北ホール', th: '  ' } })).expect(200)).body
      .data as { halls: Hall[] }
    const hall = saved.halls[0] as Hall
    expect([hall.label, hall.names]).toEqual(['North', { ja: '北ホール', 'zh-cn': '北' }])
    const audit = (await db.query<{ after: { names: unknown } }>("select after from staff_audit where function = 'console$saveHall'")).rows
    expect(audit[0]?.after.names).toEqual({ ja: '北ホール', 'zh-cn': '北' })

    // Saved again without names (an older client): the names stay; with an empty one, that language goes.
    await staff(manager, 'saveHall', hallBody({ id: hall.id, version: hall.version, width: 320 })).expect(200)
    const kept = (await editor()).halls[0] as Hall
    expect(kept.names).toEqual({ ja: '北ホール', 'zh-cn': '北' })
    await staff(manager, 'saveHall', hallBody({ id: hall.id, version: kept.version, names: { 'zh-cn': '北', ja: '' } })).expect(200)
    expect(((await editor()).halls[0] as Hall).names).toEqual({ 'zh-cn': '北' })
  })

  it('when a name is too long, then 400 names its language and nothing of the save is kept', async () => {
    const hall = ((await staff(manager, 'saveHall', hallBody({ currency: 'SGD' })).expect(200)).body.data as { halls: Hall[] }).halls[0] as Hall
    const refused = await staff(manager, 'saveHall', hallBody({ id: hall.id, version: hall.version, label: 'South', names: { 'zh-cn': '北'.repeat(61) } }))
    expect(refused.status).toBe(400)
    expect(refused.body.data.fields).toEqual({ 'names.zh-cn': 'errors.tooLong' })
    const after = (await editor()).halls[0] as Hall
    expect([after.label, after.names, after.version]).toEqual(['North', {}, hall.version])
  })
})

describe('a hall named for its readers', () => {
  it('when visitors read the plan, then each gets the hall in their language along the fallback, English (the label) last', async () => {
    await staff(manager, 'saveHall', hallBody({ currency: 'SGD', names: { 'zh-cn': '北', 'zh-tw': '北區' } })).expect(200)
    expect((await planIn('zh-cn'))[0]?.label).toBe('北')
    // zh-hk -> zh-tw -> zh-cn -> en.
    expect((await planIn('zh-hk'))[0]?.label).toBe('北區')
    expect((await planIn('th'))[0]?.label).toBe('North')
    expect((await planIn('en'))[0]?.label).toBe('North')
    const page = await request(app).get(`/zh-cn/backDetail/${exhibitionId}/exhibitors`).expect(200)
    expect(page.text).toContain('北 馆平面图')
  })

  it('when the admin chooses and pays for a booth, then the booth list, the order and the invoice name the hall in their language', async () => {
    const plan = (await staff(manager, 'saveHall', hallBody({ currency: 'SGD', names: { 'zh-cn': '北' } })).expect(200)).body.data as { halls: Hall[] }
    const hallId = (plan.halls[0] as Hall).id
    const booth = { exhibitionId, hallId, number: 'A1', x: 0, y: 0, w: 30, h: 30, type: 'shell', priceMinor: 270000, currency: 'SGD' }
    const saved = (await staff(manager, 'saveBooth', booth).expect(200)).body.data as { halls: Hall[] }
    const boothId = (saved.halls[0] as Hall).booths[0]?.id as number
    await staff(manager, 'setBoothSelection', { exhibitionId, open: true }).expect(200)
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

    const choice = (await call(app, 'exhibitor$boothChoice', admin.token, { exhibitorId }, { locale: 'zh-cn' }).expect(200)).body.data
    expect(choice.free.map((free: { number: string; hall: string }) => [free.number, free.hall])).toEqual([['A1', '北']])
    const invoice = { companyName: '王小明贸易有限公司', address: '上海市浦东新区世纪大道 100 号', country: 'CN', taxId: '91310000MA1FL0000X' }
    const chosen = (
      await call(app, 'exhibitor$chooseBooth', admin.token, { exhibitorId, boothId, invoice, idempotencyKey: randomUUID() }, { locale: 'zh-cn' }).expect(200)
    ).body.data
    const started = (
      await call(app, 'tickets$startPayment', admin.token, { orderNumber: chosen.orderNumber, method: 'sandbox' }, { locale: 'zh-cn' }).expect(200)
    ).body.data
    const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
    await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)

    const orderIn = async (locale: string) =>
      (await call(app, 'tickets$order', admin.token, { orderNumber: chosen.orderNumber }, { locale }).expect(200)).body.data
    expect((await orderIn('zh-cn')).booth.hall).toBe('北')
    expect((await orderIn('en')).booth.hall).toBe('North')
    const lines = (
      await db.query<{ lines: Array<{ name: string }> }>('select i.lines from invoices i join ticket_orders o on o.id = i.order_id where o.number = $1', [
        chosen.orderNumber,
      ])
    ).rows
    expect(lines[0]?.lines[0]?.name).toBe('展位 A1（北 馆）')
  })
})
