import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { BADGES_PATH } from '../../shared/rules/badges.ts'
import { CONSOLE_REQUEST_HEADER } from '../../shared/rules/console-access.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { acceptedExhibitor, account, callAsVisitor, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE, signInByGateway } from './fixtures.ts'

/**
 * Company and position (docs/product.md#attendee-company), end to end in Simplified Chinese: an attendee
 * fills company "汇达证券" and position "交易主管" on the attendee form and shares name and company only;
 * an exhibitor's staff member types the order code at the booth and sees exactly the name and the
 * company; the badge the organiser prints holds the company and the position. The attendee form is
 * checked with axe at 375 and 1280 px (and kept as screenshots with E2E_SCREENSHOTS).
 */
type Leads = typeof import('../../locales/en/leads.json')
type Tickets = typeof import('../../locales/en/tickets.json')
const read = <T>(namespace: string) => JSON.parse(readFileSync(new URL(`../../locales/zh-cn/${namespace}.json`, import.meta.url), 'utf8')) as T
const LEADS = read<Leads>('leads')
const TICKETS = read<Tickets>('tickets')
const SCREENSHOTS = process.env.E2E_SCREENSHOTS
const SET_UP = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }

const PASSWORD = 'company on the badge 2026'
const tag = unique()
const ADMIN = `admin.company-${tag}@example.cn`
const STAFF = `staff.company-${tag}@example.cn`
const DOOR = `door.company-${tag}@example.com`
const MANAGER = `manager.company-${tag}@example.com`
const ATTENDEE = { email: `xiaoming-${tag}@example.cn`, first: '小明', last: '王', phone: '+86 138 0013 8000', company: '汇达证券', position: '交易主管' }

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

