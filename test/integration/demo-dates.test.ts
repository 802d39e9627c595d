import request from 'supertest'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { formatWrittenDates } from '../../server/content/written-dates.ts'
import { seedDemoContent } from '../../server/platform/seed.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { ENDPOINTS } from '../../shared/contracts/define.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'

/**
 * docs/product.md#demo-dates: the demo content is written for one day (content/demo/demo.json) and
 * seeding moves it to the day it is seeded, so the demo never expires. Only Date is faked: the
 * database and the timers keep running.
 */

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let platform: Platform

beforeAll(async () => {
  ;({ app, platform } = await createTestApp())
})

afterEach(() => {
  vi.useRealTimers()
})

interface Card {
  id: number
  title: string
  state: string
  startsAt: string
  ticketsOnSale: boolean
}

async function upcoming(token: string): Promise<Card[]> {
  const response = await request(app)
    .post(ENDPOINTS.expo.path)
    .set('Routes', 'expo$listExhibitions')
    .set('Authorization', `Bearer ${token}`)
    .set('LanguageCode', 'en')
    .send({ when: 'upcoming', pageSize: 48 })
  expect(response.body.ErrorCode, JSON.stringify(response.body)).toBe(200)
  return response.body.data.items as Card[]
}

describe('the demo content on any day', () => {
  for (const day of ['2027-06-01T08:00:00Z', '2030-09-01T08:00:00Z']) {
    it(`when the demo is seeded and visited on ${day.slice(0, 10)}, then exhibitions are coming with tickets on sale and the texts name their own year`, async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(day) })
      await resetDatabase(platform.db)
      await seedDemoContent(platform)

      const home = await request(app).get('/en')
      expect(home.status).toBe(200)
      expect(home.text).not.toContain('The next exhibitions will be announced soon.')
      expect(home.text).not.toContain('{{year')

      const token = (await request(app).post('/api/token')).body.access_token as string
      const cards = await upcoming(token)
      expect(cards.length).toBeGreaterThanOrEqual(3)
      const onSale = cards.filter((card) => card.state === 'signingUp')
      expect(onSale.length).toBeGreaterThan(0)
      for (const card of cards) {
        expect(new Date(card.startsAt).getTime()).toBeGreaterThan(Date.now())
        // "Bangkok Fintech & Brokerage Expo 2027" reads with the year it now takes place in.
        const year = /\b20\d\d\b/.exec(card.title)?.[0]
        if (year) expect(Number(year)).toBe(new Date(card.startsAt).getUTCFullYear())
      }
      for (const card of onSale) expect(card.ticketsOnSale).toBe(true)
    })
  }

  it('when the demo is seeded a few days after the day it was written for, then the order and the weekdays stay as written', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T10:00:00Z') })
    await resetDatabase(platform.db)
    await seedDemoContent(platform)
    const written = await platform.db.query<{ slug: string; starts_at: Date }>('select slug, starts_at from exhibitions order by starts_at')

    vi.setSystemTime(new Date('2029-03-14T10:00:00Z'))
    await resetDatabase(platform.db)
    await seedDemoContent(platform)
    const moved = await platform.db.query<{ slug: string; starts_at: Date }>('select slug, starts_at from exhibitions order by starts_at')

    expect(moved.rows.map((row) => row.slug)).toEqual(written.rows.map((row) => row.slug))
    // Whole days at the venue's wall clock: an hour more or less where summer time starts or ends between the two.
    const days = new Set(moved.rows.map((row, index) => Math.round((row.starts_at.getTime() - (written.rows[index]?.starts_at.getTime() ?? 0)) / 86_400_000)))
    expect(days.size).toBe(1)
    const [shift = 0] = days
    expect(shift % 7).toBe(0)
    expect(shift).toBeGreaterThan(0)
  })

  it('when the demo is seeded on 2027-06-01, then the dates written in its texts move with it and read as the exhibition’s own', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-06-01T08:00:00Z') })
    await resetDatabase(platform.db)
    await seedDemoContent(platform)

    const bangkok = (
      await platform.db.query<{ id: number; starts_at: Date; ends_at: Date; time_zone: string }>(
        "select id, starts_at, ends_at, time_zone from exhibitions where slug = 'bangkok-2027'",
      )
    ).rows[0]
    if (!bangkok) throw new Error('the demo has no bangkok-2027')
    const atVenue = (instant: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: bangkok.time_zone }).format(instant)
    const [from, to] = [atVenue(bangkok.starts_at), atVenue(bangkok.ends_at)]
    expect(from).not.toBe('2027-01-26')
    const article = (await platform.db.query<{ id: number }>("select id from news_articles where slug = 'bangkok-2027-tickets-open'")).rows[0]

    for (const [lang, locale] of [
      ['en', 'en'],
      ['zh-cn', 'zh-cn'],
    ] as const) {
      const written = formatWrittenDates(locale, from, to, 'day-month-year')
      const exhibitionPage = await request(app).get(`/${lang}/backDetail/${bangkok.id}`)
      expect(exhibitionPage.status).toBe(200)
      expect(exhibitionPage.text).toContain(written)
      const articlePage = await request(app).get(`/${lang}/exhibition/${article?.id}`)
      expect(articlePage.status).toBe(200)
      expect(articlePage.text).toContain(written)
      expect(articlePage.text).not.toMatch(/January|1月26日/)
    }

    // No placeholder is left in any text of any table the demo fills.
    const tables = await platform.db.query<{ table_name: string }>(
      "select distinct table_name from information_schema.columns where table_schema = current_schema() and data_type = 'text'",
    )
    for (const { table_name: table } of tables.rows) {
      const rows = await platform.db.query(`select * from "${table}"`)
      const text = JSON.stringify(rows.rows)
      expect(text, table).not.toMatch(/\{\{\s*(dates?|year)\b/)
    }
  })
})
