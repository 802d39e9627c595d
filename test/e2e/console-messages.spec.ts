import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { Queryable } from '../../server/db/client.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Messages from the organiser (docs/product.md#messages, docs/product.md#unsubscribe), as a manager
 * works: a promotion written in English and Chinese, counted, previewed, tested to themself and sent;
 * an English and a Chinese attendee each get theirs; the Chinese attendee unsubscribes in the browser
 * from the mail's link. Pages checked with axe at 375 and 1280 px; the console once in Chinese.
 *
 * The attendees are written into the running site's database (console-kit.ts) as paid orders would
 * have made them (that path is tested in test/integration/messages.test.ts).
 */
const PASSWORD = 'correct horse battery staple'
const MANAGER = 'mei.messages@example.com'
const ENGLISH = 'eve.messages@example.com'
const CHINESE = 'wang.messages@example.cn'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

let managerLink: string
let exhibitionId: number

async function paidOrder(db: Queryable, number: string, locale: string, attendee: { first: string; last: string; email: string; phone: string }) {
  const account = await db.query<{ id: string }>("insert into accounts (email, email_verified_at, nick, locale) values ($1, now(), 'Buyer', $2) returning id", [
    `buyer-${attendee.email}`,
    locale,
  ])
  const type = await db.query<{ id: number }>("select id from ticket_types where exhibition_id = $1 and key = 'standard'", [exhibitionId])
  const order = await db.query<{ id: string }>(
    `insert into ticket_orders (number, account_id, exhibition_id, status, locale, buyer_email, currency, subtotal_minor, total_minor, expires_at, paid_at, idempotency_key)
     values ($1, $2, $3, 'paid', $4, $5, 'THB', 129900, 129900, now(), now(), gen_random_uuid()) returning id`,
    [number, account.rows[0]?.id, exhibitionId, locale, `buyer-${attendee.email}`],
  )
  const orderId = order.rows[0]?.id
  await db.query('insert into ticket_order_lines (order_id, ticket_type_id, quantity, unit_price_minor) values ($1, $2, 1, 129900)', [
    orderId,
    type.rows[0]?.id,
  ])
  const row = await db.query<{ id: string }>(
    `insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry)
     values ($1, 1, $2, $3, $4, $5, 'TH', 'trader', 'fintech') returning id`,
    [orderId, attendee.first, attendee.last, attendee.email, attendee.phone],
  )
  await db.query('insert into e_tickets (order_id, attendee_id, exhibition_id, ticket_type_id, code) values ($1, $2, $3, $4, $5)', [
    orderId,
    row.rows[0]?.id,
    exhibitionId,
    type.rows[0]?.id,
    `e2e-messages-${number}`,
  ])
}

async function seed(db: Queryable): Promise<void> {
  const exhibition = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, published)
     values ('e2e-messages-expo', 'exhibition', now() + interval '30 days', now() + interval '32 days', 'Asia/Bangkok', 'Bangkok', 'TH', 'asia', true)
     returning id`,
  )
  exhibitionId = Number(exhibition.rows[0]?.id)
  await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'E2E Messages Expo'), ($1, 'zh-cn', '端到端群发博览会')`, [
    exhibitionId,
  ])
  await db.query(
    `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, texts)
     values ($1, 'standard', 129900, 'THB', 100, 5, '{"en": {"name": "Standard pass"}}')`,
    [exhibitionId],
  )
  await paidOrder(db, 'T-MSGE2E0001', 'en', { first: 'Eve', last: 'Evans', email: ENGLISH, phone: '+66812340001' })
  await paidOrder(db, 'T-MSGE2E0002', 'zh-cn', { first: '小明', last: '王', email: CHINESE, phone: '+66812340002' })
}

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

interface Mail {
  subject: string
  text_body: string
  headers: Record<string, string>
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Mei Manager')
  await seed(consoleSite.db)
})

