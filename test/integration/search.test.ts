import request from 'supertest'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { demoBrokers } from '../../server/platform/search/seed.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { broker, cv3, directoryOf, get, marked, seedDemo, visitorToken } from './search-helpers.ts'
import { hasUnstorableControl } from '../../shared/rules/text.ts'

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let db: Database
let platform: Platform
let token: string

const demo = demoBrokers()
const named = (nameEn: string) => demo.find((candidate) => candidate.nameEn === nameEn)

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
  token = await visitorToken(app)
  await resetDatabase(db)
  await seedDemo(db, platform)
})

const dropdown = (content: unknown, options: { locale?: string; type?: string } = {}) =>
  cv3(
    app,
    'home$dropdown',
    { content, project: 'expo', ...(options.type ? { type: options.type } : {}) },
    { token, ...(options.locale ? { locale: options.locale } : {}) },
  )

describe('home$dropdown: suggestions (docs/product.md#search-box)', () => {
  it('when a prefix of a broker is typed, then matching brokers come with icon, highlighted name, label and colour', async () => {
    const response = await dropdown('aldm')
    expect(response.status).toBe(200)
    expect(response.body).toMatchObject({ succeed: true, ErrorCode: 200 })
    const items = response.body.data as Array<Record<string, unknown>>
    expect(items.length).toBeGreaterThan(0)
    expect(items.length).toBeLessThanOrEqual(10)
    for (const item of items) {
      expect(item).toEqual({
        code: expect.stringMatching(/^B\d{6}$/),
        name: expect.stringMatching(/^Aldmoor/),
        showname: expect.arrayContaining([{ text: 'Aldm', highlighted: true }]),
        ico: expect.stringMatching(/^\/demo\/brokers\/b\d{6}\.svg$/),
        traderCode: expect.toBeOneOf([null, expect.stringMatching(/^\d{10}$/)]),
        annotation: expect.any(String),
        color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      })
    }
  })

  it('when the same text is typed in another case or in full-width letters, then the answer is the same', async () => {
    const plain = (await dropdown('aldmoor')).body.data
    expect((await dropdown('ALDMOOR')).body.data).toEqual(plain)
    const wide = (await dropdown('ＡＬＤＭＯＯＲ')).body.data as Array<{ showname: Array<{ text: string; highlighted: boolean }> }>
    expect(wide.map((item) => item.showname)).toEqual(plain.map((item: { showname: unknown }) => item.showname))
  })

  it('when Chinese is typed, then Simplified and Traditional find the same brokers, named in the page language', async () => {
    const simplified = (await dropdown('资本', { locale: 'zh-cn' })).body.data as Array<{ code: string; name: string; showname: never }>
    const traditional = (await dropdown('資本', { locale: 'zh-tw' })).body.data as Array<{ code: string; name: string; showname: never }>
    expect(simplified.length).toBeGreaterThan(0)
    expect(traditional.map((item) => item.code)).toEqual(simplified.map((item) => item.code))
    const first = demo.find((candidate) => candidate.code === simplified[0]?.code)
    expect(simplified[0]?.name).toBe(first?.nameHans)
    expect(traditional[0]?.name).toBe(first?.nameHant)
    expect(marked(traditional[0]?.showname ?? [])).toContain('[資本]')
  })

  it('when Chinese is typed on the English site, then the Chinese name that matched is shown marked', async () => {
    const items = (await dropdown('金龙', { locale: 'en' })).body.data as Array<{ name: string; showname: never }>
    expect(items.length).toBeGreaterThan(0)
    expect(items[0]?.name).toMatch(/^Jinlong/)
    expect(marked(items[0]?.showname ?? [])).toMatch(/^\[金龙\]/)
  })

  it('when a small typo is made, then the broker is still found and the closest part is marked', async () => {
    const items = (await dropdown('aldmor')).body.data as Array<{ name: string; showname: never }>
    expect(items.length).toBeGreaterThan(0)
    expect(items.every((item) => item.name.startsWith('Aldmoor'))).toBe(true)
    expect(marked(items[0]?.showname ?? [])).toMatch(/^\[Aldmoor\]/)
    const transposed = (await dropdown('Brigthwell')).body.data as Array<{ name: string }>
    expect(transposed.map((item) => item.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^Brightwell/)]))
  })

  it('when a code or a profile code is typed, then that broker comes first', async () => {
    const target = demo.find((candidate) => candidate.traderCode) as (typeof demo)[number]
    expect(((await dropdown(target.code)).body.data as Array<{ code: string }>)[0]?.code).toBe(target.code)
    expect(((await dropdown(target.traderCode as string)).body.data as Array<{ code: string }>)[0]?.code).toBe(target.code)
  })

  it('when an alias is typed, then the broker is found through it', async () => {
    const target = demo.find((candidate) => candidate.aliases.some((alias) => /^[A-Z]{3,}$/.test(alias))) as (typeof demo)[number]
    const acronym = target.aliases.find((alias) => /^[A-Z]{3,}$/.test(alias)) as string
    const items = (await dropdown(acronym.toLowerCase())).body.data as Array<{ code: string; showname: never }>
    expect(items.map((item) => item.code)).toContain(target.code)
  })

  it('when only brokers with a profile are asked for, then none without a trader code comes back', async () => {
    const all = (await dropdown('a')).body.data as Array<{ traderCode: string | null }>
    const traders = (await dropdown('a', { type: 'trader' })).body.data as Array<{ traderCode: string | null }>
    expect(traders.length).toBeGreaterThan(0)
    expect(traders.every((item) => item.traderCode)).toBe(true)
    expect(all.length).toBeGreaterThanOrEqual(traders.length)
  })

  it('when the text is longer than 30 characters, then only its first 30 are searched (docs/product.md#search-input)', async () => {
    const long = demo.find((candidate) => [...candidate.nameEn].length > 32) as (typeof demo)[number]
    const first30 = [...long.nameEn].slice(0, 30).join('')
    const response = await dropdown(`${long.nameEn}XYZXYZ`)
    expect(response.status).toBe(200)
    const items = response.body.data as Array<{ code: string; showname: Array<{ text: string; highlighted: boolean }> }>
    expect(items[0]?.code).toBe(long.code)
    expect(items[0]?.showname.find((segment) => segment.highlighted)?.text).toBe(first30.trim())
    // The cut happens before the search: the same 30 characters answer the same.
    expect((await dropdown(first30)).body.data).toEqual(items)
  })

  it('when the text is empty or only spaces and punctuation, then no suggestion comes back', async () => {
    expect((await dropdown('')).body.data).toEqual([])
    expect((await dropdown('   ')).body.data).toEqual([])
    expect((await dropdown('%_*')).body.data).toEqual([])
  })

  it('when the payload is wrong, then 400 with the field, never 500', async () => {
    const wrongType = await dropdown(42)
    expect(wrongType.status).toBe(400)
    expect(wrongType.body).toMatchObject({ ErrorCode: 400, message: 'errors.invalid', data: { fields: { content: 'errors.invalid' } } })
    const badKind = await cv3(app, 'home$dropdown', { content: 'a', type: 'everything' }, { token })
    expect(badKind.body.data.fields).toEqual({ type: 'errors.invalid' })
    const huge = await dropdown('a'.repeat(5000))
    expect(huge.status).toBe(400)
    expect(huge.body.data.fields).toEqual({ content: 'errors.tooLong' })
  })

  it('when the function name is unknown, then 404 errors.unknownFunction', async () => {
    const response = await cv3(app, 'search$nothing', {}, { token })
    expect(response.status).toBe(404)
    expect(response.body.message).toBe('errors.unknownFunction')
  })

  it('when no token is sent, then 401', async () => {
    const response = await request(app).post('/gateway/cv3').set('Routes', 'home$dropdown').send({ content: 'a' })
    expect(response.status).toBe(401)
  })
})

