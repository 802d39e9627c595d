import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO_IDENTITY } from '../../server/config.ts'
import { DESKTOP, expect, expectAccessible, hydrated, mailedCode, PHONE, takingTurns, test } from './fixtures.ts'

/**
 * Signed documents on the verification page (docs/product.md#document-signatures), in English,
 * Simplified Chinese and Thai, at 375 and 1280 px: a buyer downloads an e-ticket's PDF from the order
 * page and uploads it on the verification page: signed by us, unchanged since. The same file with one
 * byte changed: signed by us, but changed after signing.
 */

type Verify = typeof import('../../locales/en/verify.json')
type Tickets = typeof import('../../locales/en/tickets.json')
type Login = typeof import('../../locales/en/login.json')
const read = <T>(locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as T
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '')

const BRAND = DEMO_IDENTITY.brandName
const PASSWORD = 'copper-kettle-harbour-7'
const DATA_DIR = process.env.E2E_DATA_DIR ?? `data/e2e-${process.env.E2E_PORT ?? 3211}`
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
let nextAddress = 0
const visitorIp = () => {
  nextAddress += 1
  return `8.10.${process.pid % 250}.${(nextAddress % 250) + 1}`
}

/** Calls a gateway function as the signed-in user (the context's access_token cookie). */
async function gateway(page: Page, route: string, payload: unknown) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'access_token')?.value
  const response = await page.request.post('/wikifxweb-v1/wikiexpo/invoke-v1', {
    headers: { Routes: route, Authorization: `Bearer ${token}`, LanguageCode: 'en' },
    data: payload,
  })
  const body = await response.json()
  expect(body.succeed, `${route}: ${JSON.stringify(body)}`).toBe(true)
  return body.data
}

async function verifiedAccount(request: APIRequestContext, lang: string): Promise<string> {
  const email = `signed-${unique()}@example.com`
  const headers = { 'X-Forwarded-For': visitorIp() }
  expect((await request.post('/login/register', { form: { lang, nick: 'Somchai', email, password: PASSWORD }, headers })).status()).toBe(200)
  expect((await request.post('/login/verify', { form: { lang, email, code: await mailedCode(DATA_DIR, email) }, headers })).status()).toBe(200)
  return email
}

/** Signs in through the login frame of the orders page, as a buyer does. */
async function logIn(page: Page, lang: string, email: string) {
  const tickets = read<Tickets>(lang, 'tickets')
  const login = read<Login>(lang, 'login')
  await page.goto(`/${lang}/apply/order`)
  await hydrated(page)
  await page.getByRole('main').getByRole('button', { name: tickets.login.button }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await expect(frame.getByRole('heading', { level: 1, name: login.title.signin })).toBeVisible()
  await frame.getByLabel(login.fields.email).fill(email)
  await frame.getByLabel(login.fields.password, { exact: true }).fill(PASSWORD)
  await frame.getByRole('button', { name: login.actions.signin }).click()
  await expect(page.getByRole('main').getByRole('button', { name: tickets.login.button })).toHaveCount(0)
  await page.reload()
  await hydrated(page)
}

/** A paid order of one ticket for the demo's Bangkok exhibition, held by a Thai name. */
async function paidOrder(page: Page): Promise<string> {
  const exhibitions = (await gateway(page, 'expo$listExhibitions', {})).items as Array<{ id: number; slug: string }>
  const exhibitionId = exhibitions.find((item) => item.slug === 'bangkok-2027')?.id as number
  const ticketTypeId = ((await gateway(page, 'tickets$ticketTypes', { exhibitionId })).types as Array<{ id: number }>)[0]?.id as number
  const order = await gateway(page, 'tickets$createOrder', {
    exhibitionId,
    lines: [{ ticketTypeId, quantity: 1 }],
    couponCode: '',
    idempotencyKey: crypto.randomUUID(),
  })
  await gateway(page, 'tickets$saveAttendees', {
    orderNumber: order.number,
    attendees: [
      {
        firstName: 'สมชาย',
        lastName: 'ใจดี',
        email: `somchai-${unique()}@example.com`,
        phone: { country: 'TH', number: '081 234 5678' },
        identity: 'trader',
        industry: 'fintech',
      },
    ],
  })
  const confirmed = await gateway(page, 'tickets$confirmOrder', { orderNumber: order.number })
  if (confirmed.status === 'paid') return order.number as string
  const started = await gateway(page, 'tickets$startPayment', { orderNumber: order.number, method: 'sandbox' })
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  const paid = await page.request.post(`/pay/sandbox/${started.attemptId}`, { form: { key, action: 'pay' }, maxRedirects: 0 })
  expect(paid.status()).toBe(303)
  return order.number as string
}

// Each language at a width, the widths taking turns through the languages (both widths seen).
const SIZES = [PHONE, DESKTOP]
for (const [languageIndex, lang] of (['en', 'zh-cn', 'th'] as const).entries()) {
  const t = read<Verify>(lang, 'verify')
  const tickets = read<Tickets>(lang, 'tickets')
  for (const [widthIndex, size] of SIZES.entries()) {
    if (!takingTurns(languageIndex, widthIndex, SIZES.length)(0)) continue
    test.describe(`signed e-tickets on the verification page in ${lang} at ${size.width} px`, () => {
      test.use({ viewport: size })

      test('download an e-ticket, upload it: signed by us, unchanged; one byte changed: changed after signing', async ({ page, request }) => {
        test.setTimeout(120_000)
        await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
        await logIn(page, lang, await verifiedAccount(request, lang))
        const number = await paidOrder(page)

        await page.goto(`/${lang}/apply/order?order=${number}`)
        await hydrated(page)
        const download = page.waitForEvent('download')
        // One ticket: one download link, whatever order the page writes the Thai name in.
        await page.getByRole('link', { name: tickets.pdf.download }).click()
        const file = readFileSync((await (await download).path()) as string)
        expect(file.subarray(0, 5).toString()).toBe('%PDF-')

        await page.goto(`/${lang}/verify.html`)
        await hydrated(page)
        await page.getByRole('tab', { name: t.tabs.file }).click()
        const panel = page.getByRole('tabpanel', { name: t.tabs.file })
        const picker = panel.locator('input[type=file]')

        await picker.setInputFiles({ name: 'e-ticket.pdf', mimeType: 'application/pdf', buffer: file })
        const intact = page.getByRole('heading', { level: 2, name: fill(t.document.signature.intact.title, { brand: BRAND }), exact: true })
        await expect(intact).toBeFocused()
        const result = page.getByTestId('document-result')
        await expect(result).toContainText(t.document.signature.signedAt)
        await expect(result).not.toContainText(t.document.unofficial.title)
        await page.evaluate(() => window.scrollTo(0, 0))
        await expectAccessible(page)

        const changed = Buffer.from(file)
        changed[10] = (changed[10] as number) ^ 0x01
        await picker.setInputFiles({ name: 'e-ticket-edited.pdf', mimeType: 'application/pdf', buffer: changed })
        await expect(page.getByRole('heading', { level: 2, name: fill(t.document.signature.changed.title, { brand: BRAND }), exact: true })).toBeFocused()
        await expect(result).toContainText(t.document.signature.changed.why)
        await page.evaluate(() => window.scrollTo(0, 0))
        await expectAccessible(page)
      })
    })
  }
}
