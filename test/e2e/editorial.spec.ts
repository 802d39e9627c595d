import type { APIRequestContext, Page } from '@playwright/test'
import enCommon from '../../locales/en/common.json' with { type: 'json' }
import jaCommon from '../../locales/ja/common.json' with { type: 'json' }
import zhCnCommon from '../../locales/zh-cn/common.json' with { type: 'json' }
import zhTwCommon from '../../locales/zh-tw/common.json' with { type: 'json' }
import { isRelativeForm, relativeTime } from '../../src/lib/relative-time.ts'
import { DESKTOP, expect, expectAccessible, hydrated, PHONE, takingTurns, test } from './fixtures.ts'

/**
 * The editorial screens in a browser against the demo content: news list to "No more data", an
 * article and its h5 and pop variants, videos (the player plays, natively and through hls.js),
 * bulletins and about, in en, zh-cn, zh and ja at phone and desktop widths. What the page shows is
 * compared with what the platform answers for the same language.
 */

test.use({ timezoneId: 'UTC' })

const LANGUAGES = [
  { lang: 'en', locale: 'en' },
  { lang: 'zh-cn', locale: 'zh-cn' },
  { lang: 'zh', locale: 'zh-tw' },
  { lang: 'ja', locale: 'ja' },
] as const
const VIEWPORTS = [
  { name: 'phone', size: PHONE },
  { name: 'desktop', size: DESKTOP },
] as const

interface ArticleItem {
  id: number
  title: string
  publishedAt: string
}
interface VideoItem {
  id: number
  slug: string
  title: string
  sources: Array<{ src: string; type: string }>
}
interface BulletinItem {
  title: string
  pinned: boolean
  publishedAt: string
}

async function token(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/token')
  return ((await response.json()) as { access_token: string }).access_token
}

/** The platform's own answer, as the page's language asks for it. */
async function api<T>(
  request: APIRequestContext,
  locale: string,
  call: { path: string; query?: Record<string, string | number>; route?: string; body?: unknown },
): Promise<T> {
  const headers = { Authorization: `Bearer ${await token(request)}`, LanguageCode: locale, 'Content-Type': 'application/json' }
  const response = call.route
    ? await request.post(call.path, { headers: { ...headers, Routes: call.route }, data: call.body ?? {} })
    : await request.get(call.path, { headers, params: call.query ?? {} })
  const body = (await response.json()) as { succeed: boolean; data: T }
  expect(body.succeed).toBe(true)
  return body.data
}

async function allArticles(request: APIRequestContext, locale: string): Promise<ArticleItem[]> {
  const items: ArticleItem[] = []
  for (let page = 1; ; page++) {
    const data = await api<{ items: ArticleItem[]; hasMore: boolean }>(request, locale, { path: '/api/Article/webarticle', query: { page, pageSize: 10 } })
    items.push(...data.items)
    if (!data.hasMore) return items
  }
}

const t = (key: string, options: Record<string, unknown> = {}) => {
  const [group, name] = key.split('.') as [keyof typeof enCommon, string]
  const table = enCommon[group] as Record<string, string>
  const count = options.count as number | undefined
  const template = count === undefined ? table[name] : (table[`${name}_${count === 1 ? 'one' : 'other'}`] ?? table[name])
  return (template ?? key).replace(/\{\{(\w+)\}\}/g, (_, variable: string) => String(options[variable]))
}

/** Follows "load more" until the list has no more, checking each page after it arrives. */
async function loadToEnd(page: Page, afterEach: (pageNumber: number) => Promise<void>) {
  const more = page.locator('main a[href*="page="]')
  for (let pageNumber = 2; await more.count(); pageNumber++) {
    await more.click()
    await expect(page).toHaveURL(new RegExp(`[?&]page=${pageNumber}(&|$)`))
    await afterEach(pageNumber)
  }
}

