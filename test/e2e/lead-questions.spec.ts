import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { readSheet } from 'read-excel-file/node'
import { expect, ORIGIN, test } from './console-kit.ts'
import type { Queryable } from '../../server/db/client.ts'
import { acceptedExhibitor, account, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE, signInByGateway } from './fixtures.ts'

/**
 * The exhibitor's own questions and the team view (docs/product.md#lead-questions,
 * docs/product.md#lead-team-view), in English: an admin defines a choice and a yes / no question on a
 * desktop; a staff member on a 375 px phone types two order codes, answers both questions on each
 * lead in a few taps, filters the team's list by an answer and exports XLSX, whose columns carry the
 * answers; the page in Simplified Chinese too. axe at 375 and 1280 px (kept as screenshots with E2E_SCREENSHOTS).
 */
type Leads = typeof import('../../locales/en/leads.json')
const read = <T>(namespace: string) => JSON.parse(readFileSync(new URL(`../../locales/en/${namespace}.json`, import.meta.url), 'utf8')) as T
const LEADS = read<Leads>('leads')
const LEADS_ZH = JSON.parse(readFileSync(new URL('../../locales/zh-cn/leads.json', import.meta.url), 'utf8')) as Leads
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `lead-questions-${name}.png`), fullPage: true })
}

const PASSWORD = 'questions at the booth 2026'
const tag = unique()
const ADMIN = `admin.questions-${tag}@example.com`
const STAFF = `staff.questions-${tag}@example.com`
const BUYER = `buyer.questions-${tag}@example.com`
const ORDER = `T-${tag
  .toUpperCase()
  .replace(/[^0-9A-HJKMNP-TV-Z]/g, '0')
  .padEnd(10, '0')
  .slice(0, 10)}`

/** A paid order of two tickets, both sharing their names, Grace her e-mail too (what exhibitors may receive). */
async function paidOrder(db: Queryable, exhibitionId: number) {
  const type = await db.query<{ id: number }>(
    `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, texts)
     values ($1, 'standard', 9900, 'USD', 100, 5, '{"en": {"name": "Standard pass", "description": "The whole exhibition"}}') returning id`,
    [exhibitionId],
  )
  const order = await db.query<{ id: string }>(
    `insert into ticket_orders (number, account_id, exhibition_id, status, locale, buyer_email, currency, subtotal_minor, total_minor, expires_at, paid_at, idempotency_key)
     select $1, id, $2, 'paid', 'en', email, 'USD', 19800, 19800, now(), now(), gen_random_uuid() from accounts where email = $3
     returning id`,
    [ORDER, exhibitionId, BUYER],
  )
  const orderId = order.rows[0]?.id
  await db.query('insert into ticket_order_lines (order_id, ticket_type_id, quantity, unit_price_minor) values ($1, $2, 2, 9900)', [orderId, type.rows[0]?.id])
  const people = [
    { first: 'Grace', last: 'Hopper', shares: ['name', 'email'] },
    { first: 'Alan', last: 'Turing', shares: ['name'] },
  ]
  for (const [index, person] of people.entries()) {
    const attendee = await db.query<{ id: string }>(
      `insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry, shares)
       values ($1, $2, $3, $4, $5, $6, 'GB', 'trader', 'fintech', $7) returning id`,
      [orderId, index + 1, person.first, person.last, `${person.first.toLowerCase()}-${tag}@example.com`, `+44740012345${index}`, person.shares],
    )
    await db.query('insert into e_tickets (order_id, attendee_id, exhibition_id, ticket_type_id, code) values ($1, $2, $3, $4, $5)', [
      orderId,
      attendee.rows[0]?.id,
      exhibitionId,
      type.rows[0]?.id,
      `questions-${tag}-${index + 1}`,
    ])
  }
}

