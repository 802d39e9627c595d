import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Page } from '@playwright/test'
import type { Queryable } from '../../server/db/client.ts'
import { createPasswordHasher } from '../../server/platform/passwords.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { signInToWorkspace } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Exhibitors' tasks and deadlines (docs/product.md#exhibitor-tasks), end to end: a manager opens the
 * exhibition's exhibitor checklist from its console page and adds two tasks with English and Chinese
 * texts (one the exhibitor confirms, one done by the logo); the exhibitor's administrator opens the
 * checklist in Simplified Chinese on a phone, sees each task's day and state, marks the first one
 * done and uploads the logo, which makes the second one done; the console's exhibitor page then shows both. Each screen is checked with axe at 375 and
 * 1280 px (and kept as a screenshot with E2E_SCREENSHOTS).
 *
 * The exhibition, the exhibitor and its administrator are rows written into the running site's
 * database (console-kit.ts), as an accepted application makes them (tested in the exhibitor area's spec).
 */
type Strings = typeof import('../../locales/en/exhibitor.json')
const read = <T>(locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as T
const ZH = read<Strings>('zh-cn', 'exhibitor')

const STAFF_PASSWORD = 'correct horse battery staple'
const ADMIN_PASSWORD = 'exhibitor tasks password 2026'
const MANAGER = 'tom.tasks@example.com'
const ADMIN = 'chen.tasks@example.cn'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

let managerLink: string
let exhibitionId: number
let exhibitorId: number

/** A day this many days from now, as the date field writes it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

async function seed(db: Queryable): Promise<void> {
  const exhibition = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, applications_open, published)
     values ('e2e-tasks-expo', 'exhibition', now() + interval '60 days', now() + interval '62 days', 'Asia/Shanghai', 'Shanghai', 'CN', 'asia', true, true)
     returning id`,
  )
  exhibitionId = Number(exhibition.rows[0]?.id)
  await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'E2E Tasks Expo'), ($1, 'zh-cn', '端到端任务博览会')`, [
    exhibitionId,
  ])
  const company = await db.query<{ id: number }>(
    "insert into exhibitor_companies (slug, kind, country) values ('e2e-chen-capital', 'company', 'CN') returning id",
  )
  const companyId = Number(company.rows[0]?.id)
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', 'Chen Capital'), ($1, 'zh-cn', '陈氏资本')", [companyId])
  const exhibitor = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id', [companyId, exhibitionId])
  exhibitorId = Number(exhibitor.rows[0]?.id)
  const hasher = createPasswordHasher(1)
  try {
    const account = await db.query<{ id: string }>(
      "insert into accounts (email, email_verified_at, nick, password_hash, locale) values ($1, now(), 'Chen', $2, 'zh-cn') returning id",
      [ADMIN, await hasher.hash(ADMIN_PASSWORD)],
    )
    await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [exhibitorId, account.rows[0]?.id])
  } finally {
    await hasher.close()
  }
}

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** Axe at both widths, ending at the width the test works in, with a screenshot at each. */
async function accessibleAtBothWidths(page: Page, name: string, end: typeof PHONE = DESKTOP) {
  for (const size of end === DESKTOP ? [PHONE, DESKTOP] : [DESKTOP, PHONE]) {
    await page.setViewportSize(size)
    await expectAccessible(page)
    await shoot(page, `${name}-${size.width}`)
  }
}

/** Adds a task through the console's form: kind, day, the English texts and the Chinese title. */
async function addTask(page: Page, task: { kind: string; due: string; en: string; instructions: string; zh: string }) {
  await page.getByRole('button', { name: 'Add a task' }).click()
  const form = page.getByRole('form', { name: 'Add a task' })
  await form.getByLabel('Kind').selectOption({ label: task.kind })
  await form.getByLabel('Due on (a day at the venue)').fill(task.due)
  await form.getByLabel('Title (en)').fill(task.en)
  await form.getByLabel('Instructions (en)').fill(task.instructions)
  await form.getByText(/^Other languages:/).click()
  await form.getByLabel('Title (zh-cn)').fill(task.zh)
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The task is saved.' })).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(task.en) })).toContainText('0 of 1 done')
}

test.describe.configure({ mode: 'serial' })
// The due day after the exhibition's first day is a refusal the test asks for; the browser notes it.
test.use({ allowConsole: [/Failed to load resource: the server responded with a status of 400/] })

test.beforeAll(async ({ consoleSite }) => {
  managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Tom Tasks')
  await seed(consoleSite.db)
})

test('a manager sets the checklist, the exhibitor admin marks a task done in Chinese on a phone, the console shows it', async ({ page, browser }) => {
  test.setTimeout(180_000)
  await page.setViewportSize(DESKTOP)
  await setUpAccount(page, managerLink, STAFF_PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)

  // From the exhibition's console page to its checklist.
  await page.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}`)
  await hydrated(page)
  await page.getByRole('link', { name: 'Exhibitor checklist' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Exhibitor checklist: E2E Tasks Expo' })).toBeVisible()
  await hydrated(page)
  await expect(page.getByRole('cell', { name: 'No tasks yet.' })).toBeVisible()

  await addTask(page, {
    kind: 'Confirmed by the exhibitor',
    due: dayFromNow(20),
    en: 'Read the exhibitor manual',
    instructions: 'Build-up rules are on page 4.',
    zh: '阅读参展商手册',
  })
  await addTask(page, { kind: 'Logo', due: dayFromNow(30), en: 'Upload your logo', instructions: '', zh: '上传标志' })
  // Reordered: the logo first, then back.
  await page.getByRole('button', { name: 'Move Upload your logo up' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'The order is saved.' })).toBeVisible()
  await expect(page.getByRole('row').nth(1)).toContainText('Upload your logo')
  await expect(page.getByRole('button', { name: 'Move Upload your logo up' })).toBeDisabled()
  await page.getByRole('button', { name: 'Move Upload your logo down' }).click()
  await expect(page.getByRole('row').nth(1)).toContainText('Read the exhibitor manual')
  // A day after the exhibition's first day is refused beside the field.
  await page.getByRole('button', { name: 'Edit Upload your logo' }).click()
  const edit = page.getByRole('form', { name: 'Edit the task' })
  await edit.getByLabel('Due on (a day at the venue)').fill(dayFromNow(70))
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit.getByText("The due day cannot come after the exhibition's first day.")).toBeVisible()
  await edit.getByRole('button', { name: 'Cancel' }).click()
  await accessibleAtBothWidths(page, 'checklist-console')

  // The exhibitor's administrator, in Simplified Chinese on a phone.
  const context = await browser.newContext({ viewport: PHONE, extraHTTPHeaders: { 'X-Forwarded-For': '8.10.20.30' } })
  const admin = await context.newPage()
  await signInToWorkspace(admin, exhibitorId, ADMIN, ADMIN_PASSWORD)

  const checklist = admin.getByRole('region', { name: ZH.checklist.title })
  await expect(checklist).toBeVisible()
  await expect(checklist).toContainText('已完成 0/2')
  const manual = checklist.getByRole('listitem').filter({ has: admin.getByRole('heading', { level: 3, name: '阅读参展商手册' }) })
  await expect(manual).toContainText(ZH.checklist.states.due)
  // The instructions are written only in English: the Chinese title keeps them, marked as English.
  await expect(manual.getByText('Build-up rules are on page 4.')).toHaveAttribute('lang', 'en')
  const logo = checklist.getByRole('listitem').filter({ has: admin.getByRole('heading', { level: 3, name: '上传标志' }) })
  await expect(logo).toContainText(ZH.checklist.auto.logo)
  await expect(logo.getByRole('link', { name: ZH.checklist.toLogo })).toHaveAttribute('href', '#profile-title')
  await accessibleAtBothWidths(admin, 'checklist-area-zh-cn', PHONE)

  await manual.getByRole('button', { name: ZH.checklist.markDone }).click()
  await expect(checklist.getByRole('status')).toHaveText(ZH.checklist.marked)
  await expect(manual).toContainText(ZH.checklist.states.done)
  await expect(manual.getByRole('button')).toHaveCount(0)
  await expect(checklist).toContainText('已完成 1/2')
  // The logo, uploaded in the profile below, makes its task done without a reload.
  await admin.getByLabel(ZH.logo.choose).setInputFiles(fileURLToPath(new URL('../../public/images/og-default.png', import.meta.url)))
  await expect(admin.getByRole('status').filter({ hasText: ZH.logo.uploaded })).toBeVisible()
  await expect(logo).toContainText(ZH.checklist.states.done)
  await expect(checklist).toContainText('已完成 2/2')
  await shoot(admin, 'checklist-area-done-375')
  await context.close()

  // The console sees it, on the exhibitor's page and on the checklist.
  await page.goto(`${ORIGIN}/console/exhibitors/${exhibitorId}`)
  await hydrated(page)
  const states = page.getByRole('region', { name: 'Checklist' })
  await expect(states).toContainText('2 of 2 done')
  await expect(states.getByRole('listitem').filter({ hasText: 'Read the exhibitor manual' })).toContainText('Done')
  await expect(states.getByRole('listitem').filter({ hasText: 'Read the exhibitor manual' })).toContainText('confirmed by Chen')
  await expect(states.getByRole('listitem').filter({ hasText: 'Upload your logo' })).toContainText('Done')
  await accessibleAtBothWidths(page, 'exhibitor-states-console')
  await states.getByRole('link', { name: 'Exhibitor checklist' }).click()
  await expect(page.getByRole('row', { name: /Read the exhibitor manual/ })).toContainText('1 of 1 done')
})
