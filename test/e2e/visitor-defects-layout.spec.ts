import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { NAV_TABS, tabHref } from '../../src/components/header/nav-tabs.ts'
import { expect, hydrated, takingTurns, test } from './fixtures.ts'

/**
 * Visitor defects of layout: scroll positions across navigations, the header
 * search dropdown inside the viewport, the China notice holding keyboard focus, header menus without
 * JavaScript, and a repeated chunk-load failure that offers a reload instead of looping.
 */

const LANGUAGES = ['en', 'zh-cn'] as const
type Lang = (typeof LANGUAGES)[number]

const TEXT: Record<Lang, { menu: string; language: string; changeLanguage: string; search: string; explore: string }> = {
  en: { menu: 'Menu', language: 'Language', changeLanguage: 'Change language', search: 'Search', explore: 'Explore' },
  'zh-cn': { menu: '菜单', language: '语言', changeLanguage: '切换语言', search: '搜索', explore: '浏览' },
}

/** Scroll positions may differ by a pixel or two (sub-pixel layout, rounding). */
const TOLERANCE = 4

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))
const nextFrame = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))

/**
 * Marks an internal link of the page's main content that lies well down the page, scrolls so it
 * is in view, and returns where the page was scrolled to and where the link leads.
 */
async function scrollToDeepLink(page: Page, lang: Lang): Promise<{ y: number; href: string }> {
  const found = await page.evaluate((language) => {
    const candidates = [...document.querySelectorAll<HTMLAnchorElement>(`main a[href^="/${language}/"]`)].filter((anchor) => {
      const href = anchor.getAttribute('href') ?? ''
      const box = anchor.getBoundingClientRect()
      return !anchor.target && !/[?#]/.test(href) && href !== window.location.pathname && box.width > 0 && box.height > 0
    })
    const top = (anchor: HTMLAnchorElement) => anchor.getBoundingClientRect().top + window.scrollY
    const deep = candidates.find((anchor) => top(anchor) >= 900) ?? candidates.at(-1)
    if (!deep) return null
    deep.dataset.scrollTarget = 'true'
    return { top: top(deep), href: deep.getAttribute('href') ?? '' }
  }, lang)
  expect(found, 'a link well down the page').not.toBeNull()
  const target = Math.max(0, Math.round((found?.top ?? 0) - 300))
  await page.evaluate((y) => window.scrollTo(0, y), target)
  await nextFrame(page)
  return { y: await scrollY(page), href: found?.href ?? '' }
}

// Each start in both languages and at both widths, the widths taking turns through the languages.
test.describe('scroll positions across navigations', () => {
  const widths = [375, 1280]
  for (const [languageIndex, lang] of LANGUAGES.entries()) {
    for (const [widthIndex, width] of widths.entries()) {
      const here = takingTurns(languageIndex, widthIndex, widths.length)
      for (const [screen, start] of ['exhibition/news.html', '', 'about.html'].entries()) {
        if (!here(screen)) continue
        const path = start ? `/${lang}/${start}` : `/${lang}`
        test(`from ${path} at ${width} px: a new page opens at the top, Back and Forward return to the positions left`, async ({ page }) => {
          await page.setViewportSize({ width, height: 800 })
          await page.goto(path)
          await hydrated(page)
          const { y: listY, href } = await scrollToDeepLink(page, lang)
          expect(listY).toBeGreaterThan(500)

          await page.locator('[data-scroll-target="true"]').click()
          await expect(page).toHaveURL((url) => url.pathname === href)
          await expect(page.locator('main h1').first()).toBeFocused()
          await expect.poll(() => scrollY(page)).toBeLessThanOrEqual(TOLERANCE)

          const articleY = await page.evaluate(() => {
            window.scrollTo(0, Math.min(600, document.documentElement.scrollHeight - window.innerHeight))
            return Math.round(window.scrollY)
          })
          expect(articleY).toBeGreaterThan(100)
          await nextFrame(page)

          await page.goBack()
          await expect(page).toHaveURL((url) => url.pathname.replace(/\/$/, '') === path)
          await expect.poll(async () => Math.abs((await scrollY(page)) - listY)).toBeLessThanOrEqual(TOLERANCE)

          await page.goForward()
          await expect(page).toHaveURL((url) => url.pathname === href)
          await expect.poll(async () => Math.abs((await scrollY(page)) - articleY)).toBeLessThanOrEqual(TOLERANCE)
        })
      }
    }
  }
})

test('an address opened anew starts at the top, even one visited before in the tab; a reload keeps the position', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  const scrollDown = async () => {
    const y = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight)
      return Math.round(window.scrollY)
    })
    expect(y).toBeGreaterThan(500)
    await nextFrame(page)
    return y
  }
  await page.goto('/en/exhibition/news.html')
  await hydrated(page)
  await scrollDown()

  await page.goto('/en/about.html')
  await hydrated(page)
  expect(await scrollY(page)).toBe(0)
  await scrollDown()

  await page.goto('/en/exhibition/news.html')
  await hydrated(page)
  expect(await scrollY(page)).toBe(0)

  await page.goto('/en/about.html')
  await hydrated(page)
  await nextFrame(page)
  expect(await scrollY(page)).toBe(0)
  const aboutY = await scrollDown()
  await page.reload()
  await hydrated(page)
  await expect.poll(async () => Math.abs((await scrollY(page)) - aboutY)).toBeLessThanOrEqual(TOLERANCE)
})

