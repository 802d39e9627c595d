import { readFileSync } from 'node:fs'
import request from 'supertest'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { demoContentPresent, DEMO_TABLES } from '../../server/content/demo-marks.ts'
import { removeDemoContent } from '../../server/content/remove-demo.ts'
import { seedDemoContent } from '../../server/platform/seed.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { DEMO_DOCUMENTS, DEMO_TRC20 } from '../../server/platform/verification/seed.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { consoleCall, setMoment, setUpMember } from './console-helpers.ts'

/**
 * Demo content is marked where the seeder writes it (migration 0190): the verification check answers
 * it as demo, every page carries the banner while any is left, and `npm run content -- remove-demo`
 * takes it away, keeping what an organiser uses or changed (docs/decisions/0013-demo-content-and-going-live.md).
 */

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let platform: Platform
let nextAddress = 0

beforeAll(async () => {
  ;({ app, platform } = await createTestApp())
})

beforeEach(async () => {
  await resetDatabase(platform.db)
  await seedDemoContent(platform)
  await platform.demo.refresh()
})

const verdict = async (value: string) => {
  nextAddress += 1
  return (
    await platform.services.verification.verifyChannel(value, {
      ip: `10.90.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`,
      countryCode: '826',
      locale: 'en',
    })
  ).verdict
}

const organiserChannel = () =>
  platform.services.verification.addChannel({
    kind: 'email',
    value: 'press@organiser.example',
    purpose: 'media',
    since: '2026-01-05',
    public: true,
    note: 'ours',
  })

const count = async (table: string, where = 'true') =>
  (await platform.db.query<{ n: number }>(`select count(*)::int as n from ${table} where ${where}`)).rows[0]?.n

describe('the verification check on a site with demo content', () => {
  it('when a demo e-mail, wallet or document is checked, then it answers demo, never official', async () => {
    for (const value of [platform.config.CONTACT_EMAIL, platform.config.QA_EMAIL, DEMO_TRC20, '+44 20 7946 0000', '@aurumexpo']) {
      expect(await verdict(value), value).toBe('demo')
    }
    const document = await platform.services.verification.verifyDocument(DEMO_DOCUMENTS[0]?.sha256 as string, 1000)
    expect(document).toMatchObject({ verdict: 'demo', document: null })
  })

  it('when an organiser adds a channel beside the demo, then it answers official; re-adding a demo value makes it the organiser’s', async () => {
    await organiserChannel()
    expect(await verdict('press@organiser.example')).toBe('official')
    // The public list says which entries are the demo's.
    const listed = await platform.services.verification.publicChannels()
    expect(listed.find((channel) => channel.display === 'press@organiser.example')?.demo).toBe(false)
    expect(listed.find((channel) => channel.display === platform.config.QA_EMAIL)?.demo).toBe(true)
    await platform.services.verification.addChannel({
      kind: 'email',
      value: platform.config.CONTACT_EMAIL,
      purpose: 'general',
      since: '2026-01-05',
      public: true,
      note: 'ours now',
    })
    expect(await verdict(platform.config.CONTACT_EMAIL)).toBe('official')
    expect(await verdict(platform.config.QA_EMAIL)).toBe('demo')
  })

  it('when a value is unknown, then it stays unofficial', async () => {
    expect(await verdict('someone@elsewhere.example')).toBe('unofficial')
  })
})

describe('the demo banner', () => {
  it('when demo content is present, then every page says so; when it is removed, then no page does', async () => {
    expect(platform.demo.present()).toBe(true)
    for (const path of ['/en', '/zh-cn/verify.html']) {
      const page = await request(app).get(path)
      expect(page.status).toBe(200)
      expect(page.text).toContain('data-testid="demo-banner"')
    }
    await removeDemoContent(platform.db)
    platform.contentChanged({ scope: '*' })
    expect(await platform.demo.refresh()).toBe(false)
    const page = await request(app).get('/en')
    expect(page.text).not.toContain('data-testid="demo-banner"')
  })
})

