import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { EXHIBITOR_PROGRESS } from '../../shared/rules/console-exhibitors.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { consoleCall, downloadAs, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'
import { type App, attendees, call, makeExhibition } from './tickets-helpers.ts'

/**
 * The console's exhibitor stages along the whole journey (docs/product.md#console-exhibitors): accepted,
 * profile complete, booth held, booth paid, passes named, channels verified, each reached only after the
 * ones before it. The list, its stage filter, the export and the detail page agree at every step; a
 * refund leaves the booth sold, a cancellation frees it and the stage falls back; a channel lapses with
 * the day.
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
let verifier: SignedInMember
let admin: TestUser
let exhibitorId: number
let booths: Record<string, number>

const COMPANY = { companyName: 'Harbour Markets Pte Ltd', address: '8 Marina View, Singapore 018960', country: 'SG', taxId: '' }

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const area = (route: string, payload: unknown) => call(app, route, admin.token, payload, { locale: 'en' })

async function exhibitorNamed(name: string, user: TestUser): Promise<number> {
  const company = await db.query<{ id: number }>("insert into exhibitor_companies (slug, kind) values ($1, 'broker') returning id::int as id", [
    name.toLowerCase(),
  ])
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', $2)", [company.rows[0]?.id, name])
  const row = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id::int as id', [
    company.rows[0]?.id,
    exhibitionId,
  ])
  const id = row.rows[0]?.id as number
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [id, user.userId])
  return id
}

async function setUpPlan(): Promise<Record<string, number>> {
  const plan = (await staff(manager, 'saveHall', { exhibitionId, label: 'A', width: 300, depth: 200, currency: 'SGD' }).expect(200)).body.data
  const hallId = plan.halls[0].id
  const body = (number: string, x: number) => ({
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
    passesIncluded: 1,
  })
  await staff(manager, 'saveBooth', body('A1', 0)).expect(200)
  const saved = (await staff(manager, 'saveBooth', body('A2', 40)).expect(200)).body.data
  return Object.fromEntries(saved.halls[0].booths.map((booth: { number: string; id: number }) => [booth.number, booth.id]))
}

async function completeProfile() {
  const workspace = (await area('exhibitor$workspace', { exhibitorId }).expect(200)).body.data
  const saved = await area('exhibitor$saveProfile', {
    exhibitorId,
    version: workspace.profile.version,
    kind: 'broker',
    country: 'SG',
    website: 'harbour-markets.example.com',
    texts: { en: { name: 'Harbour', summary: 'Multi-asset broker', description: 'Founded in 2010.' } },
    licences: [{ regulator: 'MAS', number: 'CMS100123' }],
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
}

async function choose(boothId: number): Promise<string> {
  const answer = await area('exhibitor$chooseBooth', { exhibitorId, boothId, invoice: COMPANY, idempotencyKey: randomUUID() })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data.orderNumber as string
}

async function pay(orderNumber: string) {
  const started = (await area('tickets$startPayment', { orderNumber, method: 'sandbox' }).expect(200)).body.data
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  await request(app).post(`/pay/sandbox/${started.attemptId}`).type('form').send({ key, action: 'pay' }).expect(303)
}

async function verifyChannel(validUntil: string) {
  await area('exhibitor$submitChannel', { exhibitorId, kind: 'phone', value: '+65 6123 4567', note: '' }).expect(200)
  const id = (await db.query<{ id: number }>('select id::int as id from verification_channel_submissions order by id desc limit 1')).rows[0]?.id
  await staff(verifier, 'approveChannelSubmission', { id, validUntil }).expect(200)
}

/** The stage the list gives each exhibitor, by id. */
const listed = async (filter: Record<string, unknown> = {}) =>
  (await staff(manager, 'exhibitorList', filter).expect(200)).body.data.rows.map((row: { id: number; stage: string }) => [row.id, row.stage])

/** The exhibitor's stage as the detail page and the list have it, after checking the filter finds it under that stage and no other. */
async function stage(id = exhibitorId): Promise<string> {
  const detail = (await staff(manager, 'exhibitorDetail', { exhibitorId: id }).expect(200)).body.data.exhibitor.stage as string
  const row = (await listed()).find(([rowId]: [number]) => rowId === id)
  expect(row?.[1]).toBe(detail)
  for (const progress of EXHIBITOR_PROGRESS) {
    const found = (await listed({ stage: progress })).map(([rowId]: [number]) => rowId)
    expect(found.includes(id), `${progress} filter while ${detail}`).toBe(progress === detail)
  }
  return detail
}

