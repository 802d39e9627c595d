import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { Queryable } from '../../server/db/client.ts'
import { createPasswordHasher } from '../../server/platform/passwords.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { signInToWorkspace } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Priced forms (docs/product.md#exhibitor-forms), end to end: a manager adds a form task with "Power 16A"
 * at 45.00 in English; the exhibitor's admin, in Simplified Chinese on a phone, orders 2, pays in the
 * sandbox, and the invoice PDF (pdftotext) has the line and 90.00; the checklist then says it is done.
 * Axe at 375 and 1280 px on the console's form, the exhibitor's form and the success page.
 */
type Json = Record<string, unknown>
const read = (locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as Json
const ZH = { exhibitor: read('zh-cn', 'exhibitor'), tickets: read('zh-cn', 'tickets'), payment: read('zh-cn', 'payment') }
function text(tree: Json, key: string, values: Record<string, string> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Json | undefined)?.[part], tree)
  if (typeof found !== 'string') throw new Error(`no string ${key}`)
  return found.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '')
}
const literal = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const STAFF_PASSWORD = 'correct horse battery staple'
const ADMIN_PASSWORD = 'exhibitor forms password 2026'
const MANAGER = 'ava.forms@example.com'
const ADMIN = 'wu.forms@example.cn'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const COMPANY = { name: '吴氏期货有限公司', address: '上海市黄浦区中山东一路 18 号', taxId: '91310000MA1FL7777X' }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

let managerLink: string
let exhibitionId: number
let exhibitorId: number

const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

async function seed(db: Queryable): Promise<void> {
  const exhibition = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, applications_open, published)
     values ('e2e-forms-expo', 'exhibition', now() + interval '60 days', now() + interval '62 days', 'Asia/Shanghai', 'Shanghai', 'CN', 'asia', true, true)
     returning id`,
  )
  exhibitionId = Number(exhibition.rows[0]?.id)
  await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'E2E Forms Expo'), ($1, 'zh-cn', '端到端表单博览会')`, [
    exhibitionId,
  ])
  await db.query(
    `insert into invoice_issuer (legal_name, address, country, tax_id, prefix, default_rate_bp) values ('Harbour Expo Organiser Pte Ltd', '1 Marina Boulevard', 'SG', 'M2-1234567-8', 'HEO', 600)
     on conflict (id) do nothing`,
  )
  const company = await db.query<{ id: number }>("insert into exhibitor_companies (slug, kind, country) values ('e2e-wu-futures', 'broker', 'CN') returning id")
  const companyId = Number(company.rows[0]?.id)
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', 'Wu Futures'), ($1, 'zh-cn', '吴氏期货')", [companyId])
  const exhibitor = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id', [companyId, exhibitionId])
  exhibitorId = Number(exhibitor.rows[0]?.id)
  const hasher = createPasswordHasher(1)
  try {
    const account = await db.query<{ id: string }>(
      "insert into accounts (email, email_verified_at, nick, password_hash, locale) values ($1, now(), 'Wu', $2, 'zh-cn') returning id",
      [ADMIN, await hasher.hash(ADMIN_PASSWORD)],
    )
    await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [exhibitorId, account.rows[0]?.id])
  } finally {
    await hasher.close()
  }
}

