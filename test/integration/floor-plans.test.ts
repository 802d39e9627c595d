import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { PageCache } from '../../server/http/page-cache.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, call, visitorToken } from './applications-helpers.ts'
import { type App, consoleCall, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'

/**
 * Floor plans (docs/product.md#console-floor-plans, docs/product.md#floor-plans): halls and booths
 * edited by managers at the version they read, refusals that name the field and leave nothing half
 * saved, booths sold to the exhibition's exhibitors and moved, the audit, and the plan visitors read.
 */

let app: App
let db: Database
let pageCache: PageCache

beforeAll(async () => {
  const made = await createTestApp()
  ;({ app, db } = made)
  if (!made.pageCache) throw new Error('the test app runs without its page cache')
  pageCache = made.pageCache
})

let bangkok: number
let dubai: number
let manager: SignedInMember

beforeEach(async () => {
  setMoment('2026-11-29T10:00:00Z')
  await pageCache.idle()
  pageCache.clear()
  await resetDatabase(db)
  bangkok = await addExhibition(db, { titles: { en: 'Bangkok Expo 2026' } })
  dubai = await addExhibition(db, { titles: { en: 'Dubai Traders Fair' } })
  manager = await setUpMember(app, db, ['manager'])
})

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })

type Booth = { id: number; number: string; state: string; version: number; exhibitor: { id: number; name: string } | null; x: number }
type Hall = { id: number; label: string; version: number; booths: Booth[] }
type Editor = { currency: string | null; halls: Hall[]; exhibitors: Array<{ id: number; name: string }> }

const editor = async (exhibitionId = bangkok) => (await staff(manager, 'floorPlanEditor', { exhibitionId }).expect(200)).body.data as Editor

async function addHall(label = 'A', size: { width: number; depth: number } = { width: 300, depth: 200 }, exhibitionId = bangkok): Promise<Hall> {
  const saved = (await staff(manager, 'saveHall', { exhibitionId, label, ...size, currency: 'USD' }).expect(200)).body.data as Editor
  return saved.halls.find((hall) => hall.label === label) as Hall
}

const boothBody = (hallId: number, number: string, x: number, y = 0, extra: Record<string, unknown> = {}) => ({
  exhibitionId: bangkok,
  hallId,
  number,
  x,
  y,
  w: 30,
  h: 30,
  type: 'shell',
  priceMinor: 270000,
  currency: 'USD',
  ...extra,
})

async function addBooth(hallId: number, number: string, x: number, y = 0): Promise<Booth> {
  const saved = (await staff(manager, 'saveBooth', boothBody(hallId, number, x, y)).expect(200)).body.data as Editor
  return saved.halls.flatMap((hall) => hall.booths).find((booth) => booth.number === number) as Booth
}

async function addExhibitor(exhibitionId: number, name: string, slug: string): Promise<number> {
  const company = await db.query<{ id: string }>(`insert into exhibitor_companies (slug, kind) values ($1, 'broker') returning id`, [slug])
  await db.query(`insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', $2)`, [company.rows[0]?.id, name])
  const exhibitor = await db.query<{ id: string }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id', [
    company.rows[0]?.id,
    exhibitionId,
  ])
  return Number(exhibitor.rows[0]?.id)
}

const auditRows = async (fn: string) =>
  (await db.query<{ target: string; before: unknown; after: unknown }>('select target, before, after from staff_audit where function = $1 order by id', [fn]))
    .rows
const boothCount = async () => Number((await db.query<{ n: string }>('select count(*) as n from booths')).rows[0]?.n)

