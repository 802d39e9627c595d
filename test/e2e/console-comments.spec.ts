import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Locator, Page } from '@playwright/test'
import type { Queryable } from '../../server/db/client.ts'
import { createPasswordHasher } from '../../server/platform/passwords.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Comment moderation (docs/product.md#console-comments), tried as a new editor would on a 375 px phone: find a
 * spam comment in the queue and hide it with a reason, block a visitor who insults others (with the
 * keyboard) and hide their comments at once. The public exhibition page no longer shows them, the
 * spammer sees their own comment marked with the reason, and the blocked visitor (reading the site in
 * Chinese) sees the notice instead of the comment box. The queue is looked at on a desktop and in
 * the console's Chinese too; each page is checked with axe (and kept as a screenshot with
 * E2E_SCREENSHOTS).
 *
 * Accounts and comments are written into the running site's database (console-kit.ts), as the
 * public site would have stored them (posting is tested in accounts.spec.ts).
 */
const PASSWORD = 'correct horse battery staple'
const VISITOR_PASSWORD = 'visitor password 2026'
const EDITOR = 'mia.moderator@example.com'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

const SPAM = 'Guaranteed 300% returns, message me on Telegram @fast_profit_now'
const INSULTS = ['Only fools go to this expo.', 'The organisers are clowns.']
const KIND = 'Is there parking near hall 3?'
const SPAM_REASON = 'Advertising and investment promises are not allowed here.'
const BLOCK_REASON = 'Repeated insults towards other visitors.'

