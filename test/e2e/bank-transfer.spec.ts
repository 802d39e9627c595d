import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { CONSOLE_PORT, expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, mailText, PHONE } from './fixtures.ts'

/**
 * Bank transfer (docs/product.md#bank-transfer), end to end: a manager enters the exhibition's IBAN
 * in the console (a typo in it refused beside the field); a buyer in Simplified Chinese chooses bank
 * transfer and reads the account, "299.00 EUR" and the reference; the manager uploads a CSV
 * statement with that reference and the order is paid. The new screens are checked with axe at 375
 * and 1280 px.
 */
const DATA_DIR = `data/e2e-console-${CONSOLE_PORT}`
const SHOTS = process.env.E2E_SCREENSHOTS
const PASSWORD = 'correct horse battery staple'
const VISITOR_PASSWORD = 'copper-kettle-harbour-7'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const visitorIp = () => `8.8.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`

type Json = Record<string, unknown>
const read = (locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as Json
const ZH = { tickets: read('zh-cn', 'tickets'), login: read('zh-cn', 'login') }
function text(tree: Json, key: string, values: Record<string, string> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Json | undefined)?.[part], tree)
  if (typeof found !== 'string') throw new Error(`no string ${key}`)
  return found.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '')
}

function mailsTo(email: string): string[] {
  const outbox = join(DATA_DIR, 'outbox')
  if (!existsSync(outbox)) return []
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  return readdirSync(outbox)
    .filter((file) => file.endsWith(`-${safe}.eml`))
    .sort()
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true })
}

/** The text/plain part of a multipart mail, decoded. */
function textPart(raw: string): string {
  const start = raw.search(/Content-Type: text\/plain/i)
  if (start < 0) return ''
  const part = raw.slice(start)
  const boundary = part.search(/\r?\n--/)
  return mailText(boundary < 0 ? part : part.slice(0, boundary))
}

async function newBuyer(request: APIRequestContext): Promise<string> {
  const email = `transfer-buyer-${unique()}@example.com`
  const headers = { 'X-Forwarded-For': visitorIp() }
  expect((await request.post(`${ORIGIN}/login/register`, { form: { lang: 'zh-cn', nick: '小明', email, password: VISITOR_PASSWORD }, headers })).status()).toBe(
    200,
  )
  let code = ''
  await expect.poll(() => (code = /\b(\d{6})\b/.exec(mailText(mailsTo(email).at(-1) ?? ''))?.[1] ?? ''), { timeout: 20_000 }).toMatch(/^\d{6}$/)
  expect((await request.post(`${ORIGIN}/login/verify`, { form: { lang: 'zh-cn', email, code }, headers })).status()).toBe(200)
  return email
}

