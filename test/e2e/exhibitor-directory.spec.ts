import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import type { ExhibitorDirectory } from '../../src/api/exhibitors.ts'
import { LANGUAGE_INFO, type UrlLanguage } from '../../shared/languages.ts'
import { DESKTOP, expect, expectAccessible, hydrated, PHONE, takingTurns, test } from './fixtures.ts'

/**
 * The exhibitor directory on the demo content (docs/product.md#exhibitor-directory): the way in from
 * the exhibition page, the list, search with and without JavaScript, the kind filter and an
 * exhibitor's page, in en and zh-cn at phone and desktop widths. What the page lists is compared
 * with what the platform answers for the same language.
 */

type Json = Record<string, unknown>
const bundles = new Map<string, Json>()
/** A string of the directory's translation files, as the page shows it. */
function text(lang: UrlLanguage, key: string, values: Record<string, string | number> = {}): string {
  const file = `locales/${LANGUAGE_INFO[lang].locale}/directory.json`
  let bundle = bundles.get(file)
  if (!bundle) {
    bundle = JSON.parse(readFileSync(file, 'utf8')) as Json
    bundles.set(file, bundle)
  }
  let value: unknown = bundle
  for (const part of key.split('.')) value = (value as Json)[part]
  if (typeof value !== 'string') throw new Error(`no text ${file} ${key}`)
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]))
}

let token: string | undefined
async function expo<T>(request: APIRequestContext, route: string, body: object, lang: UrlLanguage): Promise<T> {
  token ??= ((await (await request.post('/api/token')).json()) as { access_token: string }).access_token
  const response = await request.post('/wikifxweb-v1/wikiexpo/invoke-v1', {
    headers: { Routes: route, Authorization: `Bearer ${token}`, LanguageCode: LANGUAGE_INFO[lang].locale },
    data: body,
  })
  const envelope = (await response.json()) as { ErrorCode: number; data: T }
  expect(envelope.ErrorCode, route).toBe(200)
  return envelope.data
}

/** The demo's Bangkok exhibition: the coming one with demo exhibitors of every kind. */
async function bangkok(request: APIRequestContext): Promise<number> {
  const list = await expo<{ items: Array<{ id: number; title: string }> }>(request, 'expo$listExhibitions', { when: 'upcoming', pageSize: 12 }, 'en')
  const found = list.items.find((item) => item.title.startsWith('Bangkok'))
  if (!found) throw new Error('the demo has no coming Bangkok exhibition')
  return found.id
}

async function open(page: Page, path: string) {
  const response = await page.goto(path)
  expect(response?.status(), path).toBe(200)
  await hydrated(page)
}

/** The directory's entries: the first list of the page's main part (the floor plan's key comes after it). */
const cards = (page: Page) => page.getByRole('main').getByRole('list').first().getByRole('listitem')

// Each language at a width, the widths taking turns through the languages.
const SIZES = [PHONE, DESKTOP]
for (const [languageIndex, lang] of (['en', 'zh-cn'] as const).entries()) {
  for (const [widthIndex, size] of SIZES.entries()) {
    if (!takingTurns(languageIndex, widthIndex, SIZES.length)(0)) continue
    test.describe(`${lang} at ${size.width} px`, () => {
      test.beforeEach(async ({ page }) => {
        await page.setViewportSize(size)
      })

      test('from the exhibition page to the directory and one exhibitor, each accessible', async ({ page, request }) => {
        const id = await bangkok(request)
        const directory = await expo<ExhibitorDirectory>(request, 'exhibitor$directory', { exhibitionId: id }, lang)
        expect(directory.total).toBeGreaterThanOrEqual(10)

        await open(page, `/${lang}/backDetail/${id}`)
        const section = page.locator('section#exhibitors')
        await expect(section.getByRole('heading', { level: 2 })).toHaveText(text(lang, 'detail.title'))
        // By keyboard: on a phone the ticket bar lies over the bottom of the page.
        await section.getByRole('link', { name: text(lang, 'detail.link') }).focus()
        await page.keyboard.press('Enter')
        await expect(page).toHaveURL(new RegExp(`/${lang}/backDetail/${id}/exhibitors$`))

        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'list.title'))
        await expect(page.getByRole('link', { name: directory.exhibition.title })).toHaveAttribute('href', `/${lang}/backDetail/${id}`)
        await expect(page.getByText(text(lang, 'list.demo'))).toBeVisible()
        const items = cards(page)
        await expect(items).toHaveCount(directory.total)
        await expect(items.getByRole('heading', { level: 2 })).toHaveText(directory.items.map((item) => item.name))
        await expectAccessible(page)

        const chosen = directory.items.find((item) => item.kind === 'broker') ?? directory.items[0]
        if (!chosen) throw new Error('no exhibitor')
        await items.getByRole('link', { name: chosen.name, exact: true }).click()
        await expect(page).toHaveURL(new RegExp(`/${lang}/backDetail/${id}/exhibitors/${chosen.slug}$`))
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(chosen.name)
        await expect(page.getByText(text(lang, 'profile.demo'))).toBeVisible()
        const website = page.getByRole('main').getByRole('link', { name: /\.example/ })
        await expect(website).toHaveAttribute('rel', 'nofollow noopener')
        await expect(website).toHaveAttribute('target', '_blank')
        await expect(page.getByRole('table')).toContainText('DEMO-')
        await expectAccessible(page)

        await page
          .getByRole('link', { name: text(lang, 'profile.backToAll') })
          .first()
          .click()
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'list.title'))
      })
    })
  }
}

