import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { makeExhibition, makeTicketType } from '../integration/tickets-helpers.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { account, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * A file question on the attendee form (docs/product.md#ticket-question-files), end to end: a manager
 * adds a required file question in the console; a visitor in English and one in Simplified Chinese
 * each buy a standard and a VIP ticket, are told a file is missing and that a renamed program is no
 * picture, attach a photo and a PDF, read the files' names on the review and order pages and download
 * their own; the console's order screen downloads the file. Pages checked with axe at 375 and 1280 px.
 */
type Tickets = typeof import('../../locales/en/tickets.json')
type Login = typeof import('../../locales/en/login.json')
const strings = <T>(lang: string, ns: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/${ns}.json`, import.meta.url), 'utf8')) as T
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const PASSWORD = 'files on the attendee form'
const tag = unique()
const MANAGER = `manager.files-${tag}@example.com`
const QUESTION = { en: 'Passport photo page', zh: '护照照片页' }

const SCREENSHOTS = process.env.E2E_SCREENSHOTS

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

let managerLink: string
let exhibitionId: number
const typeIds = { standard: 0, vip: 0 }
const orders: Record<string, string> = {}

test.describe.configure({ mode: 'serial' })
// The renamed program's upload is refused (415), as meant: the browser logs the refused request.
test.use({ allowConsole: [/Failed to load resource: the server responded with a status of 415/] })

test.beforeAll(async ({ consoleSite }) => {
  managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Mona Manager')
  exhibitionId = await makeExhibition(consoleSite.db, { title: `Files Expo ${tag}` })
  typeIds.standard = await makeTicketType(consoleSite.db, exhibitionId, { name: 'Standard', priceMinor: 9900, currency: 'USD', key: 'standard' })
  typeIds.vip = await makeTicketType(consoleSite.db, exhibitionId, { name: 'VIP', priceMinor: 29900, currency: 'USD', key: 'vip' })
  for (const lang of ['en', 'zh-cn']) await account(consoleSite.db, `buyer.files-${lang}-${tag}@example.com`, 'Xiaoming', PASSWORD, lang)
})

test('a manager adds a required file question', async ({ page }) => {
  test.setTimeout(120_000)
  await setUpAccount(page, managerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}`)
  await page.getByRole('link', { name: 'Attendee questions' }).click()
  await page.getByRole('button', { name: 'Add a question' }).click()
  const form = page.getByRole('form', { name: 'New question' })
  await form.getByLabel('Kind').selectOption('file')
  await form.getByLabel('An answer is required').check()
  await form.getByLabel('Question (en)').fill(QUESTION.en)
  await form.getByLabel('Question (zh-cn)').fill(QUESTION.zh)
  await form.getByRole('button', { name: 'Save question' }).click()
  await expect(page.getByRole('status')).toHaveText('Question saved.')
  const row = page.getByRole('table', { name: 'Questions' }).getByRole('row').filter({ hasText: QUESTION.en })
  await expect(row).toContainText('File (PDF or picture)')
  await expectAccessible(page)
})

