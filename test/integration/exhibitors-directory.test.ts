import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { PageCache } from '../../server/http/page-cache.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { seedDemoContent } from '../../server/platform/seed.ts'
import type { Locale } from '../../shared/languages.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, call, visitorToken } from './applications-helpers.ts'
import { broker, directoryOf } from './search-helpers.ts'

/**
 * The exhibitor directory visitors read (docs/product.md#exhibitor-directory): the platform's
 * exhibitor$directory and exhibitor$page, and the two pages rendered on the server from them.
 */

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let platform: Platform
let pageCache: PageCache
let token: string

beforeAll(async () => {
  const made = await createTestApp()
  ;({ app, platform } = made)
  if (!made.pageCache) throw new Error('the test app runs without its page cache')
  pageCache = made.pageCache
})

beforeEach(async () => {
  await pageCache.idle()
  pageCache.clear()
  await resetDatabase(platform.db)
  token = await visitorToken(app)
})

type Texts = Partial<Record<Locale, { name: string; summary?: string; description?: string }>>

interface CompanyOptions {
  slug: string
  kind?: 'broker' | 'company' | 'platform'
  country?: string | null
  website?: string | null
  texts: Texts
  licences?: Array<{ regulator: string; number: string }>
}

/** A company with its texts and licences, as an accepted application and a saved profile leave it. */
async function addCompany(options: CompanyOptions): Promise<number> {
  const inserted = await platform.db.query<{ id: number }>(
    'insert into exhibitor_companies (slug, kind, country, website) values ($1, $2, $3, $4) returning id',
    [options.slug, options.kind ?? 'company', options.country ?? null, options.website ?? null],
  )
  const id = Number(inserted.rows[0]?.id)
  for (const [locale, text] of Object.entries(options.texts)) {
    await platform.db.query('insert into exhibitor_company_texts (company_id, locale, name, summary, description) values ($1, $2, $3, $4, $5)', [
      id,
      locale,
      text?.name,
      text?.summary ?? '',
      text?.description ?? '',
    ])
  }
  for (const [position, licence] of (options.licences ?? []).entries()) {
    await platform.db.query('insert into exhibitor_licences (company_id, position, regulator, number) values ($1, $2, $3, $4)', [
      id,
      position,
      licence.regulator,
      licence.number,
    ])
  }
  return id
}

async function exhibit(companyId: number, exhibitionId: number, status: 'active' | 'withdrawn' = 'active'): Promise<number> {
  const result = await platform.db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id, status) values ($1, $2, $3) returning id', [
    companyId,
    exhibitionId,
    status,
  ])
  return Number(result.rows[0]?.id)
}

async function directory(body: object, locale = 'en') {
  const response = await call(app, 'exhibitor$directory', body, { token, locale })
  return { status: response.status, code: response.body.ErrorCode as number, data: response.body.data }
}

async function page(body: object, locale = 'en') {
  const response = await call(app, 'exhibitor$page', body, { token, locale })
  return { status: response.status, code: response.body.ErrorCode as number, data: response.body.data }
}

const names = (data: { items: Array<{ name: string }> }) => data.items.map((item) => item.name)

/** Three exhibitors of one exhibition (one withdrawn) and one of another. */
async function fairWithExhibitors() {
  const expo = await addExhibition(platform.db)
  const other = await addExhibition(platform.db)
  const harbour = await addCompany({
    slug: 'harbour-markets',
    kind: 'broker',
    country: 'GB',
    website: 'https://harbour.example',
    texts: {
      en: { name: 'Harbour Markets', summary: 'Forex broker.', description: 'First paragraph.\n\nSecond paragraph.' },
      'zh-cn': { name: '港湾市场', summary: '外汇经纪商。', description: '第一段。' },
    },
    licences: [{ regulator: 'FCA', number: 'DEMO-1' }],
  })
  const kite = await addCompany({ slug: 'kite-charts', kind: 'platform', country: 'SG', texts: { en: { name: 'Kite Charts', summary: 'Charting.' } } })
  const gone = await addCompany({ slug: 'gone-pay', kind: 'company', country: 'GB', texts: { en: { name: 'Gone Pay' } } })
  const elsewhere = await addCompany({ slug: 'elsewhere-fx', kind: 'broker', country: 'AU', texts: { en: { name: 'Elsewhere FX' } } })
  const harbourAt = await exhibit(harbour, expo)
  await exhibit(kite, expo)
  await exhibit(gone, expo, 'withdrawn')
  await exhibit(elsewhere, other)
  return { expo, other, harbour, harbourAt }
}