test.describe('the header search dropdown stays inside the viewport', () => {
  /** The dropdown's box and its visible options lie inside the viewport's width. */
  async function expectDropdownInside(scope: Locator, width: number) {
    await scope.getByRole('combobox').click()
    const listbox = scope.getByRole('listbox')
    await expect(listbox.getByRole('option').first()).toBeVisible()
    // The list's box and each shown option's, read in one go (a round trip per option took seconds on a busy machine).
    const boxes = await listbox.evaluate((list) =>
      [list, ...list.querySelectorAll('[role="option"]')]
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ element, box }) => element === list || (box.width > 0 && box.height > 0 && element.checkVisibility({ visibilityProperty: true })))
        .map(({ element, box }) => ({ what: element.textContent?.trim().slice(0, 40) ?? '', left: box.left, right: box.right })),
    )
    expect(boxes.length, `options shown at ${width} px`).toBeGreaterThan(1)
    for (const box of boxes) {
      expect(box.left, `${box.what} at ${width} px`).toBeGreaterThanOrEqual(0)
      expect(box.right, `${box.what} at ${width} px`).toBeLessThanOrEqual(width)
    }
  }

  for (const lang of LANGUAGES) {
    test(`${lang} at 768 px: the dropdown in the search dialog, its hot searches and brokers are fully visible`, async ({ page }) => {
      await page.setViewportSize({ width: 768, height: 900 })
      await page.goto(`/${lang}`)
      await hydrated(page)
      const header = page.getByRole('banner')
      // The header's search form carries only classes that exist (it rendered "undefined").
      await expect(header.locator('form[action$="/search.html"]')).not.toHaveAttribute('class', /undefined/)
      await header.getByRole('button', { name: TEXT[lang].search }).click()
      await expectDropdownInside(page.getByRole('dialog'), 768)
    })

    // The desktop header from its narrowest to a wide screen: one page, the window resized and the dropdown opened again at each width.
    const widths = [820, 900, 1000, 1200, 1440, 1920]
    test(`${lang} at ${widths.join(', ')} px: the header's dropdown, its hot searches and brokers are fully visible`, async ({ page }) => {
      // Six widths in one test (one page load instead of six): the time of two tests.
      test.setTimeout(90_000)
      await page.setViewportSize({ width: widths[0] as number, height: 900 })
      await page.goto(`/${lang}`)
      await hydrated(page)
      const header = page.getByRole('banner')
      await expect(header.locator('form[action$="/search.html"]')).not.toHaveAttribute('class', /undefined/)
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 })
        await nextFrame(page)
        await expectDropdownInside(header, width)
        await page.keyboard.press('Escape')
        await expect(header.getByRole('listbox')).toBeHidden()
      }
    })
  }
})