test('an admin defines a choice and a yes / no question; a staff member answers them in a few taps, filters by an answer and exports XLSX', async ({
  consoleSite,
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const { db } = consoleSite
  await account(db, ADMIN, 'Ada Admin', PASSWORD)
  await account(db, STAFF, 'Sam Staff', PASSWORD)
  await account(db, BUYER, 'Bea Buyer', PASSWORD)
  const seeded = await acceptedExhibitor(consoleSite, ADMIN, `Hopper Markets ${tag}`)
  const exhibition = await db.query<{ exhibition_id: number }>('select exhibition_id from exhibitors where id = $1', [seeded.exhibitorId])
  const exhibitionId = exhibition.rows[0]?.exhibition_id as number
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) select $1, id, 'staff' from accounts where email = $2", [
    seeded.exhibitorId,
    STAFF,
  ])
  // The organiser's switch (console$setLeadCapture, covered by test/integration/leads.test.ts).
  await db.query('insert into lead_capture (exhibition_id, enabled, updated_at) values ($1, true, now())', [exhibitionId])
  await paidOrder(db, exhibitionId)
  const address = `${ORIGIN}/en/exhibitor/leads?id=${seeded.exhibitorId}`

  // The admin, on a desktop, defines the team's two questions.
  await page.setViewportSize(DESKTOP)
  await signInByGateway(page, ORIGIN, ADMIN, PASSWORD)
  await page.goto(address)
  await hydrated(page)
  const questions = page.getByRole('region', { name: LEADS.questions.heading })
  await questions.getByRole('button', { name: LEADS.questions.manage }).click()
  await questions.getByRole('button', { name: LEADS.questions.add }).click()
  await questions.getByLabel(LEADS.questions.kind).selectOption({ label: LEADS.questions.kinds.choice })
  await questions.getByLabel(LEADS.questions.label, { exact: true }).fill('Market')
  await questions.getByLabel(LEADS.questions.options).fill('Retail\nInstitutional')
  await questions.getByRole('button', { name: LEADS.questions.save }).click()
  await expect(questions.getByTestId('lead-questions')).toContainText('Retail / Institutional')
  await questions.getByRole('button', { name: LEADS.questions.add }).click()
  await questions.getByLabel(LEADS.questions.kind).selectOption({ label: LEADS.questions.kinds.yesno })
  await questions.getByLabel(LEADS.questions.label, { exact: true }).fill('Wants a demo')
  await questions.getByRole('button', { name: LEADS.questions.save }).click()
  // A third question, then removed again: the removal asks first, the safe choice focused.
  await questions.getByRole('button', { name: LEADS.questions.add }).click()
  await expect(questions.getByLabel(LEADS.questions.label, { exact: true })).toBeFocused()
  await questions.getByLabel(LEADS.questions.kind).selectOption({ label: LEADS.questions.kinds.text })
  await questions.getByLabel(LEADS.questions.label, { exact: true }).fill('Budget holder')
  await questions.getByRole('button', { name: LEADS.questions.save }).click()
  const budget = questions.getByTestId('lead-questions').getByRole('listitem').filter({ hasText: 'Budget holder' })
  await budget.getByRole('button', { name: LEADS.questions.remove }).click()
  await expect(budget.getByRole('button', { name: LEADS.questions.keep })).toBeFocused()
  await expect(budget).toContainText(LEADS.questions.confirmRemove.replace('{{label}}', 'Budget holder'))
  await budget.getByRole('button', { name: LEADS.questions.remove }).click()
  await expect(questions.getByTestId('lead-questions').getByRole('listitem')).toHaveCount(2)
  await expect(questions).not.toContainText('Budget holder')
  await expectAccessible(page)
  await shoot(page, 'admin-1280')

  // The staff member's phone at the booth: no camera needed, the order code is typed.
  const context = await browser.newContext({ viewport: PHONE })
  const problems: string[] = []
  const phone = await context.newPage()
  phone.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  phone.on('pageerror', (error) => problems.push(error.message))
  try {
    await signInByGateway(phone, ORIGIN, STAFF, PASSWORD)
    await phone.goto(address)
    await hydrated(phone)
    const card = phone.getByRole('region', { name: LEADS.last.heading })
    const answerLead = async (position: string, market: string, demo: string) => {
      await phone.getByLabel(LEADS.typed.orderCode).fill(ORDER)
      await phone.getByLabel(LEADS.typed.position).selectOption(position)
      await phone.getByRole('button', { name: LEADS.typed.submit }).click()
      await expect(card).toContainText(LEADS.last.added)
      await card.getByRole('group', { name: 'Market' }).getByRole('radio', { name: market }).check()
      await card.getByRole('group', { name: 'Wants a demo' }).getByRole('radio', { name: demo }).check()
      await card.getByRole('button', { name: LEADS.qualify.save }).click()
      await expect(card).toContainText(LEADS.qualify.saved)
    }
    await answerLead('1', 'Institutional', LEADS.answers.yes)
    await answerLead('2', 'Retail', LEADS.answers.no)
    await shoot(phone, 'card-375')

    const list = phone.getByTestId('lead-list')
    await expect(list.locator(':scope > li')).toHaveCount(2)
    await expect(list).toContainText('Market: Institutional')
    await expect(list).toContainText(`Wants a demo: ${LEADS.answers.no}`)

    // Staff members read the questions but cannot change them.
    const staffQuestions = phone.getByRole('region', { name: LEADS.questions.heading })
    await staffQuestions.getByRole('button', { name: LEADS.questions.show }).click()
    await expect(staffQuestions).toContainText(LEADS.questions.adminsOnly)
    await expect(staffQuestions.getByRole('button', { name: LEADS.questions.add })).toHaveCount(0)

    // The team's list, filtered by an answer on the server.
    await phone.getByText(LEADS.list.moreFilters).click()
    await phone.getByLabel('Wants a demo').selectOption({ label: LEADS.answers.yes })
    await expect(list.locator(':scope > li')).toHaveCount(1)
    await expect(list).toContainText('Grace Hopper')
    await expect(phone.getByRole('status').filter({ hasText: '1 lead matches' })).toBeVisible()
    await expectAccessible(phone)
    await shoot(phone, 'filtered-375')
    await phone.setViewportSize(DESKTOP)
    await expectAccessible(phone)
    await shoot(phone, 'filtered-1280')

    const [download] = await Promise.all([phone.waitForEvent('download'), phone.getByRole('button', { name: LEADS.download.xlsx }).click()])
    const sheet = await readSheet(readFileSync(await download.path()))
    const header = sheet[0] as unknown[]
    expect(header.slice(-2)).toEqual(['Market', 'Wants a demo'])
    const rows = sheet.slice(1).map((row) => ({ name: row[0], market: row.at(-2), demo: row.at(-1) }))
    expect(rows).toEqual(
      expect.arrayContaining([
        { name: 'Grace Hopper', market: 'Institutional', demo: 'Yes' },
        { name: 'Alan Turing', market: 'Retail', demo: 'No' },
      ]),
    )

    // The same team in Simplified Chinese: the questions stay in the team's own words around the page's.
    await phone.goto(address.replace('/en/', '/zh-cn/'))
    await hydrated(phone)
    await expect(phone.getByRole('heading', { name: LEADS_ZH.questions.heading })).toBeVisible()
    await phone.getByText(LEADS_ZH.list.moreFilters).click()
    await expect(phone.getByLabel('Wants a demo')).toBeVisible()
    await expectAccessible(phone)
    await shoot(phone, 'zh-cn-1280')
    await phone.setViewportSize(PHONE)
    await expectAccessible(phone)
    await shoot(phone, 'zh-cn-375')
    expect(problems).toEqual([])
  } finally {
    await context.close()
  }
})
