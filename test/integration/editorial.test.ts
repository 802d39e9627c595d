import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_CONTENT_DIR, exportFolder, importFolder, validateFolder } from '../../server/content/content-folder.ts'
import { EDITORIAL_KINDS } from '../../server/platform/editorial/editorial.content.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { makeContentFolder, PLAIN_ARTICLES, VISIBLE_ARTICLES, visitorToken } from './editorial-fixtures.ts'

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let platform: Platform
let db: Awaited<ReturnType<typeof createTestApp>>['db']
let token: string
let folder: string

const EXPO = '/wikifxweb-v1/wikiexpo/invoke-v1'

beforeAll(async () => {
  ;({ app, platform, db } = await createTestApp({ domains: ['editorial', 'reference'] }))
  await resetDatabase(db)
  folder = makeContentFolder()
  await db.transaction((tx) => importFolder(platform, tx, folder, EDITORIAL_KINDS))
  token = await visitorToken(app)
})

afterAll(() => {
  rmSync(folder, { recursive: true, force: true })
})

const list = (query: Record<string, string | number>, language = 'en') =>
  request(app).get('/api/Article/webarticle').query(query).set('Authorization', `Bearer ${token}`).set('LanguageCode', language)
const info = (id: string | number, language = 'en') =>
  request(app).get('/api/Article/articleinfo').query({ id }).set('Authorization', `Bearer ${token}`).set('LanguageCode', language)
const expo = (route: string, body: unknown, language = 'en') =>
  request(app)
    .post(EXPO)
    .set('Routes', route)
    .set('Authorization', `Bearer ${token}`)
    .set('LanguageCode', language)
    .send(body as object)

async function articleId(slug: string): Promise<number> {
  const result = await db.query<{ id: number }>('select id from news_articles where slug = $1', [slug])
  return result.rows[0]?.id as number
}

describe('GET /api/Article/webarticle (news list)', () => {
  it('when the first page is asked, then the newest published articles come with the paging facts', async () => {
    const response = await list({ page: 1, pageSize: 10 })
    expect(response.status).toBe(200)
    expect(response.body.succeed).toBe(true)
    const data = response.body.data
    expect(data).toMatchObject({ total: VISIBLE_ARTICLES, page: 1, pageSize: 10, hasMore: true })
    expect(data.items.map((item: { slug: string }) => item.slug).slice(0, 3)).toEqual(['alpha', 'beta', 'hostile'])
    const alpha = data.items[0]
    expect(alpha).toMatchObject({
      title: 'Alpha in English',
      summary: 'Summary of Alpha in English',
      tags: ['regulation', 'exhibitions'],
      exhibitionSlug: 'dubai-2026',
      publishedAt: '2026-06-01T10:00:00.000Z',
      cover: { src: '/demo/news/dubai-2026-day-two.svg', width: 1200, height: 630, alt: 'Cover of Alpha in English' },
      readingMinutes: 1,
      fellBackTo: null,
    })
  })

  it('when paging to the end, then every visible article comes once, in order, and the last page says there is no more', async () => {
    const seen: string[] = []
    let page = 1
    for (;;) {
      const response = await list({ page, pageSize: 10 })
      expect(response.status).toBe(200)
      seen.push(...response.body.data.items.map((item: { slug: string }) => item.slug))
      if (!response.body.data.hasMore) break
      page += 1
    }
    expect(page).toBe(Math.ceil(VISIBLE_ARTICLES / 10))
    expect(seen).toHaveLength(VISIBLE_ARTICLES)
    expect(new Set(seen).size).toBe(VISIBLE_ARTICLES)
    expect(seen).not.toContain('scheduled')
    expect(seen).not.toContain('draft')
    expect(seen.at(-1)).toBe('plain-01')
    const after = await list({ page: page + 1, pageSize: 10 })
    expect(after.body.data).toMatchObject({ items: [], hasMore: false, total: VISIBLE_ARTICLES })
  })

  it('when filtered by topic or exhibition, then only those articles', async () => {
    const byTag = await list({ tag: 'regulation' })
    expect(byTag.body.data.items.map((item: { slug: string }) => item.slug)).toEqual(['alpha', 'beta'])
    const byExhibition = await list({ exhibition: 'dubai-2026' })
    expect(byExhibition.body.data.items.map((item: { slug: string }) => item.slug)).toEqual(['alpha'])
    const markets = await list({ tag: 'markets', pageSize: 50 })
    expect(markets.body.data.total).toBe(PLAIN_ARTICLES)
  })

  it('when the payload is bad, then 400 with the field and never a 500', async () => {
    for (const [query, field] of [
      [{ page: 0 }, 'page'],
      [{ page: 'two' }, 'page'],
      [{ pageSize: 500 }, 'pageSize'],
      [{ pageSize: -1 }, 'pageSize'],
      [{ tag: 'nonsense' }, 'tag'],
      [{ exhibition: '../etc' }, 'exhibition'],
    ] as const) {
      const response = await list(query)
      expect(response.status, JSON.stringify(query)).toBe(400)
      expect(response.body.ErrorCode).toBe(400)
      expect(response.body.data.fields[field]).toBe('errors.invalid')
    }
  })

  it('when no token is sent, then 401', async () => {
    const response = await request(app).get('/api/Article/webarticle')
    expect(response.status).toBe(401)
  })
})

