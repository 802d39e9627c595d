import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { Queryable } from '../../server/db/client.ts'
import { createPasswordHasher } from '../../server/platform/passwords.ts'
import { CONSOLE_PORT, expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, mailText, PHONE } from './fixtures.ts'

/**
 * Booth checkout (docs/product.md#booth-checkout), end to end: a manager lets exhibitors choose their
 * booths on the console's floor-plan screen; an exhibitor's admin, in Simplified Chinese on a phone, picks a free booth from the
 * list with its price, gives the company the invoice is made out to and holds the booth; pays for it
 * in the sandbox; reads the invoice PDF (pdftotext) with the booth on it; and the exhibition's
 * directory plan shows the booth as the exhibitor's. The success and order pages show the booth and its invoice, no
 * e-ticket, and the booth confirmation mail arrives in Chinese. The console screen and the booth section are
 * checked with axe at 375 and 1280 px (and kept as screenshots with E2E_SCREENSHOTS).
 */
type Json = Record<string, unknown>
const read = (locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as Json
const ZH = { exhibitor: read('zh-cn', 'exhibitor'), login: read('zh-cn', 'login'), tickets: read('zh-cn', 'tickets'), payment: read('zh-cn', 'payment') }
/** A string of a locale file by its dotted key, placeholders filled. */
function text(tree: Json, key: string, values: Record<string, string> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Json | undefined)?.[part], tree)
  if (typeof found !== 'string') throw new Error(`no string ${key}`)
  return found.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '')
}
const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const MANAGER = 'mia.booths@example.com'
const STAFF_PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const ADMIN = 'lin.booth@example.cn'
const ADMIN_PASSWORD = 'booth checkout password 2026'
const COMPANY = { name: '林氏证券有限公司', address: '上海市浦东新区世纪大道 8 号', taxId: '91310000MA1FL8888X' }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

let managerLink: string
let exhibitionId: number
let exhibitorId: number

async function seed(db: Queryable): Promise<void> {
  const exhibition = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, applications_open, published)
     values ('e2e-booth-expo', 'exhibition', now() + interval '60 days', now() + interval '62 days', 'Asia/Shanghai', 'Shanghai', 'CN', 'asia', true, true)
     returning id`,
  )
  exhibitionId = Number(exhibition.rows[0]?.id)
  await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'E2E Booth Expo'), ($1, 'zh-cn', '端到端展位博览会')`, [
    exhibitionId,
  ])
  await db.query(`insert into floor_plans (exhibition_id, currency) values ($1, 'CNY')`, [exhibitionId])
  const hall = await db.query<{ id: number }>(
    `insert into floor_plan_halls (exhibition_id, label, width_dm, depth_dm) values ($1, 'A', 200, 100) returning id`,
    [exhibitionId],
  )
  for (const [number, x, price] of [
    ['A1', 0, 1800000],
    ['A2', 40, 2400000],
  ] as const) {
    await db.query(
      `insert into booths (hall_id, exhibition_id, number, x_dm, y_dm, w_dm, h_dm, booth_type, price_minor, currency, passes_included) values ($1, $2, $3, $4, 0, 30, 30, 'shell', $5, 'CNY', 2)`,
      [hall.rows[0]?.id, exhibitionId, number, x, price],
    )
  }
  // The site's invoicing identity (the demo's, unless another spec set the owner's): every booth order is invoiced.
  await db.query(
    `insert into invoice_issuer (legal_name, address, country, tax_id, prefix, default_rate_bp) values ('Harbour Expo Organiser Pte Ltd', '1 Marina Boulevard', 'SG', 'M2-1234567-8', 'HEO', 600)
     on conflict (id) do nothing`,
  )
  const company = await db.query<{ id: number }>(
    "insert into exhibitor_companies (slug, kind, country) values ('e2e-lin-securities', 'broker', 'CN') returning id",
  )
  const companyId = Number(company.rows[0]?.id)
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', 'Lin Securities'), ($1, 'zh-cn', '林氏证券')", [companyId])
  const exhibitor = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id', [companyId, exhibitionId])
  exhibitorId = Number(exhibitor.rows[0]?.id)
  const hasher = createPasswordHasher(1)
  try {
    const account = await db.query<{ id: string }>(
      "insert into accounts (email, email_verified_at, nick, password_hash, locale) values ($1, now(), 'Lin', $2, 'zh-cn') returning id",
      [ADMIN, await hasher.hash(ADMIN_PASSWORD)],
    )
    await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [exhibitorId, account.rows[0]?.id])
  } finally {
    await hasher.close()
  }
}

