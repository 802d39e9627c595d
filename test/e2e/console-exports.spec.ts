import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { readSheet } from 'read-excel-file/node'
import type { Queryable } from '../../server/db/client.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * The dashboard's exports as plain download links (docs/product.md#streamed-exports): a manager on a
 * phone takes the attendees as XLSX and stays on the dashboard; in Chinese on a desktop the orders
 * as CSV; the support desk sees no export and is refused in words when it follows the link anyway,
 * but takes its own list, the applications, from their screen the same way, in English and Chinese.
 */
const PASSWORD = 'correct horse battery staple'
const MANAGER = 'mona.exports@example.com'
const SUPPORT = 'sam.exports@example.com'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const HOSTILE = '=HYPERLINK("http://evil.example","x")'
const APPLICANTS = ['王小明', '=1+1', 'Say "hi"\nagain']

const SCREENSHOTS = process.env.E2E_SCREENSHOTS

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

let managerLink: string
let supportLink: string
let exhibitionId: number

async function seed(db: Queryable): Promise<number> {
  const exhibition = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, published)
     values ('exports-brokers-week', 'exhibition', now() + interval '60 days', now() + interval '62 days', 'Asia/Singapore', 'Singapore', 'SG', 'asia', true)
     returning id`,
  )
  const id = exhibition.rows[0]?.id as number
  await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'Brokers Week'), ($1, 'zh-cn', '经纪商周')`, [id])
  const order = await db.query<{ id: string }>(
    `insert into ticket_orders (number, exhibition_id, status, locale, buyer_email, currency, subtotal_minor, total_minor, expires_at, idempotency_key, created_at)
     values ('T-E2XP0RTS01', $1, 'pending', 'zh-cn', 'wang.xiaoming@example.com', 'SGD', 29900, 29900, now() + interval '1 day', gen_random_uuid(), timestamptz '2027-01-01Z')
     returning id`,
    [id],
  )
  await db.query(
    `insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry) values
       ($1, 1, '小明', '王', 'wang.xiaoming@example.com', '+6591234567', 'SG', 'trader', 'fintech'),
       ($1, 2, $2, 'Smith', 'smith@example.com', '+6591234568', 'SG', 'trader', 'fintech'),
       ($1, 3, 'สมชาย', 'ใจดี', 'somchai@example.com', '+66812345678', 'TH', 'trader', 'fintech')`,
    [order.rows[0]?.id, HOSTILE],
  )
  // Attendee applications in the order they came, with the cells a file must keep: Chinese, a formula, quotes and a line break.
  for (const [index, given] of APPLICANTS.entries()) {
    await db.query(
      `insert into applications (reference, kind, exhibition_id, locale, email, surname, given_name, position, identity, industry, idempotency_key, content_hash, created_at)
       values ($1, 'attendee', $2, 'en', $3, 'Tester', $4, 'Trader', 'trader', 'fintech', gen_random_uuid(), $5, timestamptz '2027-01-01Z' + make_interval(mins => $6))`,
      [`AT-E2E0000${index}`, id, `applicant${index}@example.com`, given, String(index).padStart(64, 'e'), index],
    )
  }
  return id
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Mona Manager')
  supportLink = await consoleSite.addStaff(SUPPORT, 'support', 'Sam Support')
  exhibitionId = await seed(consoleSite.db)
})