describe('language fallback (docs/product.md#content-fallback)', () => {
  it('when the language has texts, then they come and nothing fell back', async () => {
    const response = await list({ pageSize: 2 }, 'zh-cn')
    expect(response.body.data.items[0]).toMatchObject({ title: 'Alpha 简体', fellBackTo: null })
    expect(response.body.data.items[1]).toMatchObject({ title: 'Beta 简体', fellBackTo: null })
  })

  it('when zh-hk has no texts, then zh-tw, then zh-cn, then English, and the answer says which', async () => {
    const response = await list({ pageSize: 3 }, 'zh-hk')
    const [alpha, beta, hostile] = response.body.data.items
    expect(alpha).toMatchObject({ title: 'Alpha 繁體', fellBackTo: 'zh-tw' })
    expect(beta).toMatchObject({ title: 'Beta 简体', fellBackTo: 'zh-cn' })
    expect(hostile).toMatchObject({ title: 'Hostile', fellBackTo: 'en' })
  })

  it('when another language has no texts, then English and fellBackTo en', async () => {
    const response = await info(await articleId('alpha'), 'ja')
    expect(response.body.data).toMatchObject({ title: 'Alpha in English', fellBackTo: 'en' })
    expect(response.body.data.bodyHtml).toContain('<strong>body</strong>')
  })

  it('when the LanguageCode is unknown, then English', async () => {
    const response = await info(await articleId('alpha'), 'xx')
    expect(response.body.data).toMatchObject({ title: 'Alpha in English', fellBackTo: null })
  })
})

describe('GET /api/Article/articleinfo (article)', () => {
  it('when an article is asked, then its sanitised body, neighbours, related articles and exhibition link come', async () => {
    const beta = await articleId('beta')
    const response = await info(beta)
    expect(response.status).toBe(200)
    const article = response.body.data
    expect(article).toMatchObject({ slug: 'beta', title: 'Beta', bodyHtml: '<p>Body of Beta.</p>', exhibition: null })
    expect(article.next).toEqual({ id: await articleId('alpha'), title: 'Alpha in English' })
    expect(article.previous).toEqual({ id: await articleId('hostile'), title: 'Hostile' })
    expect(article.related.map((item: { slug: string }) => item.slug)).toEqual(['alpha'])
    expect(Date.parse(article.updatedAt)).not.toBeNaN()
  })

  it('when the brand placeholder is in a body, then the configured brand name is there instead', async () => {
    const response = await info(await articleId('alpha'))
    expect(response.body.data.bodyHtml).toBe(`<p>Alpha <strong>body</strong> for ${platform.config.BRAND_NAME}.</p>`)
  })

  it('when the newest and the oldest article are asked, then one of the neighbours is missing', async () => {
    expect((await info(await articleId('alpha'))).body.data.next).toBeNull()
    expect((await info(await articleId('plain-01'))).body.data.previous).toBeNull()
  })

  it('when the id is unknown, scheduled or a draft, then 404 with the news message', async () => {
    for (const id of [999_999, await articleId('scheduled'), await articleId('draft')]) {
      const response = await info(id)
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ succeed: false, ErrorCode: 404, message: 'news:errors.articleNotFound' })
    }
  })

  it('when the id is not a positive whole number, then 400', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      const response = await info(id)
      expect(response.status, id).toBe(400)
      expect(response.body.data.fields.id).toBe('errors.invalid')
    }
    const missing = await request(app).get('/api/Article/articleinfo').set('Authorization', `Bearer ${token}`)
    expect(missing.status).toBe(400)
  })
})

