import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { answer, doorBrowser, scan } from './door-kit.ts'
import { account, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * A buyer changes the name on a ticket in My tickets (docs/product.md#attendee-changes), in English and
 * Simplified Chinese (the family name asked first): the form says the QR code will change, the ticket
 * is re-issued and the page shows the new code under the new name; the holder, signed in with the
 * ticket's address, finds it under "Tickets in your name" in My orders and corrects it. Then the door: a phone holding the
 * list when the ticket is renamed once more; the code it knew is refused online at once, and, its
 * list read again, offline too, while the latest code lets the holder in. Screens checked with axe at
 * 375 and 1280 px (kept as screenshots with E2E_SCREENSHOTS).
 */
type Tickets = typeof import('../../locales/en/tickets.json')
type Login = typeof import('../../locales/en/login.json')
const read = <T>(lang: string, namespace: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/${namespace}.json`, import.meta.url), 'utf8')) as T
const SCREENSHOTS = process.env.E2E_SCREENSHOTS
const PASSWORD = 'a new name on the ticket 2026'
const STAFF_PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const tag = unique()
const DOOR = `door.rename-${tag}@example.com`

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

let doorLink: string
/** What the Chinese test bought, for its holder. */
let chinese: { orderNumber: string; holder: string } | undefined
/** What the English test bought, for the door. */
let renamed: { exhibitionId: number; orderNumber: string; token: string; oldCode: string; newCode: string } | undefined

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  doorLink = await consoleSite.addStaff(DOOR, 'checkin', 'Dora Door')
})

for (const lang of ['en', 'zh-cn'] as const) {
  test(`${lang}: the buyer renames a ticket; it is re-issued with a new code under the new name`, async ({ consoleSite, page }) => {
    test.setTimeout(120_000)
    const TICKETS = read<Tickets>(lang, 'tickets')
    const LOGIN = read<Login>(lang, 'login')
    const { db } = consoleSite
    const mark = unique()
    const buyer = `buyer-${mark}@example.com`
    await account(db, buyer, lang === 'en' ? 'Grace' : '王小明', PASSWORD, lang)
    const exhibition = await db.query<{ id: number }>(
      `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, sales_open_at, city, country_code, region, published)
       values ($1, 'exhibition', now() + interval '30 days', now() + interval '31 days', 'Asia/Singapore', now() - interval '10 days',
         'Singapore', 'SG', 'asia', true) returning id`,
      [`rename-${mark}`],
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

    await page.setViewportSize(PHONE)
    await page.goto(`${ORIGIN}/${lang}/apply/order`)
    await hydrated(page)
    await page.getByRole('main').getByRole('button', { name: TICKETS.login.button }).click()
    const frame = page.frameLocator('dialog[open] iframe')
    await frame.getByLabel(LOGIN.fields.email).fill(buyer)
    await frame.getByLabel(LOGIN.fields.password, { exact: true }).fill(PASSWORD)
    await frame.getByRole('button', { name: LOGIN.actions.signin, exact: true }).click()
    await expect(page.locator('dialog[open]')).toBeHidden()
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
    const codeOf = async () =>
      (await db.query<{ code: string }>('select e.code from e_tickets e join ticket_orders o on o.id = e.order_id where o.number = $1', [order.number])).rows[0]
        ?.code as string
    const oldCode = await codeOf()

    await page.goto(`${ORIGIN}/${lang}/apply/order?order=${order.number}`)
    await hydrated(page)
    const before = lang === 'en' ? 'Ada Lovelace' : '王小明'
    await page.getByRole('button', { name: TICKETS.attendeeChange.openFor.replace('{{name}}', before) }).click()
    const form = page.getByRole('form', { name: TICKETS.attendeeChange.openFor.replace('{{name}}', before) })
    // Chinese asks for the family name first.
    const labels = await form.locator('label').allTextContents()
    const first = labels.findIndex((label) => label.startsWith(TICKETS.attendees.firstName))
    const last = labels.findIndex((label) => label.startsWith(TICKETS.attendees.lastName))
    expect(lang === 'en' ? first < last : last < first).toBe(true)
    await expect(form).toContainText(TICKETS.attendeeChange.note.replace('{{email}}', `holder-${mark}@example.com`))
    await form.getByRole('textbox', { name: TICKETS.attendees.firstName, exact: true }).fill(lang === 'en' ? 'Grace' : '小红')
    await form.getByRole('textbox', { name: TICKETS.attendees.lastName, exact: true }).fill(lang === 'en' ? 'Hopper' : '李')
    await form.getByRole('textbox', { name: TICKETS.attendees.company, exact: true }).fill(lang === 'en' ? 'Hopper Securities Ltd' : '李氏证券有限公司')
    await expectAccessible(page)
    await shoot(page, `attendee-self-change-form-${lang}-375`)
    await form.getByRole('button', { name: TICKETS.attendeeChange.save }).click()
    await expect(page.getByTestId('toast')).toHaveText(TICKETS.attendeeChange.reissued)
    const after = lang === 'en' ? 'Grace Hopper' : '李小红'
    await expect(page.getByRole('button', { name: TICKETS.attendeeChange.openFor.replace('{{name}}', after) })).toBeVisible()
    const newCode = await codeOf()
    expect(newCode).not.toBe(oldCode)
    await expect(page.getByText(newCode)).toBeVisible()
    await expect(page.getByText(oldCode)).toHaveCount(0)
    await page.setViewportSize(DESKTOP)
    await expectAccessible(page)
    await shoot(page, `attendee-self-change-after-${lang}-1280`)
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'access_token')?.value as string
    if (lang === 'en') renamed = { exhibitionId, orderNumber: order.number, token, oldCode, newCode }
    else chinese = { orderNumber: order.number, holder: `holder-${mark}@example.com` }
  })
}

test('zh-cn: the holder signs in with the ticket address, finds the ticket in their name in My orders and corrects it', async ({ consoleSite, page }) => {
  test.setTimeout(120_000)
  const TICKETS = read<Tickets>('zh-cn', 'tickets')
  const LOGIN = read<Login>('zh-cn', 'login')
  const { orderNumber, holder } = chinese as NonNullable<typeof chinese>
  await account(consoleSite.db, holder, '李小红', PASSWORD, 'zh-cn')
  await page.setViewportSize(PHONE)
  await page.goto(`${ORIGIN}/zh-cn/apply/order`)
  await hydrated(page)
  await page.getByRole('main').getByRole('button', { name: TICKETS.login.button }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel(LOGIN.fields.email).fill(holder)
  await frame.getByLabel(LOGIN.fields.password, { exact: true }).fill(PASSWORD)
  await frame.getByRole('button', { name: LOGIN.actions.signin, exact: true }).click()
  await expect(page.locator('dialog[open]')).toBeHidden()
  const held = page.getByRole('region', { name: TICKETS.attendeeChange.held.title })
  await expect(held.getByRole('heading', { level: 3, name: '李小红' })).toBeVisible()
  await expect(held).toContainText('新加坡经纪商周')
  await expectAccessible(page)
  await shoot(page, 'attendee-self-change-held-zh-cn-375')
  await held.getByRole('button', { name: TICKETS.attendeeChange.openFor.replace('{{name}}', '李小红') }).click()
  const form = held.getByRole('form', { name: TICKETS.attendeeChange.openFor.replace('{{name}}', '李小红') })
  await form.getByRole('textbox', { name: TICKETS.attendees.firstName, exact: true }).fill('晓红')
  await form.getByRole('textbox', { name: TICKETS.attendees.jobTitle, exact: true }).fill('交易主管')
  await form.getByRole('button', { name: TICKETS.attendeeChange.save }).click()
  await expect(page.getByTestId('toast')).toHaveText(TICKETS.attendeeChange.reissued)
  await expect(held.getByRole('heading', { level: 3, name: '李晓红' })).toBeVisible()
  const code = (
    await consoleSite.db.query<{ code: string }>('select e.code from e_tickets e join ticket_orders o on o.id = e.order_id where o.number = $1', [orderNumber])
  ).rows[0]?.code as string
  await expect(held.getByText(code)).toBeVisible()
  await page.setViewportSize(DESKTOP)
  await expectAccessible(page)
  await shoot(page, 'attendee-self-change-held-zh-cn-1280')
})

test('a door phone holding the list refuses a code re-issued since, online at once and offline once its list was read again; the new code lets the holder in', async ({
  consoleSite,
}) => {
  test.setTimeout(180_000)
  const { exhibitionId, orderNumber, token, oldCode, newCode } = renamed as NonNullable<typeof renamed>
  const door = await doorBrowser()
  try {
    const phone = door.page
    await setUpAccount(phone, doorLink, STAFF_PASSWORD, EN)
    await phone.waitForURL(`${ORIGIN}/console/checkin`)
    await hydrated(phone)
    const sync = async (code: string) => {
      const answer = await door.context.request.post(`${ORIGIN}/gateway/console`, {
        headers: { Routes: 'console$checkinSync', 'X-Console-Request': '1', Origin: ORIGIN },
        data: { exhibitionId, deviceId: 'gate-b-phone', scans: [{ id: randomUUID(), code, gate: 'Gate B', scannedAt: new Date().toISOString() }] },
      })
      return (await answer.json()).data.scans[0].outcome as string
    }
    expect(await sync(oldCode)).toBe('unknown')

    await phone.getByLabel('Exhibition').selectOption(String(exhibitionId))
    await phone.getByLabel('Gate').fill('North hall')
    await phone.getByRole('button', { name: 'Start checking in' }).click()
    await expect(phone.getByText('Ready: scan a ticket')).toBeVisible()
    await expect.poll(() => phone.evaluate(async () => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true)

    // The phone holds the list; the buyer renames the ticket once more: the code it knows is refused online at once.
    const renamedAgain = await door.context.request.post(`${ORIGIN}/wikifxweb-v1/wikiexpo/invoke-v1`, {
      headers: { Routes: 'tickets$changeAttendee', Authorization: `Bearer ${token}` },
      data: { orderNumber, position: 1, firstName: 'Katherine', lastName: 'Johnson', company: '', jobTitle: '' },
    })
    expect((await renamedAgain.json()).data).toEqual({ position: 1, reissued: true })
    const latest = (
      await consoleSite.db.query<{ code: string }>('select e.code from e_tickets e join ticket_orders o on o.id = e.order_id where o.number = $1', [
        orderNumber,
      ])
    ).rows[0]?.code as string
    expect(await sync(newCode)).toBe('unknown')

    // The list read again (online; the look-up over the phone's own list finds the new name once it has), then offline:
    // the replaced code is unknown, the latest lets Katherine Johnson in.
    await phone.reload()
    await hydrated(phone)
    await expect(phone.getByText('Ready: scan a ticket')).toBeVisible()
    await phone.getByLabel('Name or order code').fill('Katherine')
    const found = phone.getByRole('region', { name: 'Look up by name or order' }).getByRole('listitem')
    await expect(found.locator('p').first()).toHaveText('Katherine Johnson', { timeout: 20_000 })
    await phone.getByLabel('Name or order code').fill('')
    await door.context.setOffline(true)
    await expect(phone.getByText('Offline')).toBeVisible()
    await scan(phone, newCode)
    await expect(answer(phone)).toHaveAttribute('data-outcome', 'unknown', { timeout: 30_000 })
    await expectAccessible(phone)
    await scan(phone, latest)
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