/** docs/product.md#user-messages "No more data", in the page's language. */
const NO_MORE: Record<string, string> = {
  en: enCommon.common.noMoreData,
  'zh-cn': zhCnCommon.common.noMoreData,
  zh: zhTwCommon.common.noMoreData,
  ja: jaCommon.common.noMoreData,
}
const noMoreData = (page: Page, lang: string) => page.locator('main p').filter({ hasText: new RegExp(`^${NO_MORE[lang]}$`) })

for (const [languageIndex, { lang, locale }] of LANGUAGES.entries()) {
  for (const [widthIndex, viewport] of VIEWPORTS.entries()) {
    const here = takingTurns(languageIndex, widthIndex, VIEWPORTS.length)
    test.describe(`${lang} at ${viewport.size.width} px`, () => {
      test.use({ viewport: viewport.size })

      if (here(0))
        test('the news list pages to "No more data" and shows the articles of the database, newest first', async ({ page, request }) => {
          const articles = await allArticles(request, locale)
          expect(articles.length).toBeGreaterThan(30)
          await page.goto(`/${lang}/exhibition/news.html`)
          await hydrated(page)
          await expectAccessible(page)
          const list = page.locator('main ol').first()
          const titles = list.getByRole('heading', { level: 2 })
          await expect(titles).toHaveCount(10)
          expect(await titles.allTextContents()).toEqual(articles.slice(0, 10).map((article) => article.title))
          const times = list.locator('time')
          expect(await times.evaluateAll((elements) => elements.map((element) => element.getAttribute('datetime')))).toEqual(
            articles.slice(0, 10).map((article) => article.publishedAt),
          )
          if (lang === 'en') {
            // docs/product.md#relative-time, refreshed in the browser (the visitor's zone is UTC here); a
            // relative text has the exact date beside it.
            const newest = articles[0]?.publishedAt as string
            const shown = () => {
              const relative = relativeTime(newest, Date.now(), { t, timeZone: 'UTC' })
              if (!isRelativeForm(newest, Date.now())) return relative
              const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(newest))
              return enCommon.time.withDate.replace('{{text}}', relative).replace('{{date}}', date)
            }
            await expect.poll(async () => (await times.first().textContent()) === shown()).toBe(true)
          }
          await loadToEnd(page, (pageNumber) => expect(titles).toHaveCount(Math.min(articles.length, pageNumber * 10)))
          await expect(noMoreData(page, lang)).toBeVisible()
          expect(await titles.allTextContents()).toEqual(articles.map((article) => article.title))
          // The address keeps the page: a reload shows the same list.
          await page.reload()
          await hydrated(page)
          await expect(titles).toHaveCount(articles.length)
        })

      if (here(1))
        test('an article, its app web-view (h5) and pop-up variants show the article of the database', async ({ page, request }) => {
          const [first] = await allArticles(request, locale)
          const article = await api<{ id: number; title: string; summary: string; next: unknown; previous: { id: number } | null }>(request, locale, {
            path: '/api/Article/articleinfo',
            query: { id: (first as ArticleItem).id },
          })
          await page.goto(`/${lang}/exhibition/news.html`)
          await hydrated(page)
          await page.locator('main ol').first().getByRole('link', { name: article.title }).click()
          await expect(page).toHaveURL(new RegExp(`/${lang}/exhibition/${article.id}$`))
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title)
          await expect(page.locator('main').getByText(article.summary)).toBeVisible()
          const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}')
          expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', headline: article.title })
          await expectAccessible(page)
          if (article.previous) {
            await page.locator('a[rel="prev"]').click()
            await expect(page).toHaveURL(new RegExp(`/exhibition/${article.previous.id}$`))
            await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(article.title)
          }

          await page.goto(`/${lang}/exhibition/h5/${article.id}`)
          await hydrated(page)
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title)
          await expect(page.locator('header a[href$="/info.html"][aria-label]')).toHaveCount(0)
          await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
          await expectAccessible(page)

          await page.goto(`/${lang}/exhibition/pop/${article.id}`)
          await hydrated(page)
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title)
          await expect(page.getByRole('banner')).toHaveCount(0)
          await expect(page.locator('footer')).toBeVisible()
          await expectAccessible(page)
        })

      if (here(2))
        test('videos by category: the list is the database, choosing a video plays it in the player', async ({ page, request }) => {
          const data = await api<{ items: VideoItem[]; categories: Array<{ key: string; count: number }>; total: number }>(request, locale, {
            path: '/wikifxweb-v1/wikiexpo/invoke-v1',
            route: 'expo$listVideos',
            body: { page: 1, pageSize: 8 },
          })
          await page.goto(`/${lang}/video.html`)
          await hydrated(page)
          await expectAccessible(page)
          const cards = page.locator('main ul h3')
          expect(await cards.allTextContents()).toEqual(data.items.map((video) => video.title))
          await expect(page.locator('#now-playing-title')).toHaveText(data.items[0]?.title as string)

          const chosen = data.items.find((video) => !video.sources.some((source) => source.type.includes('mpegurl'))) as VideoItem
          await page.locator('main ul').getByRole('link', { name: chosen.title }).click()
          await expect(page).toHaveURL(new RegExp(`[?&]v=${chosen.id}`))
          await expect(page.locator('#now-playing-title')).toHaveText(chosen.title)
          const video = page.locator('main video')
          await expect(video).toBeFocused()
          await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2)
          await expect(video).toHaveAttribute('data-engine', 'file')

          // A category keeps only its own videos.
          const category = data.categories.find((entry) => entry.key === 'panels') as { key: string; count: number }
          await page.locator(`main nav a[href$="category=${category.key}"]`).click()
          await expect(page).toHaveURL(/category=panels/)
          await expect(cards).toHaveCount(category.count)
        })

      if (here(3))
        test('bulletins are the database’s, pinned first and newest first, to "No more data"', async ({ page, request }) => {
          const items: BulletinItem[] = []
          for (let pageNumber = 1; ; pageNumber++) {
            const data = await api<{ items: BulletinItem[]; hasMore: boolean }>(request, locale, {
              path: '/wikifxweb-v1/wikiexpo/invoke-v1',
              route: 'expo$listBulletins',
              body: { page: pageNumber, pageSize: 8 },
            })
            items.push(...data.items)
            if (!data.hasMore) break
          }
          const pinned = items.filter((item) => item.pinned)
          expect(pinned.length).toBeGreaterThan(0)
          expect(items.slice(0, pinned.length).every((item) => item.pinned)).toBe(true)
          await page.goto(`/${lang}/bulletin.html`)
          await hydrated(page)
          await expectAccessible(page)
          const titles = page.locator('main ol h2')
          await loadToEnd(page, (pageNumber) => expect(titles).toHaveCount(Math.min(items.length, pageNumber * 8)))
          await expect(titles).toHaveCount(items.length)
          expect(await titles.allTextContents()).toEqual(items.map((item) => item.title))
          await expect(noMoreData(page, lang)).toBeVisible()
        })

      if (here(4))
        test('about: story, the SPEC figures, contact, the verification link and the DB-IP credit', async ({ page }) => {
          await page.goto(`/${lang}/about.html`)
          await hydrated(page)
          await expectAccessible(page)
          const figures = page.locator('main dl').first()
          for (const value of ['100', '10+', '730+', '2019']) await expect(figures).toContainText(value)
          await expect(figures).toContainText(/77[,.\s]?000\+/)
          await expect(page.locator(`main a[href="/${lang}/verify.html"]`).first()).toBeVisible()
          await expect(page.locator('main a[href^="mailto:"]').first()).toBeVisible()
          await expect(page.locator('main a[href="https://db-ip.com"]')).toBeVisible()
          await expect(page.locator('[data-slot="official-channels"] h2')).toBeVisible()
        })
    })
  }
}

