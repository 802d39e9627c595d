import type { Queryable } from '../../server/db/client.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, isHydrated, PHONE } from './fixtures.ts'

/**
 * Reminders before the exhibition (docs/product.md#reminders-before-the-exhibition), as a manager works:
 * the 7-day and 1-day reminders offered and saved with an extra paragraph in English at 1280 px; the
 * 7-day reminder's time comes and an English and a Chinese holder each get theirs with the e-tickets
 * attached; then in Chinese at 375 px the status shows it sent and the manager saves again. Pages
 * checked with axe at both widths.
 *
 * The holders are written into the running site's database (console-kit.ts) as paid orders would have
 * made them (that path, the times and the languages are tested in test/integration/reminders.test.ts).
 */
const PASSWORD = 'correct horse battery staple'
const MANAGER = 'rui.reminders@example.com'
const ENGLISH = 'eve.reminders@example.com'
const CHINESE = 'wang.reminders@example.cn'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }

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
     values ($1, $2, $3, 'paid', $4, $5, 'THB', 129900, 129900, now(), now() - interval '1 day', gen_random_uuid()) returning id`,
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
    `e2e-reminders-${number}`,
  ])
}

async function seed(db: Queryable): Promise<void> {
  const exhibition = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, published)
     values ('e2e-reminders-expo', 'exhibition', now() + interval '30 days', now() + interval '32 days', 'Asia/Bangkok', 'Bangkok', 'TH', 'asia', true)
     returning id`,
  )
  exhibitionId = Number(exhibition.rows[0]?.id)
  await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'E2E Reminders Expo'), ($1, 'zh-cn', '端到端提醒博览会')`, [
    exhibitionId,
  ])
  await db.query(
    `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, texts)
     values ($1, 'standard', 129900, 'THB', 100, 5, '{"en": {"name": "Standard pass"}}')`,
    [exhibitionId],
  )
  await paidOrder(db, 'T-RMDE2E0001', 'en', { first: 'Eve', last: 'Evans', email: ENGLISH, phone: '+66812340011' })
  await paidOrder(db, 'T-RMDE2E0002', 'zh-cn', { first: '小明', last: '王', email: CHINESE, phone: '+66812340012' })
}

interface Mail {
  subject: string
  text_body: string
  attachments: Array<{ filename: string; contentType: string }>
  headers: Record<string, string>
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Rui Manager')
  await seed(consoleSite.db)
})

test('a manager sets the 7-day and 1-day reminders in English and in Chinese; each holder gets theirs with the e-tickets', async ({ page, consoleSite }) => {
  test.setTimeout(180_000)
  const mailsTo = async (address: string) =>
    (await consoleSite.db.query<Mail>('select subject, text_body, attachments, headers from mail_outbox where to_address = $1 order by id', [address])).rows

  await page.setViewportSize(DESKTOP)
  await setUpAccount(page, managerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}/messages`)
  await hydrated(page)
  await page.getByRole('link', { name: 'Reminders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Reminders: E2E Reminders Expo' })).toBeVisible()
  await expect(page.getByText('No reminders set yet.')).toBeVisible()

  // Offered the first time: on, 7 days and 1 day before.
  const first = page.getByRole('group', { name: 'Reminder 1' })
  const second = page.getByRole('group', { name: 'Reminder 2' })
  expect(await isHydrated(first.getByLabel('How long before'))).toBe(true)
  await expect(page.getByRole('checkbox', { name: 'Send reminders before the exhibition' })).toBeChecked()
  await expect(first.getByLabel('How long before')).toHaveValue('7')
  await expect(first.getByLabel('Unit')).toHaveValue('days')
  await expect(second.getByLabel('How long before')).toHaveValue('1')
  await expect(second.getByLabel('Unit')).toHaveValue('days')
  await page.getByLabel('Extra paragraph').fill('Doors open at 09:00. Bring business cards.')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Save reminders' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Reminders saved.' })).toBeVisible()
  const status = page.getByRole('region', { name: 'Reminders set' })
  await expect(status.getByRole('row', { name: /7 days/ })).toContainText('Scheduled')
  await expect(status.getByRole('row', { name: /1 day/ })).toContainText('Scheduled')
  await expectAccessible(page)

  // A week passes: the reminders were set days ago and the opening is now a week away less a minute,
  // so the 7-day reminder is due; the sending job takes it within its round (every 15 s).
  await consoleSite.db.query("update reminders set set_at = now() - interval '10 days' where exhibition_id = $1", [exhibitionId])
  await consoleSite.db.query(
    "update exhibitions set starts_at = now() + interval '7 days' - interval '1 minute', ends_at = now() + interval '9 days' where id = $1",
    [exhibitionId],
  )
  await expect.poll(async () => (await mailsTo(ENGLISH)).length, { timeout: 60_000 }).toBe(1)
  await expect.poll(async () => (await mailsTo(CHINESE)).length, { timeout: 60_000 }).toBe(1)
  const [english] = await mailsTo(ENGLISH)
  const [chinese] = await mailsTo(CHINESE)
  expect(english?.subject).toContain('E2E Reminders Expo is coming up')
  expect(english?.text_body).toContain('Doors open at 09:00. Bring business cards.')
  expect(english?.text_body).toContain('T-RMDE2E0001')
  expect(english?.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([['e-tickets-T-RMDE2E0001.pdf', 'application/pdf']])
  expect(english?.headers).toEqual({})
  expect(chinese?.subject).toContain('端到端提醒博览会 即将开幕')
  // Not written in Chinese: the English paragraph.
  expect(chinese?.text_body).toContain('Doors open at 09:00.')

  // The console in Chinese on a phone: the 7-day reminder is sent; the manager adds a Chinese paragraph.
  await page.setViewportSize(PHONE)
  await page.reload()
  await hydrated(page)
  await page.getByLabel('Console language').selectOption('zh-cn')
  await expect(page.getByRole('heading', { level: 1, name: '开幕提醒：端到端提醒博览会' })).toBeVisible()
  await hydrated(page)
  const rows = page.getByRole('region', { name: '已设提醒' })
  await expect(rows.getByRole('row', { name: /7 天/ })).toContainText('已发送')
  await expect(rows.getByRole('row', { name: /1 天/ })).toContainText('已排期')
  const one = page.getByRole('group', { name: '提醒 1' })
  expect(await isHydrated(one.getByLabel('提前多久'))).toBe(true)
  await expect(one.getByLabel('提前多久')).toHaveValue('7')
  await page.getByRole('tab', { name: 'zh-cn' }).click()
  await page.getByLabel('附加段落').fill('上午九点开门，请携带名片。')
  await expectAccessible(page)
  await page.getByRole('button', { name: '保存提醒' }).click()
  await expect(page.getByRole('status').filter({ hasText: '提醒已保存。' })).toBeVisible()
  const saved = await consoleSite.db.query<{ texts: Array<{ locale: string; body: string }> }>('select texts from reminder_settings where exhibition_id = $1', [
    exhibitionId,
  ])
  expect(saved.rows[0]?.texts.map((text) => text.locale)).toEqual(['en', 'zh-cn'])
  await expectAccessible(page)
  await page.getByLabel('后台语言').selectOption('en')
  await expect(page.getByRole('heading', { level: 1, name: 'Reminders: E2E Reminders Expo' })).toBeVisible()
})