describe('exhibitor$directory', () => {
  it('when searched, then names in any language match, case aside; withdrawn exhibitors never show', async () => {
    const { expo } = await fairWithExhibitors()
    const all = await directory({ exhibitionId: expo })
    expect(all.code).toBe(200)
    expect(names(all.data)).toEqual(['Harbour Markets', 'Kite Charts'])
    expect(all.data.total).toBe(2)
    expect(all.data.kinds).toEqual(['broker', 'platform'])
    expect(all.data.countries).toEqual(['GB', 'SG'])
    expect(names((await directory({ exhibitionId: expo, search: 'harb' })).data)).toEqual(['Harbour Markets'])
    // A Chinese name finds the company on an English page, which shows its English name.
    expect(names((await directory({ exhibitionId: expo, search: '港湾' })).data)).toEqual(['Harbour Markets'])
    expect(names((await directory({ exhibitionId: expo, search: '港湾' }, 'zh-cn')).data)).toEqual(['港湾市场'])
    expect(names((await directory({ exhibitionId: expo, search: 'gone' })).data)).toEqual([])
  })

  it('when read in Chinese, then Chinese names come in pinyin or stroke order before Latin ones; in English, alphabetically with numbers as numbers', async () => {
    const expo = await addExhibition(platform.db)
    const companies = [
      { slug: 'zhang-tech', texts: { en: { name: 'Zhang Tech' }, 'zh-cn': { name: '张三科技' }, 'zh-tw': { name: '張三科技' } } },
      { slug: 'ali-finance', texts: { en: { name: 'Ali Finance' }, 'zh-cn': { name: '阿里金融' }, 'zh-tw': { name: '阿里金融' } } },
      { slug: 'beta-pay', texts: { en: { name: 'Beta Pay' } } },
      { slug: 'polaris', texts: { en: { name: 'Polaris 10' }, 'zh-cn': { name: '北极星' }, 'zh-tw': { name: '北極星' } } },
      { slug: 'polaris-2', texts: { en: { name: 'Polaris 2' } } },
    ]
    for (const company of companies) await exhibit(await addCompany(company), expo)
    expect(names((await directory({ exhibitionId: expo }, 'zh-cn')).data)).toEqual(['阿里金融', '北极星', '张三科技', 'Beta Pay', 'Polaris 2'])
    expect(names((await directory({ exhibitionId: expo }, 'zh-tw')).data)).toEqual(['北極星', '阿里金融', '張三科技', 'Beta Pay', 'Polaris 2'])
    expect(names((await directory({ exhibitionId: expo }, 'en')).data)).toEqual(['Ali Finance', 'Beta Pay', 'Polaris 2', 'Polaris 10', 'Zhang Tech'])
  })

  it('when filtered by kind or country, then only those; the choices stay every kind and country of the exhibition', async () => {
    const { expo } = await fairWithExhibitors()
    const brokers = await directory({ exhibitionId: expo, kind: 'broker' })
    expect(names(brokers.data)).toEqual(['Harbour Markets'])
    expect(brokers.data.kinds).toEqual(['broker', 'platform'])
    expect(names((await directory({ exhibitionId: expo, country: 'SG' })).data)).toEqual(['Kite Charts'])
    expect(names((await directory({ exhibitionId: expo, kind: 'platform', country: 'GB' })).data)).toEqual([])
    expect((await directory({ exhibitionId: expo, country: 'gb' })).code).toBe(400)
  })

  it('when the exhibition is unknown or not published, then 404', async () => {
    const hidden = await addExhibition(platform.db, { published: false })
    const company = await addCompany({ slug: 'hidden-co', texts: { en: { name: 'Hidden Co' } } })
    await exhibit(company, hidden)
    expect((await directory({ exhibitionId: hidden })).code).toBe(404)
    expect((await directory({ exhibitionId: 987654 })).code).toBe(404)
    expect((await page({ exhibitionId: hidden, slug: 'hidden-co' })).code).toBe(404)
    expect((await request(app).get(`/en/backDetail/${hidden}/exhibitors`)).status).toBe(404)
    expect((await request(app).get(`/en/backDetail/${hidden}/exhibitors/hidden-co`)).status).toBe(404)
  })
})