describe('hostile input', () => {
  const hostile = [
    "' OR 1=1 --",
    "'; drop table search_brokers; --",
    '%',
    '_%_',
    '\\',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '"><svg onload=alert(1)>',
    '\u0000\u0001\u001f',
    '\ud800abc',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
    '${7*7}{{7*7}}',
    'a'.repeat(30),
    '🙂🙂🙂',
    'Ꭺldmoor',
  ]
  it('when SQL metacharacters, markup or broken characters are typed, then every function answers normally; control characters get 400 naming the field', async () => {
    for (const content of hostile) {
      // NUL and the other C0 controls are refused before any function runs (docs/product.md#text-input).
      const expected = hasUnstorableControl(content) ? 400 : 200
      for (const route of ['home$dropdown', 'search$checkpinzhuan', 'search$statisticsHotSearch', 'home$rankinghomeClient', 'search$results']) {
        const body = route === 'search$results' ? { keyword: content } : { content }
        const response = await cv3(app, route, body, { token })
        expect(response.status, `${route} ${JSON.stringify(content)}`).toBe(expected)
      }
      expect((await get(app, 'dropdown', { content })).status).toBe(expected)
    }
    const count = await db.query<{ n: number }>('select count(*)::int as n from search_brokers')
    expect(count.rows[0]?.n).toBe(300)
  })

  it('when markup matches nothing, then it is not echoed as a name; when a name holds it, it stays text', async () => {
    const results = await cv3(app, 'search$results', { keyword: '<script>alert(1)</script>' }, { token })
    expect(results.body.data.keyword).toBe('<script>alert(1)</script>')
    expect(results.body.data.items).toEqual([])
  })
})

