import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import type { Queryable } from '../../server/db/client.ts'
import { createPasswordHasher } from '../../server/platform/passwords.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Visitor accounts in the console (docs/product.md#console-visitors), tried as staff would: a new support member finds a
 * visitor on a phone, signs one of their sessions out and blocks them; the visitor's own browser is
 * signed out and its sign-in refused. An owner, in Chinese on a desktop, downloads the person's data
 * and erases them. Every console page is checked with axe and kept as a screenshot (E2E_SCREENSHOTS).
 *
 * The visitor, an order and a comment are written into the running site's database
 * (console-kit.ts), as the public pages would have stored them.
 */
const PASSWORD = 'correct horse battery staple'
const SUPPORT = 'sue.support@example.com'
const OWNER = 'olga.owner@example.com'
const VISITOR = 'ada.visitor@example.com'
const VISITOR_PASSWORD = 'analytical engine 1843'
const PAID = 'T-7K3M9Q2PX4'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

let supportLink: string
let ownerLink: string

async function seed(db: Queryable): Promise<void> {
  const hasher = createPasswordHasher(1)
  try {
    const exhibition = await db.query<{ id: number }>(
      `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, published)
       values ('bangkok-fintech-expo', 'exhibition', now() + interval '60 days', now() + interval '62 days', 'Asia/Bangkok', 'Bangkok', 'TH', 'asia', true)
       returning id`,
    )
    const exhibitionId = exhibition.rows[0]?.id
    await db.query(
      `insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'Bangkok Fintech Expo'), ($1, 'zh-cn', '曼谷金融科技博览会')`,
      [exhibitionId],
    )
    const type = await db.query<{ id: number }>(
      `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, texts)
       values ($1, 'standard', 12900, 'USD', 100, 5, '{"en": {"name": "Standard pass", "description": "The whole exhibition"}}') returning id`,
      [exhibitionId],
    )
    const account = await db.query<{ id: string }>(
      "insert into accounts (email, email_verified_at, nick, password_hash) values ($1, now(), 'Ada Lovelace', $2) returning id",
      [VISITOR, await hasher.hash(VISITOR_PASSWORD)],
    )
    const accountId = account.rows[0]?.id
    const order = await db.query<{ id: string }>(
      `insert into ticket_orders (number, account_id, exhibition_id, status, locale, buyer_email, currency, subtotal_minor, total_minor, expires_at, paid_at, idempotency_key)
       values ($1, $2, $3, 'paid', 'en', $4, 'USD', 12900, 12900, now(), now(), gen_random_uuid()) returning id`,
      [PAID, accountId, exhibitionId, VISITOR],
    )
    await db.query('insert into ticket_order_lines (order_id, ticket_type_id, quantity, unit_price_minor) values ($1, $2, 1, 12900)', [
      order.rows[0]?.id,
      type.rows[0]?.id,
    ])
    await db.query(
      `insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry)
       values ($1, 1, 'Ada', 'Lovelace', $2, '+66812345678', 'TH', 'trader', 'fintech')`,
      [order.rows[0]?.id, VISITOR],
    )
    await db.query(`insert into exhibition_comments (exhibition_id, account_id, body) values ($1, $2, 'See you at booth 12')`, [exhibitionId, accountId])
  } finally {
    await hasher.close()
  }
}

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** The visitor's own browser, signed in on the public site through the login frame. */
async function visitorSignsIn(page: Page, expectRefusal = false) {
  await page.goto(`${ORIGIN}/en/info.html`)
  await hydrated(page)
  await page.getByRole('banner').getByRole('button', { name: 'Log in / Register' }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel('E-mail address').fill(VISITOR)
  await frame.getByLabel('Password', { exact: true }).fill(VISITOR_PASSWORD)
  await frame.getByRole('button', { name: 'Log in', exact: true }).click()
  if (expectRefusal) {
    await expect(frame.getByText('This account has been blocked. Please contact the organiser.')).toBeVisible()
    return
  }
  await expect(page.locator('dialog[open]')).toBeHidden()
  await expect(page.getByRole('banner').getByRole('button', { name: /Ada Lovelace/ })).toBeVisible()
}

async function isSignedOut(page: Page) {
  await page.reload()
  await hydrated(page)
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in / Register' })).toBeVisible()
}

async function visitorBrowser(browser: Browser) {
  const context = await browser.newContext({ viewport: DESKTOP })
  return { context, page: await context.newPage() }
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  supportLink = await consoleSite.addStaff(SUPPORT, 'support', 'Sue Support')
  ownerLink = await consoleSite.addStaff(OWNER, 'owner', 'Olga Owner')
  await seed(consoleSite.db)
})

