import { readFileSync } from 'node:fs'
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { DESKTOP, expect, expectAccessible, hydrated, mailedCode, PHONE, takingTurns, test } from './fixtures.ts'

/**
 * "My tickets" offline and as PDF (docs/product.md#tickets), in English and Simplified Chinese at 375
 * and 1280 px: a signed-in buyer with a paid order opens the order, downloads an e-ticket's PDF, goes
 * offline and reloads: the saved copy shows with its QR codes and says it is one. Signing out forgets it.
 */

type Tickets = typeof import('../../locales/en/tickets.json')
type Login = typeof import('../../locales/en/login.json')
type Account = typeof import('../../locales/en/account.json')
type Common = typeof import('../../locales/en/common.json')
const read = <T>(locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as T
const TEXT = {
  en: {
    tickets: read<Tickets>('en', 'tickets'),
    login: read<Login>('en', 'login'),
    account: read<Account>('en', 'account'),
    common: read<Common>('en', 'common'),
  },
  'zh-cn': {
    tickets: read<Tickets>('zh-cn', 'tickets'),
    login: read<Login>('zh-cn', 'login'),
    account: read<Account>('zh-cn', 'account'),
    common: read<Common>('zh-cn', 'common'),
  },
}
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''))

const PASSWORD = 'copper-kettle-harbour-7'
const DATA_DIR = process.env.E2E_DATA_DIR ?? `data/e2e-${process.env.E2E_PORT ?? 3211}`
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const visitorIp = () => `8.9.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`
const CACHE = 'my-tickets-v1'

async function verifiedAccount(request: APIRequestContext, lang: string): Promise<string> {
  const email = `offline-${unique()}@example.com`
  const headers = { 'X-Forwarded-For': visitorIp() }
  expect((await request.post('/login/register', { form: { lang, nick: 'Ada', email, password: PASSWORD }, headers })).status()).toBe(200)
  expect((await request.post('/login/verify', { form: { lang, email, code: await mailedCode(DATA_DIR, email) }, headers })).status()).toBe(200)
  return email
}

/** Calls a gateway function as the page's signed-in user (its access_token cookie). */
async function gateway(request: APIRequestContext, context: BrowserContext, route: string, payload: unknown) {
  const token = (await context.cookies()).find((cookie) => cookie.name === 'access_token')?.value
  const response = await request.post('/wikifxweb-v1/wikiexpo/invoke-v1', {
    headers: { Routes: route, Authorization: `Bearer ${token}`, LanguageCode: 'en' },
    data: payload,
  })
  const body = await response.json()
  expect(body.succeed, `${route}: ${JSON.stringify(body)}`).toBe(true)
  return body.data
}

/** A paid order of two tickets for the demo's Bangkok exhibition, made through the gateway (and the sandbox when not free). */
async function paidOrder(request: APIRequestContext, context: BrowserContext): Promise<string> {
  const exhibitions = (await gateway(request, context, 'expo$listExhibitions', {})).items as Array<{ id: number; slug: string }>
  const exhibitionId = exhibitions.find((item) => item.slug === 'bangkok-2027')?.id as number
  const ticketTypeId = ((await gateway(request, context, 'tickets$ticketTypes', { exhibitionId })).types as Array<{ id: number }>)[0]?.id as number
  const order = await gateway(request, context, 'tickets$createOrder', {
    exhibitionId,
    lines: [{ ticketTypeId, quantity: 2 }],
    couponCode: '',
    idempotencyKey: crypto.randomUUID(),
  })
  const person = (first: string, last: string, index: number) => ({
    firstName: first,
    lastName: last,
    email: `${first.toLowerCase()}-${unique()}@example.com`,
    phone: { country: 'US', number: `(415) 555-26${70 + index}` },
    identity: 'trader',
    industry: 'fintech',
  })
  await gateway(request, context, 'tickets$saveAttendees', {
    orderNumber: order.number,
    attendees: [person('Ada', 'Lovelace', 1), person('Grace', 'Hopper', 2)],
  })
  const confirmed = await gateway(request, context, 'tickets$confirmOrder', { orderNumber: order.number })
  // A free ticket type is paid on confirmation.
  if (confirmed.status === 'paid') return order.number as string
  const started = await gateway(request, context, 'tickets$startPayment', { orderNumber: order.number, method: 'sandbox' })
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  const paid = await request.post(`/pay/sandbox/${started.attemptId}`, { form: { key, action: 'pay' }, maxRedirects: 0 })
  expect(paid.status()).toBe(303)
  return order.number as string
}