describe('search$checkpinzhuan: brand-zone check (docs/product.md#search-box)', () => {
  it('when the keyword is a live brand-zone keyword, in any case or width, then adFlag is true', async () => {
    const ad = await db.query<{ keyword: string }>("select keyword from search_ad_keywords where keyword ~ '^[a-z ]+$' order by id limit 1")
    const keyword = ad.rows[0]?.keyword as string
    expect(keyword).toBeTruthy()
    for (const content of [keyword, keyword.toUpperCase(), `  ${keyword}  `]) {
      const response = await cv3(app, 'search$checkpinzhuan', { content, adPtn: '' }, { token })
      expect(response.body).toMatchObject({ ErrorCode: 200, data: { adFlag: true } })
    }
  })

  it('when the keyword is not one, or the campaign is over, then adFlag is false', async () => {
    expect((await cv3(app, 'search$checkpinzhuan', { content: 'Blackmere', adPtn: '' }, { token })).body.data).toEqual({ adFlag: false })
    const ad = await db.query<{ id: number; keyword: string }>('select id, keyword from search_ad_keywords order by id limit 1')
    await db.query("update search_ad_keywords set ends_at = now() - interval '1 minute', starts_at = now() - interval '2 days' where id = $1", [ad.rows[0]?.id])
    expect((await cv3(app, 'search$checkpinzhuan', { content: ad.rows[0]?.keyword, adPtn: '' }, { token })).body.data).toEqual({ adFlag: false })
    await db.query("update search_ad_keywords set ends_at = now() + interval '1 day' where id = $1", [ad.rows[0]?.id])
  })

  it('when the placement is given, then a keyword of another placement does not count', async () => {
    const ad = await db.query<{ id: number; keyword: string }>('select id, keyword from search_ad_keywords order by id limit 1')
    await db.query("update search_ad_keywords set placement = 'app-home' where id = $1", [ad.rows[0]?.id])
    expect((await cv3(app, 'search$checkpinzhuan', { content: ad.rows[0]?.keyword, adPtn: 'expo-header' }, { token })).body.data.adFlag).toBe(false)
    expect((await cv3(app, 'search$checkpinzhuan', { content: ad.rows[0]?.keyword, adPtn: 'app-home' }, { token })).body.data.adFlag).toBe(true)
    await db.query("update search_ad_keywords set placement = '' where id = $1", [ad.rows[0]?.id])
  })

  it('when content is missing or adPtn is malformed, then 400', async () => {
    expect((await cv3(app, 'search$checkpinzhuan', {}, { token })).body.data.fields).toEqual({ content: 'errors.invalid' })
    expect((await cv3(app, 'search$checkpinzhuan', { content: 'a', adPtn: '<x>' }, { token })).body.data.fields).toEqual({ adPtn: 'errors.invalid' })
  })
})