type Account = typeof import('../../locales/en/account.json')
type Login = typeof import('../../locales/en/login.json')
type Common = typeof import('../../locales/en/common.json')
const read = <T>(locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as T
const TEXT = {
  en: { account: read<Account>('en', 'account'), login: read<Login>('en', 'login'), common: read<Common>('en', 'common') },
  'zh-cn': { account: read<Account>('zh-cn', 'account'), login: read<Login>('zh-cn', 'login'), common: read<Common>('zh-cn', 'common') },
}

const VISITORS = {
  spammer: { email: 'sunny.deals@example.com', nick: 'Sunny Deals' },
  troll: { email: 'grumpy@example.com', nick: 'Grumpy' },
  kind: { email: 'lin@example.com', nick: 'Lin' },
}

let editorLink: string
const problems: string[] = []
let exhibitionId: number

async function seed(db: Queryable): Promise<void> {
  const hasher = createPasswordHasher(1)
  try {
    const exhibition = await db.query<{ id: number }>(
      `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, published)
       values ('bangkok-trader-expo', 'exhibition', now() + interval '60 days', now() + interval '62 days', 'Asia/Bangkok', 'Bangkok', 'TH', 'asia', true)
       returning id`,
    )
    exhibitionId = exhibition.rows[0]?.id as number
    await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'Bangkok Trader Expo'), ($1, 'zh-cn', '曼谷交易博览会')`, [
      exhibitionId,
    ])
    const hash = await hasher.hash(VISITOR_PASSWORD)
    const ids: Record<string, string> = {}
    for (const [key, visitor] of Object.entries(VISITORS)) {
      const row = await db.query<{ id: string }>(
        "insert into accounts (email, email_verified_at, nick, password_hash, locale) values ($1, now(), $2, $3, 'en') returning id",
        [visitor.email, visitor.nick, hash],
      )
      ids[key] = row.rows[0]?.id as string
    }
    const post = (account: string | undefined, body: string) =>
      db.query('insert into exhibition_comments (exhibition_id, account_id, body) values ($1, $2, $3)', [exhibitionId, account, body])
    await post(ids.kind, KIND)
    for (const insult of INSULTS) await post(ids.troll, insult)
    await post(ids.spammer, SPAM)
  } finally {
    await hasher.close()
  }
}

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** The comments section alone, large enough to read in a screenshot. */
async function shootSection(section: Locator, name: string) {
  if (SCREENSHOTS) await section.screenshot({ path: join(SCREENSHOTS, `${name}.png`) })
}

/** The exhibition page as a visitor (signed in through the login frame when given an account). */
async function exhibitionPage(browser: Browser, lang: 'en' | 'zh-cn', viewport: typeof PHONE, visitor?: { email: string }) {
  const t = TEXT[lang]
  const context = await browser.newContext({ viewport })
  const page = await context.newPage()
  // The fixture watches only the test's own page: these fail on a console or page error the same way.
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${lang} visitor: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`${lang} visitor: ${error.message}`))
  await page.goto(`${ORIGIN}/${lang}/backDetail/${exhibitionId}`)
  await hydrated(page)
  if (visitor) {
    await page.locator('#community').getByRole('button', { name: t.common.nav.login }).click()
    const frame = page.frameLocator('dialog[open] iframe')
    await frame.getByLabel(t.login.fields.email).fill(visitor.email)
    await frame.getByLabel(t.login.fields.password, { exact: true }).fill(VISITOR_PASSWORD)
    await frame.getByRole('button', { name: t.login.actions.signin, exact: true }).click()
    await expect(page.locator('dialog[open]')).toBeHidden()
  }
  const community = page.locator('#community')
  // The section is an empty frame until the comments' texts have loaded, then a new element: scrolling
  // to the frame could meet it as it is replaced.
  await expect(community.getByRole('heading', { level: 2, name: new RegExp(t.account.comments.title) })).toBeVisible()
  await community.scrollIntoViewIfNeeded()
  return { page, community, close: () => context.close() }
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  editorLink = await consoleSite.addStaff(EDITOR, 'editor', 'Mia Moderator')
  await seed(consoleSite.db)
})

test('an editor hides a spam comment and blocks a visitor on a phone; the public page, the spammer and the blocked visitor see the outcome', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize(PHONE)
  // Anyone reads all four first (the exhibition page is now in the page cache).
  const anyone = await exhibitionPage(browser, 'en', DESKTOP)
  await expect(anyone.community.getByText(SPAM)).toBeVisible()
  await expect(anyone.community.getByRole('heading', { level: 2 })).toContainText('4 comments')

  await setUpAccount(page, editorLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await hydrated(page)
  await page
    .getByRole('navigation', { name: /console sections/i })
    .getByRole('link', { name: 'Comments' })
    .click()
  await page.waitForURL(`${ORIGIN}/console/comments`)
  await expect(page.getByRole('heading', { level: 1, name: 'Comments' })).toBeVisible()
  const queue = page.getByRole('region', { name: 'Comments found' })
  await expect(queue.getByRole('listitem')).toHaveCount(4)
  await expectAccessible(page)
  await shoot(page, 'comments-queue-375')

  // Hiding needs a reason, which the form asks for in place.
  const spam = queue.getByRole('listitem').filter({ hasText: SPAM })
  await spam.getByRole('button', { name: 'Hide', exact: true }).click()
  await expect(spam.getByRole('textbox', { name: 'Reason' })).toBeFocused()
  await spam.getByRole('button', { name: 'Hide comment' }).click()
  await expect(spam.getByText('Give a reason: the visitor reads it.')).toBeVisible()
  await expectAccessible(page)
  await spam.getByRole('textbox', { name: 'Reason' }).fill(SPAM_REASON)
  await spam.getByRole('button', { name: 'Hide comment' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The comment is hidden.' })).toBeVisible()
  await expect(spam).toContainText(`Hidden by Mia Moderator`)
  await expect(spam).toContainText(SPAM_REASON)
  await expect(spam.getByRole('button', { name: 'Restore' })).toBeVisible()
  await expectAccessible(page)
  await shoot(page, 'comments-hidden-375')

  // Blocking the author of the insults with the keyboard: the form opens with the focus in the reason.
  const insult = queue.getByRole('listitem').filter({ hasText: INSULTS[0] as string })
  await insult.getByRole('button', { name: 'Block author' }).focus()
  await page.keyboard.press('Enter')
  await expect(insult.getByRole('textbox', { name: 'Reason' })).toBeFocused()
  await page.keyboard.type(BLOCK_REASON)
  await insult.getByLabel(/also hide all their visible comments/i).check()
  await insult.getByRole('button', { name: 'Block from commenting' }).press('Enter')
  // The keyboard goes on from the card, whose button is now "Unblock author".
  await expect(insult.getByRole('article')).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: 'Grumpy can no longer comment; 2 of their comments were hidden.' })).toBeVisible()
  for (const text of INSULTS) {
    const card = queue.getByRole('listitem').filter({ hasText: text })
    await expect(card).toContainText('Blocked from commenting')
    await expect(card.getByRole('button', { name: 'Unblock author' })).toBeVisible()
    await expect(card.getByRole('button', { name: 'Restore' })).toBeVisible()
  }
  // Nothing wider than the phone: cards, not a table that scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)
  await shoot(page, 'comments-blocked-375')

  // Anyone, reloading: only the kind comment is left, and the count says so (nothing stale from a cache).
  await anyone.page.reload()
  await hydrated(anyone.page)
  await expect(anyone.community.getByText(KIND)).toBeVisible()
  await expect(anyone.community.getByText(SPAM)).toHaveCount(0)
  for (const text of INSULTS) await expect(anyone.community.getByText(text)).toHaveCount(0)
  await expect(anyone.community.getByRole('heading', { level: 2 })).toContainText('1 comment')
  await anyone.close()

  // The spammer still sees their comment, with the organiser's reason, for them alone.
  const spammer = await exhibitionPage(browser, 'en', PHONE, VISITORS.spammer)
  const own = spammer.community.getByRole('listitem').filter({ hasText: SPAM })
  await expect(own).toContainText(`Hidden by the organiser: ${SPAM_REASON}`)
  await expect(own).toContainText('Only you can see this comment.')
  await expect(spammer.community.getByLabel(TEXT.en.account.comments.label)).toBeVisible()
  await expectAccessible(spammer.page)
  await shoot(spammer.page, 'public-own-hidden-375')
  await shootSection(spammer.community, 'public-own-hidden-section-375')
  await spammer.close()

  // The blocked visitor reads the site in Chinese: the notice with the reason, and no comment box.
  const troll = await exhibitionPage(browser, 'zh-cn', PHONE, VISITORS.troll)
  await expect(troll.community.getByRole('status')).toContainText(`主办方已禁止您发表评论：${BLOCK_REASON}`)
  await expect(troll.community.getByRole('textbox')).toHaveCount(0)
  await expectAccessible(troll.page)
  await shoot(troll.page, 'public-blocked-zh-cn-375')
  await shootSection(troll.community, 'public-blocked-zh-cn-section-375')
  await troll.close()

  expect(problems, 'console or page errors on the public pages').toEqual([])

  // On a desktop: the hidden ones, and one restored with a note.
  await page.setViewportSize(DESKTOP)
  await page.getByLabel('Shown').selectOption('hidden')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page).toHaveURL(/state=hidden/)
  await expect(queue.getByRole('listitem')).toHaveCount(3)
  await expectAccessible(page)
  await shoot(page, 'comments-hidden-filter-1280')
  const hiddenSpam = queue.getByRole('listitem').filter({ hasText: SPAM })
  await hiddenSpam.getByRole('button', { name: 'Restore' }).click()
  await hiddenSpam.getByLabel('Note (optional)').fill('The exhibitor asked us to look again.')
  await hiddenSpam.getByRole('button', { name: 'Restore comment' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The comment is visible again.' })).toBeVisible()
  await expect(queue.getByRole('listitem')).toHaveCount(2)
  await expectAccessible(page)

  // The console in Chinese, once.
  await page.getByLabel('Console language').selectOption('zh-cn')
  await expect(page.getByRole('heading', { level: 1, name: '评论' })).toBeVisible()
  await hydrated(page)
  await expect(page.getByRole('region', { name: '找到的评论' }).getByRole('listitem').first()).toContainText('已禁止评论')
  await expectAccessible(page)
  await shoot(page, 'comments-zh-cn-1280')
})