describe('sanitising hostile HTML', () => {
  it('when the body had scripts, handlers, javascript: links, styles and frames, then none of them reach the answer', async () => {
    const response = await info(await articleId('hostile'))
    const html: string = response.body.data.bodyHtml
    expect(html).toContain('Before')
    expect(html).toContain('Styled and clickable')
    expect(html).toContain('<a href="https://example.com/ok" rel="noopener noreferrer nofollow">fine</a>')
    expect(html).toContain('<img src="https://example.com/a.png" width="10" height="10" loading="lazy" decoding="async" />')
    for (const bad of [
      '<script',
      'alert(',
      'onclick',
      'onerror',
      'onload',
      'style=',
      'javascript:',
      'JaVaScRiPt',
      '<iframe',
      '<svg',
      '<style',
      'display:none',
    ]) {
      expect(html.toLowerCase(), bad).not.toContain(bad.toLowerCase())
    }
  })

  it('when hostile HTML was written straight into the database, then it is sanitised again on the way out', async () => {
    const id = await articleId('beta')
    await db.query("update news_article_texts set body_html = $1 where article_id = $2 and locale = 'en'", [
      '<p style="color:red" onmouseover="x()">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      id,
    ])
    try {
      const response = await info(id)
      expect(response.body.data.bodyHtml).toBe('<p>Hi</p><a>x</a>')
    } finally {
      await db.query("update news_article_texts set body_html = '<p>Body of Beta.</p>' where article_id = $1 and locale = 'en'", [id])
    }
  })

  it('when a bulletin body holds hostile Markdown, then only text and safe tags remain', async () => {
    const response = await expo('expo$listBulletins', { pageSize: 50 })
    const mid = response.body.data.items.find((item: { slug: string }) => item.slug === 'b-mid')
    expect(mid.bodyHtml).toBe('<p>Hello  <a>x</a></p>')
  })
})

