import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../../server/db/client.ts'
import { makeExhibition, makeTicketType } from '../integration/tickets-helpers.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * The post-event survey (docs/product.md#survey): a visitor opens the personal link of their mail and answers at
 * 375 px in English and on a desktop in Chinese, each page checked with axe (and kept as a
 * screenshot with E2E_SCREENSHOTS); the form works without JavaScript too; a second visit says it is
 * answered; an unknown link is a clear 404. Then a manager sees the answers as charts in the console.
 *
 * The exhibition is over and its tickets were checked in before this test: the data is written into
 * the running site's database (console-kit.ts; the mail job itself is tested in
 * test/integration/survey.test.ts), with invitation tokens the test knows.
 */
const PASSWORD = 'correct horse battery staple'
const MANAGER = 'mona@example.com'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }

let managerLink: string
let exhibitionId: number
const tokens = { en: '', zh: '', plain: '' }

/** An ended exhibition, a paid order of three checked-in tickets, four questions and one invitation per ticket. */
async function seedSurvey(db: Queryable): Promise<void> {
  exhibitionId = await makeExhibition(db, { title: 'Bangkok Traders Fair', startsInDays: -4, days: 2, salesOpenedDaysAgo: 40 })
  const type = await makeTicketType(db, exhibitionId, { name: 'Standard pass', priceMinor: 12900, currency: 'GBP', key: 'standard' })
  const account = await db.query<{ id: string }>(
    "insert into accounts (email, email_verified_at, nick) values ('visitor@example.com', now(), 'Visitor') returning id",
  )
  const order = await db.query<{ id: string }>(
    `insert into ticket_orders (number, account_id, exhibition_id, status, locale, buyer_email, currency, subtotal_minor, total_minor, expires_at, confirmed_at, paid_at, idempotency_key)
     values ('T-5RVEY00001', $1, $2, 'paid', 'en', 'visitor@example.com', 'GBP', 38700, 38700, now(), now() - interval '10 days', now() - interval '10 days', gen_random_uuid())
     returning id`,
    [account.rows[0]?.id, exhibitionId],
  )
  const orderId = order.rows[0]?.id
  await db.query('insert into ticket_order_lines (order_id, ticket_type_id, quantity, unit_price_minor) values ($1, $2, 3, 12900)', [orderId, type])
  const people = [
    ['Grace', 'Hopper', 'en'],
    ['Meiling', 'Zhou', 'zh-cn'],
    ['Ada', 'Lovelace', 'en'],
  ] as const
  const made: string[] = []
  for (const [index, [first, last, locale]] of people.entries()) {
    const attendee = await db.query<{ id: string }>(
      `insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry)
       values ($1, $2, $3, $4, $5, $6, 'GB', 'trader', 'fintech') returning id`,
      [orderId, index + 1, first, last, `${first.toLowerCase()}@example.com`, `+44770090012${index}`],
    )
    const ticket = await db.query<{ id: string }>(
      "insert into e_tickets (order_id, attendee_id, exhibition_id, ticket_type_id, code) values ($1, $2, $3, $4, 'ET1.test.' || gen_random_uuid()) returning id",
      [orderId, attendee.rows[0]?.id, exhibitionId, type],
    )
    const token = randomBytes(32).toString('base64url')
    made.push(token)
    await db.query(
      `insert into survey_invitations (ticket_id, exhibition_id, token_hash, locale, email, expires_at)
       values ($1, $2, $3, $4, $5, now() + interval '30 days')`,
      [ticket.rows[0]?.id, exhibitionId, createHash('sha256').update(token).digest(), locale, `${first.toLowerCase()}@example.com`],
    )
  }
  ;[tokens.en, tokens.zh, tokens.plain] = made as [string, string, string]
  const questions: Array<[string, boolean, number, object]> = [
    ['rating', true, 0, { en: { text: 'How was the exhibition overall?', options: [] }, 'zh-cn': { text: '您对展会的总体评价如何？', options: [] } }],
    [
      'single',
      true,
      3,
      {
        en: { text: 'Will you come next year?', options: ['Yes', 'Maybe', 'No'] },
        'zh-cn': { text: '您明年还会来吗？', options: ['会', '也许', '不会'] },
      },
    ],
    [
      'multiple',
      false,
      3,
      {
        en: { text: 'What did you visit?', options: ['Talks', 'Booths', 'Workshops'] },
        'zh-cn': { text: '您参观了哪些活动？', options: ['演讲', '展位', '工作坊'] },
      },
    ],
    ['text', false, 0, { en: { text: 'What should we do better?', options: [] }, 'zh-cn': { text: '我们哪里可以做得更好？', options: [] } }],
  ]
  for (const [position, [kind, required, optionCount, texts]] of questions.entries()) {
    await db.query('insert into survey_questions (exhibition_id, kind, required, option_count, texts, position) values ($1, $2, $3, $4, $5, $6)', [
      exhibitionId,
      kind,
      required,
      optionCount,
      JSON.stringify(texts),
      position,
    ])
  }
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Mona Manager')
  await seedSurvey(consoleSite.db)
})

