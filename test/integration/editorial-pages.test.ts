import { rmSync } from 'node:fs'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { importFolder } from '../../server/content/content-folder.ts'
import { EDITORIAL_KINDS } from '../../server/platform/editorial/editorial.content.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { makeContentFolder, VISIBLE_ARTICLES } from './editorial-fixtures.ts'

/** The editorial screens rendered on the server: data from the database, states, variants, errors. */

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let db: Awaited<ReturnType<typeof createTestApp>>['db']
let folder: string

beforeAll(async () => {
  const created = await createTestApp({ domains: ['editorial', 'reference'] })
  ;({ app, db } = created)
  await resetDatabase(db)
  folder = makeContentFolder()
  await db.transaction((tx) => importFolder(created.platform, tx, folder, EDITORIAL_KINDS))
})

afterAll(() => rmSync(folder, { recursive: true, force: true }))

const idOf = async (slug: string) => (await db.query<{ id: number }>('select id from news_articles where slug = $1', [slug])).rows[0]?.id as number
/** How many news cards a page has (class names are CSS-module names with a hash). */
const cards = (html: string) => html.match(/<h[23] class="[^"]*cardTitle/g)?.length ?? 0
/** The opening tags of the links to `href`, whatever the order of their attributes. */
const linkTo = (html: string, href: string) => (html.match(new RegExp(`<a [^>]*href="${href.replace(/[?.]/g, '\\$&')}"[^>]*>`, 'g')) ?? []).join('\n')

describe('news list page', () => {
  it('when the list is asked, then the newest articles are in the page with their times and a link to the next page', async () => {
    const response = await request(app).get('/en/exhibition/news.html')
    expect(response.status).toBe(200)
    const html = response.text
    expect(html).toContain('Alpha in English')
    expect(html).toContain(`href="/en/exhibition/${await idOf('alpha')}"`)
    expect(html).toContain('dateTime="2026-06-01T10:00:00.000Z"')
    expect(html).toContain(`Showing 10 of ${VISIBLE_ARTICLES}`)
    expect(html).toMatch(/href="\/en\/exhibition\/news\.html\?page=2"[^>]*>Load more news</)
    expect(html).not.toContain('No more data')
    expect(html).not.toContain('Scheduled')
  })

  it('when page 3 of 3 is in the address, then every article up to it is there and "No more data" ends the list', async () => {
    const html = (await request(app).get('/en/exhibition/news.html?page=3')).text
    expect(cards(html)).toBe(VISIBLE_ARTICLES)
    expect(html).toContain('No more data')
    expect(html).toContain('Plain 01')
  })

  it('when a topic is chosen, then only its articles and the topic is marked current', async () => {
    const html = (await request(app).get('/en/exhibition/news.html?tag=regulation')).text
    expect(cards(html)).toBe(2)
    expect(linkTo(html, '/en/exhibition/news.html?tag=regulation')).toContain('aria-current="page"')
  })

  it('when the page number is nonsense or a topic unknown, then the first page of all news, never an error', async () => {
    for (const query of ['?page=abc', '?page=-4', '?page=99999', '?tag=%3Cscript%3E']) {
      const response = await request(app).get(`/en/exhibition/news.html${query}`)
      expect(response.status, query).toBe(200)
      expect(response.text).toContain('Alpha in English')
    }
  })

  it('when /exhibition has no id, then it moves to the news list', async () => {
    const response = await request(app).get('/en/exhibition?tag=awards')
    expect(response.status).toBe(301)
    expect(response.headers.location).toBe('/en/exhibition/news.html?tag=awards')
  })

  it('when the database has no articles, then the empty state says so', async () => {
    // The articles are hidden behind the platform's back (no content-changed event), so the page
    // cache would still hold the full list: this one request goes to a site without it.
    const uncached = (await createTestApp({ domains: ['editorial', 'reference'], env: { PAGE_CACHE: 'off' } })).app
    await db.query('update news_articles set published = false')
    try {
      const html = (await request(uncached).get('/en/exhibition/news.html')).text
      expect(html).toContain('No news has been published yet.')
    } finally {
      await db.query("update news_articles set published = true where slug <> 'draft'")
    }
  })
})