describe('console floor plans', () => {
  it('when a manager adds a hall and booths, then the plan has them by number, priced in the plan currency, audited', async () => {
    const hall = await addHall('A')
    await addBooth(hall.id, 'b12', 0)
    await addBooth(hall.id, 'B13', 30)
    const plan = await editor()
    expect(plan.currency).toBe('USD')
    expect(plan.halls[0]?.booths.map((booth) => [booth.number, booth.state])).toEqual([
      ['B12', 'available'],
      ['B13', 'available'],
    ])
    expect((await auditRows('console$saveHall'))[0]).toMatchObject({ target: `hall:${hall.id}`, before: null })
    expect(await auditRows('console$saveBooth')).toHaveLength(2)
  })

  it('when a booth would stand outside the hall, on another booth, under a taken number or in another currency, then a 400 names the field and nothing is saved', async () => {
    const hall = await addHall('A')
    await addBooth(hall.id, 'B12', 0)
    const refusals: Array<[Record<string, unknown>, string, string]> = [
      [boothBody(hall.id, 'B20', 280), 'x', 'console:errors.boothOutsideWidth'],
      [boothBody(hall.id, 'B20', 0, 180), 'y', 'console:errors.boothOutsideDepth'],
      [boothBody(hall.id, 'B20', 15, 15), 'x', 'console:errors.boothOverlap'],
      [boothBody(hall.id, 'b12', 60), 'number', 'console:errors.boothNumberTaken'],
      [boothBody(hall.id, 'B20', 60, 0, { currency: 'EUR' }), 'currency', 'console:errors.boothCurrency'],
      [boothBody(hall.id, 'B 20', 60), 'number', 'console:errors.boothNumber'],
      [boothBody(hall.id, 'B20', 60, 0, { w: 5 }), 'w', 'console:errors.sideTooSmall'],
      [boothBody(hall.id, 'B20', 60, 0, { priceMinor: 1.5 }), 'priceMinor', 'console:errors.amountDigits'],
    ]
    for (const [body, field, code] of refusals) {
      const refused = await staff(manager, 'saveBooth', body).expect(400)
      expect(refused.body.data.fields, JSON.stringify(body)).toMatchObject({ [field]: code })
    }
    expect(await boothCount()).toBe(1)
    expect(await auditRows('console$saveBooth')).toHaveLength(1)
  })

  it('when two managers edit from the same version, then the second gets 409 and the first change stays', async () => {
    const hall = await addHall('A')
    const booth = await addBooth(hall.id, 'B12', 0)
    await staff(manager, 'saveBooth', { ...boothBody(hall.id, 'B12', 30), id: booth.id, version: booth.version }).expect(200)
    const late = await staff(manager, 'saveBooth', { ...boothBody(hall.id, 'B12', 60), id: booth.id, version: booth.version }).expect(409)
    expect(late.body.message).toBe('console:errors.floorPlanChanged')
    expect((await editor()).halls[0]?.booths[0]?.x).toBe(30)
    const staleHall = await staff(manager, 'saveHall', { exhibitionId: bangkok, id: hall.id, version: hall.version + 1, label: 'A', width: 300, depth: 200 })
    expect(staleHall.status).toBe(409)
  })

  it('when a hall would shrink past its booths or be deleted with them, then it is refused', async () => {
    const hall = await addHall('A')
    const booth = await addBooth(hall.id, 'B12', 240)
    const small = await staff(manager, 'saveHall', { exhibitionId: bangkok, id: hall.id, version: hall.version, label: 'A', width: 250, depth: 200 }).expect(
      400,
    )
    expect(small.body.data.fields).toEqual({ width: 'console:errors.hallTooSmall' })
    const full = await staff(manager, 'deleteHall', { exhibitionId: bangkok, id: hall.id, version: hall.version }).expect(409)
    expect(full.body.message).toBe('console:errors.hallHasBooths')
    await staff(manager, 'deleteBooth', { exhibitionId: bangkok, id: booth.id, version: booth.version }).expect(200)
    const emptied = (await staff(manager, 'deleteHall', { exhibitionId: bangkok, id: hall.id, version: hall.version }).expect(200)).body.data as Editor
    expect(emptied.halls).toEqual([])
  })

  it('when a booth is sold to an exhibitor and moved, then it cannot be blocked or deleted, and the old booth is free again', async () => {
    const acme = await addExhibitor(bangkok, 'Acme Markets', 'acme-markets')
    const elsewhere = await addExhibitor(dubai, 'Dubai Only', 'dubai-only')
    const hall = await addHall('A')
    const b12 = await addBooth(hall.id, 'B12', 0)
    const b13 = await addBooth(hall.id, 'B13', 30)
    const wrong = await staff(manager, 'assignBooth', { exhibitionId: bangkok, id: b12.id, version: b12.version, exhibitorId: elsewhere }).expect(400)
    expect(wrong.body.data.fields).toEqual({ exhibitorId: 'console:errors.exhibitorNotHere' })
    const sold = (await staff(manager, 'assignBooth', { exhibitionId: bangkok, id: b12.id, version: b12.version, exhibitorId: acme }).expect(200)).body
      .data as Editor
    const soldB12 = sold.halls[0]?.booths.find((booth) => booth.number === 'B12') as Booth
    expect(soldB12).toMatchObject({ state: 'sold', exhibitor: { id: acme, name: 'Acme Markets' } })
    const block = await staff(manager, 'saveBooth', { ...boothBody(hall.id, 'B12', 0, 0, { blocked: true }), id: b12.id, version: soldB12.version }).expect(400)
    expect(block.body.data.fields).toEqual({ blocked: 'console:errors.boothTaken' })
    await staff(manager, 'deleteBooth', { exhibitionId: bangkok, id: b12.id, version: soldB12.version }).expect(409)
    const moved = (
      await staff(manager, 'assignBooth', {
        exhibitionId: bangkok,
        id: b13.id,
        version: b13.version,
        exhibitorId: acme,
        moveFrom: { id: b12.id, version: soldB12.version },
      }).expect(200)
    ).body.data as Editor
    expect(moved.halls[0]?.booths.map((booth) => [booth.number, booth.state, booth.exhibitor?.id ?? null])).toEqual([
      ['B12', 'available', null],
      ['B13', 'sold', acme],
    ])
    const audit = await auditRows('console$assignBooth')
    expect(audit[1]).toMatchObject({ target: `booth:${b13.id}`, before: { state: 'available', movedFrom: 'B12' }, after: { state: 'sold', exhibitor: acme } })
  })

  it('when a support member or a manager limited to another exhibition asks, then they are refused', async () => {
    const support = await setUpMember(app, db, ['support'])
    await staff(support, 'floorPlanEditor', { exhibitionId: bangkok }).expect(403)
    await staff(support, 'saveHall', { exhibitionId: bangkok, label: 'A', width: 300, depth: 200 }).expect(403)
    const limited = await setUpMember(app, db, ['manager'])
    await db.query('update staff_members set exhibition_ids = $1 where id = $2', [[dubai], limited.id])
    await staff(limited, 'floorPlanEditor', { exhibitionId: bangkok }).expect(404)
    await staff(limited, 'saveHall', { exhibitionId: bangkok, label: 'A', width: 300, depth: 200 }).expect(404)
    expect((await editor()).halls).toEqual([])
  })

  it('when a hall is drawn over a picture of the media library, then visitors get the picture; an unknown one is refused', async () => {
    const mediaId = 'a'.repeat(32)
    await db.query(
      `insert into media_items (id, kind, src, width, height, storage_keys, name, bytes) values ($1, 'image', '/media/hall-a.png', 1600, 1000, '{}', 'hall-a.png', 1000)`,
      [mediaId],
    )
    const unknown = await staff(manager, 'saveHall', { exhibitionId: bangkok, label: 'A', width: 300, depth: 200, backgroundMediaId: 'b'.repeat(32) }).expect(
      400,
    )
    expect(unknown.body.data.fields).toEqual({ backgroundMediaId: 'console:errors.mediaNotFound' })
    const saved = (await staff(manager, 'saveHall', { exhibitionId: bangkok, label: 'A', width: 300, depth: 200, backgroundMediaId: mediaId }).expect(200)).body
      .data as { halls: Array<{ background: unknown }> }
    expect(saved.halls[0]?.background).toEqual({ mediaId, src: '/media/hall-a.png', width: 1600, height: 1000 })
    const plan = await call(app, 'exhibitor$floorPlan', { exhibitionId: bangkok }, { token: await visitorToken(app) }).expect(200)
    expect(plan.body.data.halls[0].background).toEqual({ src: '/media/hall-a.png', width: 1600, height: 1000 })
  })

  it('when the plan has priced booths, then its currency stays', async () => {
    const hall = await addHall('A')
    await addBooth(hall.id, 'B12', 0)
    const refused = await staff(manager, 'saveHall', { exhibitionId: bangkok, label: 'B', width: 300, depth: 200, currency: 'EUR' }).expect(400)
    expect(refused.body.data.fields).toEqual({ currency: 'console:errors.planCurrencyFixed' })
    expect((await editor()).halls.map((each) => each.label)).toEqual(['A'])
  })
})

