import { DESKTOP, expect, expectAccessible, hydrated, PHONE, test } from './fixtures.ts'

const WIDTHS = [375, 820, 1024, 1280]

test.describe('header (docs/product.md#header)', () => {
  for (const width of WIDTHS) {
    test(`at ${width} px the header shows the right mode and every tab is reachable`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      // The slash-ended address moves for good to the slashless page, query kept (docs/product.md#routes).
      const first = await page.goto('/en/?from=test')
      expect(first?.url()).toMatch(/\/en\?from=test$/)
      await hydrated(page)
      const tabs = ['Home', 'Brand exhibitions', 'Videos', 'Exhibition news', 'About us', 'Bulletins']
      if (width < 800) {
        // Mobile: logo, search and user icons, language and menu side panels.
        await expect(page.getByRole('link', { name: 'My account' })).toBeVisible()
        await expect(page.getByRole('navigation', { name: 'Main' }).first()).toBeHidden()
        await page.getByRole('button', { name: 'Menu' }).click()
        const panel = page.getByRole('dialog', { name: 'Menu' })
        await expect(panel).toBeVisible()
        for (const tab of tabs) await expect(panel.getByRole('link', { name: tab })).toBeVisible()
        await expect(panel.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
        await page.keyboard.press('Escape')
        await expect(panel).toBeHidden()
        await page.getByRole('button', { name: 'Language' }).click()
        const languages = page.getByRole('dialog', { name: 'Language' })
        await expect(languages.getByRole('link', { name: '简体中文' })).toBeVisible()
        await languages.getByRole('link', { name: '日本語' }).click()
        await expect(page).toHaveURL(/\/ja\?from=test$/)
      } else {
        const nav = page.getByRole('navigation', { name: 'Main' }).first()
        await expect(nav).toBeVisible()
        // Tabs that do not fit are in the "more" list; together every tab is reachable.
        const visible: string[] = []
        for (const tab of tabs) if (await nav.getByRole('link', { name: tab, exact: true }).isVisible()) visible.push(tab)
        const more = nav.getByRole('button', { name: 'More' })
        if (visible.length < tabs.length) {
          await more.click()
          for (const tab of tabs.filter((name) => !visible.includes(name))) await expect(nav.getByRole('link', { name: tab })).toBeVisible()
          await page.mouse.click(5, 400)
          await expect(nav.getByRole('link', { name: tabs.find((name) => !visible.includes(name)) as string })).toBeHidden()
        } else {
          await expect(more).toHaveCount(0)
        }
        expect(visible).toContain('Home')
        await page.getByRole('button', { name: /Change language/ }).click()
        await page.getByRole('banner').getByRole('link', { name: '简体中文' }).click()
        await expect(page).toHaveURL(/\/zh-cn\?from=test$/)
        await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans')
      }
    })
  }

  test('the header changes style once the page is scrolled', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto('/en')
    await hydrated(page)
    const header = page.locator('header').first()
    await expect(header).toHaveAttribute('data-scrolled', 'false')
    await page.mouse.wheel(0, 600)
    await expect(header).toHaveAttribute('data-scrolled', 'true')
  })

  test('the header is keyboard operable: skip link, tabs, language menu', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto('/en')
    await hydrated(page)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main$/)
    const language = page.getByRole('button', { name: /Change language/ })
    await language.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Español' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('banner').getByRole('link', { name: 'Español' })).toBeHidden()
    await expect(language).toBeFocused()
  })

  test('the home page in every width has no serious accessibility violation', async ({ page }) => {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size)
      await page.goto('/zh-cn')
      await hydrated(page)
      await expectAccessible(page)
    }
  })
})

test.describe('languages and errors (docs/product.md#language-resolution)', () => {
  test('/ redirects to the browser language home', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-TW', extraHTTPHeaders: { 'Accept-Language': 'zh-TW,zh;q=0.9' } })
    const page = await context.newPage()
    await page.goto('/')
    await expect(page).toHaveURL(/\/zh$/)
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant')
    await context.close()
  })

  test.describe(() => {
    test.use({ allowConsole: [/status of 404/] })
    test('an unknown page shows the translated 404 in the empty layout with a way home', async ({ page }) => {
      const response = await page.goto('/zh-cn/no-such-page')
      expect(response?.status()).toBe(404)
      await hydrated(page)
      await expect(page.locator('header')).toHaveCount(0)
      const home = page.getByRole('link', { name: /首页|主页/ })
      await home.click()
      await expect(page).toHaveURL(/\/zh-cn$/)
    })
  })
})

test.describe('China notice (docs/product.md#china-notice)', () => {
  test.beforeEach(async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '223.5.5.5' })
  })

  test('a visitor in China sees the blocking notice; five clicks within 30 s pass for 720 minutes', async ({ page, context }) => {
    await page.clock.install()
    await page.goto('/en')
    await hydrated(page)
    const notice = page.getByTestId('china-notice')
    await expect(notice).toBeVisible()
    const mark = page.getByTestId('china-notice-mark')
    for (let click = 0; click < 4; click++) await mark.click()
    await expect(notice).toBeVisible()
    const reload = page.waitForEvent('load')
    await mark.click()
    await reload
    await hydrated(page)
    await expect(page.getByTestId('china-notice')).toHaveCount(0)
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'cn_notice_pass')
    expect(cookie).toBeDefined()
    const minutes = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 60_000
    expect(minutes).toBeGreaterThan(715)
    expect(minutes).toBeLessThanOrEqual(721)
  })

  test('the count resets 30 s after its first click', async ({ page }) => {
    await page.clock.install()
    await page.goto('/en')
    await hydrated(page)
    const mark = page.getByTestId('china-notice-mark')
    for (let click = 0; click < 4; click++) await mark.click()
    await page.clock.runFor(30_000)
    await mark.click()
    await expect(page.getByTestId('china-notice')).toBeVisible()
  })

  test('a visitor elsewhere never sees it', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': '8.8.8.8' })
    await page.goto('/en')
    await hydrated(page)
    await expect(page.getByTestId('china-notice')).toHaveCount(0)
  })
})
