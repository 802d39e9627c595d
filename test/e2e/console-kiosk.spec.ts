import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { Queryable } from '../../server/db/client.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { doorBrowser, showToCamera } from './door-kit.ts'
import { account, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Kiosk mode at the door (docs/product.md#kiosk): a door member starts it from the check-in screen on a
 * tablet; an attendee's QR code shown to the (fake) camera checks them in and prints their badge on
 * the chosen stock; the kiosk greets the next attendee once the page's own clock has run on; a typed
 * order code and family name checks in the next, a repeat says so and prints nothing. Back, typed
 * console addresses and a reload all stay in the kiosk; leaving is refused without a staff sign-in and
 * done with one. Checked with axe at 375, 768 and 1280 px, and in Simplified Chinese.
 */
type Tickets = typeof import('../../locales/en/tickets.json')
type Login = typeof import('../../locales/en/login.json')
const read = <T>(namespace: string) => JSON.parse(readFileSync(new URL(`../../locales/en/${namespace}.json`, import.meta.url), 'utf8')) as T
const TICKETS = read<Tickets>('tickets')
const LOGIN = read<Login>('login')
const PASSWORD = 'correct horse battery staple'
const VISITOR_PASSWORD = 'copper-kettle-harbour-7'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const TABLET = { width: 768, height: 1024 }
const tag = unique()
const DOOR = `kiosk.door-${tag}@example.com`
const TITLE = `Kiosk Markets Forum ${tag}`
const RESET_MS = 8000
const visitorHeaders = { 'X-Forwarded-For': `8.9.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}` }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** Two attendees' paid tickets to an exhibition of the spec's own, bought signed in on the site: the order number. */
async function buyTwo(page: Page, db: Queryable, exhibitionId: number, typeId: number) {
  const { request } = page
  const email = `kiosk-buyer-${tag}@example.com`
  await account(db, email, 'Ada', VISITOR_PASSWORD)
  await page.setExtraHTTPHeaders(visitorHeaders)
  await page.goto(`${ORIGIN}/en/apply/order`)
  await hydrated(page)
  await page.getByRole('main').getByRole('button', { name: TICKETS.login.button }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel(LOGIN.fields.email).fill(email)
  await frame.getByLabel(LOGIN.fields.password, { exact: true }).fill(VISITOR_PASSWORD)
  await frame.getByRole('button', { name: LOGIN.actions.signin, exact: true }).click()
  await expect(page.locator('dialog[open]')).toBeHidden()
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'access_token')?.value
  const call = async (route: string, data: unknown) => {
    const response = await request.post(`${ORIGIN}/wikifxweb-v1/wikiexpo/invoke-v1`, {
      headers: { Routes: route, Authorization: `Bearer ${token}`, LanguageCode: 'en' },
      data,
    })
    const body = await response.json()
    expect(body.succeed, `${route}: ${JSON.stringify(body)}`).toBe(true)
    return body.data
  }
  const person = (firstName: string, lastName: string, phone: string) => ({
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}-${tag}@example.com`,
    phone: { country: 'US', number: phone },
    identity: 'trader',
    industry: 'fintech',
  })
  const order = await call('tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId: typeId, quantity: 2 }], idempotencyKey: crypto.randomUUID() })
  await call('tickets$saveAttendees', {
    orderNumber: order.number,
    attendees: [person('Meiling', 'Zhou', '(415) 555-2671'), person('Grace', 'Hopper', '(415) 555-2672')],
  })
  await call('tickets$confirmOrder', { orderNumber: order.number })
  const started = await call('tickets$startPayment', { orderNumber: order.number, method: 'sandbox' })
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  expect((await request.post(`${ORIGIN}/pay/sandbox/${started.attemptId}`, { form: { key, action: 'pay' }, maxRedirects: 0 })).status()).toBe(303)
  return order.number as string
}

test('kiosk mode: a scan checks in and prints the badge, a typed code too, a repeat prints nothing; nothing else is reachable until a staff sign-in', async ({
  consoleSite,
  page,
}) => {
  test.setTimeout(300_000)
  const { db } = consoleSite
  const link = await consoleSite.addStaff(DOOR, 'checkin', 'Kim Kiosk')
  const made = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, sales_open_at, published)
     values ($1, 'exhibition', now() + interval '1 day', now() + interval '3 days', 'Asia/Singapore', 'Singapore', 'SG', 'asia', now() - interval '1 day', true)
     returning id`,
    [`kiosk-markets-${tag}`],
  )
  const exhibitionId = Number(made.rows[0]?.id)
  await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', $2), ($1, 'zh-cn', $3)`, [
    exhibitionId,
    TITLE,
    `自助市场论坛 ${tag}`,
  ])
  const type = await db.query<{ id: number }>(
    `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, texts)
     values ($1, 'standard', 9900, 'USD', 100, 5, $2) returning id`,
    [exhibitionId, JSON.stringify({ en: { name: 'Standard pass', description: 'The whole exhibition' } })],
  )
  const orderNumber = await buyTwo(page, db, exhibitionId, Number(type.rows[0]?.id))
  const codes = await db.query<{ code: string }>(
    'select e.code from e_tickets e join ticket_attendees a on a.id = e.attendee_id join ticket_orders o on o.id = e.order_id where o.number = $1 order by a.position',
    [orderNumber],
  )
  showToCamera(codes.rows[0]?.code as string)

  const door = await doorBrowser()
  try {
    const tablet = door.page
    await tablet.setViewportSize(TABLET)
    // Every print the kiosk asks for, with the badge it was asked for.
    await door.context.addInitScript(() => {
      const kept = window as unknown as { printed: string[] }
      kept.printed = []
      window.print = () => {
        kept.printed.push(document.querySelector('[data-testid="badge-sheet"]')?.textContent ?? '')
      }
    })
    const printed = () => tablet.evaluate(() => (window as unknown as { printed: string[] }).printed)
    const nextCode = await setUpAccount(tablet, link, PASSWORD, EN)
    await tablet.waitForURL(`${ORIGIN}/console/checkin`)
    await hydrated(tablet)
    await tablet.getByLabel('Exhibition').selectOption(String(exhibitionId))
    await tablet.getByLabel('Gate').fill('Kiosk A')
    await tablet.getByLabel('Badge stock').selectOption('cr80')
    await tablet.getByRole('button', { name: 'Start checking in' }).click()
    await expect(tablet.getByText('Ready: scan a ticket')).toBeVisible()

    // The page's own clock from here: the kiosk's return to its welcome is run on, never waited for.
    await tablet.clock.install()
    await tablet.getByRole('link', { name: 'Kiosk mode' }).click()
    await tablet.waitForURL(`${ORIGIN}/console/checkin/kiosk`)
    const main = tablet.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(`Welcome to ${TITLE}`)
    await expect(main.getByRole('heading', { name: 'Scan your e-ticket' })).toBeVisible()
    await expect(tablet.getByRole('navigation')).toHaveCount(0)
    await expect(tablet.getByRole('link')).toHaveCount(0)
    await expectAccessible(tablet)
    await shoot(tablet, 'kiosk-welcome-768')

    // The QR code shown to the camera: checked in, the badge printed on the door's stock with its code.
    await main.getByRole('button', { name: 'Start the camera' }).click()
    const answer = main.locator('[data-outcome]')
    await expect(answer).toHaveAttribute('data-outcome', 'checkedIn', { timeout: 30_000 })
    await expect(answer.getByRole('heading')).toHaveText('Welcome, Meiling Zhou!')
    const sheet = tablet.getByTestId('badge-sheet')
    await expect(sheet).toHaveAttribute('data-stock', 'cr80')
    await expect(sheet).toContainText('Meiling Zhou')
    await expect(sheet.locator('[data-role="visitor"]')).toHaveText('Visitor')
    await expect(sheet.locator('svg path')).toHaveCount(1)
    await expect.poll(printed).toEqual([expect.stringContaining('Meiling Zhou')])
    await expectAccessible(tablet)
    await shoot(tablet, 'kiosk-printed-768')
    await expect
      .poll(
        async () =>
          (
            await db.query(
              "select 1 from checkin_scans c join e_tickets e on e.id = c.ticket_id where e.code = $1 and c.outcome = 'checkedIn' and c.undone_at is null",
              [codes.rows[0]?.code],
            )
          ).rows.length,
        {
          timeout: 30_000,
        },
      )
      .toBe(1)
    await tablet.clock.runFor(RESET_MS)
    await expect(answer).toHaveCount(0)
    await expect(main.getByRole('heading', { name: 'Scan your e-ticket' })).toBeVisible()

    // Typed: the same attendee again is told so and nothing prints; the second attendee is checked in and printed.
    const typed = async (code: string, family: string) => {
      await main.getByLabel('Order code', { exact: true }).fill(code)
      await main.getByLabel('Family name', { exact: true }).fill(family)
      await main.getByRole('button', { name: 'Check in', exact: true }).click()
    }
    await typed(orderNumber, 'Hopper'.slice(0, 3))
    await expect(main.getByRole('alert')).toContainText('We could not find a ticket with that order code and family name')
    await typed(orderNumber.toLowerCase(), 'zhou')
    await expect(answer).toHaveAttribute('data-outcome', 'already')
    await expect(answer.getByRole('heading')).toHaveText('You are already checked in.')
    await expect(sheet).toHaveCount(0)
    await main.getByRole('button', { name: 'Done' }).click()
    await typed(orderNumber, 'Hopper')
    await expect(answer).toHaveAttribute('data-outcome', 'checkedIn')
    await expect(sheet).toContainText('Grace Hopper')
    await expect.poll(printed).toEqual([expect.stringContaining('Meiling Zhou'), expect.stringContaining('Grace Hopper')])
    await tablet.clock.runFor(RESET_MS)
    await expect(answer).toHaveCount(0)

    // An attendee reads it in Simplified Chinese; the next one is greeted in the kiosk's language again.
    await main.getByRole('button', { name: '简体中文' }).click()
    await expect(main.getByRole('heading', { name: '请扫描您的电子票' })).toBeVisible()
    await expectAccessible(tablet)
    await shoot(tablet, 'kiosk-zh-cn-768')
    // The kiosk took the whole screen at the first touch; a full-screen window keeps its size in the
    // headless shell, so leave it to try the other widths.
    await tablet.evaluate(() => (document.fullscreenElement ? document.exitFullscreen() : undefined))
    await tablet.setViewportSize(PHONE)
    await expectAccessible(tablet)
    await tablet.setViewportSize(DESKTOP)
    await expectAccessible(tablet)
    await shoot(tablet, 'kiosk-zh-cn-1280')
    await main.getByRole('button', { name: 'English' }).click()

    // Back, another console address, the console's home and a reload: all the kiosk.
    await tablet.goBack()
    await expect(tablet).toHaveURL(`${ORIGIN}/console/checkin/kiosk`)
    for (const address of ['/console/orders', '/console/checkin', '/console', '/console/sessions']) {
      await tablet.goto(`${ORIGIN}${address}`)
      await expect(tablet).toHaveURL(`${ORIGIN}/console/checkin/kiosk`)
    }
    await hydrated(tablet)
    await expect(tablet.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(`Welcome to ${TITLE}`)

    // Leaving: refused without a staff member's credentials, done with them.
    await tablet.getByRole('button', { name: 'Staff' }).click()
    const dialog = tablet.getByRole('dialog', { name: 'Leave kiosk mode' })
    await dialog.getByLabel('E-mail').fill(DOOR)
    await dialog.getByLabel('Password').fill('not the password at all')
    await dialog.getByRole('button', { name: 'Sign in and leave' }).click()
    await expect(dialog.getByRole('alert')).toBeVisible()
    await expect(tablet).toHaveURL(`${ORIGIN}/console/checkin/kiosk`)
    await expectAccessible(tablet)
    await dialog.getByLabel('Password').fill(PASSWORD)
    await dialog.getByLabel('6-digit code').fill(nextCode())
    await dialog.getByRole('button', { name: 'Sign in and leave' }).click()
    await tablet.waitForURL(`${ORIGIN}/console/checkin`)
    await hydrated(tablet)
    await expect(tablet.getByRole('navigation', { name: /console sections/i })).toBeVisible()
    await tablet.goto(`${ORIGIN}/console/sessions`)
    await expect(tablet).toHaveURL(`${ORIGIN}/console/sessions`)
    expect(door.problems).toEqual([])
  } finally {
    await door.browser.close()
  }
})