describe('exhibitor$page', () => {
  it('when the slug is unknown, belongs to another exhibition’s exhibitor or to a withdrawn one, then 404', async () => {
    const { expo, other } = await fairWithExhibitors()
    expect((await page({ exhibitionId: expo, slug: 'harbour-markets' })).code).toBe(200)
    expect((await page({ exhibitionId: expo, slug: 'nobody' })).code).toBe(404)
    expect((await page({ exhibitionId: expo, slug: 'elsewhere-fx' })).code).toBe(404)
    expect((await page({ exhibitionId: other, slug: 'elsewhere-fx' })).code).toBe(200)
    expect((await page({ exhibitionId: expo, slug: 'gone-pay' })).code).toBe(404)
    for (const path of [
      `/en/backDetail/${expo}/exhibitors/nobody`,
      `/en/backDetail/${expo}/exhibitors/elsewhere-fx`,
      `/en/backDetail/${expo}/exhibitors/Bad_Slug`,
    ]) {
      expect((await request(app).get(path)).status, path).toBe(404)
    }
  })

  it('when the profile is not written in the language asked, then the fallback chain gives it and the page says which language it shows; the answer lists the languages it is written in', async () => {
    const { expo } = await fairWithExhibitors()
    const chinese = await page({ exhibitionId: expo, slug: 'harbour-markets' }, 'zh-tw')
    expect(chinese.data.exhibitor).toMatchObject({ name: '港湾市场', textLocale: 'zh-cn', locales: ['en', 'zh-cn'] })
    const japanese = await page({ exhibitionId: expo, slug: 'harbour-markets' }, 'ja')
    expect(japanese.data.exhibitor).toMatchObject({ name: 'Harbour Markets', textLocale: 'en', licences: [{ regulator: 'FCA', number: 'DEMO-1' }] })

    const html = (await request(app).get(`/ja/backDetail/${expo}/exhibitors/harbour-markets`)).text
    expect(html).toContain('このプロフィールはお使いの言語では書かれていないため、English')
    expect(html).toMatch(/<h1[^>]*lang="en"[^>]*>Harbour Markets<\/h1>/)
    const own = (await request(app).get(`/zh-cn/backDetail/${expo}/exhibitors/harbour-markets`)).text
    expect(own).not.toContain('此简介未提供您所用语言的版本')
  })
})

