import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { seedDemoContent } from '../../server/platform/seed.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'

/** Link previews (raster og:image, Open Graph locales) and structured data, as crawlers read them. */

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let db: Awaited<ReturnType<typeof createTestApp>>['db']
let dataDir: string
const ids = { exhibition: 0, article: 0, video: 0, broker: '' }

beforeAll(async () => {
  // The demo is written relative to the day it is seeded: one fixed day keeps ticket sales and states the same.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2027-06-01T08:00:00Z') })
  dataDir = mkdtempSync(join(tmpdir(), 'social-previews-'))
  const created = await createTestApp({ env: { DATA_DIR: dataDir, PAGE_CACHE: 'off' } })
  ;({ app, db } = created)
  await resetDatabase(db)
  await seedDemoContent(created.platform)
  const first = async (sql: string) => (await db.query<{ id: number | string }>(sql)).rows[0]?.id
  ids.exhibition = Number(
    await first(
      'select e.id from exhibitions e where e.cover_image is not null and exists (select 1 from ticket_types t where t.exhibition_id = e.id) order by e.starts_at desc limit 1',
    ),
  )
  ids.article = Number(await first('select id from news_articles where cover_image is not null order by id limit 1'))
  ids.video = Number(await first('select id from videos where poster_image is not null order by id limit 1'))
  ids.broker = String(await first('select trader_code as id from search_brokers where trader_code is not null order by trader_code limit 1'))
  // Seeding the whole demo takes most of a minute on a busy machine.
}, 180_000)

afterAll(() => {
  vi.useRealTimers()
  rmSync(dataDir, { recursive: true, force: true })
})

/** `content` of `<meta property=...>` (React writes `property` before `content`). */
const metas = (html: string, property: string) =>
  [...html.matchAll(new RegExp(`<meta (?:property|name)="${property.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`, 'g'))].map((match) => match[1] ?? '')
const meta = (html: string, property: string) => metas(html, property)[0]
const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
/** Every JSON-LD block of the page, parsed (a malformed one fails the test here). */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => JSON.parse(match[1] ?? '') as Record<string, unknown>)
const ofType = (blocks: Record<string, unknown>[], type: string) =>
  blocks
    .flatMap((block) => (Array.isArray(block['@graph']) ? (block['@graph'] as Record<string, unknown>[]) : [block]))
    .filter((block) => block['@type'] === type)

/** Width and height from a PNG's IHDR chunk (bytes 16-23), or from a JPEG's first SOF marker. */
function imageSize(bytes: Buffer): { type: string; width: number; height: number } {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { type: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
  }
  for (let offset = 2; offset < bytes.length - 9; ) {
    const marker = bytes[offset + 1] ?? 0
    if (marker >= 0xc0 && marker <= 0xc3) return { type: 'jpeg', width: bytes.readUInt16BE(offset + 7), height: bytes.readUInt16BE(offset + 5) }
    offset += 2 + bytes.readUInt16BE(offset + 2)
  }
  return { type: 'unknown', width: 0, height: 0 }
}

const binary = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = []
    res.on('data', (chunk: Buffer) => chunks.push(chunk))
    res.on('end', () => done(null, Buffer.concat(chunks)))
  })

const pages = {
  exhibition: (lang: string) => `/${lang}/backDetail/${ids.exhibition}`,
  article: (lang: string) => `/${lang}/exhibition/${ids.article}`,
  video: (lang: string) => `/${lang}/video.html?v=${ids.video}`,
}