async function accessibleAtBothWidths(page: Page, name: string, end: typeof PHONE = DESKTOP) {
  for (const size of end === DESKTOP ? [PHONE, DESKTOP] : [DESKTOP, PHONE]) {
    await page.setViewportSize(size)
    await expectAccessible(page)
    if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size.width}.png`), fullPage: true })
  }
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Ava Forms')
  await seed(consoleSite.db)
})

test('a manager prices power at 45.00; the exhibitor admin orders 2 in Chinese on a phone, pays, and the invoice has the line and 90.00', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize(DESKTOP)
  await setUpAccount(page, managerLink, STAFF_PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}/exhibitor-tasks`)
  await hydrated(page)

  await page.getByRole('button', { name: 'Add a task' }).click()
  const form = page.getByRole('form', { name: 'Add a task' })
  await form.getByLabel('Kind').selectOption({ label: 'Priced form (power, furniture)' })
  await form.getByLabel('Due on (a day at the venue)').fill(dayFromNow(30))
  await form.getByLabel('Title (en)').fill('Order power')
  await form.getByLabel('Name (English)').fill('Power 16A')
  await form.getByLabel('Unit price (USD)').fill('45.00')
  await form.getByLabel('Most one exhibitor may order').fill('4')
  await accessibleAtBothWidths(page, 'form-console')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The task is saved.' })).toBeVisible()
  await expect(page.getByRole('row', { name: /Order power/ })).toContainText('0 exhibitors paid · $0.00')

  // The exhibitor's administrator, in Simplified Chinese on a phone.
  const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { 'X-Forwarded-For': '8.10.20.31' } })
  const admin = await context.newPage()
  await signInToWorkspace(admin, exhibitorId, ADMIN, ADMIN_PASSWORD)
  const task = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { level: 3, name: 'Order power' }) })
  const quantity = task.getByLabel(text(ZH.exhibitor, 'forms.quantity', { item: 'Power 16A' }))
  await expect(quantity).toBeVisible()
  await quantity.fill('2')
  await expect(task).toContainText(text(ZH.exhibitor, 'forms.total', { amount: 'US$90.00' }))
  await task.getByLabel(text(ZH.exhibitor, 'booth.companyName')).fill(COMPANY.name)
  await task.getByLabel(text(ZH.exhibitor, 'booth.taxId')).fill(COMPANY.taxId)
  await task.getByLabel(text(ZH.exhibitor, 'booth.address')).fill(COMPANY.address)
  await task.getByLabel(text(ZH.exhibitor, 'booth.country')).selectOption('CN')
  await accessibleAtBothWidths(admin, 'form-area', PHONE)
  await task.getByRole('button', { name: text(ZH.exhibitor, 'forms.order') }).click()
  await expect(task.getByRole('link', { name: text(ZH.exhibitor, 'forms.pay') })).toBeVisible()

  await task.getByRole('link', { name: text(ZH.exhibitor, 'forms.pay') }).click()
  await admin.waitForURL(/\/apply\/payment/)
  await hydrated(admin)
  await admin.getByRole('button', { name: new RegExp(`^${literal(text(ZH.tickets, 'payment.pay', { amount: '@' })).replace('@', '.*90\\.00.*')}$`) }).click()
  await admin.waitForURL(/\/pay\/sandbox\//)
  await admin.getByRole('button', { name: new RegExp(`^${literal(text(ZH.payment, 'sandbox.pay', { amount: '@' })).replace('@', '.*')}$`) }).click()
  await admin.waitForURL(/\/apply\/successPage/)
  await hydrated(admin)
  const bought = admin.getByRole('region', { name: text(ZH.tickets, 'services.title') })
  await expect(bought).toContainText('Power 16A × 2')
  await accessibleAtBothWidths(admin, 'form-success', PHONE)
  const invoiceLink = admin.getByRole('link', { name: /^下载 [A-Z0-9]+-\d{4}-\d{6}（PDF）$/ })
  const downloaded = admin.waitForEvent('download')
  await invoiceLink.click()
  const invoiceText = execFileSync('pdftotext', ['-layout', await (await downloaded).path(), '-'], { encoding: 'utf8' })
  for (const expected of ['Power 16A', '90.00', COMPANY.name]) expect(invoiceText).toContain(expected)

  // Back in the area: the task is done, with its order.
  await admin.goto(`${ORIGIN}/zh-cn/exhibitor.html?id=${exhibitorId}`)
  await hydrated(admin)
  await expect(task).toContainText(text(ZH.exhibitor, 'checklist.states.done'))
  await expect(task).toContainText(text(ZH.exhibitor, 'forms.paid', { number: '' }).slice(0, 4))
  await context.close()

  await page.reload()
  await hydrated(page)
  await expect(page.getByRole('row', { name: /Order power/ })).toContainText('1 exhibitor paid · $90.00')
})
