import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import { CONSOLE_PORT, expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { account, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * The waiting list of a sold-out ticket type (docs/product.md#waiting-list), end to end: the one seat
 * is held by an order; Ada (in Simplified Chinese) and Bo (in English) join from the ticket page; the
 * owner cancels the order in the console; Ada is mailed her personal link in Chinese, follows it and
 * orders the seat held for her. Her order is cancelled too, the seat is offered to Bo, his offer's
 * time runs out (its time moved into the past, as the clock would) and the lapse job passes it to the
 * next in line.
 */
const DATA_DIR = `data/e2e-console-${CONSOLE_PORT}`
const PASSWORD = 'copper-kettle-harbour-7'
const STAFF_PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const zh = JSON.parse(readFileSync(new URL('../../locales/zh-cn/tickets.json', import.meta.url), 'utf8'))
const zhLogin = JSON.parse(readFileSync(new URL('../../locales/zh-cn/login.json', import.meta.url), 'utf8'))
const visitorHeaders = () => ({ 'X-Forwarded-For': `8.8.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}` })

test.describe.configure({ mode: 'serial' })

/** Mails to an address as text; the outbox writes .eml files under DATA_DIR. */
function mailsTo(email: string): string[] {
  const outbox = join(DATA_DIR, 'outbox')
  if (!existsSync(outbox)) return []
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  return readdirSync(outbox)
    .filter((file) => file.endsWith(`-${safe}.eml`))
    .sort()
    .map((file) => {
      // Quoted-printable parts (multipart mail): soft breaks joined, bytes undone.
      const raw = readFileSync(join(outbox, file), 'utf8')
      const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      return Buffer.from(bytes, 'latin1').toString('utf8')
    })
}

async function offerLinkMailedTo(email: string): Promise<string> {
  let link = ''
  await expect
    .poll(() => (link = /https?:\/\/\S+\/apply\/registration\?exhibitionId=\d+&offer=[\w-]+/.exec(mailsTo(email).at(-1) ?? '')?.[0] ?? ''), {
      message: `the offer mail to ${email}`,
      timeout: 30_000,
    })
    .toMatch(/offer=/)
  return link
}

/** Signs in through the login frame the page opened. */
async function logIn(page: Page, email: string, labels = { email: /e-mail address/i, password: /^password$/i, submit: /^log in$/i }) {
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel(labels.email).fill(email)
  await frame.getByLabel(labels.password, { exact: true }).fill(PASSWORD)
  await frame.getByRole('button', { name: labels.submit }).click()
  await expect(page.locator('dialog[open]')).toBeHidden()
}

test('when a sold-out seat comes back, then the first in line is mailed a link and buys it; an offer not taken passes on', async ({ consoleSite, browser }) => {
  test.setTimeout(420_000)
  const { db } = consoleSite
  const tag = unique()
  const people = { buyer: `buyer-${tag}@example.com`, ada: `ada-${tag}@example.com`, bo: `bo-${tag}@example.com`, cy: `cy-${tag}@example.com` }
  await account(db, people.buyer, 'Buyer', PASSWORD)
  await account(db, people.ada, '王小明', PASSWORD, 'zh-cn')
  await account(db, people.bo, 'Bo Andersen', PASSWORD)
  await account(db, people.cy, 'Cy Tan', PASSWORD)
  const exhibitionId = (
    await db.query<{ id: number }>(
      `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, sales_open_at, city, country_code, region, published)
       values ($1, 'exhibition', now() + interval '40 days', now() + interval '41 days', 'Asia/Bangkok', now() - interval '1 day', 'Bangkok', 'TH', 'asia', true)
       returning id`,
      [`waiting-${tag}`],
    )
  ).rows[0]?.id as number
  await db.query(
    `insert into exhibition_texts (exhibition_id, locale, title, venue_name) values ($1, 'en', $2, 'QSNCC'), ($1, 'zh-cn', $3, '诗丽吉会议中心')`,
    [exhibitionId, `Bangkok Markets Week ${tag}`, `曼谷市场周 ${tag}`],
  )
  const typeId = (
    await db.query<{ id: number }>(
      `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, texts) values ($1, 'keynote', 29900, 'THB', 1, $2) returning id`,
      [exhibitionId, JSON.stringify({ en: { name: 'Keynote seat' }, 'zh-cn': { name: '主题演讲座位' } })],
    )
  ).rows[0]?.id as number
  const registration = (lang: string) => `${ORIGIN}/${lang}/apply/registration?exhibitionId=${exhibitionId}`
  const contexts: BrowserContext[] = []
  const visitor = async (viewport = DESKTOP) => {
    const context = await browser.newContext({ viewport, extraHTTPHeaders: visitorHeaders() })
    contexts.push(context)
    return context.newPage()
  }

  // The buyer's order holds the only seat.
  const buyer = await visitor()
  await buyer.goto(registration('en'))
  await hydrated(buyer)
  await buyer.getByRole('button', { name: 'One ticket more: Keynote seat' }).click()
  await buyer.getByRole('button', { name: /log in to buy tickets/i }).click()
  await logIn(buyer, people.buyer)
  await buyer.waitForURL(/\/apply\/infoPage\?order=T-/)
  const firstOrder = new URL(buyer.url()).searchParams.get('order') as string

  // Ada joins in Chinese on a phone, signing in from the row; Bo in English.
  const ada = await visitor(PHONE)
  await ada.goto(registration('zh-cn'))
  await hydrated(ada)
  await ada.getByRole('button', { name: zh.waitingList.signIn }).click()
  await logIn(ada, people.ada, { email: zhLogin.fields.email, password: zhLogin.fields.password, submit: zhLogin.actions.signin })
  await ada.getByRole('button', { name: zh.waitingList.join }).click()
  await expect(ada.getByText('您排在第 1 位，候补 1 张。')).toBeVisible()
  await expectAccessible(ada)

  const bo = await visitor()
  await bo.goto(registration('en'))
  await hydrated(bo)
  await bo.getByRole('button', { name: 'Sign in to join the waiting list' }).click()
  await logIn(bo, people.bo)
  await bo.getByRole('button', { name: 'One ticket more: Keynote seat' }).click()
  await bo.getByRole('button', { name: 'Join the waiting list' }).click()
  await expect(bo.getByText('You are number 2 in line for 2 tickets.')).toBeVisible()
  // Joining again changes the number and keeps the place.
  await bo.getByRole('button', { name: 'One ticket less: Keynote seat' }).click()
  await bo.getByRole('button', { name: 'Change the number' }).click()
  await expect(bo.getByText('You are number 2 in line for 1 ticket.')).toBeVisible()
  await expectAccessible(bo)

  // The owner cancels the buyer's order in the console.
  const ownerEmail = `owner-${tag}@example.com`
  const staffContext = await browser.newContext({ viewport: DESKTOP })
  contexts.push(staffContext)
  const staff = await staffContext.newPage()
  // Set-up signs the new member in.
  await setUpAccount(staff, await consoleSite.addStaff(ownerEmail, 'owner', 'Olga Owner'), STAFF_PASSWORD, EN)
  await staff.waitForURL(`${ORIGIN}/console`)
  const cancel = async (number: string) => {
    await staff.goto(`${ORIGIN}/console/orders/${number}`)
    await hydrated(staff)
    await staff.getByRole('button', { name: 'Cancel order…' }).click()
    await staff.getByRole('button', { name: 'Cancel the order' }).click()
    await expect(staff.getByRole('status').filter({ hasText: number })).toContainText(`Order ${number} is cancelled.`)
  }
  await cancel(firstOrder)

  // Ada's mail is in Chinese; her link opens the ticket page with her seat chosen, and she orders it.
  const link = await offerLinkMailedTo(people.ada)
  expect(mailsTo(people.ada).at(-1)).toContain('主题演讲座位')
  await ada.goto(link)
  await hydrated(ada)
  await expect(ada.getByText(zh.waitingList.offerLead)).toBeVisible()
  await expectAccessible(ada)
  await ada.getByRole('button', { name: zh.registration.next }).click()
  await ada.waitForURL(/\/apply\/infoPage\?order=T-/)
  const adaOrder = new URL(ada.url()).searchParams.get('order') as string
  const states = async () =>
    (
      await db.query<{ email: string; state: string }>(
        'select a.email, w.state from waiting_list_entries w join accounts a on a.id = w.account_id where w.ticket_type_id = $1 order by w.id',
        [typeId],
      )
    ).rows
  expect(await states()).toEqual([
    { email: people.ada, state: 'accepted' },
    { email: people.bo, state: 'waiting' },
  ])

  // Cy joins behind Bo; the owner sees the line in the console.
  const cyId = (await db.query<{ id: string }>('select id from accounts where email = $1', [people.cy])).rows[0]?.id
  await db.query(`insert into waiting_list_entries (ticket_type_id, account_id, quantity, locale, joined_at) values ($1, $2, 1, 'en', now())`, [typeId, cyId])
  await staff.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}`)
  await hydrated(staff)
  await staff.getByRole('button', { name: 'Waiting list of Keynote seat' }).click()
  const line = staff.getByRole('table', { name: 'The line, then entries that ended' })
  await expect(line.getByRole('row').filter({ hasText: people.bo })).toContainText('Waiting')
  await expect(line.getByRole('row').filter({ hasText: people.ada })).toContainText('Bought')
  await expectAccessible(staff)

  // Ada's order is cancelled too: the seat goes to Bo; his offer runs out and passes to Cy.
  await cancel(adaOrder)
  await expect.poll(async () => (await states()).find((row) => row.email === people.bo)?.state).toBe('offered')
  await offerLinkMailedTo(people.bo)
  await db.query(`update waiting_list_entries set offer_until = now() - interval '1 minute' where ticket_type_id = $1 and state = 'offered'`, [typeId])
  await expect.poll(async () => (await states()).map((row) => row.state), { timeout: 30_000 }).toEqual(['accepted', 'lapsed', 'offered'])
  await offerLinkMailedTo(people.cy)
  for (const context of contexts) await context.close()
})
