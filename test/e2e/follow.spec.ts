import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { DESKTOP, expect, expectAccessible, hydrated, PHONE, test } from './fixtures.ts'

/**
 * Follow on exhibition and broker pages: a visitor who presses Follow gets the
 * login frame and, once logged in, follows; the count goes up, is the same after a reload, and goes
 * down again on unfollow. English at 1280 px, Japanese at 375 px; exhibitions and brokers.
 */

type Login = typeof import('../../locales/en/login.json')
type Account = typeof import('../../locales/en/account.json')
const read = <T>(locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as T

const OUTBOX = join(process.env.E2E_DATA_DIR ?? `data/e2e-${process.env.E2E_PORT ?? 3211}`, 'outbox')
const PASSWORD = 'copper-kettle-harbour-7'
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const visitorIp = () => `8.8.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`

/** The newest six-digit code mailed to an address (the outbox worker writes .eml files once their transaction commits). */
async function codeFromOutbox(email: string): Promise<string> {
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  let code: string | undefined
  await expect
    .poll(
      () => {
        if (!existsSync(OUTBOX)) return undefined
        const file = readdirSync(OUTBOX)
          .filter((name) => name.endsWith(`-${safe}.eml`))
          .sort()
          .at(-1)
        if (!file) return undefined
        const raw = readFileSync(join(OUTBOX, file), 'utf8')
        const body = raw.slice(raw.indexOf('\n\n') + 2)
        const text = /Content-Transfer-Encoding:\s*base64/i.test(raw) ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : body
        code = /\b(\d{6})\b/.exec(text.replace(/=\r?\n/g, ''))?.[1]
        return code
      },
      { timeout: 15_000, message: `a code mailed to ${email}` },
    )
    .toMatch(/^\d{6}$/)
  return code as string
}

/** A verified account, made through the login page's forms as a browser would post them. */
async function verifiedAccount(request: APIRequestContext, lang: string) {
  const email = `follow-${unique()}@example.com`
  const headers = { 'X-Forwarded-For': visitorIp() }
  expect((await request.post('/login/register', { form: { lang, nick: `F${unique().slice(-6)}`, email, password: PASSWORD }, headers })).status()).toBe(200)
  expect((await request.post('/login/verify', { form: { lang, email, code: await codeFromOutbox(email) }, headers })).status()).toBe(200)
  return email
}

/** An exhibition and a broker of the demo content; each test takes its own, so parallel tests never share a count. */
async function targets(request: APIRequestContext, lang: string, index: number) {
  const token = (await (await request.post('/api/token')).json()).access_token as string
  const response = await request.post('/wikifxweb-v1/wikiexpo/invoke-v1', {
    headers: { Routes: 'expo$listExhibitions', Authorization: `Bearer ${token}`, LanguageCode: 'en' },
    data: {},
  })
  const exhibitions = (await response.json()).data.items as Array<{ id: number }>
  const brokers = [...new Set([...(await (await request.get(`/${lang}/trader.html`)).text()).matchAll(/\/dealer\/([0-9A-Za-z-]+)\.html/g)].map((m) => m[1]))]
  const exhibition = exhibitions[index]?.id
  const broker = brokers[index]
  expect(exhibition).toBeDefined()
  expect(broker).toBeDefined()
  return { exhibition: exhibition as number, broker: broker as string }
}

const countOf = async (locator: Locator) => Number(/\d+/.exec((await locator.textContent()) ?? '')?.[0])

async function signInThroughFrame(page: Page, login: Login, email: string) {
  const frame = page.frameLocator('dialog[open] iframe')
  await expect(frame.getByRole('heading', { level: 1, name: login.title.signin })).toBeVisible()
  await expectAccessible(page)
  await frame.getByLabel(login.fields.email).fill(email)
  await frame.getByLabel(login.fields.password).fill(PASSWORD)
  await frame.getByRole('button', { name: login.actions.signin }).click()
}

/** Follows with the button of one target, checks the count and its persistence, then unfollows. */
async function followAndUnfollow(page: Page, account: Account, button: Locator, count: Locator, before: number) {
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  await expect(button).toContainText(account.follow.following)
  await expect.poll(() => countOf(count)).toBe(before + 1)
  await expectAccessible(page)

  await page.reload()
  await hydrated(page)
  await expect(button).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(() => countOf(count)).toBe(before + 1)

  await button.click()
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  await expect.poll(() => countOf(count)).toBe(before)
  await page.reload()
  await hydrated(page)
  await expect(button).toHaveAttribute('aria-pressed', 'false')
  await expect.poll(() => countOf(count)).toBe(before)
}

const CASES = [
  { lang: 'en', locale: 'en', viewport: DESKTOP, index: 0 },
  { lang: 'ja', locale: 'ja', viewport: PHONE, index: 1 },
] as const

for (const { lang, locale, viewport, index } of CASES) {
  const login = read<Login>(locale, 'login')
  const account = read<Account>(locale, 'account')

  test.describe(`follow in ${lang} at ${viewport.width} px`, () => {
    test.use({ viewport })
    // A journey: register, the login frame, two reloads and axe on long pages (an exhibition page is the longest).
    test.slow()

    for (const kind of ['exhibition', 'broker'] as const) {
      test(`an anonymous visitor gets the login frame on a ${kind} page, then follows, reloads and unfollows`, async ({ page }) => {
        await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
        const email = await verifiedAccount(page.request, lang)
        const target = await targets(page.request, lang, index)
        const id = kind === 'exhibition' ? String(target.exhibition) : target.broker
        await page.goto(kind === 'exhibition' ? `/${lang}/backDetail/${id}` : `/${lang}/dealer/${id}.html`)
        await hydrated(page)
        const count = page.locator(`#followers-${kind}-${id}`)
        const button = page.locator(`button[aria-describedby="followers-${kind}-${id}"]`)
        await expect(count).toBeVisible()
        const before = await countOf(count)
        await expect(button).toContainText(account.follow.follow)
        await expect(button).toHaveAttribute('aria-haspopup', 'dialog')

        // The login frame; once logged in there, the follow happens.
        await button.click()
        await signInThroughFrame(page, login, email)
        await followAndUnfollow(page, account, button, count, before)
      })
    }
  })
}

test.describe('follow when the platform refuses', () => {
  test.use({ viewport: DESKTOP, allowConsole: [/status of 429/] })
  test.slow()

  test('when an unfollow is refused, then the button and the count go back and the reason is shown', async ({ page }) => {
    const login = read<Login>('en', 'login')
    const account = read<Account>('en', 'account')
    const common = read<typeof import('../../locales/en/common.json')>('en', 'common')
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
    const email = await verifiedAccount(page.request, 'en')
    const { broker } = await targets(page.request, 'en', 2)
    await page.goto(`/en/dealer/${broker}.html`)
    await hydrated(page)
    const count = page.locator(`#followers-broker-${broker}`)
    const button = page.locator(`button[aria-describedby="followers-broker-${broker}"]`)
    await expect(count).toBeVisible()
    const before = await countOf(count)
    await button.click()
    await signInThroughFrame(page, login, email)
    await expect(button).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(() => countOf(count)).toBe(before + 1)

    // The next follow change is refused as the follow rate limit would refuse it, once the test has
    // seen the change shown before the answer.
    let answer = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    await page.route('**/wikibitweb-v1/wikibit/usercenter/attentionevaluation-v1', async (route) => {
      if (route.request().headers().routes !== 'attention$follow') return route.continue()
      await answered
      await route.fulfill({ status: 429, json: { succeed: false, ErrorCode: 429, data: { seconds: 60 }, message: 'errors.rateLimited' } })
    })
    await button.click()
    await expect(button).toHaveAttribute('aria-pressed', 'false')
    await expect.poll(() => countOf(count)).toBe(before)
    answer()
    await expect(page.getByText(common.errors.rateLimited.replace('{{seconds}}', '60'))).toBeVisible()
    await expect(button).toHaveAttribute('aria-pressed', 'true')
    await expect(button).toContainText(account.follow.following)
    await expect.poll(() => countOf(count)).toBe(before + 1)
  })
})
