import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition } from './tickets-helpers.ts'

/**
 * Passes in the booth package (docs/product.md#team-passes) and the refund of a booth order
 * (docs/product.md#booth-checkout): a sold booth adds the passes its package includes to the organiser's
 * grant; a freed one takes them back without revoking anyone, and naming is refused while over. The
 * checklist's passes task follows the facts; the console's exhibitor page lists the booth orders; a refund
 * without a cancellation leaves the booth sold.
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

const COMPANY = { companyName: 'Harbour Markets Pte Ltd', address: '8 Marina View, Singapore 018960', country: 'SG', taxId: '' }

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const area = (route: string, payload: unknown, locale = 'en') => call(app, route, admin.token, payload, { locale })
const person = (firstName: string, seed: number) => ({ ...attendees(1, seed)[0], firstName, lastName: 'Tan' })

async function setUpPlan(): Promise<Record<string, number>> {
  const plan = (await staff(manager, 'saveHall', { exhibitionId, label: 'A', width: 300, depth: 200, currency: 'SGD' }).expect(200)).body.data
  const hallId = plan.halls[0].id
  const body = (number: string, x: number, passesIncluded?: number) => ({
    exhibitionId,
    hallId,
    number,
    x,
    y: 0,
    w: 30,
    h: 30,
    type: 'shell',
    priceMinor: 270000,
    currency: 'SGD',
    ...(passesIncluded === undefined ? {} : { passesIncluded }),
  })
  await staff(manager, 'saveBooth', body('A1', 0, 3)).expect(200)
  const saved = (await staff(manager, 'saveBooth', body('A2', 40)).expect(200)).body.data
  return Object.fromEntries(saved.halls[0].booths.map((booth: { number: string; id: number }) => [booth.number, booth.id]))
}

async function buy(boothId: number): Promise<string> {
  await staff(manager, 'setBoothSelection', { exhibitionId, open: true }).expect(200)
  const answer = await area('exhibitor$chooseBooth', { exhibitorId, boothId, invoice: COMPANY, idempotencyKey: randomUUID() })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const chosen = answer.body.data
  const started = (await call(app, 'tickets$startPayment', admin.token, { orderNumber: chosen.orderNumber, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
  return chosen.orderNumber as string
}

const passesView = async () => (await area('exhibitor$passes', { exhibitorId }).expect(200)).body.data as { allowance: number; named: number }
const boothState = async (id: number) => (await db.query<{ state: string }>('select state from booths where id = $1', [id])).rows[0]?.state
const detail = async (member: SignedInMember = manager) => (await staff(member, 'exhibitorDetail', { exhibitorId }).expect(200)).body.data.exhibitor

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Singapore Fintech Expo' })
  owner = await setUpMember(app, db, ['owner'])
  manager = await setUpMember(app, db, ['manager'])
  admin = await createUser(platform, db)
  const company = await db.query<{ id: number }>("insert into exhibitor_companies (slug, kind) values ('harbour', 'broker') returning id::int as id")
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', 'Harbour')", [company.rows[0]?.id])
  const row = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id::int as id', [
    company.rows[0]?.id,
    exhibitionId,
  ])
  exhibitorId = row.rows[0]?.id as number
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [exhibitorId, admin.userId])
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

describe('passes in the booth package', () => {
  it('when a manager sets the passes a booth includes, then the plan and the booth choice show them; a number out of range names the field', async () => {
    const editor = (await staff(manager, 'floorPlanEditor', { exhibitionId }).expect(200)).body.data
    expect(editor.halls[0].booths.map((booth: { number: string; passesIncluded: number }) => [booth.number, booth.passesIncluded])).toEqual([
      ['A1', 3],
      ['A2', 0],
    ])
    const audit = await db.query<{ after: { passesIncluded: number } }>(
      "select after from staff_audit where function = 'console$saveBooth' order by id limit 1",
    )
    expect(audit.rows[0]?.after.passesIncluded).toBe(3)
    const tooMany = await staff(manager, 'saveBooth', {
      ...editor.halls[0].booths[1],
      exhibitionId,
      passesIncluded: 51,
      priceMinor: 270000,
    }).expect(400)
    expect(tooMany.body.data.fields).toMatchObject({ passesIncluded: 'console:errors.passesIncluded' })
    await staff(manager, 'setBoothSelection', { exhibitionId, open: true }).expect(200)
    const choice = (await area('exhibitor$boothChoice', { exhibitorId }).expect(200)).body.data
    expect(choice.free.map((booth: { number: string; passes: number }) => [booth.number, booth.passes])).toEqual([
      ['A1', 3],
      ['A2', 0],
    ])
  })

  it('when the exhibitor pays a booth with 3 passes and has a grant of 1, then it may name 4; a held booth adds none', async () => {
    await staff(manager, 'setExhibitorPassGrant', { exhibitorId, grant: 1 }).expect(200)
    await staff(manager, 'setBoothSelection', { exhibitionId, open: true }).expect(200)
    const held = await area('exhibitor$chooseBooth', { exhibitorId, boothId: booths.A1, invoice: COMPANY, idempotencyKey: randomUUID() }).expect(200)
    expect((await passesView()).allowance).toBe(1)
    await call(app, 'tickets$cancelOrder', admin.token, { orderNumber: held.body.data.orderNumber }).expect(200)
    await buy(booths.A1 as number)
    expect(await boothState(booths.A1 as number)).toBe('sold')
    expect(await passesView()).toMatchObject({ allowance: 4, named: 0 })
    const mine = (await area('exhibitor$boothChoice', { exhibitorId }).expect(200)).body.data.mine
    expect(mine).toMatchObject([{ number: 'A1', state: 'sold', passes: 3 }])
    expect((await detail()).passes).toEqual({ named: 0, allowance: 4 })
  })

  it('when staff assign a booth, then its passes count too, and moving to a booth with fewer takes them back', async () => {
    const editor = (await staff(manager, 'floorPlanEditor', { exhibitionId }).expect(200)).body.data
    const a1 = editor.halls[0].booths.find((booth: { number: string }) => booth.number === 'A1')
    await staff(manager, 'assignBooth', { exhibitionId, id: a1.id, version: a1.version, exhibitorId }).expect(200)
    expect((await passesView()).allowance).toBe(3)
    const after = (await staff(manager, 'floorPlanEditor', { exhibitionId }).expect(200)).body.data.halls[0].booths
    const [from, to] = [after.find((b: { number: string }) => b.number === 'A1'), after.find((b: { number: string }) => b.number === 'A2')]
    await staff(manager, 'assignBooth', { exhibitionId, id: to.id, version: to.version, exhibitorId, moveFrom: { id: from.id, version: from.version } }).expect(
      200,
    )
    expect((await passesView()).allowance).toBe(0)
  })

  it('when the booth is cancelled after passes were named, then no one is revoked, the allowance drops and naming is refused while over', async () => {
    await staff(manager, 'setExhibitorPassGrant', { exhibitorId, grant: 1 }).expect(200)
    const order = await buy(booths.A1 as number)
    for (const [index, name] of ['Wei', 'Mei', 'Jun'].entries()) {
      await area('exhibitor$namePass', { exhibitorId, attendee: person(name, 200_001 + index) }).expect(200)
    }
    await staff(manager, 'cancelOrder', { number: order, refund: true }).expect(200)
    expect(await boothState(booths.A1 as number)).toBe('available')
    expect(await passesView()).toMatchObject({ allowance: 1, named: 3 })
    const refused = await area('exhibitor$namePass', { exhibitorId, attendee: person('Ling', 200_010) }).expect(409)
    expect(refused.body.message).toBe('exhibitor:errors.passesUsed')
    expect((await detail()).passes).toEqual({ named: 3, allowance: 1 })
  })
})

describe('the passes task', () => {
  it('when the exhibitor has passes to name, then the task is done only once every one is named; with none it is not done', async () => {
    const start = await db.query<{ day: string }>("select to_char(starts_at at time zone time_zone, 'YYYY-MM-DD') as day from exhibitions where id = $1", [
      exhibitionId,
    ])
    const task = await staff(manager, 'saveExhibitorTask', {
      exhibitionId,
      kind: 'passes',
      dueOn: start.rows[0]?.day,
      texts: { en: { title: 'Name your team passes', instructions: '' } },
    }).expect(200)
    expect(task.body.data.tasks.map((row: { kind: string; done: number }) => [row.kind, row.done])).toEqual([['passes', 0]])
    const stateOf = async () => (await area('exhibitor$checklist', { exhibitorId }).expect(200)).body.data.tasks[0].state
    expect(await stateOf()).not.toBe('done')
    await staff(manager, 'setExhibitorPassGrant', { exhibitorId, grant: 1 }).expect(200)
    expect(await stateOf()).not.toBe('done')
    await area('exhibitor$namePass', { exhibitorId, attendee: person('Wei', 300_001) }).expect(200)
    expect(await stateOf()).toBe('done')
    const board = (await staff(manager, 'exhibitorTaskBoard', { exhibitionId }).expect(200)).body.data
    expect(board.tasks[0].done).toBe(1)
    expect((await detail()).tasks).toMatchObject({ done: 1, total: 1 })
    await staff(manager, 'setExhibitorPassGrant', { exhibitorId, grant: 2 }).expect(200)
    expect(await stateOf()).not.toBe('done')
  })
})

describe('refunding a booth order', () => {
  it('when staff refund a paid booth order without cancelling it, then the booth stays sold with its passes, a credit note is issued and takings net it; cancelling later frees the booth', async () => {
    const order = await buy(booths.A1 as number)
    const before = (await staff(manager, 'dashboard', { exhibitionId }).expect(200)).body.data.revenue
    expect(before, JSON.stringify(before)).toMatchObject([{ currency: 'SGD', receivedMinor: 270000, refundedMinor: 0, netMinor: 270000 }])
    await staff(manager, 'refundOrder', { number: order, ticketIds: null, idempotencyKey: randomUUID() }).expect(200)
    await platform.services.tickets.payments.executeDueRefunds()
    expect(await boothState(booths.A1 as number)).toBe('sold')
    expect((await passesView()).allowance).toBe(3)
    const documents = (
      await db.query<{ kind: string; gross_minor: number }>(
        'select i.kind, i.gross_minor from invoices i join ticket_orders o on o.id = i.order_id where o.number = $1 order by i.kind desc',
        [order],
      )
    ).rows
    expect(documents).toEqual([
      { kind: 'invoice', gross_minor: 270000 },
      { kind: 'creditNote', gross_minor: 270000 },
    ])
    const after = (await staff(manager, 'dashboard', { exhibitionId }).expect(200)).body.data.revenue
    expect(after, JSON.stringify(after)).toMatchObject([{ currency: 'SGD', receivedMinor: 270000, refundedMinor: 270000, refundingMinor: 0, netMinor: 0 }])
    const refunded = (await detail()).boothOrders
    expect(refunded).toMatchObject([
      { number: order, booth: { number: 'A1', hall: 'A' }, state: 'refunded', boothFreed: false, totalMinor: 270000, refundedMinor: 270000, currency: 'SGD' },
    ])
    expect(refunded[0].documents.map((doc: { kind: string }) => doc.kind).sort()).toEqual(['creditNote', 'invoice'])
    // Nothing is left to give back: a second refund is refused, the booth is freed only by a cancellation.
    await staff(manager, 'refundOrder', { number: order, ticketIds: null, idempotencyKey: randomUUID() }).expect(409)
    await staff(manager, 'cancelOrder', { number: order, refund: false }).expect(200)
    expect(await boothState(booths.A1 as number)).toBe('available')
    expect((await passesView()).allowance).toBe(0)
    expect((await detail()).boothOrders).toMatchObject([{ number: order, state: 'cancelled', boothFreed: true, refundedMinor: 270000 }])
  })
})

describe("the console's exhibitor page", () => {
  it('when a booth is held, paid or cancelled, then its orders show newest first with state and amount; support reads them, a manager of another exhibition does not', async () => {
    await staff(manager, 'setBoothSelection', { exhibitionId, open: true }).expect(200)
    const held = (await area('exhibitor$chooseBooth', { exhibitorId, boothId: booths.A2, invoice: COMPANY, idempotencyKey: randomUUID() }).expect(200)).body
      .data
    const view = (await detail()).boothOrders
    expect(view).toEqual([
      {
        number: held.orderNumber,
        booth: { number: 'A2', hall: 'A' },
        state: 'held',
        heldUntil: held.expiresAt,
        boothFreed: false,
        totalMinor: 270000,
        refundedMinor: 0,
        currency: 'SGD',
        documents: [],
      },
    ])
    const support = await setUpMember(app, db, ['support'])
    expect((await detail(support)).boothOrders).toHaveLength(1)
    const elsewhere = await setUpMember(app, db, ['manager'])
    await db.query('update staff_members set exhibition_ids = $2 where id = $1', [elsewhere.id, [await makeExhibition(db)]])
    await staff(elsewhere, 'exhibitorDetail', { exhibitorId }).expect(404)
  })
})
