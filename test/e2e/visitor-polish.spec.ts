import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO_ERC20 } from '../../server/platform/verification/seed.ts'
import { DESKTOP, expect, expectAccessible, hydrated, mailText, PHONE, takingTurns, test } from './fixtures.ts'

/**
 * What visitors tripped over on the site: the registration page's refusal before any attempt, the
 * verification verdict that outlived its query, the phone-country picker's focus, the footer year
 * across New Year, and the sign-up and login controls without scripts.
 */
type Texts = Record<string, unknown>
const texts = (locale: string, namespace: string): Texts =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8'))
const at = (bundle: Texts, path: string): string => path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], bundle) as string

const DATA_DIR = process.env.E2E_DATA_DIR ?? `data/e2e-${process.env.E2E_PORT ?? 3211}`
const PASSWORD = 'copper-kettle-harbour-7'
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
let nextAddress = 0
/** Each test from its own private address: no limits shared between tests, no China notice. */
const visitorIp = () => {
  nextAddress += 1
  return `10.79.${process.pid % 250}.${(nextAddress % 250) + 1}`
}

async function codeFor(email: string): Promise<string> {
  const outbox = join(DATA_DIR, 'outbox')
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  let code: string | undefined
  await expect
    .poll(
      () => {
        const files = existsSync(outbox) ? readdirSync(outbox).filter((file) => file.endsWith(`-${safe}.eml`)) : []
        const last = files.sort().at(-1)
        code = last ? /\b(\d{6})\b/.exec(mailText(readFileSync(join(outbox, last), 'utf8')))?.[1] : undefined
        return code
      },
      { timeout: 15_000, message: `a code mailed to ${email}` },
    )
    .toMatch(/^\d{6}$/)
  return code as string
}

/** A verified account made through the login page's own forms. */
async function verifiedAccount(request: APIRequestContext, base: string, lang: string) {
  const email = `polish-${unique()}@example.com`
  const headers = { 'X-Forwarded-For': visitorIp() }
  expect((await request.post(`${base}/login/register`, { form: { lang, nick: 'Ada', email, password: PASSWORD }, headers })).status()).toBe(200)
  expect((await request.post(`${base}/login/verify`, { form: { lang, email, code: await codeFor(email) }, headers })).status()).toBe(200)
  return email
}

async function exhibitionId(request: APIRequestContext, base: string, slug: string): Promise<number> {
  const token = (await (await request.post(`${base}/api/token`)).json()).access_token as string
  const response = await request.post(`${base}/wikifxweb-v1/wikiexpo/invoke-v1`, {
    headers: { Routes: 'expo$listExhibitions', Authorization: `Bearer ${token}`, LanguageCode: 'en' },
    data: {},
  })
  const items = (await response.json()).data.items as Array<{ id: number; slug: string }>
  const found = items.find((item) => item.slug === slug)
  expect(found, `the demo exhibition ${slug}`).toBeTruthy()
  return (found as { id: number }).id
}

async function open(page: Page, url: string) {
  await page.goto(url)
  await hydrated(page)
}

