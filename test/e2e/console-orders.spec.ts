import type { ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { addStaffOnCommandLine, CONSOLE_PORT, ORIGIN, resetSite, setUpAccount, startSite } from './console-kit.ts'
import { DESKTOP, expect, expectAccessible, hydrated, test } from './fixtures.ts'

/**
 * Orders in the console (issue 17 "Done means"): a visitor buys a ticket on the public site, the
 * owner finds the order by the attendee's name, refunds one ticket, and the buyer's refund mail
 * arrives (the sandbox refunds at once; the outbox writes .eml files under the site's DATA_DIR).
 */
const DATA_DIR = `data/e2e-console-${CONSOLE_PORT}`
const demoTexts = JSON.parse(readFileSync(new URL('../../server/platform/tickets/demo/ticket-texts.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, { name: string }>
>
const PASSWORD = 'correct horse battery staple'
const VISITOR_PASSWORD = 'copper-kettle-harbour-7'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const headers = { 'X-Forwarded-For': `8.8.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}` }

let site: ChildProcess
let ownerLink: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  resetSite()
  ownerLink = addStaffOnCommandLine('olga@example.com', 'owner', 'Olga Owner')
  site = await startSite()
})

test.afterAll(() => {
  site?.kill()
})

/** Mails to an address as text (nodemailer's quoted-printable undone). */
function mailsTo(email: string): string[] {
  const outbox = join(DATA_DIR, 'outbox')
  if (!existsSync(outbox)) return []
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  return readdirSync(outbox)
    .filter((file) => file.endsWith(`-${safe}.eml`))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(outbox, file), 'utf8')
      const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      return Buffer.from(bytes, 'latin1').toString('utf8')
    })
}