test('a manager writes a promotion in English and Chinese, previews, tests and sends it; each attendee reads theirs and can unsubscribe', async ({
  page,
  consoleSite,
}) => {
  test.setTimeout(180_000)
  const mailsTo = async (address: string) =>
    (await consoleSite.db.query<Mail>('select subject, text_body, headers from mail_outbox where to_address = $1 order by id', [address])).rows

  await page.setViewportSize(DESKTOP)
  await setUpAccount(page, managerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}`)
  await hydrated(page)
  await page.getByRole('link', { name: 'Messages' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Messages: E2E Messages Expo' })).toBeVisible()
  await expect(page.getByText('No messages yet.')).toBeVisible()
  await page.getByRole('link', { name: 'New message' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'New message: E2E Messages Expo' })).toBeVisible()
  await hydrated(page)

  await page.getByRole('radio', { name: 'Promotion' }).check()
  await page.getByRole('button', { name: 'Count recipients' }).click()
  await expect(page.getByText('2 addresses, 0 left out.')).toBeVisible()

  await page.getByLabel('Subject').fill('Early-bird seats for the opening talk')
  await page.getByLabel('Text', { exact: true }).fill('Dear visitor,\n\nSeats for the opening talk cost 299.00 THB until Friday: https://example.com/talk')
  await page.getByLabel('Add a language').selectOption('zh-cn')
  await expect(page.getByRole('tab', { name: 'zh-cn' })).toHaveAttribute('aria-selected', 'true')
  await page.getByLabel('Subject').fill('开幕演讲早鸟座位')
  await page.getByLabel('Text', { exact: true }).fill('亲爱的观众：\n\n开幕演讲座位周五前仅需 299.00 泰铢。')
  await expectAccessible(page)
  await shoot(page, 'messages-compose-1280')

  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  const preview = page.getByRole('dialog', { name: 'Preview (zh-cn)' })
  await expect(preview).toContainText('开幕演讲早鸟座位')
  await expect(preview).toContainText('开幕演讲座位周五前仅需 299.00 泰铢。')
  await expectAccessible(page)
  await preview.getByRole('button', { name: 'Close' }).click()
  await expect(preview).toBeHidden()

  await page.getByRole('tab', { name: 'en' }).click()
  await expect(page.getByLabel('Subject')).toHaveValue('Early-bird seats for the opening talk')
  await page.getByRole('button', { name: 'Send me a test' }).click()
  await expect(page.getByRole('status').filter({ hasText: `Test sent to ${MANAGER}.` })).toBeVisible()
  await expect.poll(async () => (await mailsTo(MANAGER)).map((mail) => mail.subject)).toEqual(['[Test] Early-bird seats for the opening talk'])

  await page.setViewportSize(PHONE)
  await expectAccessible(page)
  await shoot(page, 'messages-compose-375')
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Early-bird seats for the opening talk' })).toBeVisible()
  await hydrated(page)

  // The sending job takes it within its round (every 15 s); the page shows it once reloaded.
  await expect.poll(async () => (await mailsTo(CHINESE)).length, { timeout: 45_000 }).toBe(1)
  await expect.poll(async () => (await mailsTo(ENGLISH)).length, { timeout: 45_000 }).toBe(1)
  const [english] = await mailsTo(ENGLISH)
  const [chinese] = await mailsTo(CHINESE)
  expect(english?.subject).toBe('Early-bird seats for the opening talk')
  expect(english?.text_body).toContain('299.00 THB')
  expect(chinese?.subject).toBe('开幕演讲早鸟座位')
  expect(chinese?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByRole('region', { name: 'Message', exact: true })).toContainText('Sent')
  await expectAccessible(page)
  await shoot(page, 'message-detail-375')

  // The Chinese attendee opens the link in the mail: the page asks (in Chinese) and only the button unsubscribes.
  const link = /https?:\/\/[^\s]+\/zh-cn\/unsubscribe\/[A-Za-z0-9_-]+/.exec(chinese?.text_body ?? '')?.[0] as string
  expect(link).toBeTruthy()
  await page.goto(link)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: '退订' })).toBeVisible()
  const suppressions = async () => Number((await consoleSite.db.query<{ n: number }>('select count(*)::int as n from mail_suppressions')).rows[0]?.n)
  const before = await suppressions()
  await expectAccessible(page)
  await shoot(page, 'unsubscribe-zh-cn-375')
  await page.getByRole('button', { name: '退订' }).click()
  await expect(page.getByRole('status').filter({ hasText: '您已退订' })).toBeVisible()
  expect(await suppressions()).toBe(before + 1)
  await page.setViewportSize(DESKTOP)
  await expectAccessible(page)

  // The console in Chinese, once: the list says who the message went to.
  await page.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}/messages`)
  await hydrated(page)
  await page.getByLabel('Console language').selectOption('zh-cn')
  await expect(page.getByRole('heading', { level: 1, name: '群发邮件：端到端群发博览会' })).toBeVisible()
  await hydrated(page)
  // The list names each message in the member's language when it is written in it.
  await expect(page.getByRole('row', { name: /开幕演讲早鸟座位/ })).toContainText('推广')
  await expectAccessible(page)
  await shoot(page, 'messages-list-zh-cn-1280')
  await page.getByLabel('后台语言').selectOption('en')
  await expect(page.getByRole('heading', { level: 1, name: 'Messages: E2E Messages Expo' })).toBeVisible()
})