for (const lang of ['en', 'zh-cn', 'th', 'vi'] as const) {
  const tickets = texts(lang, 'tickets')
  const login = texts(lang, 'login')
  test.describe(`ticket selection, logging in first, ${lang}`, () => {
    test.use({ viewport: PHONE })

    test('when a visitor logs in before choosing tickets, then no refusal shows until they really try to continue', async ({ page, request, baseURL }) => {
      test.setTimeout(90_000)
      const base = baseURL as string
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
      const email = await verifiedAccount(request, base, lang)
      const bangkok = await exhibitionId(request, base, 'bangkok-2027')
      await open(page, `/${lang}/apply/registration?exhibitionId=${bangkok}`)

      await page.getByRole('button', { name: at(tickets, 'login.title') }).click()
      const frame = page.frameLocator('dialog[open] iframe')
      await expect(frame.getByRole('heading', { level: 1, name: at(login, 'title.signin') })).toBeVisible()
      await frame.getByLabel(at(login, 'fields.email')).fill(email)
      await frame.getByLabel(at(login, 'fields.password'), { exact: true }).fill(PASSWORD)
      await frame.getByRole('button', { name: at(login, 'actions.signin') }).click()

      // Logged in: the way on is offered, and nothing was refused.
      const next = page.getByRole('button', { name: at(tickets, 'registration.next') })
      await expect(next).toBeVisible()
      await expect(page.locator('dialog[open]')).toHaveCount(0)
      const refusal = page.getByText(at(tickets, 'messages.noTickets'))
      await expect(refusal).toHaveCount(0)
      await expect(page.getByRole('alert').filter({ hasText: at(tickets, 'messages.noTickets') })).toHaveCount(0)

      // A real attempt without tickets is refused.
      await next.click()
      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: at(tickets, 'messages.noTickets') })
          .first(),
      ).toBeVisible()
    })
  })
}

// Each language at a width, the widths taking turns through the languages.
const SIZES = [PHONE, DESKTOP]
for (const [languageIndex, lang] of (['en', 'zh-cn'] as const).entries()) {
  const t = texts(lang, 'verify')
  for (const [widthIndex, viewport] of SIZES.entries()) {
    if (!takingTurns(languageIndex, widthIndex, SIZES.length)(0)) continue
    test.describe(`verification, an empty query after a verdict, ${lang}, ${viewport.width} px`, () => {
      test.use({ viewport })

      test('when the field is emptied and sent again, then the message shows and the old verdict is gone', async ({ page }) => {
        await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
        await open(page, `/${lang}/verify.html`)
        const field = page.getByLabel(at(t, 'query.label'))
        await field.fill('+44 20 7946 0000')
        await page.getByRole('button', { name: at(t, 'query.submit') }).click()
        const result = page.getByTestId('channel-result')
        // The browser tests' site carries the demo content: its channels answer as demo entries.
        await expect(result.getByRole('heading', { level: 2 })).toHaveText(at(t, 'result.demo.title'))
        // Where the answer leaves the page: the sticky header covers no tab (axe target-size).
        await expect(result.getByRole('heading', { level: 2 })).toBeFocused()
        await expectAccessible(page)

        await field.fill('')
        await page.getByRole('button', { name: at(t, 'query.submit') }).click()
        await expect(page.getByRole('alert')).toHaveText(at(t, 'errors.empty'))
        await expect(result).toHaveCount(0)
        await expect(page.getByRole('heading', { name: at(t, 'result.demo.title'), exact: true })).toHaveCount(0)
        await expect(page.getByLabel(at(t, 'query.label'))).toBeFocused()
        await page.evaluate(() => window.scrollTo(0, 0))
        await expectAccessible(page)

        // A new value is answered as before.
        await field.fill('contact@aurum-expo.com')
        await page.getByRole('button', { name: at(t, 'query.submit') }).click()
        await expect(result.getByRole('heading', { level: 2 })).toHaveText(at(t, 'result.unofficial.title'))
      })
    })
  }
}