test('a manager on a phone downloads the attendees as XLSX from a link and stays on the dashboard; in Chinese on a desktop, the orders as CSV', async ({
  page,
  consoleSite,
}) => {
  test.setTimeout(120_000)
  await page.setViewportSize(PHONE)
  await setUpAccount(page, managerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  const dashboard = `${ORIGIN}/console/dashboard/${exhibitionId}`
  await page.goto(dashboard)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard: Brokers Week' })).toBeVisible()
  const xlsxLink = page.getByRole('link', { name: 'Attendees (XLSX)' })
  await expect(xlsxLink).toHaveAttribute('href', `/gateway/console/exports?exhibition=${exhibitionId}&kind=attendees&format=xlsx`)
  await expectAccessible(page)
  await shoot(page, 'dashboard-exports-375')
  const download = page.waitForEvent('download')
  await xlsxLink.click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`exhibition-${exhibitionId}-attendees.xlsx`)
  const rows = await readSheet(readFileSync(await file.path()))
  expect(rows.slice(1).map((row) => [row[4], row[5]])).toEqual([
    ['小明', '王'],
    [HOSTILE, 'Smith'],
    ['สมชาย', 'ใจดี'],
  ])
  expect(page.url()).toBe(dashboard)

  await consoleSite.db.query("update staff_members set language = 'zh-cn' where email = $1", [MANAGER])
  await page.setViewportSize(DESKTOP)
  await page.reload()
  await hydrated(page)
  const csvLink = page.getByRole('link', { name: '订单（CSV）' })
  await expect(csvLink).toBeVisible()
  await expectAccessible(page)
  await shoot(page, 'dashboard-exports-1280-zh-cn')
  const csvDownload = page.waitForEvent('download')
  await csvLink.click()
  const csv = readFileSync(await (await csvDownload).path()).toString('utf8')
  expect(csv.slice(1).split('\r\n')[0]).toMatch(/^订单,状态,/)
  expect(csv).toContain('T-E2XP0RTS01,待付款')
})

test('the support desk sees no export on the dashboard, and following the link anyway is refused in words; its applications it downloads from their screen', async ({
  page,
  consoleSite,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize(DESKTOP)
  await setUpAccount(page, supportLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page.goto(`${ORIGIN}/console/dashboard/${exhibitionId}`)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard: Brokers Week' })).toBeVisible()
  await expect(page.getByRole('link', { name: /(CSV|XLSX)/ })).toHaveCount(0)
  const refused = await page.request.get(`${ORIGIN}/gateway/console/exports?exhibition=${exhibitionId}&kind=attendees&format=csv`)
  expect(refused.status()).toBe(403)
  expect(await refused.text()).toBe('You are not allowed to do this.')

  // The desk's own list: the exhibition's attendee applications, from the applications screen, on a phone.
  await page.setViewportSize(PHONE)
  const screen = `${ORIGIN}/console/applications?exhibition=${exhibitionId}&kind=attendee`
  await page.goto(screen)
  await hydrated(page)
  const csvLink = page.getByRole('link', { name: 'Download CSV' })
  await expect(csvLink).toHaveAttribute('href', `/gateway/console/exports?exhibition=${exhibitionId}&kind=applications&format=csv&only=attendee`)
  await expectAccessible(page)
  await shoot(page, 'applications-exports-375')
  const csvDownload = page.waitForEvent('download')
  await csvLink.click()
  const csvFile = await csvDownload
  expect(csvFile.suggestedFilename()).toBe(`exhibition-${exhibitionId}-applications-attendee.csv`)
  const csv = readFileSync(await csvFile.path()).toString('utf8')
  expect(csv.startsWith('\uFEFFReference,')).toBe(true)
  const references = [...csv.matchAll(/AT-E2E0000\d/g)].map((match) => match[0])
  expect(references).toEqual(['AT-E2E00000', 'AT-E2E00001', 'AT-E2E00002'])
  expect(csv).toContain(',王小明,')
  expect(csv).toContain(",'=1+1,")
  expect(csv).toContain(',"Say ""hi""\nagain",')
  expect(page.url()).toBe(screen)

  // In Chinese on a desktop, as XLSX: the same rows, text kept as text.
  await consoleSite.db.query("update staff_members set language = 'zh-cn' where email = $1", [SUPPORT])
  await page.setViewportSize(DESKTOP)
  await page.reload()
  await hydrated(page)
  const xlsxLink = page.getByRole('link', { name: '下载 XLSX' })
  await expect(xlsxLink).toBeVisible()
  await expectAccessible(page)
  await shoot(page, 'applications-exports-1280-zh-cn')
  const xlsxDownload = page.waitForEvent('download')
  await xlsxLink.click()
  const [header, ...rows] = await readSheet(readFileSync(await (await xlsxDownload).path()))
  expect(header?.[0]).toBe('申请编号')
  const given = (header as unknown[]).indexOf('名')
  expect(rows.map((row) => [row[0], row[given]])).toEqual(APPLICANTS.map((name, index) => [`AT-E2E0000${index}`, name]))
})
