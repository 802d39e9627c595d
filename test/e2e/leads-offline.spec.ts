import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, ORIGIN, test } from './console-kit.ts'
import { doorBrowser, showToCamera } from './door-kit.ts'
import { acceptedExhibitor, account, callAsVisitor, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE, signInByGateway } from './fixtures.ts'

/**
 * The lead scanner without network (docs/product.md#leads-offline), in English: a staff member opens
 * the scanner once with network on a 375 px phone; then the site itself goes away (the server stops,
 * the phone still believes it is online), the page is reloaded from the phone, the camera reads the
 * badge, the lead waits on the phone, is rated and noted there, survives a reload, and holds a
 * sign-out back. The server comes back: the scan goes out with its rating and notes, the name and
 * e-mail the attendee shares show, and a second phone of the team sees the lead.
 */
type Leads = typeof import('../../locales/en/leads.json')
type Account = typeof import('../../locales/en/account.json')
const read = <T>(namespace: string) => JSON.parse(readFileSync(new URL(`../../locales/en/${namespace}.json`, import.meta.url), 'utf8')) as T
const LEADS = read<Leads>('leads')
const ACCOUNT = read<Account>('account')
const one = (template: string) => template.replace('{{count}}', '1')

const PASSWORD = 'leads without network 2027'
const tag = unique()
const ADMIN = `admin.offline-${tag}@example.com`
const STAFF = `staff.offline-${tag}@example.com`
const ATTENDEE = { email: `grace-${tag}@example.com`, first: 'Grace', last: 'Hopper' }
const NOTES = 'Wants a demo of the API on Tuesday'

/** The paths the scanner's worker has kept. */
const keptPaths = (page: Page) =>
  page.evaluate(async () =>
    (await (await caches.open('leads-scanner-v1')).keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search),
  )