for (const lang of ['en', 'ja'] as const) {
  const common = texts(lang, 'common')
  test.describe(`the phone-country picker, ${lang}`, () => {
    test.use({ viewport: PHONE })

    test('when the picker opens, then focus is in its search; when a country is chosen or it is closed, then focus is back on its button', async ({ page }) => {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
      await open(page, `/${lang}/apply`)
      const countryButton = page.getByRole('button', { name: at(common, 'phone.countryButton').replace(/\{\{.*$/, '') }).first()
      await countryButton.click()
      const dialog = page.getByRole('dialog', { name: at(common, 'phone.pickerTitle') })
      await expect(dialog).toBeVisible()
      const search = dialog.getByRole('combobox')
      await expect(search).toBeFocused()
      await expectAccessible(page)

      // Chosen with the keyboard.
      await search.fill('+81')
      await search.press('Enter')
      await expect(dialog).toHaveCount(0)
      await expect(countryButton).toBeFocused()
      await expect(countryButton).toContainText('+81')

      // Chosen with a tap.
      await countryButton.click()
      await expect(search).toBeFocused()
      await search.fill('+44')
      await dialog.getByRole('option').first().click()
      await expect(dialog).toHaveCount(0)
      await expect(countryButton).toBeFocused()
      await expect(countryButton).toContainText('+44')

      // Closed with Escape.
      await countryButton.click()
      await expect(search).toBeFocused()
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
      await expect(countryButton).toBeFocused()
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    })
  })
}

test.describe('the footer year on New Year’s Eve east of UTC', () => {
  test.use({ viewport: DESKTOP, timezoneId: 'Pacific/Kiritimati' })

  test('when the visitor is already in the next year, then the page hydrates with the server’s year and no error', async ({ page, request }) => {
    // The server's year, as its HTML says; the visitor's clock is set to the last day of that year in
    // UTC, which is already the first of the next one in Kiritimati (UTC+14).
    const html = await (await request.get('/en/about.html')).text()
    const serverYear = Number(/"year":(\d{4})/.exec(html)?.[1])
    expect(serverYear).toBeGreaterThan(2000)
    await page.clock.install({ time: new Date(Date.UTC(serverYear, 11, 31, 12, 0, 0)) })
    expect(await page.evaluate(() => new Date().getFullYear())).toBe(serverYear + 1)
    await open(page, '/en/about.html')
    const copyright = at(texts('en', 'common'), 'footer.copyright')
      .replace('{{year}}', String(serverYear))
      .replace(/\{\{brand\}\}.*$/, '')
    await expect(page.getByRole('contentinfo')).toContainText(copyright)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE })

  for (const lang of ['en', 'zh-cn'] as const) {
    const apply = texts(lang, 'apply')
    const common = texts(lang, 'common')
    const login = texts(lang, 'login')

    test(`when a visitor without scripts opens the sign-up form, then the disabled submit says why (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/apply`)
      await expect(page.getByRole('button', { name: at(apply, 'form.submit') }).first()).toBeDisabled()
      // Script-less Chromium parses <noscript> as text, which Playwright reads.
      const notes = (await page.locator('#main noscript').allTextContents()).join(' ')
      expect(notes).toContain(at(apply, 'form.needsScript').replace(/\{\{email\}\}.*$/, ''))
    })

    test(`when a visitor without scripts uses "Log in / Register", then the login page's forms sign them in and bring them back (${lang})`, async ({
      page,
      request,
      baseURL,
    }) => {
      const base = baseURL as string
      const email = await verifiedAccount(request, base, lang)
      // The header's tools row (a phone reaches the same control through the menu panel, a script-only dialog).
      await page.setViewportSize(DESKTOP)
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
      await page.goto(`/${lang}/about.html`)
      await page
        .getByRole('banner')
        .getByRole('button', { name: at(common, 'nav.login') })
        .click()
      await expect(page.getByRole('heading', { level: 1, name: at(login, 'title.signin') })).toBeVisible()
      await page.getByLabel(at(login, 'fields.email')).fill(email)
      await page.getByLabel(at(login, 'fields.password'), { exact: true }).fill(PASSWORD)
      await page.getByRole('button', { name: at(login, 'actions.signin') }).click()
      await page.getByRole('button', { name: at(login, 'actions.continue').replace(/\{\{brand\}\}.*$/, '') }).click()
      await expect(page).toHaveURL(`${base}/${lang}/about.html`)
      await expect(page.getByRole('banner').getByRole('button', { name: at(common, 'nav.login') })).toHaveCount(0)
    })
  }
})