describe('licences and broker search', () => {
  it('when a licence an exhibitor states is held by a broker in the directory, then the page links its profile; a licence the directory lists as cloned, or no profile, links nothing', async () => {
    const expo = await addExhibition(platform.db)
    const licence = (regulator: string, licenceNo: string, status: 'regulated' | 'clone') => ({
      regulator,
      licenceNo,
      licenceType: 'retailForex' as const,
      status,
    })
    await directoryOf(platform.db, platform, [
      broker({ code: 'B1', nameEn: 'Holder Markets', traderCode: 'holder001', licences: [licence('FCA', '123456', 'regulated')] }),
      broker({ code: 'B2', nameEn: 'Copycat Markets', traderCode: 'copycat02', licences: [licence('CYSEC', '318/19', 'clone')] }),
      broker({ code: 'B3', nameEn: 'Profileless Markets', traderCode: null, licences: [licence('ASIC', '777', 'regulated')] }),
    ])
    const company = await addCompany({
      slug: 'licensed-fx',
      kind: 'broker',
      texts: { en: { name: 'Licensed FX' } },
      licences: [
        { regulator: 'fca', number: '123 456' },
        { regulator: 'CYSEC', number: '318/19' },
        { regulator: 'ASIC', number: '777' },
        { regulator: 'FCA', number: '999999' },
      ],
    })
    await exhibit(company, expo)
    const answer = await page({ exhibitionId: expo, slug: 'licensed-fx' })
    expect(answer.data.exhibitor.licences).toEqual([
      { regulator: 'fca', number: '123 456', traderCode: 'holder001' },
      { regulator: 'CYSEC', number: '318/19', traderCode: null },
      { regulator: 'ASIC', number: '777', traderCode: null },
      { regulator: 'FCA', number: '999999', traderCode: null },
    ])
    const html = (await request(app).get(`/en/backDetail/${expo}/exhibitors/licensed-fx`)).text
    expect(html).toContain('href="/en/dealer/holder001.html"')
    expect(html).toContain('Holder of this fca licence in broker search')
    expect(html).not.toContain('copycat02')
  })
})