describe('link previews', () => {
  for (const lang of ['en', 'zh-cn']) {
    for (const kind of ['exhibition', 'article', 'video'] as const) {
      it(`when the ${kind} page in ${lang} is shared, then og:image is a 1200×630 PNG of it that answers 200 and caches for a year`, async () => {
        const page = await request(app).get(pages[kind](lang))
        expect(page.status).toBe(200)
        const image = decode(meta(page.text, 'og:image') ?? '')
        expect(image).toMatch(new RegExp(`^http://localhost:3000/social-images/${lang}/${kind}/${ids[kind]}\\.png\\?v=[0-9a-f]{8}$`))
        expect(meta(page.text, 'og:image:type')).toBe('image/png')
        expect(meta(page.text, 'og:image:width')).toBe('1200')
        expect(meta(page.text, 'og:image:height')).toBe('630')
        expect(meta(page.text, 'og:image:alt')).toBeTruthy()
        expect(meta(page.text, 'twitter:card')).toBe('summary_large_image')
        expect(decode(meta(page.text, 'twitter:image') ?? '')).toBe(image)

        const path = image.replace('http://localhost:3000', '')
        const response = await binary(request(app).get(path))
        expect(response.status).toBe(200)
        expect(response.headers['content-type']).toBe('image/png')
        expect(imageSize(response.body as Buffer)).toEqual({ type: 'png', width: 1200, height: 630 })
        expect(response.headers['cache-control']).toContain('immutable')
        const etag = response.headers.etag as string
        expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
        expect((await request(app).get(path).set('If-None-Match', etag)).status).toBe(304)
        // A second ask is answered from the disk, the same bytes.
        expect((await binary(request(app).get(path))).body).toEqual(response.body)
      })
    }
  }

  it('when a page is in each language, then og:locale is its language_TERRITORY and the other languages are alternates', async () => {
    const expected = { en: 'en_GB', 'zh-cn': 'zh_CN', zh: 'zh_TW' } as const
    for (const [lang, locale] of Object.entries(expected)) {
      const html = (await request(app).get(pages.exhibition(lang))).text
      expect(meta(html, 'og:locale')).toBe(locale)
      const alternates = metas(html, 'og:locale:alternate')
      expect(alternates).not.toContain(locale)
      expect(alternates).toEqual(expect.arrayContaining(Object.values(expected).filter((other) => other !== locale)))
    }
  })

  it('when an item has no picture of its own on this site, then the site default picture is sent, never an error', async () => {
    const fallback = readFileSync(new URL('../../public/images/og-default.png', import.meta.url))
    for (const cover of ['/demo/exhibitions/missing/cover.svg', 'https://elsewhere.example/cover.png', '/../../etc/passwd', '/demo/exhibitions/london-2027/']) {
      await db.query('update exhibitions set cover_image = $1 where id = $2', [cover, ids.exhibition])
      const response = await binary(request(app).get(`/social-images/en/exhibition/${ids.exhibition}.png`))
      expect(response.status, cover).toBe(200)
      expect(response.headers['content-type']).toBe('image/png')
      expect(response.body).toEqual(fallback)
      expect(response.headers['cache-control']).not.toContain('immutable')
    }
  })

  it.each([
    ['path traversal', '/social-images/en/exhibition/..%2F..%2F..%2Fetc%2Fpasswd.png', 404],
    ['an encoded dot segment', '/social-images/en/%2e%2e/%2e%2e/package.json', 404],
    ['an unknown id', '/social-images/en/exhibition/987654.png', 404],
    ['an id past any integer', '/social-images/en/article/99999999999999.png', 404],
    ['an unknown kind', '/social-images/en/broker/1.png', 404],
    ['an unknown language', '/social-images/xx/exhibition/1.png', 404],
    ['a size asked for', '/social-images/en/exhibition/1.png?width=20000&height=20000', 400],
    ['a bad version', '/social-images/en/exhibition/1.png?v=../../x', 404],
    ['another format', '/social-images/en/exhibition/1.svg', 404],
  ])('when the image address has %s, then it is refused without drawing anything', async (_name, path, status) => {
    const response = await request(app).get(path)
    expect(response.status).toBe(status)
    expect(response.headers['content-type']).not.toContain('image')
  })
})

describe('structured data', () => {
  for (const lang of ['en', 'ja']) {
    it(`when an exhibition page in ${lang} is read, then its Event has priced offers per ticket type and a BreadcrumbList like the one shown`, async () => {
      const html = (await request(app).get(pages.exhibition(lang))).text
      const blocks = jsonLd(html)
      const [event] = ofType(blocks, 'ExhibitionEvent').concat(ofType(blocks, 'BusinessEvent'))
      expect(event).toMatchObject({ '@context': 'https://schema.org', name: expect.any(String), startDate: expect.any(String) })
      expect(event?.location).toMatchObject({ '@type': 'Place', address: { addressCountry: expect.stringMatching(/^[A-Z]{2}$/) } })
      const offers = event?.offers as Record<string, unknown>[]
      expect(offers.length).toBeGreaterThan(0)
      for (const offer of offers) {
        expect(offer).toMatchObject({
          '@type': 'Offer',
          price: expect.stringMatching(/^\d+(\.\d+)?$/),
          priceCurrency: expect.stringMatching(/^[A-Z]{3}$/),
          availability: expect.stringMatching(/^https:\/\/schema\.org\/\w+$/),
          url: expect.stringContaining(`/${lang}/apply/`),
        })
      }
      const [trail] = ofType(blocks, 'BreadcrumbList')
      const items = trail?.itemListElement as Array<Record<string, unknown>>
      expect(items.map((item) => item.position)).toEqual([1, 2, 3])
      expect(items[0]?.item).toBe(`http://localhost:3000/${lang}`)
      expect(items[2]).not.toHaveProperty('item')
      expect(items[2]?.name).toBe(event?.name)
      // The trail drawn on the page names the same steps.
      for (const item of items) expect(html).toContain(`>${String(item.name).replace(/&/g, '&amp;')}<`)
    })

    it(`when the news article and the video library in ${lang} are read, then the article has its BreadcrumbList and every video shown is a VideoObject`, async () => {
      const article = jsonLd((await request(app).get(pages.article(lang))).text)
      expect(ofType(article, 'NewsArticle')).toHaveLength(1)
      const [trail] = ofType(article, 'BreadcrumbList')
      expect(trail?.itemListElement).toEqual([
        expect.objectContaining({ position: 1 }),
        expect.objectContaining({ position: 2 }),
        expect.objectContaining({ position: 3 }),
      ])

      const videos = ofType(jsonLd((await request(app).get(pages.video(lang))).text), 'VideoObject')
      expect(videos.length).toBeGreaterThan(1)
      for (const video of videos) {
        expect(video).toMatchObject({ name: expect.any(String), description: expect.any(String), uploadDate: expect.any(String), url: expect.any(String) })
        expect(video.thumbnailUrl).toEqual([expect.stringMatching(/^http:\/\/localhost:3000\//)])
        expect(video.contentUrl ?? video.embedUrl).toBeTruthy()
      }
    })

    it(`when a broker profile in ${lang} is read, then the broker is an Organization with its name, url and logo`, async () => {
      const response = await request(app).get(`/${lang}/dealer/${ids.broker}.html`)
      expect(response.status).toBe(200)
      const [organization] = ofType(jsonLd(response.text), 'Organization')
      expect(organization).toMatchObject({
        name: expect.any(String),
        url: expect.stringMatching(/^https?:\/\//),
        mainEntityOfPage: expect.stringContaining(`/${lang}/dealer/`),
      })
    })
  }
})