test.describe('the order summary and speaker photos on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('when tickets and a coupon are chosen at 390 px, then every amount of the summary is inside it', async ({ page, request, baseURL }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
    const tickets = texts('zh-cn', 'tickets')
    const bangkok = await exhibitionId(request, baseURL as string, 'bangkok-2027')
    await open(page, `/zh-cn/apply/registration?exhibitionId=${bangkok}`)
    const increase = page.getByRole('button', { name: at(tickets, 'registration.increase').replace(/\{\{name\}\}.*$/, '') })
    for (let index = 0; index < (await increase.count()); index += 1) await increase.nth(index).click()
    await page.getByRole('button', { name: at(tickets, 'coupon.toggle') }).click()
    await page.getByLabel(at(tickets, 'coupon.label')).fill('welcome10')
    await page.getByRole('button', { name: at(tickets, 'coupon.apply'), exact: true }).click()
    await expect(page.getByText(at(tickets, 'coupon.applied').replace('{{code}}', 'WELCOME10')).first()).toBeVisible()
    const summary = page.locator('section', { has: page.getByTestId('order-total') })
    const box = await summary.boundingBox()
    expect(box).not.toBeNull()
    for (const amount of await summary.locator('dd, li > span:last-child').all()) {
      const inner = await amount.boundingBox()
      expect(inner, await amount.innerText()).not.toBeNull()
      expect((inner?.x ?? 0) + (inner?.width ?? 0), await amount.innerText()).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0))
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  })

  test('when an exhibition with speakers is opened, then every speaker photo is a circle', async ({ page, request, baseURL }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
    const bangkok = await exhibitionId(request, baseURL as string, 'bangkok-2027')
    await open(page, `/en/backDetail/${bangkok}`)
    const photos = page.locator('#speakers li img')
    await expect(photos.first()).toBeVisible()
    for (const photo of await photos.all()) {
      await photo.scrollIntoViewIfNeeded()
      const size = await photo.boundingBox()
      expect(Math.abs((size?.width ?? 0) - (size?.height ?? -1))).toBeLessThanOrEqual(1)
    }
  })
})

test.describe('broker labels on a phone', () => {
  test.use({ viewport: PHONE })

  test('when search results show licence labels at 375 px, then each is read whole, not cut with an ellipsis', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
    await open(page, '/en/search.html?keyword=capital')
    const labels = page.getByText(at(texts('en', 'search'), 'dealer.statuses.offshore'), { exact: true })
    await expect(labels.first()).toBeVisible()
    for (const label of await labels.all()) {
      const cut = await label.evaluate((element) => element.scrollWidth > element.clientWidth + 0.5 || getComputedStyle(element).textOverflow === 'ellipsis')
      expect(cut).toBe(false)
    }
  })
})

for (const lang of ['en', 'zh-cn'] as const) {
  const t = texts(lang, 'verify')
  test.describe(`our ERC-20 address in another letter case, ${lang}`, () => {
    test.use({ viewport: PHONE })

    test('when it is typed in a case that is not its checksum, then it is the same address (a demo entry here) and the case note shows the checksummed address', async ({
      page,
    }) => {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
      await open(page, `/${lang}/verify.html`)
      const typed = `0x${DEMO_ERC20.slice(2).replace(/[a-fA-F]/g, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))}`
      await page.getByLabel(at(t, 'query.label')).fill(typed)
      await page.getByRole('button', { name: at(t, 'query.submit') }).click()
      const result = page.getByTestId('channel-result')
      // The site of the browser tests carries the demo: the address is found, as the demo's (an organiser's
      // own address answers official the same way: test/integration/verify-channel.test.ts).
      await expect(result.getByRole('heading', { level: 2 })).toHaveText(at(t, 'result.demo.title'))
      await expect(result).toContainText(at(t, 'result.notice.checksumCase').replace('{{value}}', DEMO_ERC20))
      await expect(result).not.toContainText(at(t, 'result.lookalike.title'))
      await expectAccessible(page)
    })
  })
}