describe('the directory and exhibitor pages (server-rendered)', () => {
  it('when an exhibitor wrote markup in its description, then both pages show it as text, paragraphs kept, with the Organization for search engines', async () => {
    const { expo, harbour } = await fairWithExhibitors()
    await platform.db.query("update exhibitor_company_texts set description = $2 where company_id = $1 and locale = 'en'", [
      harbour,
      'We trade <script>alert(1)</script> & more.\n\n<b>Bold</b> claims.',
    ])
    const profile = await request(app).get(`/en/backDetail/${expo}/exhibitors/harbour-markets`)
    expect(profile.status).toBe(200)
    expect(profile.text).not.toContain('<script>alert(1)')
    expect(profile.text).not.toContain('<b>Bold</b>')
    expect(profile.text).toContain('<p>We trade &lt;script&gt;alert(1)&lt;/script&gt; &amp; more.</p>')
    expect(profile.text).toContain('<p>&lt;b&gt;Bold&lt;/b&gt; claims.</p>')
    const ld = [...profile.text.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1] as string))
    const organization = ld.find((entry) => entry['@type'] === 'Organization' && entry.name === 'Harbour Markets')
    expect(organization).toMatchObject({
      url: `http://localhost:3000/en/backDetail/${expo}/exhibitors/harbour-markets`,
      sameAs: ['https://harbour.example'],
      description: 'We trade <script>alert(1)</script> & more.\n\n<b>Bold</b> claims.',
    })
    expect(profile.text).toMatch(/<a href="https:\/\/harbour\.example" target="_blank" rel="nofollow noopener"/)
    expect(profile.text).toContain('DEMO-1')
    expect(profile.text).toContain(`href="/en/backDetail/${expo}/exhibitors"`)
    expect(profile.text).not.toContain('Verified channels')

    // A channel the organiser's verifier vouches for is listed with its last day (docs/product.md#exhibitor-channels).
    const until = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10)
    await platform.db.query(
      `insert into verification_channels (kind, lookup_key, display, purpose, official_since, public, note, exhibitor_company_id, valid_until)
       values ('telegram', 'harboursupport', '@HarbourSupport', 'support', '2026-01-05', true, '', $1, $2)`,
      [harbour, until],
    )
    platform.contentChanged({ scope: 'verification' })
    const withChannel = (await request(app).get(`/en/backDetail/${expo}/exhibitors/harbour-markets`)).text
    expect(withChannel).toContain('Verified channels')
    expect(withChannel).toContain('@HarbourSupport')
    const day = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${until}T00:00:00Z`))
    expect(withChannel).toContain(`verified by ${platform.config.BRAND_NAME} until ${day}`)

    const list = await request(app).get(`/en/backDetail/${expo}/exhibitors?q=harb&utm_source=mail`)
    expect(list.status).toBe(200)
    expect(list.text).toContain(`href="/en/backDetail/${expo}/exhibitors/harbour-markets"`)
    expect(list.text).not.toContain('Kite Charts')
    expect(list.text).toContain(`href="/en/backDetail/${expo}"`)
    // A search sent without JavaScript comes back filled in, with the way back to everything.
    expect(list.text).toMatch(/<input[^>]*name="q"[^>]*value="harb"/)
    expect(list.text).toContain('Clear filters')

    // A query the directory cannot take is no error: too long is cut, a control character matches nothing, an unknown filter is none.
    for (const query of [`q=${'x'.repeat(300)}`, `q=${'😀'.repeat(120)}`, 'q=a%00b', 'kind=bogus&country=zz1']) {
      expect((await request(app).get(`/en/backDetail/${expo}/exhibitors?${query}`)).status, query).toBe(200)
    }
    expect((await request(app).get(`/en/backDetail/${expo}/exhibitors?kind=bogus`)).text).toContain('Kite Charts')

    const nothing = await request(app).get(`/zh-cn/backDetail/${expo}/exhibitors?q=${encodeURIComponent('不存在')}`)
    expect(nothing.status).toBe(200)
    expect(nothing.text).toContain('没有符合搜索条件的参展商。')
  })

  it('when an exhibition has no exhibitors yet, then its directory says so and its page has no way in; with exhibitors it has', async () => {
    const empty = await addExhibition(platform.db)
    const list = await request(app).get(`/en/backDetail/${empty}/exhibitors`)
    expect(list.status).toBe(200)
    expect(list.text).toContain('No exhibitors have been announced yet.')
    expect((await request(app).get(`/en/backDetail/${empty}`)).text).not.toContain(`/en/backDetail/${empty}/exhibitors`)
    const { expo } = await fairWithExhibitors()
    const detail = (await request(app).get(`/en/backDetail/${expo}`)).text
    expect(detail).toContain('Exhibitor directory')
    expect(detail).toContain(`href="/en/backDetail/${expo}/exhibitors"`)
    expect(detail).toContain(`href="/en/backDetail/${expo}/exhibitors/harbour-markets"`)
  })

  it('when the sitemap is asked, then it lists each directory and the active exhibitors’ pages of published exhibitions, nothing else', async () => {
    const { expo, other } = await fairWithExhibitors()
    const hidden = await addExhibition(platform.db, { published: false })
    await exhibit(await addCompany({ slug: 'hidden-co', texts: { en: { name: 'Hidden Co' } } }), hidden)
    platform.contentChanged({ scope: 'exhibitors' })
    const sitemap = (await request(app).get('/sitemap.xml')).text
    for (const path of [`/backDetail/${expo}/exhibitors`, `/backDetail/${expo}/exhibitors/harbour-markets`, `/backDetail/${other}/exhibitors/elsewhere-fx`]) {
      expect(sitemap, path).toContain(`/en${path}<`)
    }
    for (const path of [`/backDetail/${expo}/exhibitors/gone-pay`, `/backDetail/${hidden}/exhibitors`, `/backDetail/${expo}/exhibitors/elsewhere-fx`]) {
      expect(sitemap, path).not.toContain(`/en${path}<`)
    }
  })

  it('when an admin saves the profile, then the cached pages are dropped and the next visitor sees the change', async () => {
    const { expo, harbour, harbourAt } = await fairWithExhibitors()
    const path = `/en/backDetail/${expo}/exhibitors/harbour-markets`
    const first = await request(app).get(path)
    expect(first.text).toContain('Forex broker.')
    await pageCache.idle()
    const second = await request(app).get(path)
    expect(second.headers['x-page-cache']).toBe('hit')

    const account = await platform.db.query<{ id: string }>("insert into accounts (email, nick) values ('admin@harbour.example', 'Admin') returning id")
    const accountId = account.rows[0]?.id as string
    await platform.db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [harbourAt, accountId])
    const version = (await platform.db.query<{ version: number }>('select version from exhibitor_companies where id = $1', [harbour])).rows[0]
      ?.version as number
    await platform.services.exhibitors.saveProfile(
      accountId,
      {
        exhibitorId: harbourAt,
        version,
        kind: 'broker',
        country: 'GB',
        website: 'https://harbour.example',
        texts: { en: { name: 'Harbour Markets', summary: 'Now with metals.', description: 'New text.' } },
        licences: [{ regulator: 'FCA', number: 'DEMO-1' }],
      },
      'en',
    )
    const third = await request(app).get(path)
    expect(third.headers['x-page-cache']).toBeUndefined()
    expect(third.text).toContain('Now with metals.')
    expect(third.text).not.toContain('Forex broker.')
  })
})

describe('the demo exhibitors', () => {
  it('when the demo is seeded, then 40 and more fictional exhibitors stand at the coming exhibitions, marked demo, in several languages, none a real channel', async () => {
    await seedDemoContent(platform)
    const byExhibition = await platform.db.query<{ slug: string; n: number }>(
      `select e.slug, count(*)::int as n from exhibitors x join exhibitions e on e.id = x.exhibition_id
       where x.status = 'active' and x.demo group by e.slug order by e.slug`,
    )
    expect(byExhibition.rows.map((row) => row.slug)).toEqual(['bangkok-2027', 'london-2027', 'manila-2027'])
    expect(byExhibition.rows.reduce((sum, row) => sum + row.n, 0)).toBeGreaterThanOrEqual(40)
    const companies = await platform.db.query<{ website: string; kind: string; country: string; demo: boolean }>(
      'select website, kind, country, demo from exhibitor_companies',
    )
    expect(companies.rows.every((row) => row.demo && new URL(row.website).hostname.endsWith('.example'))).toBe(true)
    expect(new Set(companies.rows.map((row) => row.kind))).toEqual(new Set(['broker', 'company', 'platform']))
    expect(new Set(companies.rows.map((row) => row.country)).size).toBeGreaterThan(10)
    const licences = await platform.db.query<{ number: string }>('select number from exhibitor_licences')
    expect(licences.rows.length).toBeGreaterThan(5)
    expect(licences.rows.every((row) => row.number.startsWith('DEMO-'))).toBe(true)
    const languages = await platform.db.query<{ locale: string; n: number }>('select locale, count(*)::int as n from exhibitor_company_texts group by locale')
    const count = Object.fromEntries(languages.rows.map((row) => [row.locale, row.n]))
    expect(count.en).toBe(companies.rows.length)
    for (const locale of ['zh-cn', 'ja', 'es']) expect(count[locale], locale).toBeGreaterThanOrEqual(4)

    // The pages say they are fictional.
    const bangkok = (await platform.db.query<{ id: number }>("select id from exhibitions where slug = 'bangkok-2027'")).rows[0]?.id
    const list = await request(app).get(`/en/backDetail/${bangkok}/exhibitors`)
    expect(list.text).toContain('the companies listed here are fictional')
    const profile = await request(app).get(`/zh-cn/backDetail/${bangkok}/exhibitors/harbourline-markets`)
    expect(profile.status).toBe(200)
    expect(profile.text).toContain('港线市场')
    expect(profile.text).toContain('演示简介')
  })
})