test('when a visitor buys two tickets, then the owner finds the order by an attendee name, refunds one ticket, and the buyer gets the refund mail', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  await page.setViewportSize(DESKTOP)

  // A visitor with a verified account buys two tickets through the public pages, paying in the sandbox.
  const email = `buyer-${unique()}@example.com`
  expect((await request.post(`${ORIGIN}/login/register`, { form: { lang: 'en', nick: 'Ada', email, password: VISITOR_PASSWORD }, headers })).status()).toBe(200)
  let code = ''
  await expect.poll(() => (code = /\b(\d{6})\b/.exec(mailsTo(email).at(-1) ?? '')?.[1] ?? ''), { timeout: 20_000 }).toMatch(/^\d{6}$/)
  expect((await request.post(`${ORIGIN}/login/verify`, { form: { lang: 'en', email, code }, headers })).status()).toBe(200)
  const token = (await (await request.post(`${ORIGIN}/api/token`)).json()).access_token as string
  const listed = await request.post(`${ORIGIN}/wikifxweb-v1/wikiexpo/invoke-v1`, {
    headers: { Routes: 'expo$listExhibitions', Authorization: `Bearer ${token}`, LanguageCode: 'en' },
    data: {},
  })
  const bangkok = ((await listed.json()).data.items as Array<{ id: number; slug: string }>).find((item) => item.slug === 'bangkok-2027')?.id
  await page.setExtraHTTPHeaders(headers)
  await page.goto(`${ORIGIN}/en/apply/registration?exhibitionId=${bangkok}`)
  await hydrated(page)
  // The demo's paid pass (the first one on the page is free).
  const standard = demoTexts.standard?.en?.name as string
  const more = page.getByRole('button', { name: `One ticket more: ${standard}` })
  await more.click()
  await more.click()
  await page.getByRole('button', { name: /log in to buy tickets/i }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel(/e-mail address/i).fill(email)
  await frame.getByLabel(/^password$/i).fill(VISITOR_PASSWORD)
  await frame.getByRole('button', { name: /^log in$/i }).click()
  await page.waitForURL(/\/apply\/infoPage\?order=T-/)
  await hydrated(page)
  const number = new URL(page.url()).searchParams.get('order') as string
  const attendees = [
    { first: 'Meiling', last: 'Zhou', email: `meiling-${unique()}@example.com`, phone: '(415) 555-2681' },
    { first: 'Grace', last: 'Hopper', email: `grace-${unique()}@example.com`, phone: '(415) 555-2682' },
  ]
  for (const [index, attendee] of attendees.entries()) {
    await page.locator(`#attendee-${index + 1}-firstName`).fill(attendee.first)
    await page.locator(`#attendee-${index + 1}-lastName`).fill(attendee.last)
    await page.locator(`#attendee-${index + 1}-email`).fill(attendee.email)
    await page.locator(`#attendee-${index + 1}-phone`).fill(attendee.phone)
    await page.locator(`#attendee-${index + 1}-identity`).selectOption('trader')
    await page.locator(`#attendee-${index + 1}-industry`).selectOption('fintech')
  }
  await page.getByRole('button', { name: /continue to review/i }).click()
  await page.waitForURL(/\/apply\/sureInfo/)
  await hydrated(page)
  await page.getByRole('button', { name: /confirm and continue to payment/i }).click()
  await page.waitForURL(/\/apply\/payment/)
  await hydrated(page)
  await page.getByRole('button', { name: /^pay /i }).click()
  await page.waitForURL(/\/pay\/sandbox\//)
  await page.getByRole('button', { name: /^pay /i }).click()
  await page.waitForURL(/\/apply\/successPage/)
  // Each attendee has their own e-ticket by mail.
  for (const attendee of attendees) await expect.poll(() => mailsTo(attendee.email).length, { timeout: 20_000 }).toBe(1)

  // The owner sets up the console account and finds the order by the attendee's name.
  await setUpAccount(page, ownerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page
    .getByRole('navigation', { name: /console sections/i })
    .getByRole('link', { name: 'Orders' })
    .click()
  await hydrated(page)
  await page.getByRole('searchbox', { name: 'Search' }).fill('Meiling Zhou')
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter')
  await expect(page.getByRole('link', { name: number })).toBeVisible()
  await expect(page.getByRole('row')).toHaveCount(2)
  await expectAccessible(page)
  await page.getByRole('link', { name: number }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Order ${number}` })).toBeVisible()
  await hydrated(page)
  await expectAccessible(page)

  // Refund Grace Hopper's ticket only: the dialog shows the amount before anything happens.
  await page.getByRole('button', { name: 'Refund…' }).click()
  const dialog = page.getByRole('dialog', { name: `Refund order ${number}` })
  await dialog.getByRole('checkbox', { name: /Meiling Zhou/ }).uncheck()
  // One ticket of two: its price, not the order's total.
  const toRefund = (await dialog.getByText(/^To refund: /).textContent())?.replace('To refund: ', '') ?? ''
  expect(await dialog.locator('label').filter({ hasText: 'Grace Hopper' }).textContent()).toMatch(new RegExp(`· ${toRefund.replace(/[$.]/g, '\\$&')}$`))
  await dialog.getByRole('button', { name: `Refund ${toRefund}` }).click()
  await expect(page.getByRole('status')).toHaveText(`A refund of ${toRefund} was requested. Its state shows under Payments and refunds.`)
  await expect(page.getByRole('row').filter({ hasText: 'Grace Hopper' })).toContainText('Refunded')
  await expect(page.getByRole('row').filter({ hasText: 'Meiling Zhou' })).toContainText('Valid')

  // The refunds job asks the sandbox, then the buyer is mailed; the detail shows the refund done.
  await expect
    .poll(() => mailsTo(email).filter((mail) => /organiser is refunding/.test(mail) && /money has been refunded/.test(mail)).length, { timeout: 30_000 })
    .toBe(1)
  await page.reload()
  await hydrated(page)
  await expect(page.getByRole('row').filter({ hasText: 'Refunded by staff' })).toContainText('Refunded')
})