describe('exhibitor$floorPlan', () => {
  it('when a visitor reads the plan, then booths come without prices, the sold one with its exhibitor, blocked ones as blocked', async () => {
    const acme = await addExhibitor(bangkok, 'Acme Markets', 'acme-markets')
    const hall = await addHall('A')
    const b12 = await addBooth(hall.id, 'B12', 0)
    await addBooth(hall.id, 'B13', 30)
    await staff(manager, 'assignBooth', { exhibitionId: bangkok, id: b12.id, version: b12.version, exhibitorId: acme }).expect(200)
    const token = await visitorToken(app)
    const answer = await call(app, 'exhibitor$floorPlan', { exhibitionId: bangkok }, { token }).expect(200)
    expect(answer.body.data.halls).toEqual([
      {
        id: hall.id,
        label: 'A',
        width: 300,
        depth: 200,
        background: null,
        booths: [
          {
            number: 'B12',
            x: 0,
            y: 0,
            w: 30,
            h: 30,
            type: 'shell',
            state: 'taken',
            exhibitor: { slug: 'acme-markets', name: 'Acme Markets', textLocale: 'en' },
          },
          { number: 'B13', x: 30, y: 0, w: 30, h: 30, type: 'shell', state: 'free', exhibitor: null },
        ],
      },
    ])
    await db.query('update exhibitions set published = false where id = $1', [bangkok])
    await call(app, 'exhibitor$floorPlan', { exhibitionId: bangkok }, { token }).expect(404)
  })
})

