import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, ORIGIN, test } from './console-kit.ts'
import { acceptedExhibitor, account, callAsVisitor, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE, signInByGateway } from './fixtures.ts'
import CRM from '../../locales/en/crm.json' with { type: 'json' }
import EXHIBITOR from '../../locales/en/exhibitor.json' with { type: 'json' }
import LEADS from '../../locales/en/leads.json' with { type: 'json' }

/**
 * An exhibitor's CRM webhook (docs/product.md#lead-webhooks), end to end: the admin points it at a
 * receiver this spec runs, copies the secret shown once, types an attendee's order code at the booth,
 * and the receiver gets the lead signed with that secret; the page's log shows it delivered. axe at
 * 375 and 1280 px.
 */

const PASSWORD = 'crm webhook at the booth 2026'
const tag = unique()
const ADMIN = `admin.crm-${tag}@example.com`
const ATTENDEE = { email: `grace-${tag}@example.com`, first: 'Grace', last: 'Hopper' }

interface Received {
  headers: IncomingHttpHeaders
  body: string
}

/** What a receiver does: the HMAC of "t.body" with the secret, compared in constant time, and the time near now. */
function signedBy(secret: string, request: Received): boolean {
  const header = String(request.headers['x-expo-signature'])
  const t = /(?:^|,)t=(\d+)/.exec(header)?.[1] ?? ''
  const v1 = Buffer.from(/(?:^|,)v1=([0-9a-f]+)/.exec(header)?.[1] ?? '')
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${request.body}`).digest('hex'))
  return v1.length === expected.length && timingSafeEqual(v1, expected) && Math.abs(Date.now() / 1000 - Number(t)) < 300
}

// The private address the admin tries first is refused with a 400, which the browser logs.
test.use({ allowConsole: [/status of 400/] })

test('an admin sets the CRM webhook, sees the secret once, and a typed order code reaches the receiver signed', async ({ consoleSite, page }) => {
  test.setTimeout(180_000)
  const received: Received[] = []
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') })
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('stored')
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/expo-leads`
  try {
    const { db } = consoleSite
    await account(db, ADMIN, 'Ada Admin', PASSWORD)
    const seeded = await acceptedExhibitor(consoleSite, ADMIN, `Hopper Markets ${tag}`)
    const exhibitionId = (await db.query<{ exhibition_id: number }>('select exhibition_id from exhibitors where id = $1', [seeded.exhibitorId])).rows[0]
      ?.exhibition_id as number
    // The organiser's switch and ticket sales (their own tests cover them).
    await db.query("update exhibitions set sales_open_at = now() - interval '1 day' where id = $1", [exhibitionId])
    await db.query('insert into lead_capture (exhibition_id, enabled, updated_at) values ($1, true, now())', [exhibitionId])
    const type = await db.query<{ id: number }>(
      `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, texts)
       values ($1, 'standard', 9900, 'USD', 100, 5, $2) returning id`,
      [exhibitionId, JSON.stringify({ en: { name: 'Standard pass', description: 'The whole exhibition' } })],
    )

    // The admin, on a phone, finds the webhook from the exhibitor area and points it at the receiver.
    await page.setViewportSize(PHONE)
    await signInByGateway(page, ORIGIN, ADMIN, PASSWORD)
    await page.goto(`${ORIGIN}/en/exhibitor.html?id=${seeded.exhibitorId}`)
    await hydrated(page)
    await page.getByRole('link', { name: EXHIBITOR.area.crmLink }).click()
    await expect(page.getByRole('heading', { level: 1 })).toContainText(CRM.heading)
    await page.getByLabel(CRM.settings.url).fill('https://10.0.0.8/hook')
    await page.getByRole('button', { name: CRM.settings.save }).click()
    await expect(page.getByText(CRM.errors.privateAddress)).toBeVisible()
    await expect(page.getByLabel(CRM.settings.url)).toHaveAttribute('aria-invalid', 'true')
    await page.getByLabel(CRM.settings.url).fill(receiverUrl)
    await page.getByRole('button', { name: CRM.settings.save }).click()
    await expect(page.getByText(CRM.settings.saved)).toBeVisible()
    await expect(page.getByText(CRM.secret.once)).toBeVisible()
    const secret = await page.getByRole('textbox', { name: CRM.secret.label }).inputValue()
    expect(secret).toMatch(/^whsec_/)
    await expectAccessible(page)

    // Shown once: read again, the page has no secret.
    await page.reload()
    await hydrated(page)
    await expect(page.getByLabel(CRM.settings.url)).toHaveValue(receiverUrl)
    await expect(page.getByRole('textbox', { name: CRM.secret.label })).toHaveCount(0)
    expect(await page.content()).not.toContain(secret)

    // An attendee's paid ticket (bought through the gateway by the admin, for Grace, who shares her name).
    const order = await callAsVisitor(
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
        orderNumber: order.number,
        attendees: [
          {
            firstName: ATTENDEE.first,
            lastName: ATTENDEE.last,
            email: ATTENDEE.email,
            phone: { country: 'US', number: '(415) 555-2690' },
            identity: 'trader',
            industry: 'fintech',
            shares: ['name'],
          },
        ],
      },
      'en',
    )
    await callAsVisitor(page, 'tickets$confirmOrder', { orderNumber: order.number }, 'en')
    const started = await callAsVisitor(page, 'tickets$startPayment', { orderNumber: order.number, method: 'sandbox' }, 'en')
    const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
    expect((await page.request.post(`${ORIGIN}/pay/sandbox/${started.attemptId}`, { form: { key, action: 'pay' }, maxRedirects: 0 })).status()).toBe(303)

    // At the booth: the order code typed.
    await page.goto(`${ORIGIN}/en/exhibitor/leads?id=${seeded.exhibitorId}`)
    await hydrated(page)
    await page.getByLabel(LEADS.typed.orderCode).fill(order.number)
    await page.getByRole('button', { name: LEADS.typed.submit }).click()
    await expect(page.getByRole('region', { name: LEADS.last.heading })).toContainText(LEADS.last.added)

    // The sender runs every two seconds; the receiver checks what it got as any CRM would.
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1)
    const [delivery] = received as [Received]
    expect(signedBy(secret, delivery)).toBe(true)
    const body = JSON.parse(delivery.body)
    expect(body).toMatchObject({
      type: 'lead.created',
      exhibitorId: seeded.exhibitorId,
      exhibitionId,
      lead: { shares: ['name'], firstName: ATTENDEE.first, lastName: ATTENDEE.last, email: null, phone: null },
    })

    // The log shows it delivered. The sender records the answer once the receiver has given it, so a
    // page opened that moment may still show the delivery waiting: the admin presses Refresh, as anyone would.
    await page.goto(`${ORIGIN}/en/exhibitor/crm?id=${seeded.exhibitorId}`)
    await hydrated(page)
    const log = page.getByRole('region', { name: CRM.log.title })
    await expect(log).toContainText(CRM.events.created.replace('{{id}}', String(body.lead.id)))
    await expect(async () => {
      if (!(await log.textContent())?.includes(CRM.statuses.delivered)) await log.getByRole('button', { name: CRM.log.refresh }).click()
      await expect(log).toContainText(CRM.statuses.delivered, { timeout: 1_000 })
    }).toPass({ timeout: 10_000 })
    await expect(log).toContainText('stored')
    await expectAccessible(page)
    await page.setViewportSize(DESKTOP)
    await expectAccessible(page)
  } finally {
    await new Promise((resolve) => receiver.close(resolve))
  }
})
