import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SaxesParser } from 'saxes'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importFolder, serializeMarkdown } from '../../server/content/content-folder.ts'
import { EDITORIAL_KINDS } from '../../server/platform/editorial/editorial.content.ts'
import { exhibitionsKind } from '../../server/platform/exhibitions/exhibitions.content.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { makeContentFolder } from './editorial-fixtures.ts'

/** Visitor additions: an exhibition's calendar file and each language's news feed. */

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let db: Awaited<ReturnType<typeof createTestApp>>['db']
const folders: string[] = []

/** An exhibition in Manila (UTC+8) on fixed days, with a title that needs escaping in both formats. */
const MANILA = {
  slug: 'manila-summit',
  type: 'exhibition',
  region: 'asia',
  countryCode: 'PH',
  city: 'Manila',
  timeZone: 'Asia/Manila',
  startsAt: '2030-03-10T09:30:00+08:00',
  endsAt: '2030-03-11T18:00:00+08:00',
  venue: { lat: null, lng: null },
  texts: {
    en: {
      title: 'Summit; Manila, 2030 & more',
      summary: 'Two days\nof trading',
      city: 'Manila',
      venueName: 'Grand Ballroom',
      address: '2 Resorts Drive, Pasay',
    },
    ja: { title: 'マニラ・サミット', summary: '二日間', city: 'マニラ', venueName: 'グランドボールルーム', address: 'パサイ' },
  },
}

beforeAll(async () => {
  const created = await createTestApp({ domains: ['exhibitions', 'editorial', 'reference'] })
  ;({ app, db } = created)
  await resetDatabase(db)
  const exhibitions = mkdtempSync(join(tmpdir(), 'visitor-additions-'))
  mkdirSync(join(exhibitions, 'exhibitions'))
  writeFileSync(join(exhibitions, 'exhibitions', 'manila-summit.json'), JSON.stringify(MANILA))
  const news = makeContentFolder()
  writeFileSync(
    join(news, 'news', 'markup.md'),
    serializeMarkdown(
      { publishedAt: '2026-06-02T08:00:00Z', published: true, tags: [], 'title.en': MARKUP_TITLE, 'summary.en': 'A <script>x</script> & b\u0007' },
      '<!-- lang: en -->\nBody.\n',
    ),
  )
  folders.push(exhibitions, news)
  await db.transaction(async (tx) => {
    await importFolder(created.platform, tx, exhibitions, [exhibitionsKind])
    await importFolder(created.platform, tx, news, EDITORIAL_KINDS)
  })
})

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

const MARKUP_TITLE = 'Rates <b>up</b> & "down" ]]> again'

const exhibitionId = async () => (await db.query<{ id: number }>("select id from exhibitions where slug = 'manila-summit'")).rows[0]?.id as number

/** Unfolds lines (RFC 5545 §3.1) and returns the properties of the VEVENT by name. */
function calendarProperties(body: string): Map<string, string> {
  const lines = body.replace(/\r\n[ \t]/g, '').split('\r\n')
  const start = lines.indexOf('BEGIN:VEVENT')
  const end = lines.indexOf('END:VEVENT')
  return new Map(lines.slice(start + 1, end).map((line) => [line.slice(0, line.search(/[:;]/)), line.slice(line.indexOf(':') + 1)]))
}

/** Parses strictly (saxes rejects anything that is not well-formed XML) and collects the item and channel texts. */
function parseFeed(xml: string) {
  const parser = new SaxesParser({ xmlns: false })
  const items: Array<Record<string, string>> = []
  const channel: Record<string, string> = {}
  const path: string[] = []
  let rootName = ''
  parser.on('opentag', (tag) => {
    if (!rootName) rootName = `${tag.name} ${String(tag.attributes.version)}`
    path.push(tag.name)
    if (tag.name === 'item') items.push({})
  })
  parser.on('text', (text) => {
    const name = path.at(-1) as string
    const parent = path.at(-2)
    if (parent === 'item') (items.at(-1) as Record<string, string>)[name] = ((items.at(-1) as Record<string, string>)[name] ?? '') + text
    else if (parent === 'channel') channel[name] = (channel[name] ?? '') + text
  })
  parser.on('closetag', () => path.pop())
  parser.write(xml).close()
  return { root: rootName, channel, items }
}

