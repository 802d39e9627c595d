import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import request from 'supertest'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { exportFolder, importFolder } from '../../server/content/content-folder.ts'
import type { Database } from '../../server/db/client.ts'
import { SCHEDULE_JOB } from '../../server/platform/editorial/console/editorial-console.functions.ts'
import { EDITORIAL_KINDS } from '../../server/platform/editorial/editorial.content.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, consoleCall, later, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'

/**
 * The console's content editor (docs/product.md#console-content): news, bulletins and videos written, scheduled, published,
 * taken down and previewed by an editor; what the public pages, the page cache and the content
 * folder make of it.
 */

let app: App
let db: Database
let platform: Platform
let editor: SignedInMember
let support: SignedInMember

beforeAll(async () => {
  // A page cache that keeps its copies long: only a content-changed signal can make it read again.
  ;({ app, db, platform } = await createTestApp({ env: { PAGE_CACHE_TTL_SECONDS: '3600' } }))
  await resetDatabase(db)
  setMoment(Date.now() + 24 * 3600 * 1000)
  editor = await setUpMember(app, db, ['editor'])
  support = await setUpMember(app, db, ['support'])
})

afterAll(() => {
  vi.useRealTimers()
})

const call = (name: string, body: unknown, member: SignedInMember = editor) => consoleCall(app, name, body, { cookie: member.cookie })

const article = (slug: string, extra: Record<string, unknown> = {}) => ({
  kind: 'news',
  slug,
  tags: ['exhibitions'],
  texts: {
    en: { title: `${slug} in English`, summary: 'What happened.', body: `## Heading\n\nThe **${slug}** story.` },
    'zh-cn': { title: `${slug} 中文`, summary: '发生了什么。', body: `${slug} 的故事。` },
  },
  ...extra,
})

const auditOf = async (fn: string) =>
  (await db.query<{ staff_id: string; target: string; before: unknown; after: unknown }>('select * from staff_audit where function = $1 order by id', [fn]))
    .rows

const bodyHtmlOf = async (id: number, locale: string) =>
  (
    await db.query<{ body_html: string; body_markdown: string }>(
      'select body_html, body_markdown from news_article_texts where article_id = $1 and locale = $2',
      [id, locale],
    )
  ).rows[0]

describe('who may edit content', () => {
  it('when support or a checkin member calls the editor, then 403; an editor and an owner may', async () => {
    for (const name of ['editorialList', 'saveEditorial', 'editorialPreviewLink']) {
      const refused = await call(name, { id: 1, locale: 'en', ...article('refused') }, support)
      expect([refused.status, refused.body.message], name).toEqual([403, 'errors.forbidden'])
    }
    const owner = await setUpMember(app, db, ['owner'])
    expect((await call('editorialList', {}, owner)).status).toBe(200)
    expect((await call('editorialList', {})).status).toBe(200)
  })
})