describe('npm run content -- remove-demo', () => {
  it('when run, then exactly the demo goes, what an organiser added or changed stays, and a second run finds nothing', async () => {
    await organiserChannel()
    await platform.db.query(
      `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region)
       values ('organiser-expo', 'exhibition', now() + interval '30 days', now() + interval '32 days', 'Europe/London', 'London', 'GB', 'europe')`,
    )
    const [edited, used] = (await platform.db.query<{ id: number; slug: string }>('select id, slug from exhibitions where demo order by id limit 2')).rows
    await platform.db.query(`update exhibitions set city = 'Edited', updated_at = now() + interval '1 second' where id = $1`, [edited?.id])
    await platform.db.query(`insert into coupons (code, kind, percent_off, max_uses, exhibition_id) values ('OURS-10', 'percent', 10, 5, $1)`, [used?.id])
    const demoExhibitions = await count('exhibitions', 'demo')

    const first = await removeDemoContent(platform.db)
    expect(first.removed.exhibitions).toBe((demoExhibitions ?? 0) - 2)
    expect(first.removed.verification_channels).toBeGreaterThan(5)
    expect(first.removed.news_articles).toBeGreaterThan(10)
    // The demo exhibitors go before the exhibitions they stand at (their keys restrict), companies with them.
    expect(first.removed.exhibitors).toBeGreaterThanOrEqual(40)
    expect(first.removed.exhibitor_companies).toBeGreaterThanOrEqual(25)
    expect(first.kept.filter((item) => item.table === 'exhibitions')).toEqual([
      { table: 'exhibitions', id: edited?.id, name: edited?.slug, reason: 'changed' },
      { table: 'exhibitions', id: used?.id, name: used?.slug, reason: 'inUse' },
    ])
    for (const table of DEMO_TABLES) expect(await count(table, 'demo'), table).toBe(0)
    expect(await demoContentPresent(platform.db)).toBe(false)
    expect((await platform.db.query('select slug from exhibitions order by slug')).rows.map((row) => row.slug)).toEqual(
      ['organiser-expo', edited?.slug, used?.slug].sort(),
    )
    // The kept exhibitions keep their ticket types; the demo's site-wide coupons go.
    expect(await count('ticket_types', `exhibition_id = ${Number(used?.id)}`)).toBeGreaterThan(0)
    expect((await platform.db.query('select code from coupons')).rows).toEqual([{ code: 'OURS-10' }])
    expect(await count('search_brokers')).toBe(0)
    expect(await verdict('press@organiser.example')).toBe('official')
    expect(await verdict(platform.config.CONTACT_EMAIL)).toBe('unofficial')

    const second = await removeDemoContent(platform.db)
    expect(Object.values(second.removed).every((n) => n === 0)).toBe(true)
    expect(second.kept).toEqual([])
    // The demo is not seeded again on the next start.
    expect(await seedDemoContent(platform)).toEqual([])
  })
})

describe('migrations 0190, 0241 and 0260 on a database seeded before them', () => {
  it('when the marks are written afresh from seed_runs, then exactly the seeded rows are marked', async () => {
    await organiserChannel()
    const marked = async () => Object.fromEntries(await Promise.all(DEMO_TABLES.map(async (table) => [table, await count(table, 'demo')])))
    const bySeeder = await marked()
    for (const table of DEMO_TABLES) await platform.db.query(`update ${table} set demo = false`)
    const backfill = ['0190_demo_marks.sql', '0241_exhibitor_demo_marks.sql', '0260_floor_plans.sql'].flatMap((file) =>
      readFileSync(new URL(`../../server/db/migrations/${file}`, import.meta.url), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('update ')),
    )
    for (const statement of backfill) await platform.db.query(statement)
    expect(await marked()).toEqual(bySeeder)
    expect(await count('verification_channels', 'not demo')).toBe(1)
  })
})

describe('the owner\'s "before you go live" list (console$goingLive)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('when an owner asks, then each item is a tick, demo content unticked until it is removed; other roles are refused', async () => {
    setMoment('2027-06-02T10:00:00Z')
    const owner = await setUpMember(app, platform.db, ['owner'])
    const manager = await setUpMember(app, platform.db, ['manager', 'editor', 'support', 'verifier', 'checkin'])
    const list = async () => {
      const response = await consoleCall(app, 'goingLive', {}, { cookie: owner.cookie })
      expect(response.status, JSON.stringify(response.body)).toBe(200)
      return Object.fromEntries((response.body.data.items as Array<{ id: string; done: boolean }>).map((item) => [item.id, item.done]))
    }
    const before = await list()
    expect(Object.values(before).every((done) => typeof done === 'boolean')).toBe(true)
    // The test configuration is the demo's identity over plain http, without payments or mail.
    expect(before).toMatchObject({ brandName: false, contactEmail: false, demoContent: false, payments: false, mail: false, https: false })
    // The demo's legal identity issues invoices marked DEMO: not the organiser's own yet.
    expect(before.invoicing).toBe(false)
    await removeDemoContent(platform.db)
    expect((await list()).demoContent).toBe(true)
    expect((await consoleCall(app, 'goingLive', {}, { cookie: manager.cookie })).status).toBe(403)
  })
})
