import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { doorBrowser } from './door-kit.ts'
import { acceptedExhibitor, account, callAsVisitor, signInFromPrompt, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * The organiser's lead capture (docs/product.md#lead-capture-rule), end to end: an exhibitor's admin on
 * a phone in Simplified Chinese reads that the organiser has not switched capture on; a manager opens
 * the exhibition's exhibitors in the console and switches it on; the admin's typed order code then
 * makes a lead, which the console counts (never shows). A booth sold without capture turns it off
 * again, and the page says it is the package. The console panel is checked with axe at 375 and 1280 px.
 */
type Leads = typeof import('../../locales/en/leads.json')
type Exhibitor = typeof import('../../locales/en/exhibitor.json')
const read = <T>(namespace: string) => JSON.parse(readFileSync(new URL(`../../locales/zh-cn/${namespace}.json`, import.meta.url), 'utf8')) as T
const LEADS = read<Leads>('leads')
const EXHIBITOR = read<Exhibitor>('exhibitor')

const PASSWORD = 'capture at the booth 2026'
const STAFF_PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const tag = unique()
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}
const ADMIN = `admin.capture-${tag}@example.cn`
const MANAGER = `mia.capture-${tag}@example.com`

test('a manager switches lead capture on in the console; the exhibitor’s typed scan is refused, then accepted, then refused for its package', async ({
  consoleSite,
  page,
}) => {
  test.setTimeout(180_000)
  const { db } = consoleSite
  const managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Mia Capture')
  await account(db, ADMIN, 'Wang Admin', PASSWORD, 'zh-cn')
  const company = `Harbour Capture ${tag}`
  const seeded = await acceptedExhibitor(consoleSite, ADMIN, company)
  const exhibitionId = (await db.query<{ exhibition_id: number }>('select exhibition_id from exhibitors where id = $1', [seeded.exhibitorId])).rows[0]
    ?.exhibition_id as number
  await db.query("update exhibitions set sales_open_at = now() - interval '1 day' where id = $1", [exhibitionId])
  const type = await db.query<{ id: number }>(
    `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, texts)
     values ($1, 'standard', 9900, 'USD', 100, 5, $2) returning id`,
    [
      exhibitionId,
      JSON.stringify({ en: { name: 'Standard pass', description: 'The whole exhibition' }, 'zh-cn': { name: '标准票', description: '整个展会' } }),
    ],
  )

  // The exhibitor's admin at the booth: capture is off, and the page says the organiser has not switched it on.
  const booth = await doorBrowser()
  try {
    const phone = booth.page
    await phone.goto(`${ORIGIN}/zh-cn/exhibitor/leads?id=${seeded.exhibitorId}`)
    await hydrated(phone)
    await signInFromPrompt(phone, EXHIBITOR.login.button, ADMIN, PASSWORD)
    await expect(phone.getByText(LEADS.captureOff)).toBeVisible()
    await expect(phone.getByLabel(LEADS.typed.orderCode)).toHaveCount(0)

    // A ticket of the admin's own, to scan once capture is on.
    const order = await callAsVisitor(phone, 'tickets$createOrder', {
      exhibitionId,
      lines: [{ ticketTypeId: type.rows[0]?.id, quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    })
    await callAsVisitor(phone, 'tickets$saveAttendees', {
      orderNumber: order.number,
      attendees: [{ firstName: '伟', lastName: '王', email: ADMIN, phone: { country: 'SG', number: '9123 4567' }, identity: 'trader', industry: 'fintech' }],
    })
    await callAsVisitor(phone, 'tickets$confirmOrder', { orderNumber: order.number })
    const started = await callAsVisitor(phone, 'tickets$startPayment', { orderNumber: order.number, method: 'sandbox' })
    const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
    expect((await phone.request.post(`${ORIGIN}/pay/sandbox/${started.attemptId}`, { form: { key, action: 'pay' }, maxRedirects: 0 })).status()).toBe(303)

    // The manager, on a phone, opens the exhibition's exhibitors and switches capture on.
    await page.setViewportSize(PHONE)
    await setUpAccount(page, managerLink, STAFF_PASSWORD, EN)
    await page.waitForURL(`${ORIGIN}/console`)
    await page.goto(`${ORIGIN}/console/exhibitors?exhibition=${exhibitionId}`)
    await hydrated(page)
    const panel = page.getByRole('region', { name: 'Lead capture' })
    await expect(panel).toContainText('Off')
    await panel.locator('summary').click()
    await expect(panel.getByRole('row', { name: new RegExp(company) })).toContainText('0')
    await expectAccessible(page)
    await panel.getByRole('button', { name: 'Switch lead capture on' }).click()
    await expect(panel.getByRole('status')).toHaveText('Lead capture is on.')
    await expect(panel.getByRole('button', { name: 'Switch lead capture off' })).toBeVisible()

    // The admin's typed order code now makes a lead.
    await phone.reload()
    await hydrated(phone)
    await phone.getByLabel(LEADS.typed.orderCode).fill(order.number)
    await phone.getByRole('button', { name: LEADS.typed.submit }).click()
    await expect(phone.getByRole('region', { name: LEADS.last.heading })).toContainText(LEADS.last.added)

    // The console counts it, and names nobody.
    await page.reload()
    await hydrated(page)
    await panel.locator('summary').click()
    const row = panel.getByRole('row', { name: new RegExp(company) })
    await expect(row.getByRole('cell')).toHaveText([company, '1', '1'])
    await expect(panel).not.toContainText(ADMIN)
    await expectAccessible(page)
    await shoot(page, 'lead-capture-375')
    await page.setViewportSize(DESKTOP)
    await expectAccessible(page)
    await shoot(page, 'lead-capture-1280')
    // The same panel in Simplified Chinese, the manager's language once chosen.
    await db.query("update staff_members set language = 'zh-cn' where email = $1", [MANAGER])
    await page.reload()
    await hydrated(page)
    await expect(page.getByRole('region', { name: '潜在客户收集' })).toContainText('已开启')
    await page.getByRole('region', { name: '潜在客户收集' }).locator('summary').click()
    await expectAccessible(page)
    await shoot(page, 'lead-capture-zh-cn-1280')

    // A booth sold to the exhibitor whose package lacks capture: the page says it is the package.
    await db.query("insert into floor_plans (exhibition_id, currency) values ($1, 'USD')", [exhibitionId])
    const hall = await db.query<{ id: number }>(
      "insert into floor_plan_halls (exhibition_id, label, width_dm, depth_dm) values ($1, 'A', 300, 200) returning id",
      [exhibitionId],
    )
    await db.query(
      `insert into booths (hall_id, exhibition_id, number, x_dm, y_dm, w_dm, h_dm, booth_type, price_minor, currency, state, exhibitor_id, lead_capture)
       values ($1, $2, 'A1', 0, 0, 30, 30, 'shell', 100000, 'USD', 'sold', $3, false)`,
      [hall.rows[0]?.id, exhibitionId, seeded.exhibitorId],
    )
    await phone.reload()
    await hydrated(phone)
    await expect(phone.getByText(LEADS.packageOff)).toBeVisible()
    if (SCREENSHOTS) await phone.screenshot({ path: join(SCREENSHOTS, 'leads-package-off-zh-cn-375.png'), fullPage: true })
    await expect(phone.getByLabel(LEADS.typed.orderCode)).toHaveCount(0)
    expect(booth.problems).toEqual([])
  } finally {
    await booth.browser.close()
  }
})