describe('exhibition calendar file', () => {
  it('when the calendar file is asked, then one VEVENT in UTC at the venue times, with its UID, stamp, place and link', async () => {
    const id = await exhibitionId()
    const response = await request(app).get(`/en/backDetail/${id}.ics`)
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/calendar; charset=utf-8/)
    expect(response.headers['content-disposition']).toContain('manila-summit.ics')
    const body = response.text
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true)
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(1)
    for (const line of body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75)
    const event = calendarProperties(body)
    // 09:30 and 18:00 in Manila (UTC+8).
    expect(event.get('DTSTART')).toBe('20300310T013000Z')
    expect(event.get('DTEND')).toBe('20300311T100000Z')
    expect(event.get('UID')).toBe(`exhibition-${id}@localhost`)
    expect(event.get('DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/)
    expect(event.get('SUMMARY')).toBe('Summit\\; Manila\\, 2030 & more')
    expect(event.get('LOCATION')).toBe('Grand Ballroom\\, 2 Resorts Drive\\, Pasay')
    expect(event.get('DESCRIPTION')).toContain('Two days\\nof trading')
    expect(event.get('URL')).toBe(`http://localhost:3000/en/backDetail/${id}`)
  })

  it('when another language asks, then the texts are in that language and the times the same', async () => {
    const id = await exhibitionId()
    const event = calendarProperties((await request(app).get(`/ja/backDetail/${id}.ics`)).text)
    expect(event.get('SUMMARY')).toBe('マニラ・サミット')
    expect(event.get('DTSTART')).toBe('20300310T013000Z')
    expect(event.get('URL')).toBe(`http://localhost:3000/ja/backDetail/${id}`)
  })

  it('when the exhibition page is rendered, then it links its calendar file and offers sharing without scripts', async () => {
    const id = await exhibitionId()
    const html = (await request(app).get(`/en/backDetail/${id}`)).text
    expect(html).toMatch(new RegExp(`<a href="/en/backDetail/${id}\\.ics" download=""`))
    expect(html).toContain('href="https://x.com/intent/post?url=http%3A%2F%2Flocalhost%3A3000%2Fen%2FbackDetail%2F')
    expect(html).toContain('aria-label="Share on LinkedIn (opens in a new tab)"')
  })

  it('when the exhibition does not exist, then the translated 404 page, not a file', async () => {
    const response = await request(app).get('/en/backDetail/999999.ics')
    expect(response.status).toBe(404)
    expect(response.headers['content-type']).toMatch(/text\/html/)
  })
})

describe('news feed', () => {
  it('when the English feed is asked, then valid RSS 2.0 with the newest articles, links and dates', async () => {
    const response = await request(app).get('/en/news/rss.xml')
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toMatch(/^application\/rss\+xml; charset=utf-8/)
    const feed = parseFeed(response.text)
    expect(feed.root).toBe('rss 2.0')
    expect(feed.channel.link).toBe('http://localhost:3000/en/exhibition/news.html')
    expect(feed.channel.language).toBe('en')
    expect(feed.items).toHaveLength(20)
    const alpha = feed.items.find((item) => item.title === 'Alpha in English')
    expect(alpha?.link).toMatch(/^http:\/\/localhost:3000\/en\/exhibition\/\d+$/)
    expect(alpha?.guid).toBe(alpha?.link)
    expect(alpha?.pubDate).toBe('Mon, 01 Jun 2026 10:00:00 GMT')
    expect(feed.items.map((item) => item.title)).not.toContain('Scheduled')
  })

  it('when a title holds markup, then it stays text in the feed and the feed stays well-formed', async () => {
    const feed = parseFeed((await request(app).get('/en/news/rss.xml')).text)
    const item = feed.items.find((entry) => entry.title === MARKUP_TITLE)
    expect(item?.description).toBe('A <script>x</script> & b')
  })

  it('when the Chinese feed is asked, then its own texts and language', async () => {
    const feed = parseFeed((await request(app).get('/zh-cn/news/rss.xml')).text)
    expect(feed.channel.language).toBe('zh-cn')
    expect(feed.items.map((item) => item.title)).toContain('Alpha 简体')
    expect(feed.items[0]?.link).toContain('/zh-cn/exhibition/')
  })

  it('when a news page is rendered, then it announces the feed of its language', async () => {
    const html = (await request(app).get('/zh-cn/exhibition/news.html')).text
    expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="\/zh-cn\/news\/rss\.xml"/)
  })

  it('when the language is not one of the site, then no feed', async () => {
    expect((await request(app).get('/xx/news/rss.xml')).status).not.toBe(200)
  })
})
