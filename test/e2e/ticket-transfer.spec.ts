import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from '@playwright/test'
import type { Queryable } from '../../server/db/client.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { answer, doorBrowser, scan } from './door-kit.ts'
import { account, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * A ticket handed to someone else (docs/product.md#ticket-transfer), in English at 1280 px and Simplified
 * Chinese at 375 px: the buyer sends "Transfer this ticket" from My orders; the recipient, signed in
 * with the address it went to, opens the mail's link, fills in the attendee form and accepts. Then the
 * door: a phone holding the list when the English ticket changes hands; the old code is refused online
 * at once and, its list read again, offline too, while the new holder's code lets them in. Screens
 * checked with axe (kept as screenshots with E2E_SCREENSHOTS).
 */
type Tickets = typeof import('../../locales/en/tickets.json')
type Login = typeof import('../../locales/en/login.json')
const read = <T>(lang: string, namespace: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/${namespace}.json`, import.meta.url), 'utf8')) as T
const SCREENSHOTS = process.env.E2E_SCREENSHOTS
const PASSWORD = 'a ticket for a friend 2026'
const STAFF_PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const tag = unique()
const DOOR = `door.transfer-${tag}@example.com`

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** A gateway call as the page's signed-in visitor (its access_token cookie). */
async function call(page: Page, route: string, payload: unknown) {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'access_token')?.value
  const response = await page.request.post(`${ORIGIN}/wikifxweb-v1/wikiexpo/invoke-v1`, {
    headers: { Routes: route, Authorization: `Bearer ${token}` },
    data: payload,
  })
  const body = await response.json()
  expect(body.succeed, `${route}: ${JSON.stringify(body)}`).toBe(true)
  return body.data
}

/** Signs in through the login frame of a page showing the tickets' login prompt. */
async function signIn(page: Page, lang: string, email: string) {
  const TICKETS = read<Tickets>(lang, 'tickets')
  const LOGIN = read<Login>(lang, 'login')
  await page.getByRole('main').getByRole('button', { name: TICKETS.login.button }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel(LOGIN.fields.email).fill(email)
  await frame.getByLabel(LOGIN.fields.password, { exact: true }).fill(PASSWORD)
  await frame.getByRole('button', { name: LOGIN.actions.signin, exact: true }).click()
  await expect(page.locator('dialog[open]')).toBeHidden()
}

const codeOf = async (db: Queryable, number: string) =>
  (await db.query<{ code: string }>('select e.code from e_tickets e join ticket_orders o on o.id = e.order_id where o.number = $1', [number])).rows[0]
    ?.code as string

/** The personal link's token from the last transfer mail to an address. */
async function linkTo(db: Queryable, address: string): Promise<string> {
  const mails = await db.query<{ text_body: string }>('select text_body from mail_outbox where to_address = $1 order by id desc', [address])
  const found = mails.rows.map((row) => /\/apply\/transfer\/([A-Za-z0-9_-]{32})/.exec(row.text_body)?.[1]).find(Boolean)
  expect(found).toBeTruthy()
  return found as string
}

/** The recipient, in a browser of their own, opens the link, signs in, fills in the form and accepts. */
async function acceptAsRecipient(browser: Browser, lang: 'en' | 'zh-cn', token: string, recipient: string, width: typeof DESKTOP) {
  const TICKETS = read<Tickets>(lang, 'tickets')
  const context = await browser.newContext({ viewport: width })
  try {
    const page = await context.newPage()
    await page.goto(`${ORIGIN}/${lang}/apply/transfer/${token}`)
    await hydrated(page)
    await signIn(page, lang, recipient)
    const form = page.getByRole('form', { name: TICKETS.transfer.page.title })
    await expect(form).toBeVisible()
    await expect(page.getByText(lang === 'en' ? 'Enjoy the show' : '祝观展愉快')).toBeVisible()
    await expect(page.locator('#attendee-1-email')).toHaveValue(recipient)
    await page.locator('#attendee-1-firstName').fill(lang === 'en' ? 'Katherine' : '晓红')
    await page.locator('#attendee-1-lastName').fill(lang === 'en' ? 'Johnson' : '李')
    await page.locator('#attendee-1-phone').fill('+65 9123 4567')
    await page.locator('#attendee-1-identity').selectOption('trader')
    await page.locator('#attendee-1-industry').selectOption('fintech')
    await expectAccessible(page)
    await shoot(page, `ticket-transfer-accept-${lang}-${width.width}`)
    await form.getByRole('button', { name: TICKETS.transfer.page.accept }).click()
    await expect(page.getByRole('main').getByRole('status')).toHaveText(TICKETS.transfer.page.accepted)
    await expectAccessible(page)
  } finally {
    await context.close()
  }
}

let doorLink: string
let english: { exhibitionId: number; orderNumber: string; token: string; recipient: string; oldCode: string } | undefined

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  doorLink = await consoleSite.addStaff(DOOR, 'checkin', 'Dora Door')
})

for (const [lang, width] of [
  ['en', DESKTOP],
  ['zh-cn', PHONE],
] as const) {
  test(`${lang} at ${width.width} px: the buyer transfers a ticket from My orders; it waits for the recipient`, async ({ consoleSite, page, browser }) => {
    test.setTimeout(150_000)
    const TICKETS = read<Tickets>(lang, 'tickets')
    const { db } = consoleSite
    const mark = unique()
    const buyer = `buyer-${mark}@example.com`
    const recipient = `friend-${mark}@example.com`
    await account(db, buyer, lang === 'en' ? 'Grace' : '王小明', PASSWORD, lang)
    await account(db, recipient, lang === 'en' ? 'Kate' : '李晓红', PASSWORD, lang)
    const exhibition = await db.query<{ id: number }>(
      `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, sales_open_at, city, country_code, region, published)
       values ($1, 'exhibition', now() + interval '30 days', now() + interval '31 days', 'Asia/Singapore', now() - interval '10 days',
         'Singapore', 'SG', 'asia', true) returning id`,
      [`transfer-${mark}`],
    )
    const exhibitionId = exhibition.rows[0]?.id as number
    await db.query(
      `insert into exhibition_texts (exhibition_id, locale, title, venue_name, city) values
         ($1, 'en', 'Singapore Brokers Week', 'Marina Bay Sands', 'Singapore'),
         ($1, 'zh-cn', '新加坡经纪商周', '滨海湾金沙', '新加坡')`,
      [exhibitionId],
    )
    const type = await db.query<{ id: number }>(
      `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, texts)
       values ($1, 'standard', 29900, 'SGD', 100, 5, $2) returning id`,
      [exhibitionId, JSON.stringify({ en: { name: 'Standard pass', description: '' }, 'zh-cn': { name: '标准票', description: '' } })],
    )

    await page.setViewportSize(width)
    await page.goto(`${ORIGIN}/${lang}/apply/order`)
    await hydrated(page)
    await signIn(page, lang, buyer)
    const order = await call(page, 'tickets$createOrder', {
      exhibitionId,
      lines: [{ ticketTypeId: type.rows[0]?.id, quantity: 1 }],
      idempotencyKey: randomUUID(),
    })
    await call(page, 'tickets$saveAttendees', {
      orderNumber: order.number,
      attendees: [
        {
          firstName: lang === 'en' ? 'Ada' : '小明',
          lastName: lang === 'en' ? 'Lovelace' : '王',
          email: `holder-${mark}@example.com`,
          phone: { country: 'SG', number: '8123 4567' },
          identity: 'trader',
          industry: 'fintech',
        },
      ],
    })
    await call(page, 'tickets$confirmOrder', { orderNumber: order.number })
    const started = await call(page, 'tickets$startPayment', { orderNumber: order.number, method: 'sandbox' })
    const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
    expect((await page.request.post(`${ORIGIN}/pay/sandbox/${started.attemptId}`, { form: { key, action: 'pay' }, maxRedirects: 0 })).status()).toBe(303)
    const oldCode = await codeOf(db, order.number)

    await page.goto(`${ORIGIN}/${lang}/apply/order?order=${order.number}`)
    await hydrated(page)
    const holder = lang === 'en' ? 'Ada Lovelace' : '王小明'
    await page.getByRole('button', { name: TICKETS.transfer.openFor.replace('{{name}}', holder) }).click()
    const form = page.getByRole('form', { name: TICKETS.transfer.openFor.replace('{{name}}', holder) })
    await form.getByRole('textbox', { name: TICKETS.transfer.email }).fill(recipient)
    await form.getByRole('textbox', { name: TICKETS.transfer.message }).fill(lang === 'en' ? 'Enjoy the show' : '祝观展愉快')
    await expect(form).toContainText(TICKETS.transfer.note)
    await expectAccessible(page)
    await shoot(page, `ticket-transfer-form-${lang}-${width.width}`)
    await form.getByRole('button', { name: TICKETS.transfer.send }).click()
    await expect(page.getByTestId('toast')).toHaveText(TICKETS.transfer.sent.replace('{{email}}', recipient))
    await expect(page.getByTestId('transfer-pending')).toContainText(recipient)
    await expect(page.getByRole('button', { name: TICKETS.transfer.withdraw })).toBeVisible()
    // Until accepted, the ticket and its code stay as they were.
    expect(await codeOf(db, order.number)).toBe(oldCode)
    await expect(page.getByText(oldCode)).toBeVisible()
    await expectAccessible(page)
    const token = await linkTo(db, recipient)

    if (lang === 'en') {
      english = { exhibitionId, orderNumber: order.number, token, recipient, oldCode }
      return
    }
    // Chinese: the recipient accepts on their phone; the buyer's order then names the new holder and shows no code.
    await acceptAsRecipient(browser, lang, token, recipient, PHONE)
    const newCode = await codeOf(db, order.number)
    expect(newCode).not.toBe(oldCode)
    await page.reload()
    await hydrated(page)
    await expect(page.getByTestId('transferred-ticket')).toContainText(TICKETS.transfer.transferred.replace('{{name}}', '李晓红'))
    await expect(page.getByText(oldCode)).toHaveCount(0)
    await expect(page.getByText(newCode)).toHaveCount(0)
    await expectAccessible(page)
    await shoot(page, `ticket-transfer-buyer-after-${lang}-${width.width}`)
  })
}

test('en: the recipient accepts while a door phone holds the list; the old code is refused online at once and offline once the list was read again, the new one lets them in', async ({
  consoleSite,
  browser,
}) => {
  test.setTimeout(180_000)
  const { exhibitionId, orderNumber, token, recipient, oldCode } = english as NonNullable<typeof english>
  const door = await doorBrowser()
  try {
    const phone = door.page
    await setUpAccount(phone, doorLink, STAFF_PASSWORD, EN)
    await phone.waitForURL(`${ORIGIN}/console/checkin`)
    await hydrated(phone)
    const sync = async (code: string) => {
      const response = await door.context.request.post(`${ORIGIN}/gateway/console`, {
        headers: { Routes: 'console$checkinSync', 'X-Console-Request': '1', Origin: ORIGIN },
        data: { exhibitionId, deviceId: 'gate-c-phone', scans: [{ id: randomUUID(), code, gate: 'Gate C', scannedAt: new Date().toISOString() }] },
      })
      return (await response.json()).data.scans[0].outcome as string
    }
    await phone.getByLabel('Exhibition').selectOption(String(exhibitionId))
    await phone.getByLabel('Gate').fill('North hall')
    await phone.getByRole('button', { name: 'Start checking in' }).click()
    await expect(phone.getByText('Ready: scan a ticket')).toBeVisible()
    await expect.poll(() => phone.evaluate(async () => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true)

    // The phone holds the list with the old code; the recipient accepts at 1280 px.
    await acceptAsRecipient(browser, 'en', token, recipient, DESKTOP)
    const newCode = await codeOf(consoleSite.db, orderNumber)
    expect(newCode).not.toBe(oldCode)
    expect(await sync(oldCode)).toBe('unknown')

    // The list read again (online; the look-up over the phone's own list finds the new holder once it has), then offline.
    await phone.reload()
    await hydrated(phone)
    await expect(phone.getByText('Ready: scan a ticket')).toBeVisible()
    await phone.getByLabel('Name or order code').fill('Katherine')
    const found = phone.getByRole('region', { name: 'Look up by name or order' }).getByRole('listitem')
    await expect(found.locator('p').first()).toHaveText('Katherine Johnson', { timeout: 20_000 })
    await phone.getByLabel('Name or order code').fill('')
    await door.context.setOffline(true)
    await expect(phone.getByText('Offline')).toBeVisible()
    await scan(phone, oldCode)
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'unknown', { timeout: 30_000 })
    await expectAccessible(phone)
    await scan(phone, newCode)
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'checkedIn', { timeout: 30_000 })
    await expect(answer(phone)).toContainText('Katherine Johnson')
    await phone.getByRole('button', { name: 'Stop camera' }).click()
    await door.context.setOffline(false)
    await expect(phone.getByText('0 scans waiting to sync')).toBeVisible({ timeout: 20_000 })
    await phone.setViewportSize(DESKTOP)
    await expectAccessible(phone)
    expect(door.problems).toEqual([])
  } finally {
    await door.browser.close()
  }
})
