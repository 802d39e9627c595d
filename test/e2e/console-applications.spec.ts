import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { Queryable } from '../../server/db/client.ts'
import { createPasswordHasher } from '../../server/platform/passwords.ts'
import { CONSOLE_PORT, expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Applications in the console (docs/product.md#console-applications), tried as a new support member would: find the application
 * in the queue at 375 px, open it, accept it with a note; the applicant's mail (in Chinese, the
 * language they applied in) arrives in the site's outbox, and My account shows the status and the
 * note. The queue and the application are looked at on a desktop too, each page checked with axe
 * (and kept as a screenshot with E2E_SCREENSHOTS).
 *
 * The application is written into the running site's database (console-kit.ts), as the public
 * form would have stored it (the form itself is tested in applications.spec.ts).
 */
const DATA_DIR = `data/e2e-console-${CONSOLE_PORT}`
const OUTBOX = join(DATA_DIR, 'outbox')
const PASSWORD = 'correct horse battery staple'
const SUPPORT = 'sam.support@example.com'
const APPLICANT = 'li.na@example.com'
const APPLICANT_PASSWORD = 'applicant password 2026'
const REFERENCE = 'EX-7K3M9Q2P'
const NOTE = '欢迎参展！请在 5 月 1 日前确认展位。'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

let supportLink: string

async function seed(db: Queryable): Promise<void> {
  const hasher = createPasswordHasher(1)
  try {
    const exhibition = await db.query<{ id: number }>(
      `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, applications_open, published)
       values ('shanghai-fintech-expo', 'exhibition', now() + interval '60 days', now() + interval '62 days', 'Asia/Shanghai', 'Shanghai', 'CN', 'asia', true, true)
       returning id`,
    )
    const exhibitionId = exhibition.rows[0]?.id
    await db.query(
      `insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'Shanghai Fintech Expo'), ($1, 'zh-cn', '上海金融科技博览会')`,
      [exhibitionId],
    )
    const account = await db.query<{ id: string }>(
      "insert into accounts (email, email_verified_at, nick, password_hash) values ($1, now(), '李娜', $2) returning id",
      [APPLICANT, await hasher.hash(APPLICANT_PASSWORD)],
    )
    await db.query(
      `insert into applications (reference, kind, exhibition_id, account_id, locale, email, phone_e164, phone_country, company_name, website,
         contact_person, booth_size, exhibiting_method, idempotency_key, content_hash)
       values ($1, 'exhibitor', $2, $3, 'zh-cn', $4, '+8613800138000', 'CN', '华信金融科技有限公司', 'huaxin.example.cn', '李娜', '3x6', 'company',
         gen_random_uuid(), repeat('a', 64))`,
      [REFERENCE, exhibitionId, account.rows[0]?.id, APPLICANT],
    )
  } finally {
    await hasher.close()
  }
}

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** A header's encoded words joined into one text (a long subject is folded over several lines of words). */
function headerText(raw: string, name: string): string {
  const folded = new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw)?.[1] ?? ''
  const words = [...folded.matchAll(/=\?utf-8\?B\?([^?]*)\?=/gi)].map((match) => Buffer.from(match[1] as string, 'base64'))
  return words.length ? Buffer.concat(words).toString('utf8') : folded.trim()
}

/** The newest mail to an address whose text contains `needle`: its subject and its decoded parts. */
function mailTo(address: string, needle: string): { subject: string; body: string } | undefined {
  if (!existsSync(OUTBOX)) return undefined
  const safe = address.replace(/[^a-z0-9@._-]/gi, '_')
  const files = readdirSync(OUTBOX)
    .filter((name) => name.endsWith(`-${safe}.eml`))
    .sort()
    .reverse()
  for (const file of files) {
    const raw = readFileSync(join(OUTBOX, file), 'utf8')
    // Each part decoded as its Content-Transfer-Encoding says (base64 or quoted-printable).
    const body = raw
      .split(/\r?\n\r?\n/)
      .map((chunk) => {
        const compact = chunk.replace(/\s+/g, '')
        if (/^[A-Za-z0-9+/=]{40,}$/.test(compact)) return Buffer.from(compact, 'base64').toString('utf8')
        const bytes = chunk.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
        return Buffer.from(bytes, 'latin1').toString('utf8')
      })
      .join('\n')
    if (body.includes(needle)) return { subject: headerText(raw, 'Subject'), body }
  }
  return undefined
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  supportLink = await consoleSite.addStaff(SUPPORT, 'support', 'Sam Support')
  await seed(consoleSite.db)
})

