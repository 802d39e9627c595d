import { createHash, createHmac, randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Browser } from '@playwright/test'
import type { Queryable } from '../../server/db/client.ts'
import { expect, ORIGIN, test } from './console-kit.ts'
import { account, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * The waiting list without JavaScript and in My account (docs/product.md#waiting-list): a visitor
 * whose browser runs no script joins a sold-out type from the ticket page and leaves it, each time
 * back on the page with the answer in their language; My account lists the places and an offer with
 * its deadline and the link its mail carries, in English and Simplified Chinese, on a phone and a desk.
 */
const zh = JSON.parse(readFileSync(new URL('../../locales/zh-cn/tickets.json', import.meta.url), 'utf8'))
const en = JSON.parse(readFileSync(new URL('../../locales/en/tickets.json', import.meta.url), 'utf8'))
const sha = (value: string) => createHash('sha256').update(value).digest('base64url')

/** A sold-out exhibition's one type, named in English and Chinese. */
async function soldOutType(db: Queryable, tag: string): Promise<{ exhibitionId: number; typeId: number }> {
  const exhibitionId = (
    await db.query<{ id: number }>(
      `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, sales_open_at, city, country_code, region, published)
       values ($1, 'exhibition', now() + interval '40 days', now() + interval '41 days', 'Asia/Bangkok', now() - interval '1 day', 'Bangkok', 'TH', 'asia', true)
       returning id`,
      [`waiting-account-${tag}`],
    )
  ).rows[0]?.id as number
  await db.query(
    `insert into exhibition_texts (exhibition_id, locale, title, venue_name) values ($1, 'en', $2, 'QSNCC'), ($1, 'zh-cn', $3, '诗丽吉会议中心')`,
    [exhibitionId, `Bangkok Markets Week ${tag}`, `曼谷市场周 ${tag}`],
  )
  const typeId = (
    await db.query<{ id: number }>(
      `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, reserved, texts) values ($1, 'keynote', 29900, 'THB', 1, 1, $2) returning id`,
      [exhibitionId, JSON.stringify({ en: { name: 'Keynote seat' }, 'zh-cn': { name: '主题演讲座位' } })],
    )
  ).rows[0]?.id as number
  return { exhibitionId, typeId }
}

/** A browser signed in as the account, as the login frame leaves it (its HttpOnly login cookie). */
async function signedIn(browser: Browser, db: Queryable, email: string, options: { viewport: typeof DESKTOP; javaScriptEnabled?: boolean }) {
  const secret = randomBytes(32).toString('base64url')
  const sessionId = (
    await db.query<{ id: string }>(
      `insert into sessions (account_id, expires_at, secret_hash) select id, now() + interval '1 day', $2 from accounts where email = $1 returning id`,
      [email, sha(secret)],
    )
  ).rows[0]?.id as string
  const context = await browser.newContext({
    ...options,
    extraHTTPHeaders: { 'X-Forwarded-For': `9.9.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}` },
  })
  await context.addCookies([{ name: 'expo_login', value: `${sessionId}.${secret}`, url: ORIGIN, httpOnly: true, sameSite: 'Lax' }])
  return context
}

test('when a visitor without JavaScript joins and leaves a sold-out type, then the page comes back each time with the answer in their language', async ({
  consoleSite,
  browser,
}) => {
  const { db } = consoleSite
  const tag = unique()
  const email = `nojs-${tag}@example.com`
  await account(db, email, '王小明', 'copper-kettle-harbour-7', 'zh-cn')
  const { exhibitionId, typeId } = await soldOutType(db, tag)

  const phone = await signedIn(browser, db, email, { viewport: PHONE, javaScriptEnabled: false })
  const page = await phone.newPage()
  await page.goto(`${ORIGIN}/zh-cn/apply/registration?exhibitionId=${exhibitionId}`)
  await page.getByLabel(zh.waitingList.quantity.replace('{{name}}', '主题演讲座位')).fill('2')
  await page.getByRole('button', { name: zh.waitingList.join }).click()
  await expect(page).toHaveURL(/[?&]waiting=joined/)
  await expect(page.locator('#waiting-answer')).toHaveText(zh.waitingList.joined)
  await expect(page.getByText('您排在第 1 位，候补 2 张。')).toBeVisible()
  expect((await db.query('select quantity, locale from waiting_list_entries where ticket_type_id = $1', [typeId])).rows).toEqual([
    { quantity: 2, locale: 'zh-cn' },
  ])
  // axe needs script: the same answer's page, as a browser that runs it shows it.
  const scripted = await signedIn(browser, db, email, { viewport: PHONE })
  const check = await scripted.newPage()
  await check.goto(page.url())
  await hydrated(check)
  await expect(check.locator('#waiting-answer')).toHaveText(zh.waitingList.joined)
  await expectAccessible(check)
  await scripted.close()

  // A number no order holds, sent with Enter (the row's own form): refused, in Chinese, nothing changed.
  await page.getByLabel(zh.waitingList.quantity.replace('{{name}}', '主题演讲座位')).fill('0')
  await page.getByLabel(zh.waitingList.quantity.replace('{{name}}', '主题演讲座位')).press('Enter')
  await expect(page.locator('#waiting-answer')).toHaveText(zh.waitingList.quantityInvalid)

  await page.getByRole('button', { name: zh.waitingList.leave }).click()
  await expect(page.locator('#waiting-answer')).toHaveText(zh.waitingList.left)
  await expect(page.getByRole('button', { name: zh.waitingList.join })).toBeVisible()
  expect((await db.query('select state from waiting_list_entries where ticket_type_id = $1', [typeId])).rows).toEqual([{ state: 'left' }])
  await phone.close()

  // Signed out, in English on a desk: the form asks to sign in first.
  const anonymous = await browser.newContext({ viewport: DESKTOP })
  const visitor = await anonymous.newPage()
  const form = await visitor.request.post(`${ORIGIN}/en/apply/registration?exhibitionId=${exhibitionId}`, {
    form: { waiting: `join:${typeId}`, [`waitingQuantity-${typeId}`]: '1' },
    maxRedirects: 0,
  })
  expect(form.status()).toBe(303)
  await visitor.goto(`${ORIGIN}${form.headers().location}`)
  await hydrated(visitor)
  await expect(visitor.locator('#waiting-answer')).toHaveText(en.waitingList.signInFirst)
  await expectAccessible(visitor)
  await anonymous.close()
})

test('when an account waits in one line and holds an offer in another, then My account shows the place, the deadline and the link to buy, and leaves', async ({
  consoleSite,
  browser,
}) => {
  const { db } = consoleSite
  const tag = unique()
  const email = `mine-${tag}@example.com`
  await account(db, email, 'Grace Hopper', 'copper-kettle-harbour-7')
  const waiting = await soldOutType(db, `${tag}a`)
  const offered = await soldOutType(db, `${tag}b`)
  const accountId = (await db.query<{ id: string }>('select id from accounts where email = $1', [email])).rows[0]?.id as string
  await db.query(`insert into waiting_list_entries (ticket_type_id, account_id, quantity, locale, joined_at) values ($1, $2, 3, 'en', now())`, [
    waiting.typeId,
    accountId,
  ])
  // An offer as the mail job leaves it: the seat held (capacity 2, one order's, one the offer's) and its link's hash.
  const entryId = (
    await db.query<{ id: string; offered_at: Date }>(
      `insert into waiting_list_entries (ticket_type_id, account_id, quantity, locale, joined_at, state, offered_quantity, offered_at, offer_until)
       values ($1, $2, 1, 'en', now() - interval '1 hour', 'offered', 1, date_trunc('milliseconds', now()), now() + interval '20 hours') returning id::text as id, offered_at`,
      [offered.typeId, accountId],
    )
  ).rows[0]
  await db.query('update ticket_types set capacity = 2, reserved = 2 where id = $1', [offered.typeId])
  await db.query(`insert into platform_secrets (name, value) values ('waiting-offer-links', $1) on conflict (name) do nothing`, [
    randomBytes(32).toString('base64url'),
  ])
  const key = (await db.query<{ value: string }>(`select value from platform_secrets where name = 'waiting-offer-links'`)).rows[0]?.value as string
  if (!entryId) throw new Error('the waiting-list entry was not made')
  const token = createHmac('sha256', key)
    .update(`${entryId.id}:${(entryId.offered_at as Date).toISOString()}`)
    .digest()
    .subarray(0, 24)
    .toString('base64url')
  await db.query('update waiting_list_entries set offer_token_hash = $2, offer_mailed_at = now() where id = $1', [entryId?.id, sha(token)])

  for (const [lang, viewport, words] of [
    ['en', DESKTOP, en],
    ['zh-cn', PHONE, zh],
  ] as const) {
    const context = await signedIn(browser, db, email, { viewport })
    const page = await context.newPage()
    await page.goto(`${ORIGIN}/${lang}/info.html`)
    await hydrated(page)
    const section = page.getByRole('region', { name: words.waitingList.account.title })
    await expect(section).toBeVisible()
    const title = lang === 'en' ? 'Bangkok Markets Week' : '曼谷市场周'
    const waitingItem = section.getByRole('listitem').filter({ hasText: `${title} ${tag}a` })
    await expect(waitingItem).toContainText(lang === 'en' ? 'You are number 1 in line for 3 tickets.' : '您排在第 1 位，候补 3 张。')
    const offerItem = section.getByRole('listitem').filter({ hasText: `${title} ${tag}b` })
    await expect(offerItem.getByRole('link', { name: words.waitingList.mail.buy })).toHaveAttribute('href', new RegExp(`offer=${token}$`))
    const held = (lang === 'en' ? words.waitingList.offered_one : words.waitingList.offered_other) as string
    await expect(offerItem).toContainText(held.split('{{until}}')[0]?.replace('{{count}}', '1') ?? '')
    await expectAccessible(page)
    await context.close()
  }

  // Leaving the line from My account, and following the link to the seats held.
  const context = await signedIn(browser, db, email, { viewport: PHONE })
  const page = await context.newPage()
  await page.goto(`${ORIGIN}/en/info.html`)
  await hydrated(page)
  const section = page.getByRole('region', { name: en.waitingList.account.title })
  await section
    .getByRole('listitem')
    .filter({ hasText: `${tag}a` })
    .getByRole('button', { name: en.waitingList.leave })
    .click()
  await expect(section.getByRole('listitem')).toHaveCount(1)
  expect((await db.query('select state from waiting_list_entries where ticket_type_id = $1', [waiting.typeId])).rows).toEqual([{ state: 'left' }])
  await section.getByRole('link', { name: en.waitingList.mail.buy }).click()
  await expect(page).toHaveURL(new RegExp(`offer=${token}`))
  await expect(page.getByText(en.waitingList.offerLead)).toBeVisible()
  await context.close()
})