async function signIn(page: Page, tickets: Tickets, login: Login, email: string) {
  await page.getByRole('main').getByRole('button', { name: tickets.login.button }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel(login.fields.email).fill(email)
  await frame.getByLabel(login.fields.password, { exact: true }).fill(PASSWORD)
  await frame.getByRole('button', { name: login.actions.signin, exact: true }).click()
  await expect(page.locator('dialog[open]')).toBeHidden()
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

async function fillAttendee(form: Locator, position: number, person: { first: string; last: string; email: string; phone: string }) {
  await form.locator(`#attendee-${position}-firstName`).fill(person.first)
  await form.locator(`#attendee-${position}-lastName`).fill(person.last)
  await form.locator(`#attendee-${position}-email`).fill(person.email)
  await form.locator(`#attendee-${position}-phone`).fill(person.phone)
  await form.locator(`#attendee-${position}-identity`).selectOption('trader')
  await form.locator(`#attendee-${position}-industry`).selectOption('fintech')
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')
const photo = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretPhoneMaker' } })
    .toBuffer()

for (const lang of ['en', 'zh-cn'] as const) {
  const tickets = strings<Tickets>(lang, 'tickets')
  const login = strings<Login>(lang, 'login')
  const question = lang === 'en' ? QUESTION.en : QUESTION.zh
  const email = `buyer.files-${lang}-${tag}@example.com`

  test(`a visitor in ${lang} attaches a file to each of two tickets and downloads their own`, async ({ page }) => {
    test.setTimeout(180_000)
    await page.setViewportSize(PHONE)
    await page.goto(`${ORIGIN}/${lang}/apply/order`)
    await hydrated(page)
    await signIn(page, tickets, login, email)
    const order = await call(page, 'tickets$createOrder', {
      exhibitionId,
      lines: [
        { ticketTypeId: typeIds.standard, quantity: 1 },
        { ticketTypeId: typeIds.vip, quantity: 1 },
      ],
      idempotencyKey: crypto.randomUUID(),
    })
    orders[lang] = order.number
    await page.goto(`${ORIGIN}/${lang}/apply/infoPage?order=${order.number}`)
    await hydrated(page)
    const first = page.getByRole('group', { name: new RegExp(tickets.attendees.legend.replace('{{position}}', '1')) })
    const second = page.getByRole('group', { name: new RegExp(tickets.attendees.legend.replace('{{position}}', '2')) })
    await fillAttendee(page.locator('form'), 1, { first: '小明', last: '王', email, phone: '+86 138 0013 8000' })
    await fillAttendee(page.locator('form'), 2, { first: 'Somchai', last: 'Jaidee', email: `somchai-${lang}-${tag}@example.com`, phone: '+66 81 234 5678' })
    await expect(first.getByText(tickets.questions.file.hint.replace('{{mb}}', '10'))).toBeVisible()

    // Nothing attached: the required file is named; a program renamed as a picture is refused by its content.
    await page.getByRole('button', { name: tickets.attendees.next }).click()
    await expect(first.getByText(tickets.questions.errors.required)).toBeVisible()
    await expect(first.getByLabel(question)).toBeFocused()
    await first.getByLabel(question).setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('MZ\x90\x00 not a picture at all') })
    await expect(first.getByText(tickets.questions.errors.fileType)).toBeVisible()
    await expectAccessible(page)

    await first.getByLabel(question).setInputFiles({ name: '护照.jpg', mimeType: 'image/jpeg', buffer: await photo() })
    await expect(first.getByRole('link', { name: new RegExp(tickets.questions.file.download.replace('{{name}}', '护照.jpg')) })).toBeVisible()
    await second.getByLabel(question).setInputFiles({ name: 'visa letter.pdf', mimeType: 'application/pdf', buffer: PDF })
    await expect(second.getByRole('link', { name: new RegExp(tickets.questions.file.download.replace('{{name}}', 'visa letter.pdf')) })).toBeVisible()
    await shoot(page, `ticket-question-files-form-${lang}-375`)
    await page.setViewportSize(DESKTOP)
    await expectAccessible(page)
    await page.getByRole('button', { name: tickets.attendees.next }).click()

    await page.waitForURL(/\/apply\/sureInfo/)
    await hydrated(page)
    const review = page.locator('#review-attendees').locator('..')
    await expect(review).toContainText('护照.jpg')
    await expect(review).toContainText('visa letter.pdf')
    await expectAccessible(page)

    await page.goto(`${ORIGIN}/${lang}/apply/order?order=${order.number}`)
    await hydrated(page)
    const link = page.getByRole('link', { name: new RegExp(tickets.questions.file.download.replace('{{name}}', 'visa letter.pdf')) })
    await expect(link).toBeVisible()
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toBe('visa letter.pdf')
    await page.setViewportSize(PHONE)
    await expectAccessible(page)
  })
}

test('the console’s order screen names the file and downloads it', async ({ page, consoleSite }) => {
  await consoleSite.signInWithoutCode(page, MANAGER)
  await page.goto(`${ORIGIN}/console/orders/${orders['zh-cn']}`)
  const link = page.getByRole('link', { name: /^护照\.jpg \(\d+ kB\)$/ })
  await expect(link).toBeVisible()
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  expect(download.suggestedFilename()).toBe('护照.jpg')
  await expectAccessible(page)
  await shoot(page, 'ticket-question-files-console-order-1280')
})