beforeEach(async () => {
  setMoment('2026-11-29T10:00:00Z')
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Singapore Fintech Expo' })
  owner = await setUpMember(app, db, ['owner'])
  manager = await setUpMember(app, db, ['manager'])
  verifier = await setUpMember(app, db, ['verifier'])
  admin = await createUser(platform, db)
  exhibitorId = await exhibitorNamed('Harbour', admin)
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
  await staff(manager, 'setBoothSelection', { exhibitionId, open: true }).expect(200)
})

afterEach(() => {
  vi.useRealTimers()
})

describe('an exhibitor’s stage along the journey', () => {
  it('when an exhibitor completes its profile, holds and pays a booth, names its passes and has a channel verified, then each stage shows in the list, the filter, the detail and the export; a refund keeps it, a lapsed channel does not', async () => {
    expect(await stage()).toBe('accepted')
    // A step reached out of order does not skip the ones before it.
    await verifyChannel('2026-12-31')
    expect(await stage()).toBe('accepted')
    await completeProfile()
    expect(await stage()).toBe('profileComplete')

    const order = await choose(booths.A1 as number)
    expect(await stage()).toBe('boothHeld')
    await pay(order)
    expect(await stage()).toBe('boothPaid')

    const named = await area('exhibitor$namePass', { exhibitorId, attendee: { ...attendees(1, 100_001)[0], firstName: 'Mei', lastName: 'Tan' } })
    expect(named.status, JSON.stringify(named.body)).toBe(200)
    expect(await stage()).toBe('channelsVerified')

    const csv = await downloadAs(app, manager, { exhibition: exhibitionId, kind: 'exhibitors', format: 'csv' })
    expect(csv.status).toBe(200)
    const [header, ...lines] = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(','))
    const column = (header as string[]).indexOf('Stage')
    expect(column).toBeGreaterThan(-1)
    expect(lines.map((line) => line[column])).toEqual(['channelsVerified'])

    await staff(manager, 'refundOrder', { number: order, ticketIds: null, idempotencyKey: randomUUID() }).expect(200)
    expect((await db.query('select state from booths where id = $1', [booths.A1])).rows[0]).toEqual({ state: 'sold' })
    expect(await stage()).toBe('channelsVerified')

    // The register entry's last day passes: the channel lapses and the stage falls back to the passes
    // (a member signed in on that day reads it; the first one's session has ended by then).
    setMoment('2027-01-01T10:00:00Z')
    manager = await setUpMember(app, db, ['manager'])
    expect(await stage()).toBe('passesNamed')
  })

  it('when staff cancel the paid booth order, then the booth is free and the stage falls back to a complete profile', async () => {
    await completeProfile()
    const order = await choose(booths.A1 as number)
    await pay(order)
    expect(await stage()).toBe('boothPaid')
    await staff(manager, 'cancelOrder', { number: order, refund: true }).expect(200)
    expect(await stage()).toBe('profileComplete')
  })

  it('when a held booth order is released, then the exhibitor is no longer holding a booth', async () => {
    await completeProfile()
    const order = await choose(booths.A1 as number)
    expect(await stage()).toBe('boothHeld')
    await area('tickets$cancelOrder', { orderNumber: order }).expect(200)
    expect(await stage()).toBe('profileComplete')
  })

  it('when staff assign a booth, then it is sold to the exhibitor and counts as paid, beside an exhibitor that has just begun', async () => {
    await completeProfile()
    const editor = (await staff(manager, 'floorPlanEditor', { exhibitionId }).expect(200)).body.data
    const a2 = editor.halls[0].booths.find((booth: { number: string }) => booth.number === 'A2')
    await staff(manager, 'assignBooth', { exhibitionId, id: a2.id, version: a2.version, exhibitorId }).expect(200)
    expect(await stage()).toBe('boothPaid')
    const other = await exhibitorNamed('Lion', await createUser(platform, db))
    expect(await stage(other)).toBe('accepted')
    expect((await listed()).sort()).toEqual([
      [exhibitorId, 'boothPaid'],
      [other, 'accepted'],
    ])
  })
})
