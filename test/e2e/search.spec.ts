import { type ChildProcess, spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import type { Locator, Page, Request } from '@playwright/test'
import { demoBrokers } from '../../server/platform/search/seed.ts'
import { DESKTOP, expect, expectAccessible, hydrated, PHONE, test } from './fixtures.ts'
import { freshSiteData } from './site-data.ts'

/**
 * The broker search box and its screens (docs/product.md#search-box).
 * The e2e server holds the 300 demo brokers, so names and codes come from the same generator.
 */
const demo = demoBrokers()
const withProfile = demo.find((broker) => broker.traderCode && broker.nameEn.startsWith('Aldmoor')) ?? demo.find((broker) => broker.traderCode)
const withoutProfile = demo.find((broker) => !broker.traderCode) as (typeof demo)[number]
const prefixOf = (name: string) => name.split(' ')[0] as string

interface Sent {
  content: string
}

/** Suggestion requests (home$dropdown) the page sends, with when they left. */
function watchSuggestions(page: Page): Sent[] {
  const sent: Sent[] = []
  page.on('request', (request) => {
    if (request.headers().routes !== 'home$dropdown') return
    sent.push({ content: (request.postDataJSON() as { content: string }).content })
  })
  return sent
}

async function headerBox(page: Page, width = DESKTOP.width): Promise<Locator> {
  if (width < 800) {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^(Search|搜索)$/ })
      .click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    return dialog.getByRole('combobox')
  }
  return page.getByRole('banner').getByRole('combobox')
}

const listbox = (page: Page) => page.getByRole('listbox').filter({ visible: true })