describe('expo$listVideos and expo$getVideo', () => {
  it('when all videos are asked, then newest first with categories, sources and captions', async () => {
    const response = await expo('expo$listVideos', { page: 1, pageSize: 5 })
    expect(response.status).toBe(200)
    const data = response.body.data
    expect(data).toMatchObject({ total: 12, page: 1, pageSize: 5, hasMore: true })
    expect(data.items.map((item: { slug: string }) => item.slug)).toEqual(['v-hls', 'v-keynote', 'v-panel', 'v-extra-9', 'v-extra-8'])
    expect(data.categories).toEqual([
      { key: 'highlights', count: 1 },
      { key: 'keynotes', count: 1 },
      { key: 'panels', count: 1 },
      { key: 'guides', count: 9 },
    ])
    const hls = data.items[0]
    expect(hls.sources).toEqual([
      { src: '/demo/videos/hls/walkthrough.m3u8', type: 'application/vnd.apple.mpegurl' },
      { src: '/demo/videos/walkthrough.mp4', type: 'video/mp4' },
    ])
    expect(hls.captions).toEqual([
      { src: '/demo/videos/captions/opening.en.vtt', locale: 'en', default: true },
      { src: '/demo/videos/captions/opening.zh-cn.vtt', locale: 'zh-cn', default: false },
    ])
  })

  it('when paging a category to the end, then every video of it once and no more', async () => {
    const slugs: string[] = []
    for (let page = 1; ; page++) {
      const response = await expo('expo$listVideos', { category: 'guides', page, pageSize: 4 })
      slugs.push(...response.body.data.items.map((item: { slug: string }) => item.slug))
      if (!response.body.data.hasMore) break
    }
    expect(slugs).toHaveLength(9)
    expect(new Set(slugs).size).toBe(9)
  })

  it('when the caller reads Traditional Chinese, then the Simplified captions are the default and the title falls back', async () => {
    const response = await expo('expo$listVideos', { category: 'keynotes' }, 'zh-tw')
    const [video] = response.body.data.items
    expect(video).toMatchObject({ title: '主旨演讲视频', fellBackTo: 'zh-cn' })
    expect(video.captions.find((caption: { default: boolean }) => caption.default).locale).toBe('zh-cn')
  })

  it('when one video is asked by id, then it comes; an unknown id is 404, a bad one 400', async () => {
    const { rows } = await db.query<{ id: number }>("select id from videos where slug = 'v-panel'")
    const found = await expo('expo$getVideo', { id: rows[0]?.id })
    expect(found.body.data).toMatchObject({ slug: 'v-panel', title: 'Panel video', category: 'panels' })
    const unknown = await expo('expo$getVideo', { id: 987_654 })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('media:errors.videoNotFound')
    expect((await expo('expo$getVideo', { id: 'x' })).status).toBe(400)
    expect((await expo('expo$listVideos', { category: 'cats' })).body.data.fields.category).toBe('errors.invalid')
  })

  it('when another domain asks for library videos by slug, then they come in the order asked, unknown ones left out', async () => {
    const videos = await platform.services.editorial.videosBySlugs(['v-panel', 'nope', 'v-keynote'], 'en')
    expect(videos.map((video) => video.slug)).toEqual(['v-panel', 'v-keynote'])
  })
})

describe('expo$listBulletins', () => {
  it('when bulletins are paged to the end, then pinned first, newest first, and scheduled ones are not there', async () => {
    const first = await expo('expo$listBulletins', { page: 1, pageSize: 3 })
    expect(first.status).toBe(200)
    expect(first.body.data).toMatchObject({ total: 4, hasMore: true })
    const second = await expo('expo$listBulletins', { page: 2, pageSize: 3 })
    expect(second.body.data.hasMore).toBe(false)
    const slugs = [...first.body.data.items, ...second.body.data.items].map((item: { slug: string }) => item.slug)
    expect(slugs).toEqual(['b-newer-pinned', 'b-old-pinned', 'b-new', 'b-mid'])
    expect(first.body.data.items[0]).toMatchObject({
      pinned: true,
      kind: 'notice',
      title: 'Bulletin b-newer-pinned',
      bodyHtml: '<p>Read <strong>this</strong>.</p>',
    })
  })

  it('when the payload is bad, then 400', async () => {
    const response = await expo('expo$listBulletins', { page: -3 })
    expect(response.status).toBe(400)
    expect(response.body.data.fields.page).toBe('errors.invalid')
  })
})

