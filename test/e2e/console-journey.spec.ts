import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { CONSOLE_PORT, expect, ORIGIN, setUpAccount, signIn, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated } from './fixtures.ts'

/**
 * A new organiser's first sale, in one go (docs/product.md#console): the owner is created
 * on the command line, sets up TOTP and signs in; creates an exhibition with two ticket types and a
 * coupon and publishes it; visitors see it in English and Chinese; a visitor buys two tickets with
 * the coupon and pays in the sandbox; the owner finds the order by an attendee's name, refunds one
 * ticket, and the buyer's refund mail arrives; the owner exports the attendees and sees the sale on
 * the dashboard's chart. Console screens are checked with axe at 1280 and 900 px, in en and zh-cn.
 */
const DATA_DIR = `data/e2e-console-${CONSOLE_PORT}`
const PASSWORD = 'correct horse battery staple'
const VISITOR_PASSWORD = 'copper-kettle-harbour-7'
const OWNER = 'cora@example.com'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const TABLET = { width: 900, height: 1100 }
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const visitorHeaders = { 'X-Forwarded-For': `8.8.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}` }

let ownerLink: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  ownerLink = await consoleSite.addStaff(OWNER, 'owner', 'Cora Owner')
})

/** Mails to an address as text (nodemailer's quoted-printable undone); the outbox writes .eml files under DATA_DIR. */
function mailsTo(email: string): string[] {
  const outbox = join(DATA_DIR, 'outbox')
  if (!existsSync(outbox)) return []
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  return readdirSync(outbox)
    .filter((file) => file.endsWith(`-${safe}.eml`))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(outbox, file), 'utf8')
      const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      return Buffer.from(bytes, 'latin1').toString('utf8')
    })
}

const consoleNav = (page: Page) => page.getByRole('navigation', { name: /console sections/i })

async function addTicketType(page: Page, key: string, price: string, names: { en: string; 'zh-cn': string }) {
  await page.getByRole('button', { name: 'Add a ticket type' }).click()
  const form = page.getByRole('form', { name: 'Add a ticket type' })
  await form.getByLabel('Key').fill(key)
  await form.getByLabel('Price', { exact: true }).fill(price)
  await form.getByLabel('Currency').selectOption('GBP')
  await form.getByLabel('Capacity').fill('200')
  await form.getByLabel('en', { exact: true }).fill(names.en)
  await form.getByLabel('zh-cn', { exact: true }).fill(names['zh-cn'])
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('button', { name: `Edit ${names.en}` })).toBeVisible()
}