async function logIn(page: Page, t: (typeof TEXT)['en'], lang: string, email: string) {
  await page.goto(`/${lang}/apply/order`)
  await hydrated(page)
  await page.getByRole('main').getByRole('button', { name: t.tickets.login.button }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await expect(frame.getByRole('heading', { level: 1, name: t.login.title.signin })).toBeVisible()
  await frame.getByLabel(t.login.fields.email).fill(email)
  await frame.getByLabel(t.login.fields.password, { exact: true }).fill(PASSWORD)
  await frame.getByRole('button', { name: t.login.actions.signin }).click()
  // Signed in: the prompt gives way to the (empty) list, rendered with the user's own access token.
  await expect(page.getByRole('main').getByRole('button', { name: t.tickets.login.button })).toHaveCount(0)
  await page.reload()
  await hydrated(page)
}

/** Whether the worker holds a copy of this page (it is kept after the page asked). */
const keptCopy = (page: Page) =>
  page.evaluate(async (cache) => {
    const kept = await (await caches.open(cache)).match(location.pathname + location.search)
    return kept ? (await kept.text()).includes('data-testid="e-ticket"') : false
  }, CACHE)

// Each language at a width, the widths taking turns through the languages.
const SIZES = [PHONE, DESKTOP]
for (const [languageIndex, lang] of (['en', 'zh-cn'] as const).entries()) {
  const t = TEXT[lang]
  for (const [widthIndex, size] of SIZES.entries()) {
    if (!takingTurns(languageIndex, widthIndex, SIZES.length)(0)) continue
    test.describe(`my tickets in ${lang} at ${size.width} px`, () => {
      test.use({ viewport: size })
      // Offline, the page's own calls to the network (the signed-in check, analytics) fail: that is the point.
      test.use({ allowConsole: [/Failed to load resource|net::ERR_INTERNET_DISCONNECTED|Failed to fetch|Network Error/] })

      test('open an order, download a PDF, go offline and reload: the saved copy with its QR codes', async ({ page, context, request }) => {
        test.setTimeout(120_000)
        await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
        const email = await verifiedAccount(request, lang)
        await logIn(page, t, lang, email)
        const number = await paidOrder(request, context)

        await page.goto(`/${lang}/apply/order?order=${number}`)
        await hydrated(page)
        const tickets = page.getByTestId('e-ticket')
        await expect(tickets).toHaveCount(2)
        await expect(page.getByRole('link', { name: t.tickets.success.calendar })).toHaveCount(2)

        // The PDF of Grace's ticket, downloaded as a file.
        const download = page.waitForEvent('download')
        await page.getByRole('link', { name: `${t.tickets.pdf.download} — Grace Hopper` }).click()
        const file = await download
        expect(file.suggestedFilename()).toBe(`e-ticket-${number}-2.pdf`)
        const pdf = await PDFDocument.load(readFileSync(await file.path()))
        expect(pdf.getPageCount()).toBe(1)

        // The worker keeps the page; offline, a reload shows that copy, QR codes included.
        await expect.poll(() => keptCopy(page), { timeout: 15_000 }).toBe(true)
        await context.setOffline(true)
        await page.reload()
        await hydrated(page)
        await expect(page.getByTestId('saved-copy')).toBeVisible()
        await expect(page.getByTestId('saved-copy')).toContainText(t.tickets.offline.savedCopy.split('{{time}}')[0]?.trim() as string)
        await expect(tickets).toHaveCount(2)
        for (const name of ['Ada Lovelace', 'Grace Hopper']) {
          const qr = page.getByRole('img', { name: fill(t.tickets.success.qrAlt, { name }) })
          await expect(qr).toBeVisible()
          expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
        }
        await expectAccessible(page)

        // Back online: the network's page again, no note.
        await context.setOffline(false)
        await page.reload()
        await hydrated(page)
        await expect(tickets).toHaveCount(2)
        await expect(page.getByTestId('saved-copy')).toHaveCount(0)

        // Signing out (from the header's account menu, at desktop width) forgets every copy kept.
        if (size === DESKTOP) {
          const header = page.getByRole('banner')
          await header.getByRole('button', { name: /Ada/ }).click()
          await header.getByRole('button', { name: t.account.menu.signOut }).click()
          await expect(header.getByRole('button', { name: t.common.nav.login })).toBeVisible()
          await expect.poll(() => page.evaluate((cache) => caches.has(cache), CACHE)).toBe(false)
        }
      })
    })
  }
}
