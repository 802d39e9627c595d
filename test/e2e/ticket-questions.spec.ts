import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { makeExhibition, makeTicketType } from '../integration/tickets-helpers.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { account, callAsVisitor, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE, signInByGateway } from './fixtures.ts'

/**
 * The organiser's own questions on the attendee form (docs/product.md#ticket-questions), end to end: a
 * manager adds one question of each kind in the console (in English; the company size only for VIP
 * tickets, the desk also in Chinese); a visitor in Simplified Chinese buys a standard and a VIP ticket,
 * is told what is wrong, answers, reads the answers on the review and order pages and changes one in
 * My tickets; the console's order screen shows them. Pages checked with axe at 375 and 1280 px.
 */
type Tickets = typeof import('../../locales/en/tickets.json')
const TICKETS = JSON.parse(readFileSync(new URL('../../locales/zh-cn/tickets.json', import.meta.url), 'utf8')) as Tickets
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const PASSWORD = 'questions on the attendee form'
const tag = unique()
const MANAGER = `manager.questions-${tag}@example.com`
const BUYER = `buyer.questions-${tag}@example.cn`

const SCREENSHOTS = process.env.E2E_SCREENSHOTS

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

let managerLink: string
let exhibitionId: number
let orderNumber: string
const typeIds = { standard: 0, vip: 0 }

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Mona Manager')
  exhibitionId = await makeExhibition(consoleSite.db, { title: `Questions Expo ${tag}` })
  typeIds.standard = await makeTicketType(consoleSite.db, exhibitionId, { name: 'Standard', priceMinor: 9900, currency: 'USD', key: 'standard' })
  typeIds.vip = await makeTicketType(consoleSite.db, exhibitionId, { name: 'VIP', priceMinor: 29900, currency: 'USD', key: 'vip' })
  await account(consoleSite.db, BUYER, 'Xiaoming', PASSWORD, 'zh-cn')
})

interface NewQuestion {
  kind: string
  text: string
  zh?: string
  required?: boolean
  choices?: string[]
  min?: string
  max?: string
  onlyVip?: boolean
}

async function addQuestion(page: Page, question: NewQuestion) {
  await page.getByRole('button', { name: 'Add a question' }).click()
  const form = page.getByRole('form', { name: 'New question' })
  await form.getByLabel('Kind').selectOption(question.kind)
  if (question.required) await form.getByLabel('An answer is required').check()
  if (question.onlyVip) await form.getByRole('checkbox', { name: 'VIP' }).check()
  if (question.min) await form.getByLabel('Lowest number (optional)').fill(question.min)
  if (question.max) await form.getByLabel('Highest number (optional)').fill(question.max)
  await form.getByLabel('Question (en)').fill(question.text)
  if (question.zh) await form.getByLabel('Question (zh-cn)').fill(question.zh)
  if (question.choices) await form.getByLabel('Choices, one per line (en)').fill(question.choices.join('\n'))
  await form.getByRole('button', { name: 'Save question' }).click()
  await expect(page.getByRole('status')).toHaveText('Question saved.')
  await expect(page.getByRole('table', { name: 'Questions' })).toContainText(question.text)
}