test.describe('the China notice holds the keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '223.5.5.5' })
  })

  for (const lang of LANGUAGES) {
    test(`${lang}: Tab and Shift+Tab stay in the notice, and the page behind is inert`, async ({ page }) => {
      await page.goto(`/${lang}`)
      await hydrated(page)
      const notice = page.getByTestId('china-notice')
      await expect(notice).toBeVisible()
      const focusInNotice = () => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="china-notice"]')))
      expect(await focusInNotice()).toBe(true)
      for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Tab']) {
        await page.keyboard.press(key)
        expect(await focusInNotice(), `focus after ${key}`).toBe(true)
      }
      const inert = await page.evaluate(() => ['header', 'main', 'footer'].map((selector) => Boolean(document.querySelector(selector)?.closest('[inert]'))))
      expect(inert).toEqual([true, true, true])
      // A click on the search box behind does not reach it either.
      await page.getByRole('banner').getByRole('combobox').click({ force: true })
      expect(await focusInNotice()).toBe(true)
    })
  }

  test('before any script runs, the page behind the notice is already inert', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { 'X-Forwarded-For': '223.5.5.5' } })
    const page = await context.newPage()
    await page.goto('/en')
    await expect(page.getByTestId('china-notice')).toBeVisible()
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('header, main, footer') ?? null)).toBeNull()
    }
    await context.close()
  })
})

test.describe('header menus without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const lang of LANGUAGES) {
    test(`${lang} at 375 px: the menu and language controls lead to the footer's lists, search to the search page`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 780 })
      await page.goto(`/${lang}/about.html`)
      const header = page.getByRole('banner')
      // The search icon leads to the search page, whose form works without scripts.
      await expect(header.getByRole('link', { name: TEXT[lang].search })).toHaveAttribute('href', `/${lang}/search.html`)

      await header.getByRole('link', { name: TEXT[lang].menu }).click()
      await expect(page).toHaveURL(/#site-menu$/)
      const menu = page.getByRole('navigation', { name: TEXT[lang].explore })
      await expect(menu).toBeInViewport()
      for (const tab of NAV_TABS) await expect(menu.locator(`a[href="${tabHref(lang, tab)}"]`)).toBeVisible()

      await header.getByRole('link', { name: TEXT[lang].language, exact: true }).click()
      await expect(page).toHaveURL(/#languages$/)
      const languages = page.getByRole('contentinfo').getByRole('navigation', { name: TEXT[lang].language })
      await expect(languages).toBeInViewport()
      await expect(languages.getByRole('link', { name: '简体中文' })).toHaveAttribute('href', '/api/language?to=%2Fzh-cn%2Fabout.html')
      await languages.getByRole('link', { name: '日本語' }).click()
      await expect(page).toHaveURL(/\/ja\/about\.html$/)
    })
  }

  test('at 1280 px the language menu leads to the footer’s language links', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/en')
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Change language/ })
      .click()
    await expect(page).toHaveURL(/#languages$/)
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Español' })).toBeInViewport()
  })
})

test.describe('a screen whose code fails to load', () => {
  test.use({ allowConsole: [/Failed to load resource|Failed to fetch dynamically imported module|net::ERR_FAILED/] })

  test('the first failure reloads; a second within 60 s offers to load the page again instead of looping', async ({ page }) => {
    const manifest = JSON.parse(readFileSync(`${process.env.DIST_DIR ?? 'dist'}/client/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>
    const aboutChunk = manifest['src/routes/about/route.tsx']?.file
    expect(aboutChunk).toBeTruthy()
    let blocked = 0
    await page.route(`**/${aboutChunk}`, (route) => {
      blocked++
      return route.abort()
    })
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/en')
    await hydrated(page)

    const nav = page.getByRole('navigation', { name: 'Main' }).first()
    const reload = page.waitForEvent('load')
    await nav.getByRole('link', { name: 'About us' }).click()
    await reload
    await hydrated(page)
    expect(blocked).toBeGreaterThan(0)

    await nav.getByRole('link', { name: 'About us' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeFocused()
    const retry = page.getByRole('link', { name: 'Load the page again' })
    await expect(retry).toHaveAttribute('href', '/en/about.html')

    await page.unroute(`**/${aboutChunk}`)
    await retry.click()
    await expect(page).toHaveURL(/\/en\/about\.html$/)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('This page could not be loaded')
  })
})