describe('writing an article', () => {
  it('when an editor saves a new article, then it is a draft, listed and found by search, audited with before and after, and not on the site', async () => {
    const saved = await call('saveEditorial', article('first-draft'))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const item = saved.body.data.item
    expect(item).toMatchObject({ kind: 'news', slug: 'first-draft', state: 'draft', publicPath: null })
    expect(Object.keys(item.texts).sort()).toEqual(['en', 'zh-cn'])

    const listed = await call('editorialList', { search: 'FIRST-draft', kind: 'news', state: 'draft' })
    expect(listed.body.data.rows.map((row: { slug: string }) => row.slug)).toEqual(['first-draft'])
    expect(listed.body.data.rows[0]).toMatchObject({ title: 'first-draft in English', locales: ['en', 'zh-cn'] })
    const byTitle = await call('editorialList', { search: '中文' })
    expect(byTitle.body.data.total).toBe(1)
    expect((await call('editorialList', { state: 'published', search: 'first-draft' })).body.data.total).toBe(0)

    const [audit] = await auditOf('console$saveEditorial')
    expect(audit).toMatchObject({ staff_id: editor.id, target: `news:${item.id}`, before: null })
    expect(audit?.after).toMatchObject({ slug: 'first-draft', state: 'draft', texts: { en: { title: 'first-draft in English' } } })

    expect((await request(app).get(`/en/exhibition/${item.id}`)).status).toBe(404)
  })

  it('when a body holds a script, event handlers and javascript: links, then the saved HTML has none of them and the Markdown is kept as written', async () => {
    const hostile = [
      'Hello <script>alert(1)</script>',
      '',
      '<img src="https://example.org/x.png" width="10" height="10" onerror="alert(2)">',
      '',
      '[click](javascript:alert(3)) and <a href="JaVaScRiPt:alert(4)" onclick="alert(5)">this</a>',
      '',
      '<p style="color:red" onmouseover="alert(6)">styled</p><iframe src="https://evil.example"></iframe>',
    ].join('\n')
    const saved = await call('saveEditorial', article('hostile', { texts: { en: { title: 'Hostile', summary: 'S', body: hostile } } }))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const stored = await bodyHtmlOf(saved.body.data.item.id, 'en')
    expect(stored?.body_markdown).toBe(hostile)
    const html = stored?.body_html ?? ''
    expect(html).toContain('Hello')
    expect(html).toContain('styled')
    expect(html).not.toMatch(/<script|alert\(1\)|onerror|onclick|onmouseover|javascript:|style=|<iframe/i)
    // The preview a visitor's language would get passes the same sanitiser.
    const rendered = await call('editorialRender', { kind: 'news', locale: 'ja', texts: { en: { title: 'Hostile', summary: 'S', body: hostile } } })
    expect(rendered.body.data).toMatchObject({ usedLocale: 'en', chain: ['ja', 'en'] })
    expect(rendered.body.data.bodyHtml).toBe(html)
  })

  it('when English is missing, a title is empty or the slug is malformed, then 400 with the field named and nothing saved', async () => {
    const noEnglish = await call('saveEditorial', article('no-english', { texts: { 'zh-cn': { title: '只有中文', summary: '摘要', body: '正文' } } }))
    expect([noEnglish.status, noEnglish.body.message]).toEqual([400, 'console:errors.editorialEnglishRequired'])
    const noTitle = await call(
      'saveEditorial',
      article('no-title', { texts: { en: { title: 'T', summary: 'S', body: 'B' }, ja: { title: '', summary: '', body: '本文' } } }),
    )
    expect(noTitle.status).toBe(400)
    expect(noTitle.body.fields?.['texts.ja.title'] ?? noTitle.body.message).toBe('console:errors.editorialTitleRequired')
    const badSlug = await call('saveEditorial', article('Bad Slug!'))
    expect(badSlug.status).toBe(400)
    expect(JSON.stringify(badSlug.body)).toContain('console:errors.editorialSlug')
    const badCover = await call('saveEditorial', article('bad-cover', { image: { src: 'javascript:alert(1)', width: 10, height: 10 } }))
    expect(badCover.status).toBe(400)
    expect((await db.query("select 1 from news_articles where slug in ('no-english', 'no-title', 'bad-cover')")).rows).toHaveLength(0)
  })

  it('when a payload is hostile or malformed, then 400 with the field named, never a 500', async () => {
    const cases: Array<[string, unknown]> = [
      ['an unknown language', article('odd-language', { texts: { en: { title: 'T', summary: 'S', body: 'B' }, xx: { title: 'X' } } })],
      ['a body past its limit', article('too-long', { texts: { en: { title: 'T', summary: 'S', body: 'x'.repeat(100_001) } } })],
      ['a title that is not text', article('not-text', { texts: { en: { title: { $gt: '' }, summary: 'S', body: 'B' } } })],
      ['an unknown kind', { ...article('odd-kind'), kind: 'advert' }],
      ['a protocol-relative cover', article('pr-cover', { image: { src: '//evil.example/x.png', width: 10, height: 10 } })],
      ['a data: cover', article('data-cover', { image: { src: 'data:image/png;base64,AAAA', width: 10, height: 10 } })],
      ['a negative size', article('neg-size', { image: { src: '/demo/news/calendar-2026.svg', width: -1, height: 10 } })],
      ['an unknown topic', article('odd-tag', { tags: ['crypto-moon'] })],
      ['a length that is not a number', { kind: 'video', slug: 'odd-length', durationSeconds: 'an hour', texts: { en: { title: 'T' } } }],
      [
        'a javascript: stream',
        {
          kind: 'video',
          slug: 'js-stream',
          durationSeconds: 60,
          sources: [{ src: 'javascript:alert(1)//.m3u8', type: 'application/vnd.apple.mpegurl' }],
          texts: { en: { title: 'T' } },
        },
      ],
    ]
    for (const [name, payload] of cases) {
      const answer = await call('saveEditorial', payload)
      expect(answer.status, name).toBe(400)
    }
    for (const [name, payload] of [
      ['a page past the end', { page: 0 }],
      ['a huge page size', { pageSize: 10_000 }],
      ['an unknown state', { state: 'archived' }],
    ] as const) {
      expect((await call('editorialList', payload)).status, name).toBe(400)
    }
    expect((await call('scheduleEditorial', { kind: 'news', id: 1, expected: 'x', at: 'tomorrow' })).status).toBe(400)
    expect((await call('editorialDetail', { kind: 'news', id: 'DROP TABLE' })).status).toBe(400)
    expect((await call('editorialDetail', { kind: 'news', id: 2_000_000_000 })).status).toBe(404)
  })

  it('when a slug is taken, then 409 with a translated message, on create and on rename', async () => {
    await call('saveEditorial', article('taken'))
    const again = await call('saveEditorial', article('taken'))
    expect([again.status, again.body.message]).toEqual([409, 'console:errors.editorialSlugTaken'])
    const other = (await call('saveEditorial', article('other'))).body.data.item
    const rename = await call('saveEditorial', { ...article('taken'), id: other.id, expected: other.version })
    expect([rename.status, rename.body.message]).toEqual([409, 'console:errors.editorialSlugTaken'])
  })

  it('when two editors save the same version, then the first wins and the second gets a 409 instead of overwriting', async () => {
    const item = (await call('saveEditorial', article('contested'))).body.data.item
    const second = await setUpMember(app, db, ['editor'])
    const texts = (title: string) => ({ en: { title, summary: 'S', body: 'B' } })
    const [a, b] = await Promise.all([
      call('saveEditorial', { ...article('contested'), id: item.id, expected: item.version, texts: texts('From A') }),
      call('saveEditorial', { ...article('contested'), id: item.id, expected: item.version, texts: texts('From B') }, second),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const loser = a.status === 409 ? a : b
    expect(loser.body.message).toBe('console:errors.editorialChanged')
    const winner = a.status === 200 ? 'From A' : 'From B'
    const detail = await call('editorialDetail', { kind: 'news', id: item.id })
    expect(detail.body.data.item.texts.en.title).toBe(winner)
    expect(detail.body.data.item.texts['zh-cn']).toBeUndefined()
    // With the version just read, a change goes through.
    const next = await call('publishEditorial', { kind: 'news', id: item.id, expected: detail.body.data.item.version })
    expect(next.status).toBe(200)
    const stale = await call('unpublishEditorial', { kind: 'news', id: item.id, expected: item.version })
    expect([stale.status, stale.body.message]).toEqual([409, 'console:errors.editorialChanged'])
  })
})

describe('publishing', () => {
  it('when an article is published now, then the page shows it in English and Chinese at once although the old copies were cached', async () => {
    const item = (await call('saveEditorial', article('published-now'))).body.data.item
    const before = await request(app).get('/en/exhibition/news.html')
    expect(before.text).not.toContain('published-now in English')
    expect((await request(app).get('/en/exhibition/news.html')).headers['x-page-cache']).toBe('hit')

    const published = await call('publishEditorial', { kind: 'news', id: item.id, expected: item.version })
    expect(published.body.data.item).toMatchObject({ state: 'published', publicPath: `/en/exhibition/${item.id}` })
    const list = await request(app).get('/en/exhibition/news.html')
    expect(list.text).toContain('published-now in English')
    expect((await request(app).get(`/zh-cn/exhibition/${item.id}`)).text).toContain('published-now 中文')
    // Japanese falls back to English.
    expect((await request(app).get(`/ja/exhibition/${item.id}`)).text).toContain('published-now in English')
    const sitemap = await request(app).get('/sitemap.xml')
    expect(sitemap.text).toContain(`/exhibition/${item.id}`)

    const [audit] = (await auditOf('console$publishEditorial')).filter((row) => row.target === `news:${item.id}`)
    expect(audit?.before).toMatchObject({ state: 'draft' })
    expect(audit?.after).toMatchObject({ state: 'published' })
  })

  it('when an article is scheduled, then it is invisible before its time, and at its time the scheduler shows it and refreshes the cached pages and the sitemap', async () => {
    const item = (await call('saveEditorial', article('on-schedule'))).body.data.item
    const at = new Date(Date.now() + 10 * 60 * 1000)
    const past = await call('scheduleEditorial', { kind: 'news', id: item.id, expected: item.version, at: new Date(Date.now() - 1000).toISOString() })
    expect([past.status, past.body.message]).toEqual([400, 'console:errors.editorialSchedulePast'])
    const scheduled = await call('scheduleEditorial', { kind: 'news', id: item.id, expected: item.version, at: at.toISOString() })
    expect(scheduled.body.data.item).toMatchObject({ state: 'scheduled', publishedAt: at.toISOString() })

    await platform.jobs.runNow(SCHEDULE_JOB)
    const before = await request(app).get('/en/exhibition/news.html')
    expect(before.text).not.toContain('on-schedule in English')
    expect((await request(app).get(`/en/exhibition/${item.id}`)).status).toBe(404)
    expect((await request(app).get('/sitemap.xml')).text).not.toContain(`/exhibition/${item.id}<`)
    // Still before its time: the scheduler has nothing to do and the cached copy stays.
    later(9 * 60)
    await platform.jobs.runNow(SCHEDULE_JOB)
    expect((await request(app).get('/en/exhibition/news.html')).headers['x-page-cache']).toBe('hit')

    later(61)
    // Its time has come, but the cached list was made before: only the scheduler's signal refreshes it.
    const cached = await request(app).get('/en/exhibition/news.html')
    expect(cached.headers['x-page-cache']).toBe('hit')
    expect(cached.text).not.toContain('on-schedule in English')
    await platform.jobs.runNow(SCHEDULE_JOB)
    const after = await request(app).get('/en/exhibition/news.html')
    expect(after.headers['x-page-cache']).toBeUndefined()
    expect(after.text).toContain('on-schedule in English')
    expect((await request(app).get(`/zh-cn/exhibition/${item.id}`)).text).toContain('on-schedule 中文')
    expect((await request(app).get('/sitemap.xml')).text).toContain(`/exhibition/${item.id}`)
    const detail = await call('editorialDetail', { kind: 'news', id: item.id })
    expect(detail.body.data.item.state).toBe('published')
    // Once done, the next round finds nothing new.
    await request(app).get('/en/exhibition/news.html')
    await platform.jobs.runNow(SCHEDULE_JOB)
    expect((await request(app).get('/en/exhibition/news.html')).headers['x-page-cache']).toBe('hit')
  })

  it('when a published article is unpublished, then it leaves the site at once, is not deletable, and can be published again', async () => {
    const draft = (await call('saveEditorial', article('taken-down'))).body.data.item
    const published = (await call('publishEditorial', { kind: 'news', id: draft.id, expected: draft.version })).body.data.item
    expect((await request(app).get(`/en/exhibition/${draft.id}`)).status).toBe(200)
    const down = await call('unpublishEditorial', { kind: 'news', id: draft.id, expected: published.version })
    expect(down.body.data.item.state).toBe('unpublished')
    expect((await request(app).get(`/en/exhibition/${draft.id}`)).status).toBe(404)
    const deleted = await call('deleteEditorial', { kind: 'news', id: draft.id, expected: down.body.data.item.version })
    expect([deleted.status, deleted.body.message]).toEqual([409, 'console:errors.editorialDeleteDraftsOnly'])
    const twice = await call('unpublishEditorial', { kind: 'news', id: draft.id, expected: down.body.data.item.version })
    expect([twice.status, twice.body.message]).toEqual([409, 'console:errors.editorialNotPublished'])
    expect((await call('editorialList', { state: 'unpublished', search: 'taken-down' })).body.data.total).toBe(1)
  })

  it('when a draft is deleted, then it is gone and audited; an unknown item is 404', async () => {
    const draft = (await call('saveEditorial', article('to-delete'))).body.data.item
    const deleted = await call('deleteEditorial', { kind: 'news', id: draft.id, expected: draft.version })
    expect(deleted.body.data).toEqual({ deleted: true })
    expect((await call('editorialDetail', { kind: 'news', id: draft.id })).status).toBe(404)
    const audit = (await auditOf('console$deleteEditorial')).find((row) => row.target === `news:${draft.id}`)
    expect(audit?.before).toMatchObject({ slug: 'to-delete' })
    expect(audit?.after).toBeNull()
  })
})

describe('bulletins and videos', () => {
  it('when a bulletin is written and published, then the bulletin page shows it with its body sanitised', async () => {
    const saved = await call('saveEditorial', {
      kind: 'bulletin',
      slug: 'doors-open',
      bulletinKind: 'schedule',
      pinned: true,
      texts: { en: { title: 'Doors open at nine', body: 'Come **early** <script>alert(1)</script> [here](javascript:alert(2))' } },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const item = saved.body.data.item
    expect(item).toMatchObject({ bulletinKind: 'schedule', pinned: true })
    await call('publishEditorial', { kind: 'bulletin', id: item.id, expected: item.version })
    const page = await request(app).get('/en/bulletin.html')
    expect(page.text).toContain('Doors open at nine')
    const html = (await db.query<{ body_html: string }>('select body_html from bulletin_texts where bulletin_id = $1', [item.id])).rows[0]?.body_html
    expect(html).toContain('<strong>early</strong>')
    expect(html).not.toMatch(/script|javascript:/i)
  })

  it('when a video is written, then it needs a duration and a source whose address fits its type; a stream must be https', async () => {
    const video = (extra: Record<string, unknown>) => ({
      kind: 'video',
      slug: 'keynote-recording',
      category: 'keynotes',
      durationSeconds: 3600,
      sources: [{ src: 'https://stream.example.org/keynote/master.m3u8', type: 'application/vnd.apple.mpegurl' }],
      texts: { en: { title: 'The keynote', summary: 'An hour on stage.', alt: '' } },
      ...extra,
    })
    const noSource = await call('saveEditorial', video({ sources: [] }))
    expect([noSource.status, noSource.body.message]).toEqual([400, 'console:errors.editorialSourceRequired'])
    const plainHttp = await call('saveEditorial', video({ sources: [{ src: 'http://stream.example.org/a.m3u8', type: 'application/vnd.apple.mpegurl' }] }))
    expect(plainHttp.status).toBe(400)
    const wrongType = await call('saveEditorial', video({ sources: [{ src: 'https://stream.example.org/a.mp4', type: 'application/vnd.apple.mpegurl' }] }))
    expect([wrongType.status, wrongType.body.message]).toEqual([400, 'console:errors.editorialSourceType'])
    const noDuration = await call('saveEditorial', video({ durationSeconds: 0 }))
    expect([noDuration.status, noDuration.body.message]).toEqual([400, 'console:errors.editorialDuration'])
    const saved = await call('saveEditorial', video({}))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.data.item).toMatchObject({ category: 'keynotes', durationSeconds: 3600, texts: { en: { summary: 'An hour on stage.' } } })
  })
})

describe('preview links', () => {
  it('when an editor asks for a preview link, then it shows the draft in the chosen language with fallback, expires, and a forged one is refused', async () => {
    const item = (await call('saveEditorial', article('preview-me'))).body.data.item
    const link = await call('editorialPreviewLink', { kind: 'news', id: item.id, locale: 'zh-hk' })
    expect(link.status).toBe(200)
    const url = new URL(link.body.data.url)
    expect(url.pathname).toMatch(/^\/zh-hk\/preview\/v1\./)
    const token = decodeURIComponent(url.pathname.split('/').pop() ?? '')

    const preview = (value: string, locale = 'zh-hk') =>
      request(app).post('/wikifxweb-v1/wikiexpo/invoke-v1').set('Routes', 'expo$editorialPreview').set('LanguageCode', locale).send({ token: value })
    const shown = await preview(token)
    expect(shown.status, JSON.stringify(shown.body)).toBe(200)
    expect(shown.body.data).toMatchObject({ kind: 'news', state: 'draft', title: 'preview-me 中文', fellBackTo: 'zh-cn' })
    const english = await preview(token, 'en')
    expect(english.body.data).toMatchObject({ title: 'preview-me in English', fellBackTo: null })

    const page = await request(app).get(url.pathname)
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toBe('private, no-store')
    expect(page.text).toContain('preview-me 中文')
    expect(page.text).toMatch(/<meta name="robots" content="noindex/)
    expect(page.text).toContain('data-testid="preview-banner"')

    const forged = `${token.slice(0, -4)}AAAA`
    expect((await preview(forged)).status).toBe(404)
    expect((await request(app).get(`/zh-hk/preview/${forged}`)).status).toBe(404)
    // An access token is not a preview link.
    const access = platform.tokens.issue({ kind: 'server', clientId: `editorial-preview:news:${item.id}` }).access_token
    expect((await preview(access)).status).toBe(404)

    later(72 * 3600 + 1)
    const expired = await preview(token)
    expect([expired.status, expired.body.message]).toEqual([410, 'editorial:preview.expired'])
    expect((await request(app).get(url.pathname)).status).toBe(410)
  })
})

describe('a video through its preview link', () => {
  it("when a draft video is previewed, then the page plays it as the video page would, with the caption of the reader's language first", async () => {
    editor = await setUpMember(app, db, ['editor'])
    const saved = await call('saveEditorial', {
      kind: 'video',
      slug: 'preview-keynote',
      category: 'keynotes',
      durationSeconds: 900,
      sources: [{ src: 'https://stream.example.org/keynote/master.m3u8', type: 'application/vnd.apple.mpegurl' }],
      captions: [
        { src: 'https://stream.example.org/keynote/en.vtt', locale: 'en' },
        { src: 'https://stream.example.org/keynote/zh-cn.vtt', locale: 'zh-cn' },
      ],
      texts: { en: { title: 'Keynote preview', summary: 'Fifteen minutes.', alt: '' } },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const link = await call('editorialPreviewLink', { kind: 'video', id: saved.body.data.item.id, locale: 'zh-tw' })
    const path = new URL(link.body.data.url).pathname
    const token = decodeURIComponent(path.split('/').pop() ?? '')
    const shown = await request(app)
      .post('/wikifxweb-v1/wikiexpo/invoke-v1')
      .set('Routes', 'expo$editorialPreview')
      .set('LanguageCode', 'zh-tw')
      .send({ token })
    expect(shown.body.data).toMatchObject({ kind: 'video', title: 'Keynote preview', fellBackTo: 'en' })
    expect(shown.body.data.video.sources).toEqual([{ src: 'https://stream.example.org/keynote/master.m3u8', type: 'application/vnd.apple.mpegurl' }])
    expect(shown.body.data.video.captions.map((caption: { locale: string; default: boolean }) => [caption.locale, caption.default])).toEqual([
      ['en', false],
      ['zh-cn', true],
    ])
    const page = await request(app).get(path)
    expect(page.status).toBe(200)
    expect(page.text).toMatch(/<video[^>]*>/)
    expect(page.text).toContain('Keynote preview')
  })
})

describe('the content folder', () => {
  it('when what the console wrote is exported and imported into an emptied database, then the same rows come back', async () => {
    // The preview test moved the clock on by days: a fresh session.
    editor = await setUpMember(app, db, ['editor'])
    const cover = await call('saveEditorial', article('with-cover', { image: { src: '/demo/news/cover-1.jpg', width: 1200, height: 630 } }))
    // A cover needs its alternative text in every language written.
    expect([cover.status, cover.body.message]).toEqual([400, 'console:errors.editorialAltRequired'])
    const snapshot = async () => ({
      news: (await db.query('select slug, published, published_at, cover_image, tags, exhibition_slug from news_articles order by slug')).rows,
      newsTexts: (
        await db.query(
          'select a.slug, t.locale, t.title, t.summary, t.cover_alt, t.body_markdown, t.body_html, t.reading_minutes from news_article_texts t join news_articles a on a.id = t.article_id order by 1, 2',
        )
      ).rows,
      bulletins: (
        await db.query(
          'select b.slug, b.kind, b.pinned, b.published, b.published_at, t.locale, t.title, t.body_markdown, t.body_html from bulletins b join bulletin_texts t on t.bulletin_id = b.id order by 1, 6',
        )
      ).rows,
      videos: (
        await db.query(
          'select v.slug, v.category, v.duration_seconds, v.sources, v.captions, v.published, t.locale, t.title, t.description from videos v join video_texts t on t.video_id = v.id order by 1, 7',
        )
      ).rows,
    })
    const before = await snapshot()
    expect(before.news.length).toBeGreaterThan(5)
    const folder = mkdtempSync(join(tmpdir(), 'console-editorial-'))
    try {
      await exportFolder(db, folder, EDITORIAL_KINDS)
      expect(readFileSync(join(folder, 'news', 'hostile.md'), 'utf8')).toContain('<script>alert(1)</script>')
      await resetDatabase(db)
      await db.transaction((tx) => importFolder(platform, tx, folder, EDITORIAL_KINDS))
      expect(await snapshot()).toEqual(before)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