test.describe('the search box on a desktop (1280 px)', () => {
  test.use({ viewport: DESKTOP })

  test('when the empty box gets focus, then 15 hot searches and the recommended brokers show, and it is accessible', async ({ page }) => {
    await page.goto('/en/about.html')
    await hydrated(page)
    const box = await headerBox(page)
    await box.click()
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    const list = listbox(page)
    await expect(list.getByRole('group', { name: 'Hot searches' }).getByRole('option')).toHaveCount(15)
    await expect(list.getByRole('group', { name: 'Recommended brokers' }).getByRole('option')).toHaveCount(8)
    await expect(page.getByRole('status').filter({ hasText: 'Hot searches and recommended brokers are shown.' })).toHaveCount(1)
    await expectAccessible(page)
    // A hot search is a full search for that name, in the same tab.
    const hot = list.getByRole('group', { name: 'Hot searches' }).getByRole('option').first()
    const name = (await hot.textContent()) as string
    await hot.click()
    await expect(page).toHaveURL(`/en/search.html?keyword=${encodeURIComponent(name).replace(/%20/g, '+')}&SearchPosition=1`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${name}”`)
  })

  test('when a name is typed, then one suggestion request leaves 500 ms after the last key and matches show marked, with label and icon', async ({ page }) => {
    // The page's clock is held while typing, so the debounce is measured in the page's time, not in how
    // fast a busy machine delivers the keys.
    await page.clock.install()
    await page.goto('/en/about.html')
    await hydrated(page)
    const sent = watchSuggestions(page)
    const box = await headerBox(page)
    await box.click()
    const typed = prefixOf(withProfile?.nameEn as string).slice(0, 4)
    await page.clock.pauseAt(Date.now() + 60_000)
    await box.pressSequentially(typed)
    await page.clock.runFor(499)
    expect(sent, 'nothing leaves before the debounce').toEqual([])
    await page.clock.runFor(1)
    await expect.poll(() => sent.length).toBe(1)
    expect(sent[0]?.content).toBe(typed)
    await page.clock.resume()
    const options = listbox(page).getByRole('option')
    await expect(options.first()).toContainText(prefixOf(withProfile?.nameEn as string))
    // The typed text is marked in the name (as text, in <mark>), with the label and the logo.
    await expect(options.first().locator('mark')).toHaveText(new RegExp(`^${typed}$`, 'i'))
    await expect(options.first().locator('img')).toHaveAttribute('src', /\/demo\/brokers\/b\d{6}\.svg$/)
    await expect(options.first()).toContainText(/Regulated|Offshore regulated|No licence|Suspicious clone|Licence revoked|Unverified/)
    await expect(options.last()).toHaveText(`Search all brokers for “${typed}”`)
    await expect(page.getByRole('status').filter({ hasText: /brokers? found/ })).toHaveCount(1)
    await expectAccessible(page)
  })

  test('when more than 30 characters are typed or pasted, then the box keeps 30 and says so', async ({ page }) => {
    await page.goto('/en/about.html')
    await hydrated(page)
    const sent = watchSuggestions(page)
    const box = await headerBox(page)
    await box.click()
    await box.fill('Aldmoor Capital Markets International Holdings')
    await expect(box).toHaveValue('Aldmoor Capital Markets Intern')
    await expect(page.getByText('Search text is limited to 30 characters.').first()).toBeVisible()
    await expect.poll(() => sent.length).toBe(1)
    expect(sent[0]?.content).toBe('Aldmoor Capital Markets Intern')
    await box.pressSequentially('xyz')
    await expect(box).toHaveValue('Aldmoor Capital Markets Intern')
  })

  test('when a broker with a profile is chosen, then its profile opens in a new tab and the page stays', async ({ page }) => {
    await page.goto('/en/about.html')
    await hydrated(page)
    const box = await headerBox(page)
    await box.click()
    await box.fill(withProfile?.nameEn as string)
    const option = listbox(page)
      .getByRole('option', { name: new RegExp(withProfile?.nameEn as string) })
      .first()
    const [tab] = await Promise.all([page.context().waitForEvent('page'), option.click()])
    await tab.waitForLoadState('domcontentloaded')
    expect(new URL(tab.url()).pathname).toBe(`/en/dealer/${withProfile?.traderCode}.html`)
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(withProfile?.nameEn as string)
    await expect(page).toHaveURL(/\/en\/about\.html$/)
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await tab.close()
  })

  test('when a broker without a profile is chosen, then the results page for its name opens in the same tab', async ({ page }) => {
    await page.goto('/en/about.html')
    await hydrated(page)
    const box = await headerBox(page)
    await box.click()
    await box.fill(withoutProfile.nameEn)
    await listbox(page)
      .getByRole('option', { name: new RegExp(withoutProfile.nameEn) })
      .first()
      .click()
    await expect(page).toHaveURL(
      new RegExp(`/en/search\\.html\\?keyword=${encodeURIComponent(withoutProfile.nameEn).replace(/%20/g, '\\+')}&SearchPosition=1$`),
    )
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${withoutProfile.nameEn}”`)
  })

  test('when a click lands outside, then the dropdown closes', async ({ page }) => {
    await page.goto('/en/about.html')
    await hydrated(page)
    const box = await headerBox(page)
    await box.click()
    await expect(listbox(page)).toBeVisible()
    await page.mouse.click(640, 700)
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(listbox(page)).toHaveCount(0)
  })

  test('when the check says adFlag, then Enter opens the full search at once; otherwise suggestions come first', async ({ page }) => {
    // The page's clock is held from typing to Enter, so Enter comes before the debounce however slowly
    // a busy machine delivers the keys (a debounce that ran out first made the suggestions ready, and
    // Enter then rightly led away).
    await page.clock.install()
    await page.goto('/en/about.html')
    await hydrated(page)
    const checks: string[] = []
    await page.route('**/gateway/cv3', async (route) => {
      const request = route.request()
      if (request.headers().routes !== 'search$checkpinzhuan') return route.fallback()
      const { content } = request.postDataJSON() as { content: string }
      checks.push(content)
      return route.fulfill({ json: { succeed: true, ErrorCode: 200, data: { adFlag: content === 'Sponsored Words' } } })
    })
    const sent = watchSuggestions(page)
    const box = await headerBox(page)
    await box.click()
    // Not an advert: Enter before the debounce shows the suggestions instead of leaving.
    await page.clock.pauseAt(Date.now() + 60_000)
    await box.fill('Aldmoor')
    await box.press('Enter')
    await page.clock.resume()
    await expect(listbox(page).getByRole('option').first()).toContainText('Aldmoor')
    expect(checks).toEqual(['Aldmoor'])
    await expect(page).toHaveURL(/\/en\/about\.html$/)
    // Seen them: Enter again runs the full search.
    await box.press('Enter')
    await expect(page).toHaveURL(/\/en\/search\.html\?keyword=Aldmoor&SearchPosition=1$/)
    // An advertiser's keyword opens the results directly, without waiting for suggestions.
    const before = sent.length
    const box2 = await headerBox(page)
    await page.clock.pauseAt(Date.now() + 120_000)
    await box2.fill('Sponsored Words')
    await box2.press('Enter')
    await page.clock.resume()
    await expect(page).toHaveURL(/\/en\/search\.html\?keyword=Sponsored\+Words&SearchPosition=1$/)
    expect(checks).toEqual(['Aldmoor', 'Aldmoor', 'Sponsored Words'])
    expect(sent.slice(before).filter((request) => request.content === 'Sponsored Words')).toEqual([])
  })

  test('when only the keyboard is used, then the combobox pattern works end to end', async ({ page }) => {
    await page.goto('/en/about.html')
    await hydrated(page)
    const box = await headerBox(page)
    for (let step = 0; step < 30 && !(await box.evaluate((element) => element === document.activeElement)); step += 1) await page.keyboard.press('Tab')
    await expect(box).toBeFocused()
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.type(prefixOf(withProfile?.nameEn as string))
    const options = listbox(page).getByRole('option')
    await expect(options.first()).toBeVisible()
    const count = await options.count()
    await page.keyboard.press('ArrowDown')
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) as string)
    await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true')
    await page.keyboard.press('End')
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(count - 1).getAttribute('id')) as string)
    await page.keyboard.press('ArrowDown')
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) as string)
    await page.keyboard.press('ArrowUp')
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(count - 1).getAttribute('id')) as string)
    await page.keyboard.press('Home')
    await expect(box).toHaveAttribute('aria-activedescendant', (await options.nth(0).getAttribute('id')) as string)
    await expect(box).toBeFocused()
    // Escape closes, then clears.
    await page.keyboard.press('Escape')
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(box).not.toHaveAttribute('aria-activedescendant')
    await page.keyboard.press('Escape')
    await expect(box).toHaveValue('')
    // Enter on an active broker with a profile opens it in a new tab.
    await page.keyboard.type(withProfile?.nameEn as string)
    await expect(options.first()).toContainText(withProfile?.nameEn as string)
    await page.keyboard.press('ArrowDown')
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.keyboard.press('Enter')])
    await tab.waitForLoadState('domcontentloaded')
    expect(new URL(tab.url()).pathname).toBe(`/en/dealer/${withProfile?.traderCode}.html`)
    await tab.close()
    // Tab moves on and closes the dropdown.
    await box.focus()
    await page.keyboard.press('Tab')
    await expect(box).toHaveAttribute('aria-expanded', 'false')
  })

  test('when a slow answer arrives after a newer fast one, then the newer one stays on screen', async ({ page }) => {
    await page.goto('/en/about.html')
    await hydrated(page)
    // The answer for "Ald" is held until the answer for "Aldm" is on screen, then let go.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let asked = (_request: Request) => {}
    const staleAsked = new Promise<Request>((resolve) => {
      asked = resolve
    })
    await page.route('**/gateway/cv3', async (route) => {
      const request = route.request()
      if (request.headers().routes !== 'home$dropdown' || (request.postDataJSON() as { content: string }).content !== 'Ald') return route.fallback()
      asked(request)
      await held
      const answer = {
        code: 'B999999',
        name: 'Stale Answer Ltd',
        showname: [{ text: 'Stale Answer Ltd', highlighted: false }],
        ico: '',
        traderCode: null,
        annotation: 'Old',
        color: '#4b5563',
      }
      await route.fulfill({ json: { succeed: true, ErrorCode: 200, data: [answer] } }).catch(() => {
        // The box gave up on this request (aborted): nothing to answer.
      })
    })
    const box = await headerBox(page)
    await box.click()
    await box.fill('Ald')
    const stale = await staleAsked
    // The box may give up on it as soon as the newer keyword is asked for.
    const staleEnded = Promise.race([
      page.waitForEvent('requestfinished', (request) => request === stale).then(() => 'delivered'),
      page.waitForEvent('requestfailed', (request) => request === stale).then(() => 'aborted'),
    ])
    await box.fill('Aldm')
    await expect(listbox(page).getByRole('option').first()).toContainText('Aldmoor')
    release()
    if ((await staleEnded) === 'delivered') {
      // The page has the old answer: let it run what it does with it (the next frame after its tasks).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))))
    }
    await expect(page.getByText('Stale Answer Ltd')).toHaveCount(0)
    await expect(listbox(page).getByRole('option').first()).toContainText('Aldmoor')
  })

  test('when markup is typed, then it is shown as typed and never runs', async ({ page }) => {
    const dialogs: string[] = []
    page.on('dialog', async (dialog) => {
      dialogs.push(dialog.message())
      await dialog.dismiss()
    })
    await page.goto('/en/about.html')
    await hydrated(page)
    const box = await headerBox(page)
    await box.click()
    const markup = '<img src=x onerror=alert(1)>'
    await box.fill(markup)
    await expect(listbox(page).getByRole('option').last()).toHaveText(`Search all brokers for “${markup}”`)
    await expect(page.locator('img[src="x"]')).toHaveCount(0)
    await box.press('Enter')
    await expect(page).toHaveURL(/\/en\/search\.html\?keyword=%3Cimg/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${markup}”`)
    await expect(page.getByText(`No broker matches “${markup}”.`)).toBeVisible()
    await expect(page.locator('img[src="x"]')).toHaveCount(0)
    expect(dialogs).toEqual([])
  })
})

test.describe('the search box on a phone (375 px)', () => {
  test.use({ viewport: PHONE })

  test('when the search icon is tapped, then a full-width panel opens with the box focused; Escape closes the dropdown, then the panel', async ({ page }) => {
    await page.goto('/en/about.html')
    await hydrated(page)
    const icon = page.getByRole('banner').getByRole('button', { name: 'Search' })
    const box = await headerBox(page, PHONE.width)
    await expect(box).toBeFocused()
    await expect(listbox(page).getByRole('group', { name: 'Hot searches' }).getByRole('option')).toHaveCount(15)
    await expectAccessible(page)
    await box.fill(prefixOf(withProfile?.nameEn as string))
    await expect(listbox(page).getByRole('option').first()).toContainText(prefixOf(withProfile?.nameEn as string))
    const panelWidth = await page.getByRole('dialog').evaluate((element) => element.getBoundingClientRect().width)
    expect(panelWidth).toBeGreaterThanOrEqual(PHONE.width - 1)
    await page.keyboard.press('Escape')
    await expect(box).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('dialog')).toBeVisible()
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(icon).toBeFocused()
  })

  test('when a full search is run from the panel, then the panel closes and the results page shows', async ({ page }) => {
    await page.goto('/en/about.html')
    await hydrated(page)
    const box = await headerBox(page, PHONE.width)
    await box.fill('capital')
    await expect(listbox(page).getByRole('option').first()).toContainText(/capital/i)
    await listbox(page).getByRole('option', { name: 'Search all brokers for “capital”' }).click()
    await expect(page).toHaveURL(/\/en\/search\.html\?keyword=capital&SearchPosition=1$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “capital”')
    await expectAccessible(page)
  })
})

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`in Chinese at ${viewport.width} px`, () => {
    test.use({ viewport })

    test('when Traditional or Simplified Chinese is typed, then the Chinese names show with the text marked and Chinese labels', async ({ page }) => {
      await page.goto('/zh-cn/about.html')
      await hydrated(page)
      const box = await headerBox(page, viewport.width)
      await box.click()
      await expect(listbox(page).getByRole('group', { name: '热门搜索' }).getByRole('option')).toHaveCount(15)
      await box.fill('資本')
      const first = listbox(page).getByRole('option').first()
      await expect(first.locator('mark')).toHaveText('资本')
      await expect(first).toContainText(/受监管|离岸监管|无牌照|疑似套牌|牌照已吊销|未核实/)
      await expect(listbox(page).getByRole('option').last()).toHaveText('在全部交易商中搜索“資本”')
      await expectAccessible(page)
    })

    test('when the ranking is opened, then brokers come by rating, in Chinese, paged through the query string', async ({ page }) => {
      await page.goto('/zh-cn/trader.html')
      await hydrated(page)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('交易商排行')
      const items = page.getByRole('list', { name: '按评分排列的交易商' }).getByRole('listitem')
      await expect(items).toHaveCount(20)
      const best = [...demo].sort((a, b) => (b.rating ?? -1) - (a.rating ?? -1) || b.popularity - a.popularity)
      await expect(items.first()).toContainText(best[0]?.nameHans as string)
      await expectAccessible(page)
      await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '第 2 页' }).click()
      await expect(page).toHaveURL(/\/zh-cn\/trader\.html\?page=2$/)
      await expect(items.first()).toContainText(best[20]?.nameHans as string)
      await expect(page.getByText('第 2 页，共 15 页')).toBeVisible()
    })
  })
}

test.describe('the ranking, results and profile screens (1280 px)', () => {
  // The forced failure of the ranking test is logged by the browser.
  test.use({ viewport: DESKTOP, allowConsole: [/status of 500/] })

  test('when the next ranking page fails to load, then an error with a retry shows; while slow, a loading state; the retry brings the list', async ({
    page,
  }) => {
    await page.goto('/en/trader.html')
    await hydrated(page)
    let mode: 'fail' | 'slow' = 'fail'
    // While slow, the answer waits until the loading state has been seen.
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/wikifxweb-v1/ranking/init-v1*', async (route) => {
      if (mode === 'fail') return route.fulfill({ status: 500, json: { succeed: false, ErrorCode: 500, data: null, message: 'errors.unexpected' } })
      await held
      return route.fallback()
    })
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click()
    await expect(page.getByRole('alert')).toContainText('The ranking could not be loaded.')
    mode = 'slow'
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByRole('button', { name: /Loading/ })).toBeVisible()
    release()
    await expect(page.getByRole('list', { name: 'Brokers by rating' }).getByRole('listitem').first()).toContainText('21')
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  test('when a profile is opened, then names, label, rating, licences and warnings show; an unknown code is 404', async ({ page }) => {
    const clone = demo.find((broker) => broker.label === 'clone') as (typeof demo)[number]
    await page.goto(`/en/dealer/${clone.traderCode}.html`)
    await hydrated(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(clone.nameEn)
    await expect(page.getByText(clone.nameHans, { exact: false })).toBeVisible()
    await expect(page.getByText('Suspicious clone').first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Warnings' })).toBeVisible()
    await expect(page.getByRole('table')).toContainText('Suspected clone')
    await expectAccessible(page)
  })

  test('when results are paged, then the pages differ and the keyword stays in the box; no match shows help and recommendations', async ({ page }) => {
    await page.goto('/en/search.html?keyword=a')
    await hydrated(page)
    await expect(page.getByRole('combobox').last()).toHaveValue('a')
    const list = page.getByRole('list', { name: 'Brokers matching “a”' }).getByRole('listitem')
    await expect(list).toHaveCount(20)
    const firstPage = await list.first().textContent()
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next' }).click()
    await expect(page).toHaveURL(/keyword=a&SearchPosition=1&page=2$/)
    await expect(list.first()).not.toHaveText(firstPage as string)
    await expectAccessible(page)
    await page.goto('/en/search.html?keyword=qqqqzzzz')
    await hydrated(page)
    await expect(page.getByText('No broker matches “qqqqzzzz”.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Recommended brokers' })).toBeVisible()
  })
})

test.describe('unknown profiles', () => {
  test.use({ viewport: DESKTOP, allowConsole: [/status of 404/] })

  test('when a profile code is unknown or malformed, then the 404 page shows', async ({ page }) => {
    for (const path of ['/en/dealer/0000000001.html', '/en/dealer/x.y.html', '/en/dealer/abc']) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found')
    }
  })
})

test.describe('with a broker site configured (BROKER_SITE_URL)', () => {
  test.use({ viewport: DESKTOP })
  const PORT = Number(process.env.E2E_PORT ?? 3211) + 1
  const BROKER_SITE = 'https://brokers.example.test'
  const origin = `http://127.0.0.1:${PORT}`
  const dataDir = `data/e2e-${PORT}-broker-site`
  let server: ChildProcess | undefined
  test.describe.configure({ mode: 'serial', timeout: 150_000 })

  test.beforeAll(async () => {
    // A hook has the configured 45 s, not the group's: a fresh site's migrations and demo seed take longer on a busy machine.
    test.setTimeout(150_000)
    freshSiteData(dataDir)
    server = spawn(process.execPath, ['server/index.ts'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: process.env.DIST_DIR ?? 'dist',
        PUBLIC_ORIGIN: origin,
        BROKER_SITE_URL: BROKER_SITE,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    })
    await expect
      .poll(async () => (await fetch(`${origin}/HealthCheck/Get`).catch(() => null))?.status, { message: 'the second server starts', timeout: 120_000 })
      .toBe(200)
  })

  test.afterAll(async () => {
    // Its data folder goes once the server has closed its database.
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('when a broker is chosen, then its profile on the broker site opens in a new tab; a full search goes to that site with SearchPosition=1', async ({
    page,
    context,
  }) => {
    const visited: string[] = []
    await context.route(`${BROKER_SITE}/**`, async (route) => {
      visited.push(route.request().url())
      await route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Broker site</title><h1>Broker site</h1>' })
    })
    await page.goto(`${origin}/en/about.html`)
    await hydrated(page)
    const box = await headerBox(page)
    await box.click()
    await box.fill(withProfile?.nameEn as string)
    const option = listbox(page)
      .getByRole('option', { name: new RegExp(withProfile?.nameEn as string) })
      .first()
    const [tab] = await Promise.all([context.waitForEvent('page'), option.click()])
    await tab.waitForLoadState('domcontentloaded')
    expect(tab.url()).toBe(`${BROKER_SITE}/en/dealer/${withProfile?.traderCode}.html`)
    await tab.close()
    await expect(page).toHaveURL(`${origin}/en/about.html`)
    await box.fill('capital & co')
    await expect(listbox(page).getByRole('option').first()).toBeVisible()
    await box.press('Enter')
    await expect(page).toHaveURL(`${BROKER_SITE}/en/search.html?keyword=capital+%26+co&SearchPosition=1`)
    expect(visited).toContain(`${BROKER_SITE}/en/search.html?keyword=capital+%26+co&SearchPosition=1`)
  })

  test("when this site's own profile or results address is asked for, then it sends the visitor to the broker site", async () => {
    const profile = await fetch(`${origin}/en/dealer/${withProfile?.traderCode}.html`, { redirect: 'manual' })
    expect(profile.status).toBe(302)
    expect(profile.headers.get('location')).toBe(`${BROKER_SITE}/en/dealer/${withProfile?.traderCode}.html`)
    const results = await fetch(`${origin}/zh-cn/search.html?keyword=${encodeURIComponent('资本')}`, { redirect: 'manual' })
    expect(results.headers.get('location')).toBe(`${BROKER_SITE}/zh-cn/search.html?keyword=%E8%B5%84%E6%9C%AC&SearchPosition=1`)
  })
})
