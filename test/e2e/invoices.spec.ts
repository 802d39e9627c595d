import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { CONSOLE_PORT, expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE, mailText } from './fixtures.ts'

/**
 * Invoices and credit notes (docs/product.md#invoices), end to end: the owner replaces the demo legal
 * identity with their own and a tax rate for Chinese buyers; a buyer in Chinese asks for an invoice
 * made out to their company on the review step, pays, and downloads the invoice (read with pdftotext);
 * the owner refunds one of the two tickets and the credit note appears for both. The new screens are
 * checked with axe at 375 and 1280 px.
 */
const DATA_DIR = `data/e2e-console-${CONSOLE_PORT}`
const SHOTS = process.env.E2E_SCREENSHOTS
const PASSWORD = 'correct horse battery staple'
const VISITOR_PASSWORD = 'copper-kettle-harbour-7'
const OWNER = 'ingrid.owner@example.com'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const COMPANY = { name: '王小明贸易有限公司', address: '上海市浦东新区世纪大道 100 号', taxId: '91310000MA1FL0000X' }
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const visitorIp = () => `8.8.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`

type Json = Record<string, unknown>
const read = (locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as Json
const ZH = { tickets: read('zh-cn', 'tickets'), invoices: read('zh-cn', 'invoices'), login: read('zh-cn', 'login'), payment: read('zh-cn', 'payment') }
/** A string of a locale file by its dotted key, placeholders filled. */
function text(tree: Json, key: string, values: Record<string, string> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Json | undefined)?.[part], tree)
  if (typeof found !== 'string') throw new Error(`no string ${key}`)
  return found.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '')
}
const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