test('a buyer in Chinese pays by bank transfer; the manager uploads the statement and the order is paid', async ({ page, request, consoleSite }) => {
  test.setTimeout(360_000)
  const { db } = consoleSite
  const tag = unique()
  const exhibitionId = (
    await db.query<{ id: number }>(
      `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, sales_open_at, city, country_code, region, published)
       values ($1, 'exhibition', now() + interval '50 days', now() + interval '52 days', 'Europe/Berlin', now() - interval '1 day', 'Frankfurt', 'DE', 'europe', true)
       returning id`,
      [`transfer-${tag}`],
    )
  ).rows[0]?.id as number
  await db.query(
    `insert into exhibition_texts (exhibition_id, locale, title, venue_name) values ($1, 'en', $2, 'Messe'), ($1, 'zh-cn', $3, '法兰克福展览中心')`,
    [exhibitionId, `Frankfurt Fintech Expo ${tag}`, `法兰克福金融科技展 ${tag}`],
  )
  await db.query(`insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, texts) values ($1, 'standard', 29900, 'EUR', 50, $2)`, [
    exhibitionId,
    JSON.stringify({ en: { name: 'Standard pass' }, 'zh-cn': { name: '标准通行证' } }),
  ])

  // The manager enters the account: a mistyped IBAN is refused beside its field.
  await page.setViewportSize(DESKTOP)
  await setUpAccount(page, await consoleSite.addStaff(`manager-${tag}@example.com`, 'manager', 'Max Manager'), PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page.goto(`${ORIGIN}/console/dashboard/${exhibitionId}`)
  await hydrated(page)
  await page.getByRole('link', { name: 'Bank transfer' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Bank transfer' })).toBeVisible()
  await hydrated(page)
  await page.getByLabel('Buyers may pay by bank transfer').check()
  await page.getByLabel('Account holder').fill('Expo Events GmbH')
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01')
  await page.getByLabel('BIC / SWIFT').fill('COBADEFFXXX')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('This IBAN is not valid: check its length and check digits.')).toBeVisible()
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText('Saved.')
  await expectAccessible(page)

  // The buyer, on a phone in Chinese, orders one ticket and chooses bank transfer.
  const email = await newBuyer(request)
  const browser = page.context().browser()
  if (!browser) throw new Error('no browser')
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: PHONE, extraHTTPHeaders: { 'X-Forwarded-For': visitorIp() } })
  const buyer = await context.newPage()
  await buyer.goto(`/zh-cn/apply/registration?exhibitionId=${exhibitionId}`)
  await hydrated(buyer)
  await buyer.getByRole('button', { name: text(ZH.tickets, 'registration.increase', { name: '标准通行证' }) }).click()
  await buyer.getByRole('button', { name: text(ZH.tickets, 'login.title') }).click()
  const frame = buyer.frameLocator('dialog[open] iframe')
  await frame.getByLabel(text(ZH.login, 'fields.email')).fill(email)
  await frame.getByLabel(text(ZH.login, 'fields.password'), { exact: true }).fill(VISITOR_PASSWORD)
  await frame.getByRole('button', { name: text(ZH.login, 'actions.signin') }).click()
  await buyer.waitForURL(/\/apply\/infoPage\?order=T-/)
  await hydrated(buyer)
  const orderNumber = new URL(buyer.url()).searchParams.get('order') as string
  await buyer.locator('#attendee-1-firstName').fill('小明')
  await buyer.locator('#attendee-1-lastName').fill('王')
  await buyer.locator('#attendee-1-email').fill(`xiaoming-${tag}@example.com`)
  await buyer.locator('#attendee-1-phone').fill('(415) 555-2681')
  await buyer.locator('#attendee-1-identity').selectOption('trader')
  await buyer.locator('#attendee-1-industry').selectOption('fintech')
  await buyer.getByRole('button', { name: text(ZH.tickets, 'attendees.next') }).click()
  await buyer.waitForURL(/\/apply\/sureInfo/)
  await hydrated(buyer)
  await buyer.getByRole('button', { name: text(ZH.tickets, 'review.confirm') }).click()
  await buyer.waitForURL(/\/apply\/payment/)
  await hydrated(buyer)
  await buyer.getByLabel(new RegExp(text(ZH.tickets, 'payment.methods.bank'))).check()
  await buyer.getByRole('button', { name: text(ZH.tickets, 'payment.bankStart') }).click()
  const details = buyer.getByRole('region', { name: text(ZH.tickets, 'bankTransfer.title') })
  await expect(details).toBeVisible()
  await hydrated(buyer)
  await expect(details.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible()
  await expect(details.getByText('299.00 EUR')).toBeVisible()
  const reference = (await details.getByText(/^RF\d{2} [A-Z]{4} [A-Z]{4}$/).textContent()) as string
  await expectAccessible(buyer)
  await shoot(buyer, 'transfer-payment')
  await buyer.setViewportSize(DESKTOP)
  await expectAccessible(buyer)
  await shoot(buyer, 'transfer-payment')
  // The mail says the same, in Chinese (its text part, as the outbox wrote it).
  let mail = ''
  await expect
    .poll(() => (mail = mailsTo(email).find((raw) => raw.includes('text/plain') && textPart(raw).includes(reference)) ?? ''), { timeout: 20_000 })
    .not.toBe('')
  expect(textPart(mail)).toContain('299.00 EUR')
  expect(textPart(mail)).toContain(text(ZH.tickets, 'bankTransfer.reference'))

  // The manager uploads the bank's CSV; the exact amount pays the order.
  await page.reload()
  await hydrated(page)
  await page.getByLabel('Statement file').setInputFiles({
    name: 'statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Date,Amount,Currency,Reference,Payer\n2026-11-29,299.00,EUR,Order ${reference},王小明\n`),
  })
  await page.getByRole('button', { name: 'Upload and match' }).click()
  await expect(page.getByRole('status')).toHaveText('1 paid, 0 waiting for a decision, 0 unknown, 0 seen before.')
  await page.getByRole('link', { name: 'Show all' }).click()
  await expect(page.getByRole('row').filter({ hasText: orderNumber })).toContainText('Paid')
  await expectAccessible(page)
  await shoot(page, 'console-bank-transfer')
  await page.setViewportSize(PHONE)
  await expectAccessible(page)
  await shoot(page, 'console-bank-transfer')
  const status = await db.query<{ status: string }>('select status from ticket_orders where number = $1', [orderNumber])
  expect(status.rows[0]?.status).toBe('paid')
  await context.close()
})