test('an attendee gives company and position and shares name and company; the booth sees exactly those; the badge prints the company', async ({
  consoleSite,
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const { db } = consoleSite
  await account(db, ADMIN, 'Chen Admin', PASSWORD, 'zh-cn')
  await account(db, STAFF, '小李', PASSWORD, 'zh-cn')
  await account(db, ATTENDEE.email, 'Xiaoming', PASSWORD, 'zh-cn')
  const seeded = await acceptedExhibitor(consoleSite, ADMIN, `Huida Markets ${tag}`)
  const exhibitionId = (await db.query<{ exhibition_id: number }>('select exhibition_id from exhibitors where id = $1', [seeded.exhibitorId])).rows[0]
    ?.exhibition_id as number
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) select $1, id, 'staff' from accounts where email = $2", [
    seeded.exhibitorId,
    STAFF,
  ])
  // The organiser's switch (console$setLeadCapture, covered by test/integration/leads.test.ts).
  await db.query("update exhibitions set sales_open_at = now() - interval '1 day' where id = $1", [exhibitionId])
  await db.query('insert into lead_capture (exhibition_id, enabled, updated_at) values ($1, true, now())', [exhibitionId])
  const type = await db.query<{ id: number }>(
    `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, texts)
     values ($1, 'standard', 9900, 'USD', 100, 5, $2) returning id`,
    [
      exhibitionId,
      JSON.stringify({ en: { name: 'Standard pass', description: 'The whole exhibition' }, 'zh-cn': { name: '标准票', description: '整个展会' } }),
    ],
  )

  // The attendee's order (the selection step is tests/e2e/tickets.spec.ts's), then the attendee form on a phone.
  await page.setViewportSize(PHONE)
  await signInByGateway(page, ORIGIN, ATTENDEE.email, PASSWORD, 'zh-cn')
  const order = await callAsVisitor(page, 'tickets$createOrder', {
    exhibitionId,
    lines: [{ ticketTypeId: type.rows[0]?.id, quantity: 1 }],
    idempotencyKey: crypto.randomUUID(),
  })
  await page.goto(`${ORIGIN}/zh-cn/apply/infoPage?order=${order.number}`)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: TICKETS.attendees.title })).toBeVisible()
  const company = page.getByRole('textbox', { name: TICKETS.attendees.company })
  const position = page.getByRole('textbox', { name: TICKETS.attendees.jobTitle })
  await expect(company).toHaveAttribute('autocomplete', 'organization')
  await expect(position).toHaveAttribute('autocomplete', 'organization-title')
  await expect(company).not.toHaveAttribute('required')
  await page.locator('#attendee-1-firstName').fill(ATTENDEE.first)
  await page.locator('#attendee-1-lastName').fill(ATTENDEE.last)
  await company.fill(` ${ATTENDEE.company} `)
  await position.fill(ATTENDEE.position)
  await page.locator('#attendee-1-email').fill(ATTENDEE.email)
  await page.locator('#attendee-1-phone').fill(ATTENDEE.phone)
  await page.locator('#attendee-1-identity').selectOption('trader')
  await page.locator('#attendee-1-industry').selectOption('fintech')
  const shares = page.getByRole('group', { name: TICKETS.shares.legend })
  for (const field of ['name', 'company', 'position', 'email', 'phone'] as const) {
    await expect(shares.getByRole('checkbox', { name: TICKETS.shares[field], exact: true })).not.toBeChecked()
  }
  await shares.getByRole('checkbox', { name: TICKETS.shares.name, exact: true }).check()
  await shares.getByRole('checkbox', { name: TICKETS.shares.company, exact: true }).check()
  await expectAccessible(page)
  await shoot(page, 'attendee-company-form-375')
  await page.setViewportSize(DESKTOP)
  await expectAccessible(page)
  await shoot(page, 'attendee-company-form-1280')
  await page.getByRole('button', { name: TICKETS.attendees.next }).click()

  // The review shows them back as typed (trimmed).
  await page.waitForURL(/\/apply\/sureInfo/)
  await hydrated(page)
  const attendees = page.locator('#review-attendees').locator('..')
  await expect(page.getByText(ATTENDEE.company, { exact: true })).toBeVisible()
  await expect(page.getByText(ATTENDEE.position, { exact: true })).toBeVisible()
  await expect(attendees).toContainText('王小明')
  await callAsVisitor(page, 'tickets$confirmOrder', { orderNumber: order.number })
  const started = await callAsVisitor(page, 'tickets$startPayment', { orderNumber: order.number, method: 'sandbox' })
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  expect((await page.request.post(`${ORIGIN}/pay/sandbox/${started.attemptId}`, { form: { key, action: 'pay' }, maxRedirects: 0 })).status()).toBe(303)
  const stored = (
    await db.query<{ company: string; job_title: string; shares: string[]; ticket: string }>(
      'select a.company, a.job_title, a.shares, e.id as ticket from ticket_attendees a join e_tickets e on e.attendee_id = a.id where a.email = $1',
      [ATTENDEE.email],
    )
  ).rows[0]
  expect(stored).toMatchObject({ company: ATTENDEE.company, job_title: ATTENDEE.position, shares: ['name', 'company'] })

  // The exhibitor's staff member at the booth types the order code: the name and the company, nothing else.
  const booth = await browser.newContext({ viewport: PHONE, locale: 'zh-CN' })
  try {
    const phone = await booth.newPage()
    await signInByGateway(phone, ORIGIN, STAFF, PASSWORD, 'zh-cn')
    await phone.goto(`${ORIGIN}/zh-cn/exhibitor/leads?id=${seeded.exhibitorId}`)
    await hydrated(phone)
    await expect(phone.getByRole('heading', { level: 1 })).toContainText(LEADS.heading)
    await phone.getByLabel(LEADS.typed.orderCode).fill(order.number)
    await phone.getByRole('button', { name: LEADS.typed.submit }).click()
    const card = phone.getByRole('region', { name: LEADS.last.heading })
    await expect(card).toContainText(LEADS.last.added)
    await expect(card).toContainText('王小明')
    await expect(card).toContainText(ATTENDEE.company)
    await expect(card).not.toContainText(ATTENDEE.position)
    await expect(card).not.toContainText(ATTENDEE.email)
    await expect(card).not.toContainText('138')
  } finally {
    await booth.close()
  }

  // The organiser's door prints the badge: company and position are there whatever the leads consent says.
  const link = await consoleSite.addStaff(DOOR, 'checkin', 'Dora Door')
  const desk = await browser.newContext()
  try {
    const door = await desk.newPage()
    await setUpAccount(door, link, PASSWORD, SET_UP)
    await door.waitForURL(`${ORIGIN}/console/checkin`)
    const response = await door.request.post(`${ORIGIN}${BADGES_PATH}`, {
      headers: { [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value, Origin: ORIGIN },
      data: { exhibitionId, ticketId: stored?.ticket, stock: 'a6' },
    })
    expect(response.status()).toBe(200)
    const path = join(mkdtempSync(join(tmpdir(), 'badge-')), 'badge.pdf')
    writeFileSync(path, await response.body())
    const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })
    for (const expected of ['王小明', ATTENDEE.company, ATTENDEE.position]) expect(text).toContain(expected)
  } finally {
    await desk.close()
  }

  // A manager sees them on the order and corrects the position; the dialog keeps the company.
  const managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Mia Manager')
  const office = await browser.newContext({ viewport: DESKTOP })
  try {
    const manager = await office.newPage()
    await setUpAccount(manager, managerLink, PASSWORD, SET_UP)
    await manager.waitForURL((url) => !url.pathname.startsWith('/console/setup/'))
    await manager.goto(`${ORIGIN}/console/orders/${order.number}`)
    await hydrated(manager)
    const table = manager.getByRole('table', { name: 'Attendees and e-tickets' })
    await expect(table).toContainText(`${ATTENDEE.position} · ${ATTENDEE.company}`)
    await table.getByRole('button', { name: /^Edit/ }).click()
    const dialog = manager.getByRole('dialog', { name: 'Attendee 1' })
    await expect(dialog.getByLabel('Company')).toHaveValue(ATTENDEE.company)
    await dialog.getByLabel('Position').fill('交易总监')
    await expectAccessible(manager)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(table).toContainText(`交易总监 · ${ATTENDEE.company}`)
  } finally {
    await office.close()
  }
})