test('a support member finds a visitor on a phone, signs a session out and blocks them; the visitor is signed out and refused', async ({ page, browser }) => {
  test.setTimeout(150_000)
  const visitor = await visitorBrowser(browser)
  await visitorSignsIn(visitor.page)

  await page.setViewportSize(PHONE)
  await setUpAccount(page, supportLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page.goto(`${ORIGIN}/console/visitors`)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Visitors' })).toBeVisible()
  await page.getByLabel('E-mail or nick').fill('ADA.VIS')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/q=ADA.VIS/)
  const row = page.getByRole('row', { name: /Ada Lovelace/ })
  await expect(row).toContainText(VISITOR)
  await expect(row).toContainText('Active')
  await expectAccessible(page)
  await shoot(page, 'visitors-375')

  await row.getByRole('link', { name: 'Ada Lovelace' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Visitor Ada Lovelace' })).toBeVisible()
  await hydrated(page)
  await expect(page.getByRole('link', { name: PAID })).toHaveAttribute('href', `/console/orders/${PAID}`)
  await expect(page.getByRole('region', { name: 'Account' })).toContainText('English')
  const sessions = page.getByRole('region', { name: 'Signed in on' })
  await expect(sessions.getByRole('row')).toHaveCount(2)
  await expect(sessions).toContainText('Chrome')
  // Support may not export or erase: the owners' panel is not there.
  await expect(page.getByRole('region', { name: 'Data requests' })).toHaveCount(0)
  await expectAccessible(page)
  await shoot(page, 'visitor-375')
  // Nothing widens the page: wide tables scroll inside their frames.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width)

  await sessions.getByRole('button', { name: /^Sign out Chrome/ }).click()
  await expect(page.getByRole('status')).toHaveText('1 session ended.')
  // The button pressed is gone with the session: focus stays on the page, at the outcome.
  await expect(page.getByRole('status')).toBeFocused()
  await expect(sessions).toContainText('Not signed in anywhere.')
  await isSignedOut(visitor.page)

  // Signed in again, then blocked: signed out at once, and sign-in refused.
  await visitorSignsIn(visitor.page)
  await page.reload()
  await hydrated(page)
  await expect(sessions.getByRole('row')).toHaveCount(2)
  await page.getByRole('button', { name: 'Block visitor' }).click()
  await expect(page.getByRole('alert')).toHaveText('Give a reason for the block.')
  await page.getByLabel('Reason').fill('Resold tickets bought with stolen cards')
  await page.getByRole('button', { name: 'Block visitor' }).click()
  await expect(page.getByRole('status')).toHaveText('The visitor is blocked and signed out everywhere.')
  await expect(page.getByRole('region', { name: 'Blocked' })).toContainText('Resold tickets bought with stolen cards')
  await expectAccessible(page)
  await shoot(page, 'visitor-blocked-375')
  await isSignedOut(visitor.page)
  await visitorSignsIn(visitor.page, true)
  await shoot(visitor.page, 'visitor-sign-in-refused-1280')
  await visitor.context.close()

  await page.setViewportSize(DESKTOP)
  await page.reload()
  await hydrated(page)
  await expectAccessible(page)
  await shoot(page, 'visitor-blocked-1280')
})

test('an owner, in Chinese on a desktop, downloads a person’s data and erases them; the paid order stays without their name', async ({ page }) => {
  test.setTimeout(150_000)
  await page.setViewportSize(DESKTOP)
  await setUpAccount(page, ownerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await hydrated(page)
  await page.getByLabel('Console language').selectOption('zh-cn')
  await expect(page.getByRole('navigation').getByRole('link', { name: '访客' })).toBeVisible()
  await page.getByRole('navigation').getByRole('link', { name: '访客' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '访客' })).toBeVisible()
  await hydrated(page)
  await expect(page.getByRole('row', { name: /Ada Lovelace/ })).toContainText('已封禁')
  await expectAccessible(page)
  await shoot(page, 'visitors-zh-cn-1280')

  await page.getByRole('link', { name: 'Ada Lovelace' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '访客 Ada Lovelace' })).toBeVisible()
  await hydrated(page)
  const requests = page.getByRole('region', { name: '数据请求' })
  await expect(requests).toContainText('1 个已付款或已退款的订单')
  await expectAccessible(page)
  await shoot(page, 'visitor-owner-zh-cn-1280')

  const download = page.waitForEvent('download')
  await requests.getByRole('button', { name: '下载其数据（JSON）' }).click()
  const file = await download
  const data = JSON.parse(readFileSync((await file.path()) as string, 'utf8'))
  expect(data.account.email).toBe(VISITOR)
  expect(data.orders.map((order: { number: string }) => order.number)).toEqual([PAID])
  expect(data.comments.map((comment: { body: string }) => comment.body)).toEqual(['See you at booth 12'])
  expect(JSON.stringify(data)).not.toContain('password_hash')

  const confirm = requests.getByLabel(`输入 ${VISITOR} 以确认`)
  await confirm.fill('someone.else@example.com')
  await requests.getByRole('button', { name: '永久删除' }).click()
  await expect(requests.getByText('这不是该账户的电子邮箱。')).toBeVisible()
  await expectAccessible(page)
  await confirm.fill(VISITOR)
  await requests.getByRole('button', { name: '永久删除' }).click()
  // Until the erased page replaces the form, the download's "文件已下载。" is a second status on the page.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('已删除')
  await expect(page.getByRole('status')).toHaveText('此人的数据已删除：1 个订单匿名保留，已移除 0 个订单、0 份申请和 1 条评论。')
  await expect(page.getByRole('status')).toBeFocused()
  await expectAccessible(page)
  await shoot(page, 'visitor-erased-zh-cn-1280')

  await page.setViewportSize(PHONE)
  await page.getByRole('link', { name: '返回访客列表' }).click()
  await hydrated(page)
  // The site is shared with the other console specs, whose visitors stay: the erased one is not found.
  await page.getByLabel('电子邮箱或昵称').fill(VISITOR)
  await page.getByRole('button', { name: '搜索' }).click()
  await expect(page.getByText('没有符合此搜索的访客。')).toBeVisible()
  await expectAccessible(page)
  await shoot(page, 'visitors-erased-not-found-zh-cn-375')
  // The kept order, anonymised, is still in the orders list of the console.
  await page.goto(`${ORIGIN}/console/orders?q=${PAID}`)
  await hydrated(page)
  await expect(page.getByRole('row', { name: new RegExp(PAID) })).toContainText('erased')
})