test('a manager adds one question of each kind, one only for VIP tickets', async ({ page }) => {
  test.setTimeout(120_000)
  await setUpAccount(page, managerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await page.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}`)
  await page.getByRole('link', { name: 'Attendee questions' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Attendee questions')
  await expect(page.getByText('No questions yet')).toBeVisible()
  await expectAccessible(page)
  const questions: NewQuestion[] = [
    { kind: 'text', text: 'Your desk', zh: '您的部门', required: true },
    { kind: 'longText', text: 'What do you hope to learn?' },
    { kind: 'number', text: 'Monthly volume (USD)', required: true, min: '0', max: '1000000' },
    { kind: 'choiceOne', text: 'Your role', required: true, choices: ['Trader', 'Analyst', 'Other'] },
    { kind: 'choiceMany', text: 'Markets you trade', choices: ['Forex', 'Crypto', 'Stocks'] },
    { kind: 'yesNo', text: 'Joining the dinner?' },
    { kind: 'country', text: 'Country of residence' },
    { kind: 'date', text: 'Arrival day' },
    { kind: 'choiceOne', text: 'Company size', required: true, choices: ['1–10', '11–100', '100+'], onlyVip: true },
  ]
  for (const question of questions) await addQuestion(page, question)
  const table = page.getByRole('table', { name: 'Questions' })
  await expect(table.getByRole('row')).toHaveCount(questions.length + 1)
  await expect(table.getByRole('row').filter({ hasText: 'Company size' })).toContainText('VIP')
  await expectAccessible(page)
  await shoot(page, 'ticket-questions-console-1280')
})

async function fillAttendee(form: Locator, position: number, person: { first: string; last: string; email: string; phone: string }) {
  await form.locator(`#attendee-${position}-firstName`).fill(person.first)
  await form.locator(`#attendee-${position}-lastName`).fill(person.last)
  await form.locator(`#attendee-${position}-email`).fill(person.email)
  await form.locator(`#attendee-${position}-phone`).fill(person.phone)
  await form.locator(`#attendee-${position}-identity`).selectOption('trader')
  await form.locator(`#attendee-${position}-industry`).selectOption('fintech')
}

async function answer(attendee: Locator, volume: string) {
  const questions = attendee.getByRole('group', { name: TICKETS.questions.heading })
  await questions.getByLabel('您的部门').fill('王小明')
  await questions.getByLabel('What do you hope to learn?').fill('ระบบการซื้อขาย')
  await questions.getByLabel('Monthly volume (USD)').fill(volume)
  await questions.getByRole('group', { name: 'Your role' }).getByRole('radio', { name: 'Analyst' }).check()
  const markets = questions.getByRole('group', { name: 'Markets you trade' })
  await markets.getByRole('checkbox', { name: 'Forex' }).check()
  await markets.getByRole('checkbox', { name: 'Stocks' }).check()
  await questions.getByRole('group', { name: 'Joining the dinner?' }).getByRole('radio', { name: TICKETS.questions.yes }).check()
  await questions.getByLabel('Country of residence').selectOption('TH')
  await questions.getByLabel('Arrival day').fill('2027-06-01')
}

test('a visitor answers for two tickets in Chinese, is told what is wrong, reads the answers back and changes one in My tickets', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize(PHONE)
  await signInByGateway(page, ORIGIN, BUYER, PASSWORD, 'zh-cn')
  const order = await callAsVisitor(page, 'tickets$createOrder', {
    exhibitionId,
    lines: [
      { ticketTypeId: typeIds.standard, quantity: 1 },
      { ticketTypeId: typeIds.vip, quantity: 1 },
    ],
    idempotencyKey: crypto.randomUUID(),
  })
  orderNumber = order.number
  await page.goto(`${ORIGIN}/zh-cn/apply/infoPage?order=${orderNumber}`)
  await hydrated(page)
  const first = page.getByRole('group', { name: new RegExp(TICKETS.attendees.legend.replace('{{position}}', '1')) })
  const second = page.getByRole('group', { name: new RegExp(TICKETS.attendees.legend.replace('{{position}}', '2')) })
  await fillAttendee(page.locator('form'), 1, { first: '小明', last: '王', email: BUYER, phone: '+86 138 0013 8000' })
  await fillAttendee(page.locator('form'), 2, { first: 'Somchai', last: 'Jaidee', email: `somchai-${tag}@example.com`, phone: '+66 81 234 5678' })
  // The company size is asked on the VIP ticket only.
  await expect(first.getByRole('group', { name: 'Company size' })).toHaveCount(0)
  await expect(second.getByRole('group', { name: 'Company size' })).toBeVisible()
  await answer(first, '299 美元')
  await answer(second, '299.00')
  await page.getByRole('button', { name: TICKETS.attendees.next }).click()
  await expect(first.getByText(TICKETS.questions.errors.number)).toBeVisible()
  await expect(second.getByRole('group', { name: 'Company size' }).getByText(TICKETS.questions.errors.required)).toBeVisible()
  await expect(first.getByLabel('Monthly volume (USD)')).toBeFocused()
  await expectAccessible(page)
  await shoot(page, 'ticket-questions-form-errors-375')
  await first.getByLabel('Monthly volume (USD)').fill('299.00')
  await second.getByRole('group', { name: 'Company size' }).getByRole('radio', { name: '100+' }).check()
  await page.setViewportSize(DESKTOP)
  await expectAccessible(page)
  await shoot(page, 'ticket-questions-form-1280')
  await page.getByRole('button', { name: TICKETS.attendees.next }).click()

  await page.waitForURL(/\/apply\/sureInfo/)
  await hydrated(page)
  const review = page.locator('#review-attendees').locator('..')
  await expect(review).toContainText('Forex、Stocks')
  await expect(review).toContainText('泰国')
  await expect(review).toContainText('100+')
  await callAsVisitor(page, 'tickets$confirmOrder', { orderNumber })
  const started = await callAsVisitor(page, 'tickets$startPayment', { orderNumber, method: 'sandbox' })
  const key = new URL(started.redirectUrl, 'http://x').searchParams.get('key') as string
  expect((await page.request.post(`${ORIGIN}/pay/sandbox/${started.attemptId}`, { form: { key, action: 'pay' }, maxRedirects: 0 })).status()).toBe(303)

  await page.goto(`${ORIGIN}/zh-cn/apply/order?order=${orderNumber}`)
  await hydrated(page)
  await expect(page.getByText('王小明', { exact: true }).first()).toBeVisible()
  await page.getByRole('button', { name: TICKETS.questions.changeFor.replace('{{name}}', '王小明') }).click()
  await page.getByRole('textbox', { name: '您的部门' }).fill('交易部')
  await expectAccessible(page)
  await page.getByRole('button', { name: TICKETS.questions.save }).click()
  await expect(page.getByText(TICKETS.questions.saved)).toBeVisible()
  await expect(page.getByText('交易部', { exact: true })).toBeVisible()
  await page.setViewportSize(PHONE)
  await expectAccessible(page)
  await shoot(page, 'ticket-questions-my-tickets-375')
})

test('the console shows the answers on the order screen', async ({ page, consoleSite }) => {
  await consoleSite.signInWithoutCode(page, MANAGER)
  await page.goto(`${ORIGIN}/console/orders/${orderNumber}`)
  await expect(page.getByText('交易部')).toBeVisible()
  await expect(page.getByText('Forex, Stocks').first()).toBeVisible()
  await expect(page.getByText('100+')).toBeVisible()
  await expectAccessible(page)
  await shoot(page, 'ticket-questions-console-order-1280')
})