/** The exhibition as a new owner creates it, published; returns its id. */
async function createExhibition(page: Page): Promise<string> {
  await consoleNav(page).getByRole('link', { name: 'Exhibitions' }).click()
  await page.getByRole('link', { name: 'New exhibition' }).click()
  await hydrated(page)
  await page.getByLabel('Address name').fill(`harbour-fintech-${unique()}`)
  await page.getByLabel('City', { exact: true }).fill('London')
  await page.getByLabel('Country code').fill('GB')
  await page.getByLabel('Region').selectOption('europe')
  await page.getByLabel('Time zone').fill('Europe/London')
  await page.getByLabel('Starts', { exact: true }).fill(`${day(40)}T09:00`)
  await page.getByLabel('Ends', { exact: true }).fill(`${day(41)}T18:00`)
  await page.getByLabel('Ticket sales open').fill(`${day(-1)}T09:00`)
  await page.getByLabel('Name (en)').fill('Harbour Fintech Forum')
  await page.getByLabel('Summary (en)').fill('Two days of markets, payments and regulation.')
  await page.getByLabel('Venue (en)').fill('ExCeL London')
  await page.getByLabel('Name (zh-cn)').fill('港湾金融科技论坛')
  await page.getByLabel('Venue (zh-cn)').fill('伦敦 ExCeL 展览中心')
  await page.getByRole('button', { name: 'Create exhibition' }).click()
  await expect(page).toHaveURL(/\/console\/exhibitions\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Fintech Forum' })).toBeVisible()

  // A price is typed as money: a third decimal is refused beside the field before anything is sent.
  await page.getByRole('button', { name: 'Add a ticket type' }).click()
  const draft = page.getByRole('form', { name: 'Add a ticket type' })
  await draft.getByLabel('Price', { exact: true }).fill('129.005')
  await draft.getByRole('button', { name: 'Save' }).click()
  await expect(draft.getByText('This currency has fewer decimals: e.g. 5000 for yen, 299.50 for yuan.')).toBeVisible()
  await draft.getByRole('button', { name: 'Cancel' }).click()
  await addTicketType(page, 'standard', '129.00', { en: 'Standard pass', 'zh-cn': '标准票' })
  await addTicketType(page, 'vip', '399', { en: 'VIP pass', 'zh-cn': '贵宾票' })

  await page.getByRole('button', { name: 'Add a coupon' }).click()
  const coupon = page.getByRole('form', { name: 'Add a coupon' })
  await coupon.getByLabel('Code').fill('HARBOUR10')
  await coupon.getByLabel('Percent off').fill('10')
  await coupon.getByLabel('Uses').fill('50')
  await coupon.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('cell', { name: 'HARBOUR10', exact: true })).toBeVisible()
  // A leaked code can be paused and resumed, and changed without losing its uses.
  // On a slow line the list loads again well after each save answered; what the member does next
  // starts from the saved coupon all the same.
  await page.route('**/gateway/console', async (route) => {
    if (route.request().headers().routes === 'console$couponList') await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.getByRole('button', { name: 'Pause coupon HARBOUR10' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'HARBOUR10' })).toHaveText('HARBOUR10 is paused: buyers cannot use it until it is resumed.')
  await expect(page.getByRole('row').filter({ hasText: 'HARBOUR10' })).toContainText('Inactive')
  await page.getByRole('button', { name: 'Resume coupon HARBOUR10' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'HARBOUR10' })).toHaveText('HARBOUR10 can be used again.')
  await page.getByRole('button', { name: 'Edit coupon HARBOUR10' }).click()
  const edit = page.getByRole('form', { name: 'Edit coupon HARBOUR10' })
  await expect(edit.getByLabel('Percent off')).toHaveValue('10')
  await edit.getByLabel('Uses').fill('60')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('row').filter({ hasText: 'HARBOUR10' })).toContainText('0 of 60')
  // Edited at once after resuming, it stays usable: the form starts from the resumed coupon.
  await expect(page.getByRole('row').filter({ hasText: 'HARBOUR10' })).not.toContainText('Inactive')

  await page.unrouteAll({ behavior: 'wait' })
  await page.getByRole('button', { name: 'Publish' }).click()
  // The coupons keep a status line of their own beside the editor's.
  await expect(page.getByRole('status').filter({ hasText: 'Published: ' })).toHaveText('Published: visitors can see it now.')
  return /\/(\d+)$/.exec(page.url())?.[1] as string
}

/** A visitor with a verified account (made through the public API, as the login frame would). */
async function newVisitor(request: import('@playwright/test').APIRequestContext): Promise<string> {
  const email = `buyer-${unique()}@example.com`
  expect(
    (
      await request.post(`${ORIGIN}/login/register`, { form: { lang: 'en', nick: 'Ada', email, password: VISITOR_PASSWORD }, headers: visitorHeaders })
    ).status(),
  ).toBe(200)
  let code = ''
  await expect.poll(() => (code = /\b(\d{6})\b/.exec(mailsTo(email).at(-1) ?? '')?.[1] ?? ''), { timeout: 20_000 }).toMatch(/^\d{6}$/)
  expect((await request.post(`${ORIGIN}/login/verify`, { form: { lang: 'en', email, code }, headers: visitorHeaders })).status()).toBe(200)
  return email
}

const ATTENDEES = [
  { first: 'Xiaohong', last: 'Lin', email: `xiaohong-${unique()}@example.com`, phone: '(415) 555-2681' },
  { first: 'Katherine', last: 'Johnson', email: `katherine-${unique()}@example.com`, phone: '(415) 555-2682' },
]