test('a visitor answers the survey in English on a phone: checked before sending, thanked, then told it is answered', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto(`${ORIGIN}/en/survey/${tokens.en}`)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Bangkok Traders Fair' })).toBeVisible()
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Send my answers' }).click()
  const summary = page.getByRole('alert')
  await expect(summary).toContainText('Some answers need your attention.')
  await expect(summary.getByRole('link')).toHaveCount(2)
  await expect(summary).toBeFocused()
  await expectAccessible(page)

  const rating = page.getByRole('group', { name: /How was the exhibition overall/ })
  await rating.getByRole('radio', { name: '4 of 5 stars' }).check()
  await page
    .getByRole('group', { name: /Will you come next year/ })
    .getByRole('radio', { name: 'Maybe' })
    .check()
  const visited = page.getByRole('group', { name: /What did you visit/ })
  await visited.getByRole('checkbox', { name: 'Talks' }).check()
  await visited.getByRole('checkbox', { name: 'Workshops' }).check()
  await page.getByLabel(/What should we do better/).fill('More seats in the talks, please.')
  // Each answer given leaves the list of what needs attention.
  await expect(page.getByRole('alert')).toHaveCount(0)
  // From the top: wherever the page stands, the sticky header covers whatever is under it, and axe
  // counts a covered radio as a small target.
  await page.evaluate(() => window.scrollTo(0, 0))
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Send my answers' }).click()
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeFocused()
  await expectAccessible(page)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Already answered' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Send my answers' })).toHaveCount(0)
})

test('a visitor answers in Chinese on a desktop', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  await page.goto(`${ORIGIN}/zh-cn/survey/${tokens.zh}`)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: '测试金融科技展' })).toBeVisible()
  await expect(page.getByRole('group', { name: /您明年还会来吗/ })).toBeVisible()
  await expectAccessible(page)
  await page
    .getByRole('group', { name: /您对展会的总体评价如何/ })
    .getByRole('radio', { name: '5 星（满分 5 星）' })
    .check()
  await page
    .getByRole('group', { name: /您明年还会来吗/ })
    .getByRole('radio', { name: '会', exact: true })
    .check()
  await page.getByLabel(/我们哪里可以做得更好/).fill('咖啡不够。')
  await page.getByRole('button', { name: '提交我的回答' }).click()
  await expect(page.getByRole('heading', { name: '谢谢您！' })).toBeVisible()
  await expectAccessible(page)
})

test.describe('an unknown link', () => {
  test.use({ allowConsole: [/status of 404/] })

  test('is a clear 404 page in the visitor language', async ({ page }) => {
    await page.setViewportSize(PHONE)
    const missing = await page.goto(`${ORIGIN}/zh-cn/survey/${'x'.repeat(43)}`)
    expect(missing?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: '未找到问卷' })).toBeVisible()
    await expectAccessible(page)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form posts to the page and comes back with the errors, then with thanks', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto(`${ORIGIN}/en/survey/${tokens.plain}`)
    await page.getByRole('button', { name: 'Send my answers' }).click()
    await expect(page.getByRole('alert')).toContainText('Please answer this question.')
    await page
      .getByRole('group', { name: /How was the exhibition overall/ })
      .getByRole('radio', { name: '2 of 5 stars' })
      .check()
    await page
      .getByRole('group', { name: /Will you come next year/ })
      .getByRole('radio', { name: 'No' })
      .check()
    await page.getByRole('button', { name: 'Send my answers' }).click()
    await expect(page).toHaveURL(/\?sent=1$/)
    await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible()
  })
})

test.describe('the console', () => {
  // The refused save of a half-translated question answers 400 on purpose.
  test.use({ allowConsole: [/status of 400/] })

  test('a manager sees the answers as charts and adds a question', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await setUpAccount(page, managerLink, PASSWORD, EN)
    await page.waitForURL(`${ORIGIN}/console`)
    await page.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}/survey`)
    await hydrated(page)
    await expect(page.getByText('3 answers from 3 invitations sent.')).toBeVisible()
    const overall = page.getByRole('region', { name: /How was the exhibition overall/ })
    await expect(overall).toContainText('Average: 3.67 of 5')
    // Each bar counts people out of those who answered (not out of the choices ticked).
    await expect(overall.getByRole('row', { name: /^5 ★/ })).toContainText('1 of 3 (33%)')
    await expect(page.getByRole('region', { name: /What should we do better/ })).toContainText('More seats in the talks, please.')
    // The answers stream as a file from a plain link (docs/product.md#streamed-exports).
    const csv = page.getByRole('link', { name: 'Export answers (CSV)' })
    await expect(csv).toBeVisible()
    const file = await page.request.get(new URL((await csv.getAttribute('href')) as string, page.url()).href)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toMatch(/^text\/csv/)
    expect(await file.text()).toContain('More seats in the talks, please.')
    await expectAccessible(page)

    // Answers are in: a new question can still be added, with its texts per language, but none deleted.
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Add a question' }).click()
    await page.getByLabel('Kind').selectOption('single')
    await page.getByLabel('Question (en)').fill('Was the venue easy to reach?')
    await page.getByLabel('Options, one per line (en)').fill('Yes\nNo')
    await page.getByLabel('Question (zh-cn)').fill('场馆容易到达吗？')
    await page.getByLabel('Options, one per line (zh-cn)').fill('是')
    await page.getByRole('button', { name: 'Save question' }).click()
    await expect(page.getByText('Give every option in this language, or none')).toBeVisible()
    await expectAccessible(page)
    await page.getByLabel('Options, one per line (zh-cn)').fill('是\n否')
    await page.getByRole('button', { name: 'Save question' }).click()
    await expect(page.getByRole('status')).toHaveText('Question saved.')
    await expect(page.getByRole('region', { name: 'Questions' }).getByRole('row')).toHaveCount(6)
  })
})