test('a support member answers an application on a phone, and the applicant gets the mail in Chinese and sees it in My account', async ({ page }) => {
  test.setTimeout(150_000)
  await page.setViewportSize(PHONE)
  await setUpAccount(page, supportLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)

  await page.goto(`${ORIGIN}/console/applications`)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible()
  await page.getByLabel('Search', { exact: true }).fill('华信')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/q=/)
  const row = page.getByRole('row', { name: new RegExp(REFERENCE) })
  await expect(row).toContainText('华信金融科技有限公司')
  await expect(row).toContainText('Received')
  await expectAccessible(page)
  await shoot(page, 'applications-queue-375')

  await row.getByRole('link', { name: REFERENCE }).click()
  await expect(page.getByRole('heading', { level: 1, name: `Application ${REFERENCE}` })).toBeVisible()
  await hydrated(page)
  await expect(page.getByText('No decision yet.')).toBeVisible()
  await expectAccessible(page)
  await shoot(page, 'application-detail-375')

  // Without a status chosen, the form says what is missing.
  await page.getByRole('button', { name: 'Save and mail the applicant' }).click()
  await expect(page.getByRole('alert')).toHaveText('Choose the new status.')
  await page.getByRole('radio', { name: 'Accepted' }).check()
  await page.getByLabel('Note to the applicant').fill(NOTE)
  await page.getByLabel('Staff note').fill('Booth B12 held for them.')
  await page.getByRole('button', { name: 'Save and mail the applicant' }).click()
  await expect(page.getByRole('status')).toHaveText('Saved: Accepted. The applicant has been mailed.')
  const history = page.getByRole('region', { name: 'Decisions so far' })
  await expect(history).toContainText('Received → Accepted')
  await expect(history).toContainText('Sam Support')
  await expect(history).toContainText(NOTE)
  await expectAccessible(page)
  await shoot(page, 'application-decided-375')

  // The applicant's mail, in the language they applied in, through the site's outbox (sent once its transaction commits).
  await expect.poll(() => mailTo(APPLICANT, REFERENCE)?.body ?? '', { timeout: 20_000 }).toContain(NOTE)
  const mail = mailTo(APPLICANT, REFERENCE) as { subject: string; body: string }
  expect(mail.subject).toBe(`您的 上海金融科技博览会 申请（${REFERENCE}）：已通过`)
  expect(mail.body).toContain('好消息：您的 上海金融科技博览会 申请已通过。')
  expect(mail.body).not.toContain('Booth B12')

  // The same screens on a desktop.
  await page.setViewportSize(DESKTOP)
  await page.reload()
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: `Application ${REFERENCE}` })).toBeVisible()
  await expectAccessible(page)
  await shoot(page, 'application-decided-1280')
  await page.goto(`${ORIGIN}/console/applications`)
  await hydrated(page)
  await expect(page.getByRole('row', { name: new RegExp(REFERENCE) })).toContainText('Accepted')
  await page.getByLabel('Exhibition').selectOption({ label: 'Shanghai Fintech Expo' })
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('link', { name: 'Download XLSX' })).toBeVisible()
  await expectAccessible(page)
  await shoot(page, 'applications-queue-1280')

  // My account, logged in through the login frame as the applicant would.
  await page.goto(`${ORIGIN}/zh-cn/info.html`)
  await hydrated(page)
  await page.getByRole('banner').getByRole('button', { name: '登录 / 注册' }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel('电子邮箱').fill(APPLICANT)
  await frame.getByLabel('密码', { exact: true }).fill(APPLICANT_PASSWORD)
  await frame.getByRole('button', { name: '登录', exact: true }).click()
  await expect(page.locator('dialog[open]')).toBeHidden()
  const mine = page.getByRole('region', { name: '我的申请' })
  await expect(mine).toContainText('已通过')
  await expect(mine).toContainText('主办方留言')
  await expect(mine).toContainText(NOTE)
  await expectAccessible(page)
  await shoot(page, 'my-account-application-1280')
  await page.setViewportSize(PHONE)
  await expect(mine).toContainText(NOTE)
  await expectAccessible(page)
  await shoot(page, 'my-account-application-375')
})