let ownerLink: string
let exhibitionId: number
let orderNumber: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  ownerLink = await consoleSite.addStaff(OWNER, 'owner', 'Ingrid Owner')
  const { db } = consoleSite
  const exhibition = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, sales_open_at, city, country_code, region, published)
     values ($1, 'exhibition', now() + interval '50 days', now() + interval '52 days', 'Asia/Shanghai', now() - interval '1 day', 'Shanghai', 'CN', 'asia', true)
     returning id`,
    [`invoices-${unique()}`],
  )
  exhibitionId = exhibition.rows[0]?.id as number
  await db.query(
    `insert into exhibition_texts (exhibition_id, locale, title, venue_name, address, city) values
       ($1, 'en', 'Shanghai Brokers Summit', 'Expo Centre', '1 Century Avenue', 'Shanghai'),
       ($1, 'zh-cn', '上海经纪商峰会', '世博中心', '世纪大道 1 号', '上海')`,
    [exhibitionId],
  )
  await db.query(`insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, texts) values ($1, 'delegate', 106000, 'CNY', 100, $2)`, [
    exhibitionId,
    JSON.stringify({ en: { name: 'Delegate pass', description: 'Both days' }, 'zh-cn': { name: '代表通行证', description: '两天' } }),
  ])
})

function mailsTo(email: string): string[] {
  const outbox = join(DATA_DIR, 'outbox')
  if (!existsSync(outbox)) return []
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  return readdirSync(outbox)
    .filter((file) => file.endsWith(`-${safe}.eml`))
    .sort()
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
}

/** A verified visitor account in Chinese, made through the login page's own forms. */
async function newBuyer(request: APIRequestContext): Promise<string> {
  const email = `invoice-buyer-${unique()}@example.com`
  const headers = { 'X-Forwarded-For': visitorIp() }
  expect((await request.post(`${ORIGIN}/login/register`, { form: { lang: 'zh-cn', nick: '小明', email, password: VISITOR_PASSWORD }, headers })).status()).toBe(
    200,
  )
  let code = ''
  await expect.poll(() => (code = /\b(\d{6})\b/.exec(mailText(mailsTo(email).at(-1) ?? ''))?.[1] ?? ''), { timeout: 20_000 }).toMatch(/^\d{6}$/)
  expect((await request.post(`${ORIGIN}/login/verify`, { form: { lang: 'zh-cn', email, code }, headers })).status()).toBe(200)
  return email
}

/** What a downloaded PDF says, as pdftotext reads it. */
async function pdfTextOf(download: import('@playwright/test').Download): Promise<string> {
  return execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' })
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return
  mkdirSync(SHOTS, { recursive: true })
  await page.screenshot({ path: join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true })
}

test('the owner replaces the demo legal identity with their own and a tax rate for buyers in China', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize(DESKTOP)
  await setUpAccount(page, ownerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page
    .getByRole('navigation', { name: /console sections/i })
    .getByRole('link', { name: 'Invoicing' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Invoicing' })).toBeVisible()
  await hydrated(page)
  await expect(page.getByRole('note')).toHaveText("This is the demo content's identity: its invoices say DEMO. Save your own before going live.")
  await expectAccessible(page)
  await shoot(page, 'console-invoicing')

  await page.getByLabel('Legal name').fill('Harbour Expo Organiser Pte Ltd')
  await page.getByLabel('Address').fill('1 Marina Boulevard\nSingapore 018989')
  await page.getByLabel('Country', { exact: true }).selectOption('SG')
  await page.getByLabel('Tax ID').fill('M2-1234567-8')
  await page.getByLabel('Company registration number').fill('201912345K')
  await page.getByLabel('Number prefix').fill('HEO')
  await page.getByLabel('Default tax rate (%)').fill('9')
  await page.getByRole('button', { name: 'Add a country' }).click()
  await page.getByLabel('Buyer country').last().selectOption('CN')
  // A rate that is not a percentage is refused beside its field, and nothing is saved.
  await page.getByLabel('Rate (%)').last().fill('six')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Enter a rate between 0 and 100 (for example 20 or 6.5); zero-rated and reverse charge take 0.')).toBeVisible()
  await page.getByLabel('Rate (%)').last().fill('6')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText('The invoicing settings are saved.')
  await expect(page.getByRole('note')).toHaveCount(0)
  await expect(page.getByLabel('Buyer country').last()).toHaveValue('CN')
  await page.setViewportSize(PHONE)
  await expectAccessible(page)
  await shoot(page, 'console-invoicing')
})

test('a buyer in Chinese asks for a company invoice, pays and downloads it; the owner refunds one ticket and the credit note appears', async ({
  page,
  request,
  consoleSite,
}) => {
  test.setTimeout(300_000)
  const email = await newBuyer(request)
  const browser = page.context().browser()
  if (!browser) throw new Error('no browser')
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: PHONE, extraHTTPHeaders: { 'X-Forwarded-For': visitorIp() } })
  const buyer = await context.newPage()

  await buyer.goto(`/zh-cn/apply/registration?exhibitionId=${exhibitionId}`)
  await hydrated(buyer)
  const more = buyer.getByRole('button', { name: text(ZH.tickets, 'registration.increase', { name: '代表通行证' }) })
  await more.click()
  await more.click()
  await buyer.getByRole('button', { name: text(ZH.tickets, 'login.title') }).click()
  const frame = buyer.frameLocator('dialog[open] iframe')
  await frame.getByLabel(text(ZH.login, 'fields.email')).fill(email)
  await frame.getByLabel(text(ZH.login, 'fields.password'), { exact: true }).fill(VISITOR_PASSWORD)
  await frame.getByRole('button', { name: text(ZH.login, 'actions.signin') }).click()
  await buyer.waitForURL(/\/apply\/infoPage\?order=T-/)
  await hydrated(buyer)
  orderNumber = new URL(buyer.url()).searchParams.get('order') as string
  for (const [index, person] of [
    { first: '小明', last: '王', email: `xiaoming-${unique()}@example.com`, phone: '(415) 555-2681' },
    { first: '丽', last: '李', email: `li-${unique()}@example.com`, phone: '(415) 555-2682' },
  ].entries()) {
    const position = index + 1
    await buyer.locator(`#attendee-${position}-firstName`).fill(person.first)
    await buyer.locator(`#attendee-${position}-lastName`).fill(person.last)
    await buyer.locator(`#attendee-${position}-email`).fill(person.email)
    await buyer.locator(`#attendee-${position}-phone`).fill(person.phone)
    await buyer.locator(`#attendee-${position}-identity`).selectOption('trader')
    await buyer.locator(`#attendee-${position}-industry`).selectOption('fintech')
  }
  await buyer.getByRole('button', { name: text(ZH.tickets, 'attendees.next') }).click()
  await buyer.waitForURL(/\/apply\/sureInfo/)
  await hydrated(buyer)

  // The review step: unticked, nothing more to fill in; ticked, the company's details, checked before saving.
  const invoice = buyer.getByRole('region', { name: text(ZH.invoices, 'form.title') })
  await invoice.getByLabel(text(ZH.invoices, 'form.ask')).check()
  await invoice.getByRole('button', { name: text(ZH.invoices, 'form.save') }).click()
  await expect(invoice.getByText(text(ZH.invoices, 'errors.companyRequired'))).toBeVisible()
  await expect(invoice.getByText(text(ZH.invoices, 'errors.country'))).toBeVisible()
  await invoice.getByLabel(text(ZH.invoices, 'form.companyName')).fill(COMPANY.name)
  await invoice.getByLabel(text(ZH.invoices, 'form.address')).fill(COMPANY.address)
  await invoice.getByLabel(text(ZH.invoices, 'form.country')).selectOption('CN')
  await invoice.getByLabel(text(ZH.invoices, 'form.taxId')).fill(COMPANY.taxId)
  await expectAccessible(buyer)
  await shoot(buyer, 'review-invoice-form')
  await invoice.getByRole('button', { name: text(ZH.invoices, 'form.save') }).click()
  await expect(invoice.getByText(COMPANY.name)).toBeVisible()
  await expect(invoice.getByText(COMPANY.taxId)).toBeVisible()
  await expectAccessible(buyer)
  await shoot(buyer, 'review-invoice-saved')
  await buyer.setViewportSize(DESKTOP)
  await expectAccessible(buyer)
  await shoot(buyer, 'review-invoice-saved')
  await buyer.setViewportSize(PHONE)

  await buyer.getByRole('button', { name: text(ZH.tickets, 'review.confirm') }).click()
  await buyer.waitForURL(/\/apply\/payment/)
  await hydrated(buyer)
  await buyer.getByRole('button', { name: new RegExp(`^${literal(text(ZH.tickets, 'payment.pay', { amount: '@' })).replace('@', '.*2,120\\.00.*')}$`) }).click()
  await buyer.waitForURL(/\/pay\/sandbox\//)
  await buyer.getByRole('button', { name: new RegExp(`^${literal(text(ZH.payment, 'sandbox.pay', { amount: '@' })).replace('@', '.*')}$`) }).click()
  await buyer.waitForURL(/\/apply\/successPage/)

  // The order page lists the invoice; its PDF is in Chinese and names both companies.
  await buyer.goto(`/zh-cn/apply/order?order=${orderNumber}`)
  await hydrated(buyer)
  const documents = buyer.getByRole('region', { name: text(ZH.invoices, 'documents.title') })
  const invoiceLink = documents.getByRole('link', { name: /^下载 HEO-\d{4}-\d{6}（PDF）$/ })
  await expect(invoiceLink).toBeVisible()
  await expectAccessible(buyer)
  await shoot(buyer, 'order-invoices')
  const downloaded = buyer.waitForEvent('download')
  await invoiceLink.click()
  const invoiceText = await pdfTextOf(await downloaded)
  for (const expected of [
    '发票',
    COMPANY.name,
    COMPANY.taxId,
    'Harbour Expo Organiser Pte Ltd',
    'M2-1234567-8',
    orderNumber,
    '代表通行证',
    '税额 6%',
    '已全额付款。',
  ])
    expect(invoiceText).toContain(expected)
  const invoiceNumber = /HEO-\d{4}-\d{6}/.exec(invoiceText)?.[0] as string

  // The owner sees the company and the invoice on the order, and refunds one of the two tickets.
  await page.setViewportSize(DESKTOP)
  await page.goto(`${ORIGIN}/console/sign-in`)
  await consoleSite.signInWithoutCode(page, OWNER)
  await page.goto(`${ORIGIN}/console/orders/${orderNumber}`)
  await hydrated(page)
  const panel = page.getByRole('region', { name: 'Invoices' })
  await expect(panel.getByText(COMPANY.name)).toBeVisible()
  await expect(panel.getByText(new RegExp(`^Invoice ${invoiceNumber} · CN¥2,120\\.00 · `))).toBeVisible()
  await page.getByRole('button', { name: 'Refund…' }).click()
  const dialog = page.getByRole('dialog', { name: `Refund order ${orderNumber}` })
  await dialog.getByRole('checkbox').first().check()
  await dialog.getByRole('button', { name: /^Refund / }).click()
  await expect(page.getByRole('status').first()).toContainText('A refund of CN¥1,060.00 was requested.')
  const credit = panel.getByText(/^Credit note HEO-CN-\d{4}-\d{6} · −CN¥1,060\.00 · /)
  await expect(credit).toBeVisible()
  await expectAccessible(page)
  await shoot(page, 'console-order-invoices')
  const creditNumber = /HEO-CN-\d{4}-\d{6}/.exec((await credit.textContent()) ?? '')?.[0] as string
  const staffDownload = page.waitForEvent('download')
  await panel.getByRole('button', { name: `Download ${creditNumber} (PDF)` }).click()
  const creditText = await pdfTextOf(await staffDownload)
  for (const expected of ['贷项通知单', creditNumber, invoiceNumber, COMPANY.name, '冲减合计']) expect(creditText).toContain(expected)
  await page.setViewportSize(PHONE)
  await expectAccessible(page)

  // The buyer's order page lists the credit note too.
  await buyer.reload()
  await hydrated(buyer)
  await expect(documents.getByRole('link', { name: `下载 ${creditNumber}（PDF）` })).toBeVisible()
  await expect(documents.getByText(/-CN¥1,060\.00|−CN¥1,060\.00|-¥1,060\.00/)).toBeVisible()
  await context.close()
})