describe('home$rankinghomeClient: recommended brokers', () => {
  it('when asked with an empty text, then the eight recommended brokers come in their order', async () => {
    const response = await cv3(app, 'home$rankinghomeClient', { content: '', project: 'expo', type: 'recommended' }, { token })
    expect(response.status).toBe(200)
    const stored = await db.query<{ code: string }>(
      "select b.code from search_recommendations r join search_brokers b on b.id = r.broker_id where r.project = 'expo' order by r.position",
    )
    expect(response.body.data.map((item: { code: string }) => item.code)).toEqual(stored.rows.map((row) => row.code))
    expect(response.body.data).toHaveLength(8)
  })

  it('when the list type or project is malformed, then 400 with the field', async () => {
    expect((await cv3(app, 'home$rankinghomeClient', { type: 'everything' }, { token })).body.data.fields).toEqual({ type: 'errors.invalid' })
    expect((await cv3(app, 'home$rankinghomeClient', { project: '../x' }, { token })).body.data.fields).toEqual({ project: 'errors.invalid' })
  })

  it('when an unknown project asks, then it gets the site list; by rating, the best rated first', async () => {
    const other = await cv3(app, 'home$rankinghomeClient', { project: 'someone-else' }, { token })
    const own = await cv3(app, 'home$rankinghomeClient', { project: 'expo' }, { token })
    expect(other.body.data).toEqual(own.body.data)
    const rated = await cv3(app, 'home$rankinghomeClient', { type: 'rating' }, { token })
    const best = [...demo].sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.popularity - a.popularity)[0]
    expect(rated.body.data[0].code).toBe(best?.code)
  })
})

describe('GET endpoints', () => {
  it('when trader/dropdown-v1 is asked, then it answers like home$dropdown, without a token', async () => {
    const response = await get(app, 'dropdown', { content: 'aldm', limit: 3 })
    expect(response.status).toBe(200)
    expect(response.body.data).toHaveLength(3)
    expect(response.body.data).toEqual((await dropdown('aldm')).body.data.slice(0, 3))
    expect((await get(app, 'dropdown', { content: 'a', limit: 99 })).status).toBe(400)
  })

  it('when search/detail/switch-v1 is asked, then every feature is listed; a switched-off feature stops answering', async () => {
    const response = await get(app, 'searchSwitch', {})
    expect(response.body.data).toEqual({ hotSearch: true, recommendations: true, suggestions: true, typoTolerance: true, brandZone: true, statistics: true })
    await platform.services.search.setSwitch('suggestions', false)
    await platform.services.search.setSwitch('typoTolerance', false)
    try {
      expect((await get(app, 'searchSwitch', {})).body.data).toMatchObject({ suggestions: false, typoTolerance: false })
      expect((await dropdown('aldmoor')).body.data).toEqual([])
    } finally {
      await platform.services.search.setSwitch('suggestions', true)
    }
    expect((await dropdown('aldmor')).body.data).toEqual([])
    await platform.services.search.setSwitch('typoTolerance', true)
    expect((await dropdown('aldmor')).body.data.length).toBeGreaterThan(0)
  })

  it('when ranking/init-v1 is paged, then pages follow each other by rating, then popularity', async () => {
    const first = await get(app, 'ranking', { page: 1, pageSize: 20 })
    const second = await get(app, 'ranking', { page: 2, pageSize: 20 })
    expect(first.body.data).toMatchObject({ page: 1, pageSize: 20, total: 300, pages: 15 })
    const items = [...first.body.data.items, ...second.body.data.items] as Array<{ rank: number; rating: number | null; code: string }>
    expect(items.map((item) => item.rank)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1))
    const expected = [...demo]
      .sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.popularity - a.popularity)
      .slice(0, 40)
      .map((item) => item.code)
    expect(items.map((item) => item.code)).toEqual(expected)
    expect((await get(app, 'ranking', { page: 16 })).body.data.items).toEqual([])
    expect((await get(app, 'ranking', { page: 0 })).status).toBe(400)
    expect((await get(app, 'ranking', { pageSize: 'lots' })).status).toBe(400)
  })
})