/** The decoded text parts of the mails sent to an address (the outbox worker writes them once their transaction commits). */
function mailsTo(email: string): string[] {
  const outbox = join(`data/e2e-console-${CONSOLE_PORT}`, 'outbox')
  if (!existsSync(outbox)) return []
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  return readdirSync(outbox)
    .filter((file) => file.endsWith(`-${safe}.eml`))
    .sort()
    .map((file) =>
      readFileSync(join(outbox, file), 'utf8')
        .split(/\r?\n--[^\r\n]+\r?\n/)
        .map(mailText)
        .join('\n'),
    )
}

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** Axe at both widths, ending on the phone, with a screenshot at each. */
async function accessibleAtBothWidths(page: Page, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size)
    await expectAccessible(page)
    await shoot(page, `${name}-${size.width}`)
  }
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Mia Booths')
  await seed(consoleSite.db)
})

test('a manager opens self-selection; an exhibitor admin in Chinese on a phone holds a booth, pays in the sandbox, reads the invoice, and the plan shows the booth as theirs', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  // The manager opens self-selection on the exhibition's floor plan.
  await page.setViewportSize(DESKTOP)
  await setUpAccount(page, managerLink, STAFF_PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}/floor-plan`)
  await hydrated(page)
  const selection = page.getByRole('form', { name: 'Booth self-selection' })
  await expect(selection).toContainText('The organiser assigns booths')
  await selection.getByRole('button', { name: 'Let exhibitors choose booths' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Exhibitors can now choose their booths.' })).toBeVisible()
  await expect(selection.getByRole('button', { name: 'Stop self-selection' })).toBeVisible()
  await accessibleAtBothWidths(page, 'booth-console')

  const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { 'X-Forwarded-For': '8.10.20.41' }, acceptDownloads: true })
  const admin = await context.newPage()
  await admin.goto(`${ORIGIN}/zh-cn/exhibitor.html?id=${exhibitorId}`)
  await hydrated(admin)
  await admin
    .getByRole('main')
    .getByRole('button', { name: text(ZH.exhibitor, 'login.button') })
    .click()
  const frame = admin.frameLocator('dialog[open] iframe')
  await frame.getByLabel(text(ZH.login, 'fields.email')).fill(ADMIN)
  await frame.getByLabel(text(ZH.login, 'fields.password'), { exact: true }).fill(ADMIN_PASSWORD)
  await frame.getByRole('button', { name: text(ZH.login, 'actions.signin'), exact: true }).click()
  await expect(admin.locator('dialog[open]')).toBeHidden()

  const booth = admin.getByRole('region', { name: text(ZH.exhibitor, 'booth.title') })
  await expect(booth).toBeVisible()
  const free = booth.getByRole('group', { name: text(ZH.exhibitor, 'booth.freeBooths') })
  const a1 = free.getByRole('radio', {
    name: new RegExp(
      `^${literal(text(ZH.exhibitor, 'booth.line', { number: 'A1', hall: 'A' }))}.*18,000\\.00 · ${literal(text(ZH.exhibitor, 'booth.passes_other', { count: '2' }))}`,
    ),
  })
  await expect(a1).toBeVisible()
  await expect(free.getByRole('radio')).toHaveCount(2)
  await accessibleAtBothWidths(admin, 'booth-choose')

  // Picked with the keyboard: focus the first choice and select it with the space bar.
  await a1.focus()
  await admin.keyboard.press('Space')
  await expect(a1).toBeChecked()
  await booth.getByLabel(text(ZH.exhibitor, 'booth.companyName')).fill(COMPANY.name)
  await booth.getByLabel(text(ZH.exhibitor, 'booth.taxId')).fill(COMPANY.taxId)
  await booth.getByLabel(text(ZH.exhibitor, 'booth.address')).fill(COMPANY.address)
  await booth.getByLabel(text(ZH.exhibitor, 'booth.country')).selectOption('CN')
  await booth.getByRole('button', { name: text(ZH.exhibitor, 'booth.hold') }).click()
  await expect(booth.getByRole('status')).toHaveText(text(ZH.exhibitor, 'booth.held'))
  await expect(booth).toContainText(text(ZH.exhibitor, 'booth.line', { number: 'A1', hall: 'A' }))
  await accessibleAtBothWidths(admin, 'booth-held')

  // Paid on the orders' payment screen, in the sandbox.
  await booth.getByRole('link', { name: text(ZH.exhibitor, 'booth.pay') }).click()
  await admin.waitForURL(/\/apply\/payment/)
  await hydrated(admin)
  await admin
    .getByRole('button', { name: new RegExp(`^${literal(text(ZH.tickets, 'payment.pay', { amount: '@' })).replace('@', '.*18,000\\.00.*')}$`) })
    .click()
  await admin.waitForURL(/\/pay\/sandbox\//)
  await admin.getByRole('button', { name: new RegExp(`^${literal(text(ZH.payment, 'sandbox.pay', { amount: '@' })).replace('@', '.*')}$`) }).click()
  await admin.waitForURL(/\/apply\/successPage/)
  await hydrated(admin)

  // The success page: the booth and its invoice, the way back to the exhibitor area, and no e-ticket or calendar.
  const invoiceName = /^下载 [A-Z0-9]+-\d{4}-\d{6}（PDF）$/
  const bought = admin.getByRole('region', { name: text(ZH.tickets, 'booth.title') })
  await expect(bought).toContainText(text(ZH.tickets, 'booth.types.shell'))
  await expect(bought).toContainText(text(ZH.tickets, 'booth.sizeValue', { w: '3', h: '3' }))
  await expect(bought).toContainText(COMPANY.name)
  await expect(admin.getByRole('link', { name: invoiceName })).toBeVisible()
  await expect(admin.getByRole('link', { name: text(ZH.tickets, 'booth.backToArea') })).toHaveAttribute('href', `/zh-cn/exhibitor.html?id=${exhibitorId}`)
  await expect(admin.getByRole('heading', { name: text(ZH.tickets, 'success.ticketsTitle') })).toHaveCount(0)
  await expect(admin.getByRole('link', { name: text(ZH.tickets, 'success.calendar') })).toHaveCount(0)
  await accessibleAtBothWidths(admin, 'booth-success')
  // The booth confirmation mail, in Chinese, with the booth and the invoice's link.
  const intro = text(ZH.tickets, 'booth.mailIntro', { booth: 'A1', exhibition: '端到端展位博览会', company: COMPANY.name })
  await expect.poll(() => mailsTo(ADMIN).filter((mail) => mail.includes(intro)).length, { timeout: 20_000 }).toBe(1)
  expect(mailsTo(ADMIN).find((mail) => mail.includes(intro))).toMatch(/\/zh-cn\/apply\/order\/T-[0-9A-Z]+\/invoices\/[A-Z0-9]+-\d{4}-\d{6}\.pdf/)

  // Back in the exhibitor area: the booth is theirs, with the order and its invoice.
  await admin.goto(`${ORIGIN}/zh-cn/exhibitor.html?id=${exhibitorId}`)
  await hydrated(admin)
  await expect(booth).toContainText(text(ZH.exhibitor, 'booth.bought'))
  // The passes its package includes, and the team's allowance with them.
  await expect(booth).toContainText(text(ZH.exhibitor, 'booth.passes_other', { count: '2' }))
  await expect(admin.getByRole('region', { name: text(ZH.exhibitor, 'passes.title') })).toContainText(
    text(ZH.exhibitor, 'passes.count_other', { named: '0', count: '2' }),
  )
  await shoot(admin, 'booth-bought-375')
  await booth.getByRole('link', { name: new RegExp(literal(text(ZH.exhibitor, 'booth.orderAndInvoice', { number: '@' })).replace('@', 'T-.*')) }).click()
  await admin.waitForURL(/\/apply\/order/)
  await hydrated(admin)
  // The order page: the booth among the order's facts, no attendees or e-tickets.
  const facts = admin.getByRole('region', { name: text(ZH.tickets, 'order.details') })
  await expect(facts).toContainText(text(ZH.tickets, 'booth.types.shell'))
  await expect(facts.getByRole('link', { name: text(ZH.tickets, 'booth.backToArea') })).toBeVisible()
  await expect(admin.getByRole('heading', { name: text(ZH.tickets, 'success.ticketsTitle') })).toHaveCount(0)
  await expect(admin.getByRole('heading', { name: text(ZH.tickets, 'order.attendees') })).toHaveCount(0)
  const invoiceLink = admin.getByRole('link', { name: invoiceName })
  await expect(invoiceLink).toBeVisible()
  await accessibleAtBothWidths(admin, 'booth-order')
  const downloaded = admin.waitForEvent('download')
  await invoiceLink.click()
  const invoiceText = execFileSync('pdftotext', ['-layout', await (await downloaded).path(), '-'], { encoding: 'utf8' })
  for (const expected of ['发票', COMPANY.name, COMPANY.taxId, text(ZH.tickets, 'booth.invoiceLine', { number: 'A1', hall: 'A' })]) {
    expect(invoiceText).toContain(expected)
  }

  // The account's "My orders": the booth in place of tickets, and the way back to the exhibitor area.
  await admin.goto(`${ORIGIN}/zh-cn/info.html`)
  await hydrated(admin)
  const mine = admin.getByRole('region', { name: text(ZH.tickets, 'account.title') })
  await expect(mine).toContainText(text(ZH.tickets, 'booth.invoiceLine', { number: 'A1', hall: 'A' }))
  await expect(mine.getByRole('link', { name: text(ZH.tickets, 'booth.backToArea') })).toHaveAttribute('href', `/zh-cn/exhibitor.html?id=${exhibitorId}`)
  await expect(mine.getByRole('link', { name: text(ZH.tickets, 'order.viewTickets') })).toHaveCount(0)

  // The directory's plan: the booth is taken by the exhibitor.
  await admin.goto(`${ORIGIN}/zh-cn/backDetail/${exhibitionId}/exhibitors`)
  await expect(admin.locator('#booth-A1')).toBeVisible()
  await expect(admin.locator('#booth-A1 rect')).toHaveClass(/taken/)
  await context.close()

  // The console's plan names the booth's order, linked to it.
  await page.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}/floor-plan`)
  await hydrated(page)
  const row = page.getByRole('row', { name: /^A1\b/ })
  await expect(row).toContainText('Lin Securities')
  await expect(row.getByRole('link', { name: /^Order T-[0-9A-Z]{10}, paid$/ })).toBeVisible()

  // The console's exhibitor page lists the booth order: booth, state, amount as money, the order and its invoice.
  await page.goto(`${ORIGIN}/console/exhibitors/${exhibitorId}`)
  await hydrated(page)
  const orders = page.getByRole('region', { name: 'Booth orders' })
  await expect(orders).toContainText('A1 (hall A, paid)')
  await expect(orders).toContainText('18,000.00')
  await expect(orders.getByRole('link', { name: /^T-[0-9A-Z]{10}$/ })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Team passes' })).toContainText('Passes named: 0 of 2')
  await accessibleAtBothWidths(page, 'booth-console-exhibitor')
})