/** Two standard passes with the coupon, logged in through the frame, paid in the sandbox; returns the order number. */
async function buyTwoTickets(page: Page, exhibitionId: string, email: string): Promise<string> {
  await page.setExtraHTTPHeaders(visitorHeaders)
  await page.goto(`${ORIGIN}/en/apply/registration?exhibitionId=${exhibitionId}`)
  await hydrated(page)
  const more = page.getByRole('button', { name: 'One ticket more: Standard pass' })
  await more.click()
  await more.click()
  await page.getByRole('button', { name: 'I have a coupon code' }).click()
  await page.getByLabel('Coupon code').fill('harbour10')
  await page.getByRole('button', { name: 'Apply', exact: true }).click()
  await expect(page.getByText('Coupon HARBOUR10 applied').first()).toBeVisible()
  await page.getByRole('button', { name: /log in to buy tickets/i }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel(/e-mail address/i).fill(email)
  await frame.getByLabel(/^password$/i).fill(VISITOR_PASSWORD)
  await frame.getByRole('button', { name: /^log in$/i }).click()
  // Two steps, so a failure says which one did not happen: the sign-in (the frame stays open) or
  // the order made right after it (no refusal shown at the total).
  await expect(page.locator('dialog[open]')).toHaveCount(0, { timeout: 20_000 })
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.waitForURL(/\/apply\/infoPage\?order=T-/)
  await hydrated(page)
  const number = new URL(page.url()).searchParams.get('order') as string
  for (const [index, attendee] of ATTENDEES.entries()) {
    await page.locator(`#attendee-${index + 1}-firstName`).fill(attendee.first)
    await page.locator(`#attendee-${index + 1}-lastName`).fill(attendee.last)
    await page.locator(`#attendee-${index + 1}-email`).fill(attendee.email)
    await page.locator(`#attendee-${index + 1}-phone`).fill(attendee.phone)
    await page.locator(`#attendee-${index + 1}-identity`).selectOption('trader')
    await page.locator(`#attendee-${index + 1}-industry`).selectOption('fintech')
  }
  await page.getByRole('button', { name: /continue to review/i }).click()
  await page.waitForURL(/\/apply\/sureInfo/)
  await hydrated(page)
  await page.getByRole('button', { name: /confirm and continue to payment/i }).click()
  await page.waitForURL(/\/apply\/payment/)
  await hydrated(page)
  // Two passes at £129.00, 10% off.
  await page.getByRole('button', { name: /^pay .*232\.20/i }).click()
  await page.waitForURL(/\/pay\/sandbox\//)
  await page.getByRole('button', { name: /^pay /i }).click()
  await page.waitForURL(/\/apply\/successPage/)
  await page.setExtraHTTPHeaders({})
  return number
}

test('a new organiser: set up, create and publish an exhibition, a visitor buys, find and refund, export the attendees, see the sale on the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000)
  await page.setViewportSize(DESKTOP)

  // The owner from the command line: set-up with TOTP, then signs out and in with the next code.
  const nextCode = await setUpAccount(page, ownerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL(`${ORIGIN}/console/sign-in`)
  await hydrated(page)
  await signIn(page, OWNER, PASSWORD, nextCode())
  await page.waitForURL(`${ORIGIN}/console`)
  await expect(page.getByRole('heading', { level: 1, name: /welcome, cora owner/i })).toBeVisible()

  // The catalogue: an exhibition, two ticket types and a coupon, published.
  const id = await createExhibition(page)
  await expectAccessible(page)
  await page.setViewportSize(TABLET)
  await expectAccessible(page)
  await page.goto(`${ORIGIN}/console/exhibitions`)
  await expect(page.getByRole('link', { name: 'Harbour Fintech Forum' })).toBeVisible()
  await expectAccessible(page)
  // The same screens in the member's Chinese, then back to English.
  await page.getByLabel('Console language').selectOption('zh-cn')
  await expect(page.getByRole('heading', { level: 1, name: '展会' })).toBeVisible()
  await expectAccessible(page)
  await page.setViewportSize(DESKTOP)
  await page.goto(`${ORIGIN}/console/exhibitions/${id}`)
  await expect(page.getByRole('button', { name: '取消发布' })).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('后台语言').selectOption('en')
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible()

  // Visitors see it in both languages, the ticket types with their prices.
  await page.goto(`${ORIGIN}/en/backDetail/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Fintech Forum' })).toBeVisible()
  await page.goto(`${ORIGIN}/zh-cn/backDetail/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: '港湾金融科技论坛' })).toBeVisible()

  // A visitor buys two standard passes with the coupon; each attendee gets their own e-ticket.
  const buyer = await browserContextPage(page)
  const email = await newVisitor(request)
  const number = await buyTwoTickets(buyer, id, email)
  for (const attendee of ATTENDEES) await expect.poll(() => mailsTo(attendee.email).length, { timeout: 20_000 }).toBe(1)
  await buyer.context().close()

  // The owner finds the order by an attendee's name.
  await page.goto(`${ORIGIN}/console`)
  await consoleNav(page).getByRole('link', { name: 'Orders' }).click()
  await hydrated(page)
  await page.getByRole('searchbox', { name: 'Search' }).fill('Xiaohong Lin')
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter')
  await expect(page.getByRole('link', { name: number })).toBeVisible()
  await expect(page.getByRole('row')).toHaveCount(2)
  // Pages go by keyset: one page, so neither "Newer" nor "Older", and the count of what matched.
  const pages = page.getByRole('navigation', { name: 'Order list pages' })
  await expect(pages).toContainText('1 order')
  await expect(pages.getByRole('link')).toHaveCount(0)
  await expectAccessible(page)
  await page.getByRole('link', { name: number }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible()
  await hydrated(page)
  await expectAccessible(page)

  // Refund Katherine Johnson's ticket only: the dialog shows that ticket's price before anything happens.
  await page.getByRole('button', { name: 'Refund…' }).click()
  const dialog = page.getByRole('dialog', { name: `Refund order ${number}` })
  // Nothing is ticked until the member chooses, and nothing can be refunded before that.
  await expect(dialog.getByRole('checkbox')).toHaveCount(2)
  for (const box of await dialog.getByRole('checkbox').all()) await expect(box).not.toBeChecked()
  await expect(dialog.getByRole('button', { name: /^Refund / })).toBeDisabled()
  await dialog.getByRole('checkbox', { name: /Katherine Johnson/ }).check()
  await expect(dialog.getByText(/^To refund: /)).toHaveText('To refund: £116.10')
  await dialog.getByRole('button', { name: 'Refund £116.10' }).click()
  await expect(page.getByRole('status')).toHaveText('A refund of £116.10 was requested. Its state shows under Payments and refunds.')
  await expect(page.getByRole('row').filter({ hasText: 'Katherine Johnson' })).toContainText('Refunded')
  await expect(page.getByRole('row').filter({ hasText: 'Xiaohong Lin' })).toContainText('Valid')
  // Resending asks first, naming who gets the mail; closing sends nothing.
  await page.getByRole('button', { name: 'Resend e-tickets' }).click()
  const resend = page.getByRole('dialog', { name: `Resend the e-tickets of order ${number}?` })
  await expect(resend).toContainText('Xiaohong Lin')
  await expect(resend).not.toContainText('Katherine Johnson')
  await resend.getByRole('button', { name: 'Close' }).click()
  await expect(resend).toBeHidden()
  await page.getByRole('button', { name: 'Resend e-tickets' }).click()
  await resend.getByRole('button', { name: 'Send 1 e-ticket' }).click()
  await expect(page.getByRole('status')).toHaveText(/e-ticket mails? (was|were) sent again\./)
  // The refunds job asks the sandbox, then the buyer is mailed.
  await expect
    .poll(() => mailsTo(email).filter((mail) => /organiser is refunding/.test(mail) && /money has been refunded/.test(mail)).length, { timeout: 30_000 })
    .toBe(1)

  // The dashboard, reached from the exhibition: the sale in the chart and its table, the refund in the takings.
  await page.goto(`${ORIGIN}/console/exhibitions/${id}`)
  await hydrated(page)
  // The sale is over for the code: ending it asks first, then marks it; the order (one use) keeps its discount.
  await page.getByRole('button', { name: 'End coupon HARBOUR10' }).click()
  await page.getByRole('button', { name: 'End now' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'HARBOUR10' })).toHaveText('HARBOUR10 has ended.')
  await expect(page.getByRole('row').filter({ hasText: 'HARBOUR10' })).toContainText('Ended')
  await expect(page.getByRole('row').filter({ hasText: 'HARBOUR10' })).toContainText('1 of 60')
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard: Harbour Fintech Forum' })).toBeVisible()
  await hydrated(page)
  const sales = page.getByRole('region', { name: /^Tickets sold per day/ })
  await expect(sales.locator('canvas').first()).toBeVisible()
  const chart = await sales.locator('canvas').first().boundingBox()
  expect(chart?.width).toBeGreaterThan(300)
  expect(chart?.height).toBeGreaterThan(150)
  // The same figures as a table: one day (the venue's), and the refunded ticket no longer counts as sold.
  await sales.getByText('The figures as a table').click()
  await expect(sales.getByRole('row')).toHaveCount(2)
  await expect(sales.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('1')
  const takings = page.getByRole('region', { name: 'Takings per currency' })
  await expect(takings.getByRole('row').filter({ hasText: 'GBP' })).toContainText('£232.20')
  await expect(takings.getByRole('row').filter({ hasText: 'GBP' })).toContainText('£116.10')
  await expect(takings.getByRole('row').filter({ hasText: 'GBP' })).toContainText('1 paid · 1 refunded')
  await expectAccessible(page)

  // The attendees as CSV: UTF-8 with a BOM, one row per ticket.
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Attendees (CSV)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/\.csv$/)
  const csv = readFileSync(await file.path())
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const rows = csv.toString('utf8').slice(1).trimEnd().split('\r\n')
  expect(rows).toHaveLength(3)
  expect(rows.find((row) => row.includes('Xiaohong'))).toContain(number)
  expect(rows.find((row) => row.includes('Johnson'))).toContain(number)
})

/** The visitor buys in a browser of their own (no console cookie), at a phone's width. */
async function browserContextPage(page: Page): Promise<Page> {
  const browser = page.context().browser()
  if (!browser) throw new Error('no browser')
  const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 375, height: 800 } })
  return context.newPage()
}