test.describe('when loading more fails', () => {
  test.use({ viewport: DESKTOP, allowConsole: [/Failed to load resource/] })

  test('then the articles already shown stay, the failure is said with a retry, and the retry loads the page', async ({ page }) => {
    await page.goto('/en/exhibition/news.html')
    await hydrated(page)
    const titles = page.locator('main ol').first().getByRole('heading', { level: 2 })
    await expect(titles).toHaveCount(10)
    // The second page cannot be had (the network drops that request).
    await page.route(/\/api\/Article\/webarticle\?.*page=2/, (route) => route.abort('internetdisconnected'))
    await page.getByRole('link', { name: 'Load more news' }).click()
    const alert = page.locator('main').getByRole('alert')
    await expect(alert).toContainText(enCommon.errors.network)
    await expect(titles).toHaveCount(10)
    await page.unroute(/\/api\/Article\/webarticle\?.*page=2/)
    await alert.getByRole('button', { name: enCommon.common.retry }).click()
    await expect(titles).toHaveCount(20)
    await expect(page.locator('main').getByRole('alert')).toHaveCount(0)
    await expectAccessible(page)
  })
})

test.describe('the HLS path', () => {
  test.use({ viewport: DESKTOP })

  async function hlsVideo(request: APIRequestContext, locale = 'en'): Promise<VideoItem> {
    const data = await api<{ items: VideoItem[] }>(request, locale, {
      path: '/wikifxweb-v1/wikiexpo/invoke-v1',
      route: 'expo$listVideos',
      body: { category: 'highlights', pageSize: 20 },
    })
    return data.items.find((video) => video.sources[0]?.type === 'application/vnd.apple.mpegurl') as VideoItem
  }

  test('when the browser cannot play HLS itself, then hls.js is loaded on demand and the playlist plays through it', async ({ page, request }) => {
    const video = await hlsVideo(request)
    // A browser without native HLS (Chrome before native support, Firefox): canPlayType says no.
    await page.addInitScript(() => {
      const original = HTMLMediaElement.prototype.canPlayType
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? '' : original.call(this, type)
      }
    })
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto('/en/video.html')
    await hydrated(page)
    const beforeChoosing = scripts.length
    expect(scripts.some((url) => /hls/i.test(url))).toBe(false)
    await page.locator('main ul').getByRole('link', { name: video.title }).click()
    const player = page.locator('main video')
    await expect(player).toHaveAttribute('data-engine', 'hls.js')
    expect(scripts.slice(beforeChoosing).some((url) => /hls/i.test(url))).toBe(true)
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2)
    expect(await player.evaluate((element: HTMLVideoElement) => element.currentSrc)).toMatch(/^blob:/)
  })

  test('when the browser plays HLS itself, then no hls.js is loaded and the playlist or its file plays natively', async ({ page, request }) => {
    const video = await hlsVideo(request)
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
    })
    await page.goto(`/en/video.html?v=${video.id}`)
    await hydrated(page)
    const player = page.locator('main video')
    const native = await player.evaluate((element: HTMLVideoElement) => element.canPlayType('application/vnd.apple.mpegurl') !== '')
    await expect(player).toHaveAttribute('data-engine', native ? 'native-hls' : 'hls.js')
    if (native) expect(scripts.some((url) => /hls/i.test(url))).toBe(false)
    await player.evaluate((element: HTMLVideoElement) => element.play())
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.2)
  })

  test('the player is keyboard operable and has captions in the page language', async ({ page, request }) => {
    const video = await hlsVideo(request, 'zh-cn')
    await page.goto(`/zh-cn/video.html?v=${video.id}`)
    await hydrated(page)
    const player = page.locator('main video')
    await expect(player).toHaveAccessibleName(new RegExp(video.title))
    await expect
      .poll(() =>
        player.evaluate((element: HTMLVideoElement) => [...element.textTracks].filter((track) => track.mode === 'showing').map((track) => track.language)),
      )
      .toEqual(['zh-Hans'])
    await player.focus()
    await page.keyboard.press('Space')
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.paused), { timeout: 10_000 }).toBe(false)
  })
})