test('search without JavaScript: a plain form sent with its button, the result and the way back to everything', async ({ browser, request, baseURL }) => {
  const id = await bangkok(request)
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, viewport: PHONE })
  const page = await context.newPage()
  await page.goto(`/zh-cn/backDetail/${id}/exhibitors`)
  // An English name finds the company on a Chinese page, which names it in Chinese.
  await page.getByLabel(text('zh-cn', 'search.label')).fill('harbour')
  await page.getByRole('button', { name: text('zh-cn', 'search.submit') }).click()
  await expect(page).toHaveURL(/[?&]q=harbour/)
  await expect(cards(page)).toHaveCount(1)
  await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText('港线市场')
  await expect(page.getByLabel(text('zh-cn', 'search.label'))).toHaveValue('harbour')

  // The kind filter is sent with the filters' own button.
  await page
    .getByRole('link', { name: text('zh-cn', 'filters.clear') })
    .first()
    .click()
  await expect(page.getByLabel(text('zh-cn', 'search.label'))).toHaveValue('')
  await page.getByLabel(text('zh-cn', 'filters.kind')).selectOption('platform')
  await page.getByRole('button', { name: text('zh-cn', 'filters.apply') }).click()
  await expect(page).toHaveURL(/[?&]kind=platform/)
  const platforms = await expo<ExhibitorDirectory>(request, 'exhibitor$directory', { exhibitionId: id, kind: 'platform' }, 'zh-cn')
  await expect(cards(page)).toHaveCount(platforms.total)

  await page.goto(`/zh-cn/backDetail/${id}/exhibitors?q=${encodeURIComponent('没有这家公司')}`)
  await expect(page.getByText(text('zh-cn', 'list.emptyFiltered'))).toBeVisible()
  await page
    .getByRole('link', { name: text('zh-cn', 'filters.clear') })
    .last()
    .click()
  await expect(cards(page)).not.toHaveCount(0)
  await context.close()
})

for (const size of [PHONE, DESKTOP]) {
  test(`search and the kind filter with JavaScript at ${size.width} px: the list changes in place`, async ({ page, request }) => {
    await page.setViewportSize(size)
    const id = await bangkok(request)
    await open(page, `/en/backDetail/${id}/exhibitors`)
    // A Chinese name finds the company on the English page.
    await page.getByLabel(text('en', 'search.label')).fill('港线')
    await page.getByLabel(text('en', 'search.label')).press('Enter')
    await expect(page).toHaveURL(/[?&]q=/)
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(['Harbourline Markets'])

    await page
      .getByRole('link', { name: text('en', 'filters.clear') })
      .first()
      .click()
    await expect(page).toHaveURL(/\/exhibitors$/)
    // The address can change before the cleared form is drawn (React Router renders a navigation in a
    // transition): a filter changed in between would send the old search with it, as a person could only
    // by acting within those milliseconds. Go on from what the page shows.
    await expect(page.getByLabel(text('en', 'search.label'))).toHaveValue('')
    const brokers = await expo<ExhibitorDirectory>(request, 'exhibitor$directory', { exhibitionId: id, kind: 'broker' }, 'en')
    // A filter applies as soon as it changes; there is no button to press.
    await expect(page.getByRole('button', { name: text('en', 'filters.apply') })).toHaveCount(0)
    await page.getByLabel(text('en', 'filters.kind')).selectOption('broker')
    await expect(page).toHaveURL(/[?&]kind=broker/)
    await expect(cards(page).getByRole('heading', { level: 2 })).toHaveText(brokers.items.map((item) => item.name))
    for (const card of await cards(page).all()) await expect(card).toContainText(text('en', 'kinds.broker'))
    await expect(page.getByRole('status').filter({ hasText: text('en', 'list.count_other', { formatted: brokers.total }) })).toBeVisible()
    await expectAccessible(page)
  })
}