describe('article page and its variants', () => {
  it('when an article is asked, then its sanitised body, NewsArticle data, neighbours and related articles are on the page', async () => {
    const html = (await request(app).get(`/en/exhibition/${await idOf('hostile')}`)).text
    expect(html).toContain('<h1 id="article-title"')
    expect(html).toContain('Styled and clickable')
    expect(html).not.toMatch(/<script>alert|onerror=|onclick=|javascript:/i)
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? ''
    expect(JSON.parse(jsonLd)).toMatchObject({ '@type': 'NewsArticle', headline: 'Hostile', datePublished: '2026-04-01T10:00:00.000Z' })
    expect(linkTo(html, `/en/exhibition/${await idOf('beta')}`)).toContain('rel="next"')
    expect(linkTo(html, `/en/exhibition/${await idOf('plain-23')}`)).toContain('rel="prev"')
  })

  it('when the h5 variant is asked, then it is the same article without the mobile account icon, not indexed, linking within h5', async () => {
    const id = await idOf('beta')
    const site = (await request(app).get(`/en/exhibition/${id}`)).text
    const h5 = (await request(app).get(`/en/exhibition/h5/${id}`)).text
    expect(site).toContain('aria-label="My account"')
    expect(h5).not.toContain('aria-label="My account"')
    expect(h5).toContain('Body of Beta.')
    expect(h5).toContain('<meta name="robots" content="noindex"/>')
    expect(h5).toContain(`href="/en/exhibition/h5/${await idOf('alpha')}"`)
  })

  it('when the pop variant is asked, then the article is in the news layout: no header, the footer, links within pop', async () => {
    const html = (await request(app).get(`/en/exhibition/pop/${await idOf('beta')}`)).text
    expect(html).not.toContain('<header class="header')
    expect(html).toContain('<footer')
    expect(html).toContain('Body of Beta.')
    expect(html).toContain(`href="/en/exhibition/pop/${await idOf('alpha')}"`)
  })

  it('when the text fell back to another language, then the page says which and marks the language', async () => {
    const html = (await request(app).get(`/zh-hk/exhibition/${await idOf('alpha')}`)).text
    expect(html).toContain('Alpha 繁體')
    expect(html).toContain('以繁體中文顯示')
    expect(html).toMatch(/<h1 id="article-title"[^>]*lang="zh-Hant"/)
  })

  it('when the id is unknown, not a number, zero or scheduled, then the 404 page', async () => {
    for (const id of ['999999', 'abc', '0', '1e3', String(await idOf('scheduled'))]) {
      const response = await request(app).get(`/en/exhibition/${id}`)
      expect(response.status, id).toBe(404)
      expect(response.text).toContain('This page could not be found')
    }
  })
})

describe('videos, bulletins and about pages', () => {
  it('when the video page is asked, then the player has every source and caption track, and the list the videos', async () => {
    const html = (await request(app).get('/en/video.html')).text
    expect(html).toMatch(/<video[^>]*controls/)
    expect(html).toContain('<source src="/demo/videos/hls/walkthrough.m3u8" type="application/vnd.apple.mpegurl"/>')
    expect(html).toContain('<source src="/demo/videos/walkthrough.mp4" type="video/mp4"/>')
    expect(html).toMatch(/<track kind="captions" src="\/demo\/videos\/captions\/opening.en.vtt" srcLang="en" label="English" default=""/)
    expect(html).toContain('HLS video')
    expect(html).toContain('Guide 9')
  })

  it('when a category and a video are in the address, then that category is listed and that video is in the player', async () => {
    const { rows } = await db.query<{ id: number }>("select id from videos where slug = 'v-extra-3'")
    const html = (await request(app).get(`/en/video.html?category=guides&v=${rows[0]?.id}`)).text
    expect(html).toMatch(/<h2 id="now-playing-title"[^>]*>Guide 3</)
    expect(html).not.toContain('Keynote video')
  })

  it('when a link to one video is shared, then its preview is titled, described and addressed as that video; the list keeps its own', async () => {
    const { rows } = await db.query<{ id: number }>("select id from videos where slug = 'v-extra-3'")
    const id = rows[0]?.id
    const html = (await request(app).get(`/en/video.html?v=${id}`)).text
    expect(html).toMatch(/<title>Guide 3 \| [^<]+<\/title>/)
    expect(html).toMatch(/<meta property="og:title" content="Guide 3 \| [^"]+"/)
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/en/video.html?v=${id}"`)
    expect(html).not.toMatch(/<meta property="og:description" content="Watch keynotes/)
    const list = (await request(app).get('/en/video.html')).text
    expect(list).toMatch(/<title>Videos \| /)
    expect(list).toContain('<meta property="og:url" content="http://localhost:3000/en/video.html"')
  })

  it('when the bulletins page is asked, then pinned bulletins come first, newest first', async () => {
    const html = (await request(app).get('/en/bulletin.html')).text
    const order = ['b-newer-pinned', 'b-old-pinned', 'b-new', 'b-mid'].map((slug) => html.indexOf(`>Bulletin ${slug}<`))
    expect(order.every((position) => position > 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(html).toContain('No more data')
  })

  it('when the about page is asked, then it has the SPEC figures, the contact addresses, the verification link and the DB-IP credit', async () => {
    const html = (await request(app).get('/en/about.html')).text
    for (const text of ['about 100', '10+', '730+', '77,000+', '2019', 'contact@', 'href="/en/verify.html"', 'href="https://db-ip.com"', 'CC BY 4.0']) {
      expect(html, text).toContain(text)
    }
    expect(html).toContain('data-slot="official-channels"')
  })
})