describe('content kinds', () => {
  function folderWith(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), 'editorial-bad-'))
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path.split('/')[0] as string), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    return root
  }
  const problemsOf = (files: Record<string, string>) => {
    const root = folderWith(files)
    try {
      return validateFolder(root, EDITORIAL_KINDS).problems.map((problem) => `${problem.file}: ${problem.field}: ${problem.message}`)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  }

  it('when news files are wrong, then each problem names its file and field', () => {
    const problems = problemsOf({
      'news/no-english.md': '---\npublishedAt: 2026-01-01T00:00:00Z\ntitle.ja: タイトル\nsummary.ja: 要約\n---\n<!-- lang: ja -->\n本文\n',
      'news/bad-fields.md':
        '---\npublishedAt: yesterday\ntags: ["weather"]\ntitel.en: typo\ntitle.fr: Bonjour\ntitle.en: Hello\nsummary.en: Sum\ncover: /demo/news/missing.svg\ncoverWidth: 10\ncoverHeight: 10\n---\nstray text\n<!-- lang: en -->\nBody\n<!-- lang: es -->\nCuerpo\n',
      'news/no-body.md': '---\npublishedAt: 2026-01-01T00:00:00Z\ntitle.en: Hello\nsummary.en: Sum\n---\n',
      'news/Bad Name.md': '---\n---\n',
      'news/notes.txt': 'hello',
    })
    expect(problems).toEqual(
      expect.arrayContaining([
        'news/no-english.md: title.en: English texts are required: every fallback chain ends in English',
        'news/bad-fields.md: publishedAt: must be a date and time with its offset, like 2026-11-22T09:00:00Z',
        'news/bad-fields.md: tags.0: must be one of exhibitions, regulation, fintech, brokers, awards, partners, security, markets, community',
        'news/bad-fields.md: titel.en: is not a known field',
        expect.stringMatching(/^news\/bad-fields\.md: title\.fr: "fr" is not one of the 12 locales/),
        'news/bad-fields.md: cover: no such file under public/',
        'news/bad-fields.md: body: text before the first <!-- lang: xx --> line belongs to no language',
        'news/bad-fields.md: title.es: the es body needs a title.es and summary.es',
        'news/no-body.md: body.en: missing: add a <!-- lang: en --> section',
        'news/Bad Name.md: (file): the file name must be the slug: lower-case letters, digits and dashes',
        'news/notes.txt: (file): only .json and .md files are read',
      ]),
    )
  })

  it('when video and bulletin files are wrong, then each problem names its file and field', () => {
    const problems = problemsOf({
      'videos/clip.json': JSON.stringify({
        slug: 'other',
        category: 'cats',
        publishedAt: '2026-01-01T00:00:00Z',
        durationSecs: 5,
        sources: [{ src: '/demo/videos/opening.mp4', type: 'video/webm' }],
        texts: { en: { title: '' } },
      }),
      'videos/broken.json': '{ not json',
      'bulletins/b.json': JSON.stringify({ slug: 'b', kind: 'rumour', publishedAt: '2026-01-01T00:00:00Z', texts: { es: { title: 'Hola', body: 'x' } } }),
      'bulletins/c.md': '---\n---\n',
    })
    expect(problems).toEqual(
      expect.arrayContaining([
        'videos/clip.json: category: must be one of highlights, keynotes, interviews, panels, guides',
        'videos/clip.json: durationSecs: is not a known field',
        'videos/clip.json: durationSeconds: must be a number',
        'videos/clip.json: sources.0.src: does not look like video/webm',
        'videos/clip.json: texts.en.title: must not be empty',
        expect.stringMatching(/^videos\/broken\.json: \(file\): cannot be read/),
        'bulletins/b.json: kind: must be one of notice, schedule, security, service',
        'bulletins/b.json: texts.en: English texts are required: every fallback chain ends in English',
        'bulletins/c.md: (file): bulletins are JSON files (<slug>.json)',
      ]),
    )
    expect(problemsOf({ 'videos/clip.json': JSON.stringify({ ...validVideo(), slug: 'other' }) })).toEqual([
      'videos/clip.json: slug: must match the file name (clip)',
    ])
  })

  const validVideo = () => ({
    slug: 'clip',
    category: 'guides',
    publishedAt: '2026-01-01T00:00:00Z',
    durationSeconds: 5,
    sources: [{ src: '/demo/videos/opening.mp4', type: 'video/mp4' }],
    texts: { en: { title: 'Clip' } },
  })

  it('when a folder has a problem, then importing writes nothing', async () => {
    const root = folderWith({
      'videos/clip.json': JSON.stringify(validVideo()),
      'bulletins/b.json': JSON.stringify({ slug: 'b', kind: 'rumour', publishedAt: '2026-01-01T00:00:00Z', texts: {} }),
    })
    try {
      await expect(db.transaction((tx) => importFolder(platform, tx, root, EDITORIAL_KINDS))).rejects.toThrow(/bulletins\/b\.json: kind/)
      const { rows } = await db.query("select 1 from videos where slug = 'clip'")
      expect(rows).toHaveLength(0)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })

  it('when the demo folder is imported twice, then the second import changes nothing, ids and times included', async () => {
    await resetDatabase(db)
    try {
      const snapshot = async () => ({
        articles: (await db.query('select * from news_articles order by id')).rows,
        articleTexts: (await db.query('select * from news_article_texts order by article_id, locale')).rows,
        videos: (await db.query('select * from videos order by id')).rows,
        videoTexts: (await db.query('select * from video_texts order by video_id, locale')).rows,
        bulletins: (await db.query('select * from bulletins order by id')).rows,
        bulletinTexts: (await db.query('select * from bulletin_texts order by bulletin_id, locale')).rows,
      })
      const counts = await db.transaction((tx) => importFolder(platform, tx, DEMO_CONTENT_DIR, EDITORIAL_KINDS))
      expect(counts.news).toBeGreaterThan(0)
      const first = await snapshot()
      await db.transaction((tx) => importFolder(platform, tx, DEMO_CONTENT_DIR, EDITORIAL_KINDS))
      expect(await snapshot()).toEqual(first)

      // Export and import again: the round trip changes nothing either.
      const out = mkdtempSync(join(tmpdir(), 'editorial-export-'))
      try {
        await exportFolder(db, out, EDITORIAL_KINDS)
        expect(validateFolder(out, EDITORIAL_KINDS).problems).toEqual([])
        await db.transaction((tx) => importFolder(platform, tx, out, EDITORIAL_KINDS))
        expect(await snapshot()).toEqual(first)
      } finally {
        rmSync(out, { recursive: true, force: true })
      }
    } finally {
      await resetDatabase(db)
      await db.transaction((tx) => importFolder(platform, tx, folder, EDITORIAL_KINDS))
    }
  })

  it('when a file changes one language, then only that text and the article time change', async () => {
    const alpha = await articleId('alpha')
    const before = (await db.query<{ updated_at: Date }>('select updated_at from news_articles where id = $1', [alpha])).rows[0]?.updated_at
    const root = mkdtempSync(join(tmpdir(), 'editorial-one-'))
    try {
      mkdirSync(join(root, 'news'))
      const source = (await import('node:fs')).readFileSync(join(folder, 'news', 'alpha.md'), 'utf8')
      writeFileSync(join(root, 'news', 'alpha.md'), source.replace('title.zh-tw: Alpha 繁體', 'title.zh-tw: Alpha 繁體（更新）'))
      await db.transaction((tx) => importFolder(platform, tx, root, EDITORIAL_KINDS))
      const { rows } = await db.query<{ locale: string; title: string }>('select locale, title from news_article_texts where article_id = $1 order by locale', [
        alpha,
      ])
      expect(rows.map((row) => row.title)).toEqual(['Alpha in English', 'Alpha 简体', 'Alpha 繁體（更新）'])
      const after = (await db.query<{ updated_at: Date }>('select updated_at from news_articles where id = $1', [alpha])).rows[0]?.updated_at
      expect(after?.getTime()).toBeGreaterThan(before?.getTime() ?? 0)
      expect(await articleId('alpha')).toBe(alpha)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})

describe('sitemap', () => {
  it('when sitemap.xml is asked, then every visible article is there and scheduled ones are not', async () => {
    const response = await request(app).get('/sitemap.xml')
    expect(response.text).toContain(`<loc>http://localhost:3000/en/exhibition/${await articleId('alpha')}</loc>`)
    expect(response.text).not.toContain(`/exhibition/${await articleId('scheduled')}<`)
  })
})