describe('the directory page', () => {
  it('when a booth is sold, then the cached directory is dropped and the plan links it; ?booth= marks it and says so', async () => {
    const acme = await addExhibitor(bangkok, 'Acme Markets', 'acme-markets')
    const hall = await addHall('A')
    const b12 = await addBooth(hall.id, 'B12', 0)
    const path = `/en/backDetail/${bangkok}/exhibitors`
    const first = await request(app).get(path).expect(200)
    expect(first.text).toContain('Booth B12: free')
    await pageCache.idle()
    expect((await request(app).get(path)).headers['x-page-cache']).toBe('hit')

    await staff(manager, 'assignBooth', { exhibitionId: bangkok, id: b12.id, version: b12.version, exhibitorId: acme }).expect(200)
    const after = await request(app).get(path).expect(200)
    expect(after.headers['x-page-cache']).toBeUndefined()
    expect(after.text).toMatch(/<a id="booth-B12" href="\/en\/backDetail\/\d+\/exhibitors\/acme-markets" aria-label="Booth B12: Acme Markets"/)
    const looking = await request(app).get(`${path}?booth=b12`).expect(200)
    expect(looking.text).toContain('You are looking for booth B12.')
    expect(looking.text).toMatch(/id="booth-B12"[^>]*aria-current="location"/)
    const missing = await request(app).get(`${path}?booth=Z99`).expect(200)
    expect(missing.text).toContain('There is no booth Z99 on this floor plan.')
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('at the same moment (PostgreSQL only: PGlite cannot race)', () => {
  it('when two managers place booths on the same floor at once, then one is placed and the other refused', async () => {
    const hall = await addHall('A')
    const other = await setUpMember(app, db, ['manager'])
    const answers = await Promise.all([staff(manager, 'saveBooth', boothBody(hall.id, 'B12', 0)), staff(other, 'saveBooth', boothBody(hall.id, 'B13', 15))])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
    expect(await boothCount()).toBe(1)
  })

  it('when two exhibitors are given one booth at once, then the second is refused as stale and the booth has one exhibitor', async () => {
    const acme = await addExhibitor(bangkok, 'Acme Markets', 'acme-markets')
    const zen = await addExhibitor(bangkok, 'Zen Brokers', 'zen-brokers')
    const hall = await addHall('A')
    const b12 = await addBooth(hall.id, 'B12', 0)
    const answers = await Promise.all(
      [acme, zen].map((exhibitorId) => staff(manager, 'assignBooth', { exhibitionId: bangkok, id: b12.id, version: b12.version, exhibitorId })),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect((await auditRows('console$assignBooth')).length).toBe(1)
  })
})
