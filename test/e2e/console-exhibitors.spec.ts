import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { Queryable } from '../../server/db/client.ts'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Exhibitors in the console (docs/product.md#console-exhibitors), tried as a new manager would: find
 * an exhibitor on a phone by its Chinese name, open it, resend its waiting admin invitation (asked
 * first), then on a desktop filter by exhibition and stage and download the list; once in Chinese.
 * Every page checked with axe at 375 and 1280 px (and kept as a screenshot with E2E_SCREENSHOTS).
 *
 * The exhibitors are written into the running site's database (console-kit.ts) as an accepted
 * application would have made them (that path is tested in test/integration/console-exhibitors.test.ts).
 */
const PASSWORD = 'correct horse battery staple'
const MANAGER = 'mia.manager@example.com'
const INVITED = 'wang.admin@example.cn'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS
const OLD_HASH = 'a'.repeat(64)

let managerLink: string
let exhibitionId: number
let wangId: number

async function company(
  db: Queryable,
  slug: string,
  fields: { kind: string; country: string | null; website: string | null },
  texts: Array<[string, string, string, string]>,
) {
  const made = await db.query<{ id: number }>('insert into exhibitor_companies (slug, kind, country, website) values ($1, $2, $3, $4) returning id', [
    slug,
    fields.kind,
    fields.country,
    fields.website,
  ])
  const id = Number(made.rows[0]?.id)
  for (const [locale, name, summary, description] of texts) {
    await db.query('insert into exhibitor_company_texts (company_id, locale, name, summary, description) values ($1, $2, $3, $4, $5)', [
      id,
      locale,
      name,
      summary,
      description,
    ])
  }
  return id
}

async function seed(db: Queryable): Promise<void> {
  const exhibition = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, applications_open, published)
     values ('e2e-exhibitors-expo', 'exhibition', now() + interval '60 days', now() + interval '62 days', 'Asia/Shanghai', 'Shanghai', 'CN', 'asia', true, true)
     returning id`,
  )
  exhibitionId = Number(exhibition.rows[0]?.id)
  await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'E2E Exhibitors Expo'), ($1, 'zh-cn', '端到端参展商博览会')`, [
    exhibitionId,
  ])
  const wang = await company(db, 'e2e-wang-finance', { kind: 'company', country: 'CN', website: null }, [
    ['en', 'Wang Finance Ltd', '', ''],
    ['zh-cn', '王氏金融有限公司', '', ''],
  ])
  const wangExhibitor = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id', [wang, exhibitionId])
  wangId = Number(wangExhibitor.rows[0]?.id)
  await db.query(
    `insert into exhibitor_invitations (exhibitor_id, email, role, locale, token_hash, expires_at) values ($1, $2, 'admin', 'zh-cn', $3, now() + interval '2 days')`,
    [wangId, INVITED, OLD_HASH],
  )
  await db.query(
    `insert into exhibitor_invitations (exhibitor_id, email, role, locale, token_hash, expires_at) values ($1, 'li.staff@example.cn', 'staff', 'en', $2, now() - interval '1 day')`,
    [wangId, 'b'.repeat(64)],
  )
  const acme = await company(db, 'e2e-acme-markets', { kind: 'broker', country: 'GB', website: 'https://acme-markets.example.com' }, [
    ['en', 'E2E Acme Markets', 'Multi-asset broker', 'Founded in 2010.\nRegulated in two countries.'],
  ])
  await db.query("insert into exhibitor_licences (company_id, position, regulator, number) values ($1, 0, 'FCA', '123456')", [acme])
  const acmeExhibitor = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id', [acme, exhibitionId])
  const account = await db.query<{ id: string }>(
    "insert into accounts (email, email_verified_at, nick) values ('ada@acme-markets.example.com', now(), 'Ada') returning id",
  )
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [acmeExhibitor.rows[0]?.id, account.rows[0]?.id])
}

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ consoleSite }) => {
  managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Mia Manager')
  await seed(consoleSite.db)
})

