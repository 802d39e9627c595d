import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import { demoBrokers } from '../../server/platform/search/seed.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { seedDemo } from './search-helpers.ts'

/** The search screens as the server renders them (docs/product.md#search-box): status codes, redirects and content. */
let app: Awaited<ReturnType<typeof createTestApp>>['app']
let external: Awaited<ReturnType<typeof createTestApp>>['app']

const demo = demoBrokers()
const profiled = demo.find((broker) => broker.traderCode) as (typeof demo)[number]

beforeAll(async () => {
  const own = await createTestApp()
  app = own.app
  await resetDatabase(own.db)
  await seedDemo(own.db, own.platform)
  external = (await createTestApp({ env: { BROKER_SITE_URL: 'https://brokers.example' } })).app
})

describe('search screens without a broker site', () => {
  it('when trader.html is asked for, then the first 20 brokers by rating are in the page; a page past the end is 404', async () => {
    const response = await request(app).get('/en/trader.html')
    expect(response.status).toBe(200)
    const best = [...demo].sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.popularity - a.popularity)
    expect(response.text).toContain(best[0]?.nameEn)
    expect(response.text).not.toContain(best[20]?.nameEn)
    expect((await request(app).get('/en/trader.html?page=2')).text).toContain(best[20]?.nameEn)
    expect((await request(app).get('/en/trader.html?page=16')).status).toBe(404)
    expect((await request(app).get('/en/trader.html?page=abc')).status).toBe(404)
  })

  it('when a profile is asked for, then the broker is shown in the page language; unknown or malformed codes are 404', async () => {
    const zh = await request(app).get(`/zh-cn/dealer/${profiled.traderCode}.html`)
    expect(zh.status).toBe(200)
    expect(zh.text).toContain(profiled.nameHans)
    expect((await request(app).get('/en/dealer/0000000001.html')).status).toBe(404)
    expect((await request(app).get(`/en/dealer/${profiled.traderCode}`)).status).toBe(404)
    expect((await request(app).get('/en/dealer/%3Cscript%3E.html')).status).toBe(404)
  })

  it('when search.html has a keyword, then results are in the page, the keyword escaped; markup never comes back as markup', async () => {
    const results = await request(app).get('/en/search.html?keyword=capital')
    expect(results.status).toBe(200)
    expect(results.text).toContain('Results for “capital”')
    expect(results.text).toContain('noindex')
    const hostile = await request(app).get(`/en/search.html?keyword=${encodeURIComponent('<script>alert(1)</script>')}`)
    expect(hostile.status).toBe(200)
    expect(hostile.text).not.toContain('<script>alert(1)</script>')
    expect(hostile.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect((await request(app).get('/en/search.html?keyword=capital&page=21')).status).toBe(404)
  })

  it('when the keyword is longer than 30 characters, then the page searches and shows its first 30', async () => {
    const response = await request(app).get(`/en/search.html?keyword=${'y'.repeat(29)}zABCDEF`)
    expect(response.text).toMatch(new RegExp(`<h1[^>]*>Results for “${'y'.repeat(29)}z”</h1>`))
    // The box holds the cut keyword too (the address keeps what was asked for).
    expect(response.text).toMatch(new RegExp(`role="combobox"[^>]*value="${'y'.repeat(29)}z"`))
  })
})

describe('search screens with a broker site (BROKER_SITE_URL)', () => {
  it('when a profile or the results page of this site is asked for, then it redirects to the broker site', async () => {
    const profile = await request(external).get(`/en/dealer/${profiled.traderCode}.html`)
    expect(profile.status).toBe(302)
    expect(profile.headers.location).toBe(`https://brokers.example/en/dealer/${profiled.traderCode}.html`)
    const results = await request(external).get(`/zh/search.html?keyword=${encodeURIComponent('環球 & Co')}`)
    expect(results.status).toBe(302)
    expect(results.headers.location).toBe('https://brokers.example/zh/search.html?keyword=%E7%92%B0%E7%90%83+%26+Co&SearchPosition=1')
  })
})

describe('sitemap', () => {
  it('when no broker site is configured, then every profile is in sitemap.xml; with one, none is', async () => {
    const own = await request(app).get('/sitemap.xml')
    expect(own.text).toContain(`/en/dealer/${profiled.traderCode}.html`)
    const unverified = demo.find((broker) => !broker.traderCode)
    expect(own.text).not.toContain(`/dealer/${unverified?.code}`)
    const theirs = await request(external).get('/sitemap.xml')
    expect(theirs.text).not.toContain('/dealer/')
  })
})
