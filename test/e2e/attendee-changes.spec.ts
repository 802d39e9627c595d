import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, ORIGIN, test } from './console-kit.ts'
import { account, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * The refund policy and a buyer's own cancellation (docs/product.md#refund-policy), in English and
 * Simplified Chinese: the ticket page and the order page publish the policy; on the order page the
 * buyer opens "Cancel this ticket…", reads the partial refund as money, confirms, and the ticket is gone
 * with one refund of half its price requested. Both pages are checked with axe at 375 and 1280 px
 * (kept as screenshots with E2E_SCREENSHOTS).
 */
type Tickets = typeof import('../../locales/en/tickets.json')
type Login = typeof import('../../locales/en/login.json')
const read = <T>(lang: string, namespace: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/${namespace}.json`, import.meta.url), 'utf8')) as T
const SCREENSHOTS = process.env.E2E_SCREENSHOTS
const PASSWORD = 'refunds by the policy 2026'

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

for (const lang of ['en', 'zh-cn'] as const) {
  test(`${lang}: the policy is published, and a ticket cancelled in the partial period shows and refunds half of what was paid`, async ({
    consoleSite,
    page,
  }) => {
    test.setTimeout(120_000)
    const TICKETS = read<Tickets>(lang, 'tickets')
    const LOGIN = read<Login>(lang, 'login')
    const { db } = consoleSite
    const tag = unique()
    const buyer = `buyer-${tag}@example.com`
    await account(db, buyer, lang === 'en' ? 'Grace' : '王小明', PASSWORD, lang)
    // Full refunds ended yesterday; half comes back for thirty more days; the show is in sixty.
    const exhibition = await db.query<{ id: number }>(
      `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, sales_open_at, city, country_code, region, published,
         self_cancel, refund_full_until, refund_partial_until, refund_partial_percent)
       values ($1, 'exhibition', now() + interval '60 days', now() + interval '61 days', 'Asia/Bangkok', now() - interval '10 days',
         'Bangkok', 'TH', 'asia', true, true, now() - interval '1 day', now() + interval '30 days', 50) returning id`,
      [`policy-${tag}`],
    )
    const exhibitionId = exhibition.rows[0]?.id as number
    await db.query(
      `insert into exhibition_texts (exhibition_id, locale, title, venue_name, city) values
         ($1, 'en', 'Bangkok Refunds Expo', 'Queen Sirikit National Convention Center', 'Bangkok'),
         ($1, 'zh-cn', '曼谷退款规则展', '诗丽吉王后国家会议中心', '曼谷')`,
      [exhibitionId],
    )
    const type = await db.query<{ id: number }>(
      `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, texts)
       values ($1, 'standard', 12900, 'USD', 100, 5, $2) returning id`,
      [exhibitionId, JSON.stringify({ en: { name: 'Standard pass', description: '' }, 'zh-cn': { name: '标准票', description: '' } })],
    )

    // The ticket page publishes the policy before buying.
    await page.setViewportSize(DESKTOP)
    await page.goto(`${ORIGIN}/${lang}/apply/registration?exhibitionId=${exhibitionId}`)
    await hydrated(page)
    const policy = page.getByRole('region', { name: TICKETS.policy.title })
    await expect(policy).toContainText(TICKETS.policy.noneAfter)
    await expect(policy.getByRole('listitem')).toHaveCount(3)
    await expectAccessible(page)
    await shoot(page, `attendee-changes-ticket-page-${lang}-1280`)

    // A paid order of two tickets, made through the platform as the checkout would.
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
      lines: [{ ticketTypeId: type.rows[0]?.id, quantity: 2 }],
      idempotencyKey: crypto.randomUUID(),
    })
    await call(page, 'tickets$saveAttendees', {
      orderNumber: order.number,
      attendees: [
        {
          firstName: '小明',
          lastName: '王',
          email: `wang-${tag}@example.cn`,
          phone: { country: 'CN', number: '138 0013 8000' },
          identity: 'trader',
          industry: 'fintech',
        },
        {
          firstName: 'สมชาย',
          lastName: 'ใจดี',
          email: `somchai-${tag}@example.co.th`,
          phone: { country: 'TH', number: '081 234 5678' },
          identity: 'trader',
          industry: 'fintech',
        },
      ],
    })
    await call(page, 'tickets$confirmOrder', { orderNumber: order.number })
    const started = await call(page, 'tickets$startPayment', { orderNumber: order.number, method: 'sandbox' })
    const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
    expect((await page.request.post(`${ORIGIN}/pay/sandbox/${started.attemptId}`, { form: { key, action: 'pay' }, maxRedirects: 0 })).status()).toBe(303)

    // The order page: the policy, then "Cancel this ticket…" with the amount as money before confirming.
    await page.goto(`${ORIGIN}/${lang}/apply/order?order=${order.number}`)
    await hydrated(page)
    await expect(page.getByRole('region', { name: TICKETS.policy.title })).toContainText(TICKETS.policy.noneAfter)
    const cancelButtons = page.getByRole('button', { name: new RegExp(`^${TICKETS.cancelTicket.open}`) })
    await expect(cancelButtons).toHaveCount(2)
    await cancelButtons.first().click()
    await expect(cancelButtons.first()).toHaveAttribute('aria-expanded', 'true')
    const amount = page.getByTestId('cancel-refund').first()
    await expect(amount).toBeVisible()
    await expect(amount).toContainText('64.50')
    await expect(amount).not.toContainText('6450')
    await expectAccessible(page)
    await shoot(page, `attendee-changes-cancel-${lang}-375`)
    await page.getByRole('button', { name: TICKETS.cancelTicket.confirm, exact: true }).click()
    await expect(page.getByTestId('toast')).toHaveText(TICKETS.cancelTicket.done)
    await expect(cancelButtons).toHaveCount(1)
    await page.setViewportSize(DESKTOP)
    await expectAccessible(page)
    await shoot(page, `attendee-changes-after-${lang}-1280`)

    const refunds = await db.query<{ amount_minor: number; reason: string }>(
      'select r.amount_minor, r.reason from refunds r join ticket_orders o on o.id = r.order_id where o.number = $1',
      [order.number],
    )
    expect(refunds.rows).toEqual([{ amount_minor: 6450, reason: 'selfCancel' }])
  })
}
