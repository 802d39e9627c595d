import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { DESKTOP, expect, expectAccessible, hydrated, mailText, PHONE, takingTurns, test } from './fixtures.ts'
import { TAPPED_SERVER_ARGS, tapOf } from './site-tap-client.ts'
import { freshSiteData } from './site-data.ts'

/**
 * Tickets, orders and payment (docs/product.md#orders), in the browser: the whole journey in English and Simplified
 * Chinese at 375 and 1280 px (choose two tickets, a coupon, two attendee forms with a repeated
 * e-mail first, pay in the sandbox, the e-tickets), a second order cancelled and re-registered, and
 * on a server of its own with a one-minute payment window, an order left to expire (the minute moved on,
 * not waited for).
 */

type Tickets = typeof import('../../locales/en/tickets.json')
type Payment = typeof import('../../locales/en/payment.json')
type Login = typeof import('../../locales/en/login.json')
const read = <T>(locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as T
const demoNames = JSON.parse(readFileSync(new URL('../../server/platform/tickets/demo/ticket-texts.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, { name: string }>
>
const TEXT = {
  en: { tickets: read<Tickets>('en', 'tickets'), payment: read<Payment>('en', 'payment'), login: read<Login>('en', 'login') },
  'zh-cn': { tickets: read<Tickets>('zh-cn', 'tickets'), payment: read<Payment>('zh-cn', 'payment'), login: read<Login>('zh-cn', 'login') },
}
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''))

const PASSWORD = 'copper-kettle-harbour-7'
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const visitorIp = () => `8.8.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`

const outboxOf = (dataDir: string) => join(dataDir, 'outbox')
const DATA_DIR = process.env.E2E_DATA_DIR ?? `data/e2e-${process.env.E2E_PORT ?? 3211}`

/** Files mailed to an address (the outbox worker writes them once their transaction commits). */
function mailsTo(dataDir: string, email: string): string[] {
  const outbox = outboxOf(dataDir)
  if (!existsSync(outbox)) return []
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  return readdirSync(outbox)
    .filter((file) => file.endsWith(`-${safe}.eml`))
    .sort()
    .map((file) => readFileSync(join(outbox, file), 'utf8'))
}

async function codeFor(dataDir: string, email: string): Promise<string> {
  let code: string | undefined
  await expect
    .poll(
      () => {
        const last = mailsTo(dataDir, email).at(-1)
        code = last ? /\b(\d{6})\b/.exec(mailText(last))?.[1] : undefined
        return code
      },
      { timeout: 15_000, message: `a code mailed to ${email}` },
    )
    .toMatch(/^\d{6}$/)
  return code as string
}

/** A verified account made through the login page's own forms. */
async function verifiedAccount(request: APIRequestContext, base: string, dataDir: string, lang: string) {
  const email = `tickets-${unique()}@example.com`
  const headers = { 'X-Forwarded-For': visitorIp() }
  expect((await request.post(`${base}/login/register`, { form: { lang, nick: 'Ada', email, password: PASSWORD }, headers })).status()).toBe(200)
  expect((await request.post(`${base}/login/verify`, { form: { lang, email, code: await codeFor(dataDir, email) }, headers })).status()).toBe(200)
  return email
}

/** The id of an exhibition of the demo content by its slug. */
async function exhibitionId(request: APIRequestContext, base: string, slug: string): Promise<number> {
  const token = (await (await request.post(`${base}/api/token`)).json()).access_token as string
  const response = await request.post(`${base}/wikifxweb-v1/wikiexpo/invoke-v1`, {
    headers: { Routes: 'expo$listExhibitions', Authorization: `Bearer ${token}`, LanguageCode: 'en' },
    data: {},
  })
  const items = (await response.json()).data.items as Array<{ id: number; slug: string }>
  const found = items.find((item) => item.slug === slug)
  expect(found, `the demo exhibition ${slug}`).toBeTruthy()
  return (found as { id: number }).id
}

async function open(page: Page, url: string) {
  await page.goto(url)
  await hydrated(page)
}

/** Logs in through the accounts feature's login frame (already open). */
async function logInThroughFrame(page: Page, login: Login, email: string) {
  const frame = page.frameLocator('dialog[open] iframe')
  await expect(frame.getByRole('heading', { level: 1, name: login.title.signin })).toBeVisible()
  await frame.getByLabel(login.fields.email).fill(email)
  await frame.getByLabel(login.fields.password, { exact: true }).fill(PASSWORD)
  await frame.getByRole('button', { name: login.actions.signin }).click()
}

async function fillAttendee(page: Page, position: number, values: { first: string; last: string; email: string; phone: string }) {
  await page.locator(`#attendee-${position}-firstName`).fill(values.first)
  await page.locator(`#attendee-${position}-lastName`).fill(values.last)
  await page.locator(`#attendee-${position}-email`).fill(values.email)
  await page.locator(`#attendee-${position}-phone`).fill(values.phone)
  await page.locator(`#attendee-${position}-identity`).selectOption('trader')
  await page.locator(`#attendee-${position}-industry`).selectOption('fintech')
}

// The journey in each language and at each width, the widths taking turns through the languages.
const SIZES = [PHONE, DESKTOP]
for (const [languageIndex, lang] of (['en', 'zh-cn'] as const).entries()) {
  const t = TEXT[lang]
  const standard = demoNames.standard?.[lang]?.name as string
  for (const [widthIndex, size] of SIZES.entries()) {
    if (!takingTurns(languageIndex, widthIndex, SIZES.length)(0)) continue
    test.describe(`tickets in ${lang} at ${size.width} px`, () => {
      test.use({ viewport: size })

      test('choose two tickets with a coupon, log in, two attendees, pay in the sandbox, see the e-tickets; then cancel and re-register', async ({
        page,
        request,
        baseURL,
      }) => {
        test.setTimeout(150_000)
        const base = baseURL as string
        await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
        const email = await verifiedAccount(request, base, DATA_DIR, lang)
        const bangkok = await exhibitionId(request, base, 'bangkok-2027')

        // Ticket selection, logged out: prices, steppers, the coupon and the automatic total.
        await open(page, `/${lang}/apply/registration?exhibitionId=${bangkok}`)
        await expect(page.getByRole('heading', { level: 1, name: t.tickets.registration.title })).toBeVisible()
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
        await expectAccessible(page)
        const more = page.getByRole('button', { name: fill(t.tickets.registration.increase, { name: standard }) })
        await more.click()
        await more.press('Enter')
        await expect(page.getByRole('spinbutton', { name: fill(t.tickets.registration.quantity, { name: standard }) })).toHaveValue('2')
        await expect(page.getByTestId('order-total')).toHaveText(/198/)
        await page.getByRole('button', { name: t.tickets.coupon.toggle }).click()
        await page.getByRole('button', { name: t.tickets.coupon.apply, exact: true }).click()
        await expect(page.getByText(t.tickets.messages.couponEmpty)).toBeVisible()
        await page.getByLabel(t.tickets.coupon.label).fill('welcome10')
        await page.getByRole('button', { name: t.tickets.coupon.apply, exact: true }).click()
        await expect(page.getByText(fill(t.tickets.coupon.applied, { code: 'WELCOME10' })).first()).toBeVisible()
        await expect(page.getByTestId('order-total')).toHaveText(/178\.20/)

        // Continuing asks for a login; the frame logs in and the order is made where the buyer was.
        await page.getByRole('button', { name: t.tickets.login.title }).click()
        await logInThroughFrame(page, t.login, email)
        await page.waitForURL(/\/apply\/infoPage\?order=T-/)
        await hydrated(page)
        const number = new URL(page.url()).searchParams.get('order') as string
        await expect(page.getByRole('heading', { level: 1, name: t.tickets.attendees.title })).toBeVisible()
        await expect(page.getByRole('timer')).toBeVisible()
        await expectAccessible(page)

        // Empty forms: every prompt, and the focus on the first field.
        await page.locator('#attendee-1-email').fill('')
        await page.getByRole('button', { name: t.tickets.attendees.next }).click()
        await expect(page.locator('#attendee-1-firstName-error')).toHaveText(t.tickets.prompts.firstName)
        await expect(page.locator('#attendee-1-firstName')).toBeFocused()
        await expect(page.locator('#attendee-2-industry-error')).toHaveText(t.tickets.prompts.industry)
        await expect(page.locator('#attendee-1-firstName')).toHaveAttribute('aria-describedby', 'attendee-1-firstName-error')

        // A repeated e-mail address first, then a bad phone, then the right values.
        const shared = `ada-${unique()}@example.com`
        await fillAttendee(page, 1, { first: 'Ada', last: 'Lovelace', email: shared, phone: '(415) 555-2671' })
        await fillAttendee(page, 2, { first: 'Grace', last: 'Hopper', email: shared.toUpperCase(), phone: '12345' })
        await page.getByRole('button', { name: t.tickets.attendees.next }).click()
        await expect(page.locator('#attendee-2-email-error')).toHaveText(t.tickets.messages.emailRepeated)
        await expect(page.locator('#attendee-2-phone-error')).toHaveText(t.tickets.messages.phone)
        await expect(page.locator('#attendee-2-email')).toBeFocused()
        await page.locator('#attendee-2-email').fill(`grace-${unique()}@example.com`)
        await page.locator('#attendee-2-phone').fill('(415) 555-2672')
        await page.getByRole('button', { name: t.tickets.attendees.next }).click()

        // Review, then payment with its countdown.
        await page.waitForURL(/\/apply\/sureInfo/)
        await hydrated(page)
        await expect(page.getByText('Grace Hopper')).toBeVisible()
        await expectAccessible(page)
        await page.getByRole('button', { name: t.tickets.review.confirm }).click()
        await page.waitForURL(/\/apply\/payment/)
        await hydrated(page)
        await expect(page.getByRole('timer', { name: t.tickets.payment.deadline })).toHaveText(/^(29|30):\d\d$/)
        await expect(page.getByRole('heading', { name: t.tickets.payment.refundTitle })).toBeVisible()
        await expect(page.getByRole('heading', { name: t.tickets.payment.instructionsTitle })).toBeVisible()
        await expectAccessible(page)
        await page.getByRole('button', { name: new RegExp(fill(t.tickets.payment.pay, { amount: '.*178\\.20.*' })) }).click()

        // The sandbox's hosted page, clearly a test.
        await page.waitForURL(/\/pay\/sandbox\//)
        await expect(page.getByText(t.payment.sandbox.badge, { exact: true })).toBeVisible()
        await expect(page.getByText(number)).toBeVisible()
        await expectAccessible(page)
        await page.getByRole('button', { name: new RegExp(`^${fill(t.payment.sandbox.pay, { amount: '.*' })}$`) }).click()

        // Registration successful: one e-ticket per attendee, a QR code each.
        await page.waitForURL(/\/apply\/successPage/)
        await hydrated(page)
        await expect(page.getByRole('heading', { level: 1, name: t.tickets.success.title })).toBeVisible()
        const tickets = page.getByTestId('e-ticket')
        await expect(tickets).toHaveCount(2)
        await expect(page.getByRole('img', { name: fill(t.tickets.success.qrAlt, { name: 'Ada Lovelace' }) })).toBeVisible()
        await expect(page.getByRole('img', { name: fill(t.tickets.success.qrAlt, { name: 'Grace Hopper' }) })).toBeVisible()
        await expect(page.getByRole('link', { name: t.tickets.success.calendar })).toHaveAttribute('href', /^data:text\/calendar/)
        await expectAccessible(page)
        // The confirmation e-mail with the QR codes and the calendar file.
        await expect.poll(() => mailsTo(DATA_DIR, email).filter((mail) => mail.includes('text/calendar')).length, { timeout: 15_000 }).toBe(1)
        const mail = mailsTo(DATA_DIR, email).find((raw) => raw.includes('text/calendar')) as string
        expect(mail.match(/filename=e-ticket-/g)).toHaveLength(2)

        // My orders: paid.
        await open(page, `/${lang}/apply/order`)
        const paidCard = page.getByRole('article').filter({ hasText: number })
        await expect(paidCard.getByText(t.tickets.status.paid)).toBeVisible()
        await expectAccessible(page)

        // A second order: one ticket, cancelled after confirmation, then re-registered.
        await open(page, `/${lang}/apply/registration?exhibitionId=${bangkok}`)
        await page.getByRole('button', { name: fill(t.tickets.registration.increase, { name: standard }) }).click()
        await page.getByRole('button', { name: t.tickets.registration.next }).click()
        await page.waitForURL(/\/apply\/infoPage/)
        await hydrated(page)
        const second = new URL(page.url()).searchParams.get('order') as string
        await fillAttendee(page, 1, { first: 'Alan', last: 'Turing', email: `alan-${unique()}@example.com`, phone: '(415) 555-2673' })
        await page.getByRole('button', { name: t.tickets.attendees.next }).click()
        await page.waitForURL(/\/apply\/sureInfo/)
        await hydrated(page)
        await page.getByRole('button', { name: t.tickets.review.confirm }).click()
        await page.waitForURL(/\/apply\/payment/)
        await hydrated(page)
        await page.getByRole('link', { name: t.tickets.payment.cancelOrder }).click()
        await page.waitForURL(/\/apply\/orderCancel/)
        await hydrated(page)
        await expect(page.getByRole('heading', { level: 1, name: t.tickets.cancel.title })).toBeVisible()
        await expectAccessible(page)
        await page.getByRole('button', { name: t.tickets.cancel.confirm }).click()
        await page.waitForURL(/\/apply\/cancelled/)
        await hydrated(page)
        await expect(page.getByRole('heading', { level: 1, name: t.tickets.cancelled.title })).toBeVisible()
        await expect(page.getByText(t.tickets.cancelled.released, { exact: false })).toBeVisible()
        await expectAccessible(page)
        await page.getByRole('link', { name: t.tickets.cancelled.reRegister }).click()
        await page.waitForURL(/\/apply\/registration\?.*from=/)
        await hydrated(page)
        await expect(page.getByText(fill(t.tickets.registration.reRegistering, { number: second }))).toBeVisible()
        await expect(page.getByRole('spinbutton', { name: fill(t.tickets.registration.quantity, { name: standard }) })).toHaveValue('1')
        await page.getByRole('button', { name: t.tickets.registration.next }).click()
        // The attendee came along: straight to the review.
        await page.waitForURL(/\/apply\/sureInfo/)
        await hydrated(page)
        await expect(page.getByText('Alan Turing')).toBeVisible()
        const third = new URL(page.url()).searchParams.get('order') as string
        expect(third).not.toBe(second)

        // A reload keeps everything (the state is in the database).
        await page.reload()
        await hydrated(page)
        await expect(page.getByText('Alan Turing')).toBeVisible()
        await open(page, `/${lang}/apply/order`)
        await expect(page.getByRole('article').filter({ hasText: second }).getByText(t.tickets.status.cancelled)).toBeVisible()
        await expect(page.getByRole('article').filter({ hasText: third }).getByText(t.tickets.status.pending)).toBeVisible()
      })
    })
  }
}

test.describe('a payment the bank declines later', () => {
  test.use({ viewport: PHONE })

  test('when the bank declines after the payer paid, then the check screen waits, says the payment did not go through, and offers to pay again or cancel', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000)
    const t = TEXT.en
    const standard = demoNames.standard?.en?.name as string
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
    const email = await verifiedAccount(request, baseURL as string, DATA_DIR, 'en')
    const bangkok = await exhibitionId(request, baseURL as string, 'bangkok-2027')
    await open(page, `/en/apply/registration?exhibitionId=${bangkok}`)
    await page.getByRole('button', { name: fill(t.tickets.registration.increase, { name: standard }) }).click()
    await page.getByRole('button', { name: t.tickets.login.title }).click()
    await logInThroughFrame(page, t.login, email)
    await page.waitForURL(/\/apply\/infoPage/)
    await hydrated(page)
    await fillAttendee(page, 1, { first: 'Ada', last: 'Lovelace', email: `ada-${unique()}@example.com`, phone: '(415) 555-2671' })
    await page.getByRole('button', { name: t.tickets.attendees.next }).click()
    await page.waitForURL(/\/apply\/sureInfo/)
    await hydrated(page)
    await page.getByRole('button', { name: t.tickets.review.confirm }).click()
    await page.waitForURL(/\/apply\/payment/)
    await hydrated(page)
    await page.getByRole('button', { name: new RegExp(fill(t.tickets.payment.pay, { amount: '.*' })) }).click()
    await page.waitForURL(/\/pay\/sandbox\//)
    await page.getByRole('button', { name: t.payment.sandbox.declineLater }).click()

    // The payment is being confirmed; the settling job applies the bank's answer a few seconds later.
    await page.waitForURL(/\/apply\/unpaid/)
    await hydrated(page)
    await expect(page.locator('#unpaid-status')).toHaveText(t.tickets.unpaid.checking)
    await expect(page.getByRole('heading', { level: 1, name: t.tickets.unpaid.failedTitle })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText(t.tickets.unpaid.failed)).toBeVisible()
    await expect(page.getByRole('link', { name: t.tickets.unpaid.continue })).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('link', { name: t.tickets.payment.cancelOrder }).click()
    await page.waitForURL(/\/apply\/orderCancel/)
    await hydrated(page)
    await page.getByRole('button', { name: t.tickets.cancel.confirm }).click()
    await page.waitForURL(/\/apply\/cancelled/)
  })
})

/** A free port for a server of our own. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

test.describe('an order left unpaid', () => {
  test.use({ viewport: PHONE })
  let server: ChildProcess
  let ask: ReturnType<typeof tapOf>
  let base: string
  let dataDir: string

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    dataDir = `data/e2e-tickets-expiry-${port}`
    freshSiteData(dataDir)
    // The same build, with a one-minute payment window (the smallest ORDER_PAYMENT_MINUTES).
    server = spawn(process.execPath, TAPPED_SERVER_ARGS, {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_ORIGIN: base,
        ORDER_PAYMENT_MINUTES: '1',
        LOG_LEVEL: 'warn',
        PAGE_CACHE: 'on',
      },
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    })
    ask = tapOf(server)
    await expect.poll(async () => (await fetch(`${base}/HealthCheck/Get`).catch(() => null))?.status, { timeout: 90_000, intervals: [500] }).toBe(200)
  })

  test.afterAll(async () => {
    // Its data folder goes once the server has closed its database.
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve))
      server.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  })

  test('when nobody pays before the countdown ends, then the order is cancelled automatically and can be re-registered', async ({ page, request }) => {
    const t = TEXT.en
    const standard = demoNames.standard?.en?.name as string
    // The page's clock is the test's: the countdown is moved on, not waited for.
    await page.clock.install()
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
    const email = await verifiedAccount(request, base, dataDir, 'en')
    const bangkok = await exhibitionId(request, base, 'bangkok-2027')
    await open(page, `${base}/en/apply/registration?exhibitionId=${bangkok}`)
    await page.getByRole('button', { name: fill(t.tickets.registration.increase, { name: standard }) }).click()
    await page.getByRole('button', { name: t.tickets.login.title }).click()
    await logInThroughFrame(page, t.login, email)
    await page.waitForURL(/\/apply\/infoPage/)
    await hydrated(page)
    await fillAttendee(page, 1, { first: 'Ada', last: 'Lovelace', email: `ada-${unique()}@example.com`, phone: '(415) 555-2671' })
    await page.getByRole('button', { name: t.tickets.attendees.next }).click()
    await page.waitForURL(/\/apply\/sureInfo/)
    await hydrated(page)
    await page.getByRole('button', { name: t.tickets.review.confirm }).click()
    await page.waitForURL(/\/apply\/payment/)
    await hydrated(page)
    const number = new URL(page.url()).searchParams.get('order') as string
    await expect(page.getByRole('timer', { name: t.tickets.payment.deadline })).toHaveText(/^00:[0-5]\d$/)
    // The minute passes: on the server, as the database sees the order's deadline, and on the page's clock.
    await ask({ kind: 'query', sql: `update ticket_orders set expires_at = now() - interval '1 second' where number = $1`, params: [number] })
    await page.clock.fastForward('01:01')
    // The countdown has run out on the page; the page asks again and the order has expired on the spot.
    await page.waitForURL(/\/apply\/cancelled/)
    await hydrated(page)
    const [before, after] = t.tickets.cancelled.expired.split('{{time}}') as [string, string]
    await expect(page.locator('#cancelled-reason')).toContainText(fill(before, { number }))
    await expect(page.locator('#cancelled-reason')).toContainText(after)
    await expectAccessible(page)
    // Paying is no longer possible: the payment page sends the buyer back to the cancelled order.
    await open(page, `${base}/en/apply/payment?order=${number}`)
    await expect(page).toHaveURL(/\/apply\/cancelled/)
    await expect(page.getByRole('link', { name: t.tickets.cancelled.reRegister })).toBeVisible()
  })
})