describe('search$results: the full search', () => {
  it('when a broad keyword is searched, then pages hold different brokers and the count is given', async () => {
    const first = await cv3(app, 'search$results', { keyword: 'capital', page: 1, pageSize: 10 }, { token })
    const second = await cv3(app, 'search$results', { keyword: 'capital', page: 2, pageSize: 10 }, { token })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ keyword: 'capital', page: 1, pageSize: 10, capped: false })
    expect(first.body.data.total).toBeGreaterThan(10)
    const codes = [...first.body.data.items, ...second.body.data.items].map((item: { code: string }) => item.code)
    expect(new Set(codes).size).toBe(codes.length)
    expect(first.body.data.items[0]).toMatchObject({ label: expect.any(String), regulators: expect.any(Array) })
  })

  it('when the keyword is a brand-zone keyword, then the advertiser comes apart as the brand zone', async () => {
    const ad = await db.query<{ keyword: string; code: string }>(
      'select a.keyword, b.code from search_ad_keywords a join search_brokers b on b.id = a.broker_id order by a.id limit 1',
    )
    const response = await cv3(app, 'search$results', { keyword: ad.rows[0]?.keyword }, { token })
    expect(response.body.data.brandZone).toMatchObject({ code: ad.rows[0]?.code })
  })

  it('when the keyword is longer than 30 characters, then it is cut and the cut keyword comes back', async () => {
    const response = await cv3(app, 'search$results', { keyword: `  ${'x'.repeat(29)}yzzz  ` }, { token })
    expect(response.body.data.keyword).toBe(`${'x'.repeat(29)}y`)
  })

  it('when the page is beyond the last reachable one, then 400', async () => {
    expect((await cv3(app, 'search$results', { keyword: 'a', page: 21 }, { token })).status).toBe(400)
  })
})

describe('search$brokerProfile', () => {
  it('when a profile code is known, then names, label, rating, licences and warnings come back', async () => {
    const target = demo.find((candidate) => candidate.label === 'clone') as (typeof demo)[number]
    const response = await cv3(app, 'search$brokerProfile', { traderCode: target.traderCode }, { token, locale: 'zh-cn' })
    expect(response.status).toBe(200)
    expect(response.body.data).toMatchObject({
      code: target.code,
      traderCode: target.traderCode,
      name: target.nameHans,
      names: { en: target.nameEn, hans: target.nameHans, hant: target.nameHant },
      label: 'clone',
      annotation: '疑似套牌',
      rating: target.rating,
      licences: [expect.objectContaining({ status: 'clone', regulatorName: expect.any(String) })],
      warnings: expect.arrayContaining([expect.objectContaining({ kind: 'clone' })]),
    })
  })

  it('when the code is unknown, then 404 with the search message; when malformed, 400', async () => {
    const unknown = await cv3(app, 'search$brokerProfile', { traderCode: '9999999999' }, { token })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('search:errors.brokerNotFound')
    expect((await cv3(app, 'search$brokerProfile', { traderCode: '../etc/passwd' }, { token })).status).toBe(400)
  })
})

describe('ranking order: exact > prefix > contains > typo, then popularity', () => {
  it('when names match the query in each way, then they come in that order, most popular first within each', async () => {
    await resetDatabase(db)
    await directoryOf(db, platform, [
      broker({ code: 'N1', nameEn: 'Nowa Securities', popularity: 90_000 }),
      broker({ code: 'N2', nameEn: 'Blue Nova Trading', popularity: 50_000 }),
      broker({ code: 'N3', nameEn: 'Novacap Markets', popularity: 1_000 }),
      broker({ code: 'N4', nameEn: 'Nova', popularity: 10 }),
      broker({ code: 'N5', nameEn: 'Nova Prime', popularity: 2_000 }),
      broker({ code: 'N6', nameEn: 'Red Nova Capital', popularity: 70_000 }),
      broker({ code: 'N7', nameEn: 'Unrelated Markets', popularity: 999_999 }),
      broker({ code: 'N8', nameEn: 'Quill FX', aliases: ['Nova Alias'], popularity: 500 }),
    ])
    try {
      const items = (await dropdown('nova')).body.data as Array<{ code: string; showname: never }>
      expect(items.map((item) => item.code)).toEqual(['N4', 'N5', 'N3', 'N8', 'N6', 'N2', 'N1'])
      expect(items.map((item) => marked(item.showname))).toEqual([
        '[Nova]',
        '[Nova] Prime',
        '[Nova]cap Markets',
        '[Nova] Alias',
        'Red [Nova] Capital',
        'Blue [Nova] Trading',
        '[Nowa] Securities',
      ])
    } finally {
      await resetDatabase(db)
      await seedDemo(db, platform)
    }
  })
})

describe('broker names in the demo directory', () => {
  it('when looked up by a demo name, then the seeded broker is there', async () => {
    const target = named(demo[0]?.nameEn as string)
    const items = (await dropdown(target?.nameEn)).body.data as Array<{ code: string }>
    expect(items[0]?.code).toBe(target?.code)
  })
})