test('a manager finds an exhibitor on a phone, resends its invitation, and downloads the list on a desktop; once in Chinese', async ({ page, consoleSite }) => {
  test.setTimeout(150_000)
  await page.setViewportSize(PHONE)
  await setUpAccount(page, managerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)

  await page.goto(`${ORIGIN}/console/exhibitors`)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Exhibitors' })).toBeVisible()
  await page.getByLabel('Search', { exact: true }).fill('王氏')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/q=/)
  const row = page.getByRole('row', { name: /Wang Finance Ltd/ })
  await expect(row).toContainText('Accepted, profile incomplete')
  await expect(row).toContainText('1 open invitation')
  await expect(page.getByRole('row', { name: /E2E Acme Markets/ })).toHaveCount(0)
  await expectAccessible(page)
  await shoot(page, 'exhibitors-list-375')

  await row.getByRole('link', { name: 'Wang Finance Ltd' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Wang Finance Ltd' })).toBeVisible()
  await hydrated(page)
  const invitations = page.getByRole('region', { name: 'Invitations waiting' })
  await expect(invitations).toContainText(INVITED)
  await expect(invitations).toContainText('The organiser (application accepted)')
  await expect(invitations.getByRole('listitem').filter({ hasText: 'li.staff@example.cn' })).toContainText('Expired')
  await expect(page.getByRole('region', { name: 'Profile' })).toContainText('王氏金融有限公司')
  await expectAccessible(page)
  await shoot(page, 'exhibitor-detail-375')

  // Resending is asked first; cancelling sends nothing.
  await invitations.getByRole('button', { name: `Resend the invitation to ${INVITED}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Resend this invitation?' })
  await expect(dialog).toContainText(INVITED)
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  const hashOf = async () =>
    (
      await consoleSite.db.query<{ token_hash: string }>('select token_hash from exhibitor_invitations where exhibitor_id = $1 and email = $2', [
        wangId,
        INVITED,
      ])
    ).rows[0]?.token_hash
  expect(await hashOf()).toBe(OLD_HASH)
  await invitations.getByRole('button', { name: `Resend the invitation to ${INVITED}` }).click()
  await dialog.getByRole('button', { name: 'Resend' }).click()
  await expect(page.getByRole('status').filter({ hasText: `The invitation to ${INVITED} has been mailed again.` })).toBeVisible()
  await expect.poll(hashOf).not.toBe(OLD_HASH)

  // Team passes (docs/product.md#team-passes): the manager grants two; the panel counts them.
  const passes = page.getByRole('region', { name: 'Team passes' })
  await expect(passes).toContainText('Passes named: 0 of 0')
  await passes.getByLabel('Passes granted').fill('2')
  await passes.getByRole('button', { name: 'Save passes' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Team passes saved.' })).toBeVisible()
  await expect(passes).toContainText('Passes named: 0 of 2')
  await expectAccessible(page)
  await shoot(page, 'exhibitor-passes-375')

  // The same screens on a desktop.
  await page.setViewportSize(DESKTOP)
  await page.reload()
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Wang Finance Ltd' })).toBeVisible()
  await expectAccessible(page)
  await shoot(page, 'exhibitor-detail-1280')

  await page.goto(`${ORIGIN}/console/exhibitors?q=${encodeURIComponent('王氏')}`)
  await expect(page.getByRole('row', { name: /Wang Finance Ltd/ })).toContainText('Passes named: 0 of 2')
  await page.goto(`${ORIGIN}/console/exhibitors`)
  await hydrated(page)
  await page.getByLabel('Exhibition').selectOption({ label: 'E2E Exhibitors Expo' })
  await page.getByLabel('Stage').selectOption({ label: 'Profile complete' })
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/stage=profileComplete/)
  await expect(page.getByRole('row', { name: /E2E Acme Markets/ })).toContainText('Profile complete')
  await expect(page.getByRole('row', { name: /Wang Finance Ltd/ })).toHaveCount(0)
  await expectAccessible(page)
  await shoot(page, 'exhibitors-list-1280')
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`exhibition-${exhibitionId}-exhibitors.csv`)

  // A search that finds nothing says so.
  await page.getByLabel('Search', { exact: true }).fill('no such company')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('cell', { name: 'No exhibitors match.' })).toBeVisible()
  await page.getByRole('link', { name: 'Clear' }).click()
  await expect(page).not.toHaveURL(/q=/)
  await page.getByLabel('Exhibition').selectOption({ label: 'E2E Exhibitors Expo' })
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('row', { name: /E2E Acme Markets/ })).toBeVisible()

  // The console in Chinese, once.
  await page.getByLabel('Console language').selectOption('zh-cn')
  await expect(page.getByRole('heading', { level: 1, name: '参展商' })).toBeVisible()
  await hydrated(page)
  await expect(page.getByRole('row', { name: /E2E Acme Markets/ })).toContainText('资料完整')
  await expectAccessible(page)
  await shoot(page, 'exhibitors-zh-cn-1280')
  await page.getByRole('link', { name: 'E2E Acme Markets' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Acme Markets' })).toBeVisible()
  await expect(page.getByRole('region', { name: '团队', exact: true })).toContainText('ada@acme-markets.example.com')
  await page.setViewportSize(PHONE)
  await expectAccessible(page)
  await shoot(page, 'exhibitor-zh-cn-375')
})