test('a staff member scans while the site is unreachable, rates and notes the lead, reloads; back online the shared fields show, on a second phone too', async ({
  consoleSite,
  page,
}) => {
  test.setTimeout(300_000)
  const { db } = consoleSite
  await account(db, ADMIN, 'Ada Admin', PASSWORD)
  await account(db, STAFF, 'Sam Staff', PASSWORD)
  const seeded = await acceptedExhibitor(consoleSite, ADMIN, `Hopper Markets ${tag}`)
  const exhibitionId = (await db.query<{ exhibition_id: number }>('select exhibition_id from exhibitors where id = $1', [seeded.exhibitorId])).rows[0]
    ?.exhibition_id as number
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) select $1, id, 'staff' from accounts where email = $2", [
    seeded.exhibitorId,
    STAFF,
  ])
  await db.query('insert into lead_capture (exhibition_id, enabled, updated_at) values ($1, true, now())', [exhibitionId])
  const type = await db.query<{ id: number }>(
    `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, texts)
     values ($1, 'standard', 9900, 'USD', 100, 5, $2) returning id`,
    [exhibitionId, JSON.stringify({ en: { name: 'Standard pass', description: 'The whole exhibition' } })],
  )
  await db.query("update exhibitions set sales_open_at = now() - interval '1 day' where id = $1", [exhibitionId])
  await account(db, ATTENDEE.email, 'Grace', PASSWORD)

  // The attendee buys a ticket (through the gateway and the sandbox, as leads.spec.ts does) and shares name and e-mail.
  await signInByGateway(page, ORIGIN, ATTENDEE.email, PASSWORD)
  const bought = await callAsVisitor(
    page,
    'tickets$createOrder',
    {
      exhibitionId,
      lines: [{ ticketTypeId: type.rows[0]?.id, quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    },
    'en',
  )
  await callAsVisitor(
    page,
    'tickets$saveAttendees',
    {
      orderNumber: bought.number,
      attendees: [
        {
          firstName: ATTENDEE.first,
          lastName: ATTENDEE.last,
          email: ATTENDEE.email,
          phone: { country: 'US', number: '(415) 555-2690' },
          identity: 'trader',
          industry: 'fintech',
        },
      ],
    },
    'en',
  )
  await callAsVisitor(page, 'tickets$confirmOrder', { orderNumber: bought.number }, 'en')
  const started = await callAsVisitor(page, 'tickets$startPayment', { orderNumber: bought.number, method: 'sandbox' }, 'en')
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  expect((await page.request.post(`${ORIGIN}/pay/sandbox/${started.attemptId}`, { form: { key, action: 'pay' }, maxRedirects: 0 })).status()).toBe(303)
  await callAsVisitor(page, 'tickets$setShares', { orderNumber: bought.number, position: 1, shares: ['name', 'email'] }, 'en')
  const code = (
    await db.query<{ code: string }>('select e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id where a.email = $1', [ATTENDEE.email])
  ).rows[0]?.code as string

  showToCamera(code)
  const booth = await doorBrowser()
  try {
    const phone = booth.page
    await signInByGateway(phone, ORIGIN, STAFF, PASSWORD)
    await phone.goto(`${ORIGIN}/en/exhibitor/leads?id=${seeded.exhibitorId}`)
    await hydrated(phone)
    await expect(phone.getByRole('button', { name: LEADS.scan.start })).toBeVisible()
    // The scanner is kept for offline use, its camera reader and sign-out's refusal with it.
    await expect.poll(() => phone.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true)
    await expect
      .poll(
        async () => {
          const kept = await keptPaths(phone)
          return (
            kept.includes(`/en/exhibitor/leads?id=${seeded.exhibitorId}`) &&
            kept.some((path) => path.endsWith('.wasm')) &&
            kept.some((path) => /sign-out-refusal/.test(path))
          )
        },
        { timeout: 30_000 },
      )
      .toBe(true)

    // The site goes away; the phone still thinks it is online.
    await consoleSite.stop()
    await phone.reload()
    await hydrated(phone)
    await phone.getByRole('button', { name: LEADS.scan.start }).click()
    const card = phone.getByRole('region', { name: LEADS.last.heading })
    await expect(card).toContainText(LEADS.offline.queued, { timeout: 30_000 })
    await expect(card).toContainText(LEADS.offline.who)
    await expect(phone.getByRole('status').filter({ hasText: LEADS.offline.banner })).toBeVisible()
    await card.getByRole('radio', { name: LEADS.ratings.hot }).check()
    await card.getByLabel(LEADS.qualify.notes).fill(NOTES)
    await card.getByRole('button', { name: LEADS.qualify.save }).click()
    await expect(card).toContainText(LEADS.offline.savedOnPhone)
    await phone.getByRole('button', { name: LEADS.scan.stop }).click()
    const waiting = phone.getByTestId('lead-queue')
    await expect(waiting).toContainText(NOTES)
    await expect(waiting).toContainText(LEADS.ratings.hot)
    await expectAccessible(phone)

    // A reload without the site: the lead still waits, rated and noted.
    await phone.reload()
    await hydrated(phone)
    await expect(waiting).toContainText(NOTES)
    await expect(phone.getByText(one(LEADS.offline.waiting_one))).toBeVisible()

    // Signing out would lose it: refused, with the way back to the scanner (the header's menu, at 1280 px).
    await phone.setViewportSize(DESKTOP)
    await expectAccessible(phone)
    await phone.getByTestId('account-nick').click()
    await phone.getByRole('button', { name: ACCOUNT.menu.signOut }).click()
    const refusal = phone.getByRole('alert').filter({ hasText: one(ACCOUNT.menu.workWaiting_one) })
    await expect(refusal).toBeVisible()
    await expect(refusal.getByRole('link', { name: ACCOUNT.menu.sendWaiting })).toHaveAttribute('href', `/en/exhibitor/leads?id=${seeded.exhibitorId}`)
    await expect(phone.getByTestId('account-nick')).toBeVisible()
    await phone.keyboard.press('Escape')
    await expect(phone.getByRole('button', { name: ACCOUNT.menu.signOut })).toBeHidden()
    await phone.setViewportSize(PHONE)

    // The site is back: the phone hears it (the browser's online event) and sends the scan.
    await consoleSite.start()
    await phone.evaluate(() => window.dispatchEvent(new Event('online')))
    const list = phone.getByTestId('lead-list')
    await expect(list).toContainText('Grace Hopper', { timeout: 30_000 })
    await expect(list).toContainText(ATTENDEE.email)
    await expect(list).toContainText(LEADS.ratings.hot)
    await expect(list).toContainText(NOTES)
    await expect(list).toContainText('Sam Staff')
    await expect(waiting).toHaveCount(0)
    const stored = await db.query<{ scans: number; rating: string; notes: string }>('select scans, rating, notes from leads where exhibitor_id = $1', [
      seeded.exhibitorId,
    ])
    expect(stored.rows).toEqual([{ scans: 1, rating: 'hot', notes: NOTES }])

    // A second phone of the team, its admin signed in: the lead is there with what the attendee shares.
    const second = await booth.browser.newContext({ viewport: PHONE })
    const other = await second.newPage()
    await signInByGateway(other, ORIGIN, ADMIN, PASSWORD)
    await other.goto(`${ORIGIN}/en/exhibitor/leads?id=${seeded.exhibitorId}`)
    await hydrated(other)
    const otherList = other.getByTestId('lead-list')
    await expect(otherList).toContainText('Grace Hopper')
    await expect(otherList).toContainText(NOTES)
    await expect(otherList).toContainText('Sam Staff')
    await second.close()

    // Nothing waits now: signing out works, and the scanner's kept page goes with it.
    await phone.setViewportSize(DESKTOP)
    await phone.getByTestId('account-nick').click()
    await phone.getByRole('button', { name: ACCOUNT.menu.signOut }).click()
    await expect(phone.getByText(ACCOUNT.menu.signedOut)).toBeVisible()
    await expect.poll(() => phone.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('leads-'))), { timeout: 5_000 }).toEqual([])
    expect(booth.problems).toEqual([])
  } finally {
    await booth.browser.close()
  }
})
