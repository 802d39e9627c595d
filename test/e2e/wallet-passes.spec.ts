import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { unzipSync } from 'fflate'
import { makeTestWallets } from '../setup/wallet-credentials.ts'
import { DESKTOP, expect, expectAccessible, hydrated, mailedCode, PHONE, test } from './fixtures.ts'
import { freshSiteData } from './site-data.ts'

/**
 * Wallet passes (docs/product.md#wallet-passes): on a site with both wallets configured (a server of
 * this spec's own, with test accounts), each e-ticket of a paid order shows "Add to Apple Wallet" and
 * "Add to Google Wallet" in English at 1280 px and Simplified Chinese at 375 px; the pass downloads as
 * `application/vnd.apple.pkpass`, the Google button sends on to Google. On the shared test site, which
 * has no wallet configured, neither button is drawn.
 */

type Tickets = typeof import('../../locales/en/tickets.json')
type Login = typeof import('../../locales/en/login.json')
const read = <T>(locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as T
const TEXT = {
  en: { tickets: read<Tickets>('en', 'tickets'), login: read<Login>('en', 'login') },
  'zh-cn': { tickets: read<Tickets>('zh-cn', 'tickets'), login: read<Login>('zh-cn', 'login') },
}

const PASSWORD = 'copper-kettle-harbour-7'
const SHARED_DATA_DIR = process.env.E2E_DATA_DIR ?? `data/e2e-${process.env.E2E_PORT ?? 3211}`
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const visitorIp = () => `8.9.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`

/** A site: its address (empty: the shared test site, the config's baseURL) and its data folder. */
interface Site {
  base: string
  dataDir: string
}

async function verifiedAccount(request: APIRequestContext, site: Site, lang: string): Promise<string> {
  const email = `wallet-${unique()}@example.com`
  const headers = { 'X-Forwarded-For': visitorIp() }
  expect((await request.post(`${site.base}/login/register`, { form: { lang, nick: 'Ada', email, password: PASSWORD }, headers })).status()).toBe(200)
  expect((await request.post(`${site.base}/login/verify`, { form: { lang, email, code: await mailedCode(site.dataDir, email) }, headers })).status()).toBe(200)
  return email
}

async function logIn(page: Page, site: Site, lang: 'en' | 'zh-cn', email: string) {
  const t = TEXT[lang]
  await page.goto(`${site.base}/${lang}/apply/order`)
  await hydrated(page)
  await page.getByRole('main').getByRole('button', { name: t.tickets.login.button }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await expect(frame.getByRole('heading', { level: 1, name: t.login.title.signin })).toBeVisible()
  await frame.getByLabel(t.login.fields.email).fill(email)
  await frame.getByLabel(t.login.fields.password, { exact: true }).fill(PASSWORD)
  await frame.getByRole('button', { name: t.login.actions.signin }).click()
  await expect(page.getByRole('main').getByRole('button', { name: t.tickets.login.button })).toHaveCount(0)
}

/** Calls a gateway function as the page's signed-in user (its access_token cookie). */
async function gateway(request: APIRequestContext, context: BrowserContext, site: Site, route: string, payload: unknown) {
  const token = (await context.cookies(site.base || undefined)).find((cookie) => cookie.name === 'access_token')?.value
  const response = await request.post(`${site.base}/wikifxweb-v1/wikiexpo/invoke-v1`, {
    headers: { Routes: route, Authorization: `Bearer ${token}`, LanguageCode: 'en' },
    data: payload,
  })
  const body = await response.json()
  expect(body.succeed, `${route}: ${JSON.stringify(body)}`).toBe(true)
  return body.data
}

/** A paid order of one ticket for the demo's Bangkok exhibition, made through the gateway (and the sandbox when not free). */
async function paidOrder(request: APIRequestContext, context: BrowserContext, site: Site, holderEmail = `grace-${unique()}@example.com`): Promise<string> {
  const exhibitions = (await gateway(request, context, site, 'expo$listExhibitions', {})).items as Array<{ id: number; slug: string }>
  const exhibitionId = exhibitions.find((item) => item.slug === 'bangkok-2027')?.id as number
  const ticketTypeId = ((await gateway(request, context, site, 'tickets$ticketTypes', { exhibitionId })).types as Array<{ id: number }>)[0]?.id as number
  const order = await gateway(request, context, site, 'tickets$createOrder', {
    exhibitionId,
    lines: [{ ticketTypeId, quantity: 1 }],
    couponCode: '',
    idempotencyKey: crypto.randomUUID(),
  })
  await gateway(request, context, site, 'tickets$saveAttendees', {
    orderNumber: order.number,
    attendees: [
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: holderEmail,
        phone: { country: 'US', number: '(415) 555-2671' },
        identity: 'trader',
        industry: 'fintech',
      },
    ],
  })
  const confirmed = await gateway(request, context, site, 'tickets$confirmOrder', { orderNumber: order.number })
  if (confirmed.status === 'paid') return order.number as string
  const started = await gateway(request, context, site, 'tickets$startPayment', { orderNumber: order.number, method: 'sandbox' })
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  const paid = await request.post(`${site.base}/pay/sandbox/${started.attemptId}`, { form: { key, action: 'pay' }, maxRedirects: 0 })
  expect(paid.status()).toBe(303)
  return order.number as string
}

/** A free port for a server of our own. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

test.describe('a site with both wallets configured', () => {
  // One server for the describe's tests, in order.
  test.describe.configure({ mode: 'serial' })
  let server: ChildProcess
  const site: Site = { base: '', dataDir: '' }

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    const port = await freePort()
    site.base = `http://127.0.0.1:${port}`
    site.dataDir = `data/e2e-wallet-passes-${port}`
    freshSiteData(site.dataDir)
    // The same build, with test accounts for both wallets (test/setup/wallet-credentials.ts).
    server = spawn(process.execPath, ['server/index.ts'], {
      env: {
        ...process.env,
        ...makeTestWallets().env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: site.dataDir,
        PUBLIC_ORIGIN: site.base,
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'loopback',
        PAGE_CACHE: 'on',
      },
      stdio: 'ignore',
    })
    await expect.poll(async () => (await fetch(`${site.base}/HealthCheck/Get`).catch(() => null))?.status, { timeout: 90_000, intervals: [500] }).toBe(200)
  })

  test.afterAll(async () => {
    // Its data folder goes once the server has closed its database.
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    rmSync(site.dataDir, { recursive: true, force: true })
  })

  for (const [lang, size] of [
    ['en', DESKTOP],
    ['zh-cn', PHONE],
  ] as const) {
    test(`in ${lang} at ${size.width} px: each ticket has both wallet buttons; the pass downloads as a .pkpass, the Google button sends on to Google; its holder has both too`, async ({
      page,
      context,
      request,
      browser,
    }) => {
      test.setTimeout(120_000)
      const t = TEXT[lang].tickets
      await page.setViewportSize(size)
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
      const email = await verifiedAccount(request, site, lang)
      const holderEmail = await verifiedAccount(request, site, lang)
      await logIn(page, site, lang, email)
      const number = await paidOrder(request, context, site, holderEmail)

      await page.goto(`${site.base}/${lang}/apply/order?order=${number}`)
      await hydrated(page)
      await expect(page.getByTestId('e-ticket')).toHaveCount(1)
      const apple = page.getByRole('link', { name: `${t.wallet.apple} — Grace Hopper` })
      const google = page.getByRole('link', { name: `${t.wallet.google} — Grace Hopper` })
      await expect(apple).toBeVisible()
      await expect(google).toBeVisible()
      // Beside the PDF, each inside the ticket's card on a phone too.
      const card = await page.getByTestId('e-ticket').boundingBox()
      for (const button of [apple, google]) {
        const box = await button.boundingBox()
        expect(box && card && box.x >= card.x && box.x + box.width <= card.x + card.width + 0.5).toBe(true)
      }
      await expectAccessible(page)

      const href = (await apple.getAttribute('href')) as string
      const answer = await page.request.get(`${site.base}${href}`)
      expect(answer.status()).toBe(200)
      expect(answer.headers()['content-type']).toBe('application/vnd.apple.pkpass')
      expect(Object.keys(unzipSync(new Uint8Array(await answer.body())))).toContain('signature')
      const download = page.waitForEvent('download')
      await apple.click()
      expect((await download).suggestedFilename()).toBe(`e-ticket-${number}-1.pkpass`)

      const sent = await page.request.get(`${site.base}${(await google.getAttribute('href')) as string}`, { maxRedirects: 0 })
      expect(sent.status()).toBe(303)
      expect(sent.headers().location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/)

      // The ticket's holder, signed in with its address, adds it to a wallet from "Tickets in your name".
      const holderContext = await browser.newContext({ viewport: size, extraHTTPHeaders: { 'X-Forwarded-For': visitorIp() } })
      const holderPage = await holderContext.newPage()
      await logIn(holderPage, site, lang, holderEmail)
      await holderPage.reload()
      await hydrated(holderPage)
      const held = holderPage.getByTestId('held-ticket')
      await expect(held).toHaveCount(1)
      await expect(held.getByRole('link', { name: `${t.wallet.google} — Grace Hopper` })).toBeVisible()
      const heldPass = await holderPage.request.get(
        `${site.base}${(await held.getByRole('link', { name: `${t.wallet.apple} — Grace Hopper` }).getAttribute('href')) as string}`,
      )
      expect([heldPass.status(), heldPass.headers()['content-type']]).toEqual([200, 'application/vnd.apple.pkpass'])
      await expectAccessible(holderPage)
      await holderContext.close()
    })
  }
})

test.describe('the shared test site, without wallets', () => {
  test.use({ viewport: PHONE })

  test('a paid order’s ticket has its PDF and no wallet button', async ({ page, context, request }) => {
    test.setTimeout(120_000)
    const site: Site = { base: '', dataDir: SHARED_DATA_DIR }
    const t = TEXT['zh-cn'].tickets
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
    const email = await verifiedAccount(request, site, 'zh-cn')
    await logIn(page, site, 'zh-cn', email)
    const number = await paidOrder(request, context, site)
    await page.goto(`/zh-cn/apply/order?order=${number}`)
    await hydrated(page)
    await expect(page.getByRole('link', { name: `${t.pdf.download} — Grace Hopper` })).toBeVisible()
    await expect(page.getByRole('link', { name: new RegExp(`${t.wallet.apple}|${t.wallet.google}`) })).toHaveCount(0)
    await expect(page.getByTestId('ticket-apple-wallet')).toHaveCount(0)
    await expect(page.getByTestId('ticket-google-wallet')).toHaveCount(0)
  })
})
