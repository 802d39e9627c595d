import { readFileSync } from 'node:fs'
import { expect, ORIGIN, test } from './console-kit.ts'
import { doorBrowser, showToCamera } from './door-kit.ts'
import { acceptedExhibitor, account, callAsVisitor, signInFromPrompt, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE, signInByGateway } from './fixtures.ts'

/**
 * Leads (docs/product.md#leads), end to end in Simplified Chinese: an attendee ticks name and e-mail
 * under their e-ticket in My tickets; a staff member of an exhibitor, on a 375 px phone, scans the
 * badge's QR code with the camera and rates the lead hot; the team's list shows the name and the
 * e-mail, never the phone. The page is checked with axe at 375 and 1280 px.
 */
type Leads = typeof import('../../locales/en/leads.json')
type Tickets = typeof import('../../locales/en/tickets.json')
type Exhibitor = typeof import('../../locales/en/exhibitor.json')
const read = <T>(namespace: string) => JSON.parse(readFileSync(new URL(`../../locales/zh-cn/${namespace}.json`, import.meta.url), 'utf8')) as T
const LEADS = read<Leads>('leads')
const TICKETS = read<Tickets>('tickets')
const EXHIBITOR = read<Exhibitor>('exhibitor')

const PASSWORD = 'leads at the booth 2026'
const tag = unique()
const ADMIN = `admin.leads-${tag}@example.cn`
const STAFF = `staff.leads-${tag}@example.cn`
const ATTENDEE = { email: `meiling-${tag}@example.cn`, first: '美玲', last: '周', phone: '(415) 555-2690' }

test('an attendee shares name and e-mail; a staff member scans the badge at 375 px and rates it hot', async ({ consoleSite, page }) => {
  test.setTimeout(180_000)
  const { db } = consoleSite
  await account(db, ADMIN, 'Wang Admin', PASSWORD, 'zh-cn')
  await account(db, STAFF, '小李', PASSWORD, 'zh-cn')
  await account(db, ATTENDEE.email, 'Meiling', PASSWORD, 'zh-cn')
  const seeded = await acceptedExhibitor(consoleSite, ADMIN, `Zhou Markets ${tag}`)
  const exhibition = await db.query<{ exhibition_id: number }>('select exhibition_id from exhibitors where id = $1', [seeded.exhibitorId])
  const exhibitionId = exhibition.rows[0]?.exhibition_id as number
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

  // The attendee buys one ticket for themselves (through the gateway) and opens it in My tickets.
  await page.setViewportSize(PHONE)
  await signInByGateway(page, ORIGIN, ATTENDEE.email, PASSWORD, 'zh-cn')
  const order = await callAsVisitor(page, 'tickets$createOrder', {
    exhibitionId,
    lines: [{ ticketTypeId: type.rows[0]?.id, quantity: 1 }],
    idempotencyKey: crypto.randomUUID(),
  })
  await callAsVisitor(page, 'tickets$saveAttendees', {
    orderNumber: order.number,
    attendees: [
      {
        firstName: ATTENDEE.first,
        lastName: ATTENDEE.last,
        email: ATTENDEE.email,
        phone: { country: 'US', number: ATTENDEE.phone },
        identity: 'trader',
        industry: 'fintech',
      },
    ],
  })
  await callAsVisitor(page, 'tickets$confirmOrder', { orderNumber: order.number })
  const started = await callAsVisitor(page, 'tickets$startPayment', { orderNumber: order.number, method: 'sandbox' })
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  expect((await page.request.post(`${ORIGIN}/pay/sandbox/${started.attemptId}`, { form: { key, action: 'pay' }, maxRedirects: 0 })).status()).toBe(303)

  await page.goto(`${ORIGIN}/zh-cn/apply/order?order=${order.number}`)
  await hydrated(page)
  const shares = page.getByRole('group', { name: TICKETS.shares.legend })
  await expect(shares).toContainText(TICKETS.shares.explain)
  await expect(shares.getByRole('checkbox', { name: TICKETS.shares.name })).not.toBeChecked()
  await shares.getByRole('checkbox', { name: TICKETS.shares.name }).check()
  await shares.getByRole('checkbox', { name: TICKETS.shares.email }).check()
  await page.getByRole('button', { name: TICKETS.shares.save }).click()
  await expect(page.getByText(TICKETS.shares.saved)).toBeVisible()
  const code = (
    await db.query<{ code: string; shares: string[] }>(
      'select e.code, a.shares from e_tickets e join ticket_attendees a on a.id = e.attendee_id where a.email = $1',
      [ATTENDEE.email],
    )
  ).rows[0]
  expect(code?.shares).toEqual(['name', 'email'])

  // The staff member's phone at the booth, its fake camera shown the badge's QR code.
  showToCamera(code?.code as string)
  const booth = await doorBrowser()
  try {
    const phone = booth.page
    await phone.goto(`${ORIGIN}/zh-cn/exhibitor/leads?id=${seeded.exhibitorId}`)
    await hydrated(phone)
    await signInFromPrompt(phone, EXHIBITOR.login.button, STAFF, PASSWORD)
    await expect(phone.getByRole('heading', { level: 1 })).toContainText(LEADS.heading)
    await phone.getByRole('button', { name: LEADS.scan.start }).click()
    const card = phone.getByRole('region', { name: LEADS.last.heading })
    await expect(card).toContainText(LEADS.last.added, { timeout: 20_000 })
    await expect(card).toContainText('周美玲')
    await card.getByRole('radio', { name: LEADS.ratings.hot }).check()
    await card.getByRole('button', { name: LEADS.qualify.save }).click()
    await expect(card).toContainText(LEADS.qualify.saved)
    await phone.getByRole('button', { name: LEADS.scan.stop }).click()

    const list = phone.getByTestId('lead-list')
    await expect(list).toContainText('周美玲')
    await expect(list).toContainText(ATTENDEE.email)
    await expect(list).toContainText(LEADS.ratings.hot)
    await expect(list).toContainText('小李')
    await expect(list).not.toContainText('555')
    await expect(list).not.toContainText('+1')
    expect(booth.problems).toEqual([])
    await expectAccessible(phone)
    await phone.setViewportSize(DESKTOP)
    await expectAccessible(phone)
  } finally {
    await booth.browser.close()
  }
})
