import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * Floor plans (docs/product.md#console-floor-plans, docs/product.md#floor-plans): a manager draws a
 * hall and its booths with the keyboard alone, is told when a booth would stand on another, sells a
 * booth to an exhibitor; then a visitor finds it on the directory's plan in English and Chinese at
 * 375 and 1280 px and follows a `?booth=` link. Every screen checked with axe (and kept as a
 * screenshot with E2E_SCREENSHOTS).
 */
const PASSWORD = 'correct horse battery staple'
const MANAGER = 'fay.floorplan@example.com'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const SCREENSHOTS = process.env.E2E_SCREENSHOTS

let managerLink: string
let exhibitionId: number

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

test.describe.configure({ mode: 'serial' })
// A booth placed on another's floor is refused with a 400, which the browser logs.
test.use({ allowConsole: [/Failed to load resource: the server responded with a status of 400/] })

test.beforeAll(async ({ consoleSite }) => {
  managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Fay Floorplan')
  const { db } = consoleSite
  const exhibition = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, published)
     values ('e2e-floor-plan-expo', 'exhibition', now() + interval '60 days', now() + interval '62 days', 'Asia/Bangkok', 'Bangkok', 'TH', 'asia', true)
     returning id`,
  )
  exhibitionId = Number(exhibition.rows[0]?.id)
  await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'E2E Floor Plan Expo'), ($1, 'zh-cn', '端到端展位博览会')`, [
    exhibitionId,
  ])
  const company = await db.query<{ id: number }>(
    `insert into exhibitor_companies (slug, kind, country) values ('e2e-booth-markets', 'broker', 'TH') returning id`,
  )
  const companyId = Number(company.rows[0]?.id)
  await db.query(`insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', 'E2E Booth Markets'), ($1, 'zh-cn', '端到端展位市场')`, [
    companyId,
  ])
  await db.query('insert into exhibitors (company_id, exhibition_id) values ($1, $2)', [companyId, exhibitionId])
})

/** Types into a field reached with the keyboard, as someone without a mouse does. */
async function typeInto(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true })
  await field.focus()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(value)
}

test('a manager draws a hall and booths with the keyboard and sells one; visitors find it on the plan', async ({ page }) => {
  test.setTimeout(300_000)
  await page.setViewportSize(DESKTOP)
  await setUpAccount(page, managerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)

  await page.goto(`${ORIGIN}/console/exhibitions/${exhibitionId}`)
  await hydrated(page)
  await page.getByRole('link', { name: 'Floor plan' }).press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Floor plan: E2E Floor Plan Expo' })).toBeVisible()
  await hydrated(page)
  await expect(page.getByText('No hall yet.')).toBeVisible()

  // A hall of 30 × 20 m, its prices in US dollars.
  await page.getByRole('button', { name: 'Add a hall' }).press('Enter')
  await typeInto(page, "Name on the venue's signs", 'A')
  await typeInto(page, 'Width (m)', '30')
  await typeInto(page, 'Depth (m)', '20')
  await typeInto(page, 'Currency of booth prices', 'USD')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 2, name: 'Hall A' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible()

  // Two booths side by side; a third on B12's floor is refused beside the field.
  const addBooth = async (number: string, x: string) => {
    await page.getByRole('button', { name: 'Add a booth to hall A' }).press('Enter')
    await typeInto(page, 'Number', number)
    await typeInto(page, 'From the left (m)', x)
    await typeInto(page, 'From the front (m)', '0')
    await typeInto(page, 'Price (USD)', '2700.00')
    await page.keyboard.press('Enter')
  }
  await addBooth('b12', '0')
  const table = page.getByRole('table', { name: 'Booths of hall A' })
  await expect(table.getByRole('row', { name: /B12/ })).toContainText('Available')
  await addBooth('B13', '3')
  await expect(table.getByRole('row', { name: /B13/ })).toContainText('$2,700.00')
  await addBooth('B14', '1.5')
  await expect(page.getByText('The booth stands on the floor of another booth.')).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).press('Enter')
  await expect(table.getByRole('row')).toHaveCount(3)

  // With a mouse, B13 is dragged one booth's width to the right (3 m on).
  await page.locator('#booth-B13').scrollIntoViewIfNeeded()
  const b13 = await page.locator('#booth-B13').boundingBox()
  if (!b13) throw new Error('booth B13 is not drawn')
  await page.mouse.move(b13.x + b13.width / 3, b13.y + b13.height / 3)
  await page.mouse.down()
  await page.mouse.move(b13.x + b13.width / 3 + b13.width / 2, b13.y + b13.height / 3, { steps: 4 })
  await page.mouse.move(b13.x + b13.width / 3 + b13.width, b13.y + b13.height / 3, { steps: 4 })
  await page.mouse.up()
  await expect(page.getByRole('status').filter({ hasText: 'Booth B13 saved where it was dropped.' })).toBeVisible()
  await expect(table.getByRole('row', { name: /B13/ })).toContainText('6 m, 0 m')

  // Sold to the exhibitor.
  await table.getByRole('button', { name: 'Exhibitor of booth B12' }).press('Enter')
  await page.getByLabel('Exhibitor', { exact: true }).focus()
  await page.getByLabel('Exhibitor', { exact: true }).selectOption({ label: 'E2E Booth Markets' })
  await page.getByRole('button', { name: 'Save the exhibitor' }).press('Enter')
  await expect(table.getByRole('row', { name: /B12/ })).toContainText('Sold')
  await expect(table.getByRole('row', { name: /B12/ })).toContainText('E2E Booth Markets')
  await expectAccessible(page)
  await shoot(page, 'floor-plan-console-1280')
  await page.setViewportSize(PHONE)
  await expectAccessible(page)
  await shoot(page, 'floor-plan-console-375')

  // What visitors see.
  const visitor = {
    en: { booth: 'Booth B12: E2E Booth Markets', card: 'Booth B12', looking: 'You are looking for booth B12.' },
    'zh-cn': { booth: '展位 B12：端到端展位市场', card: '展位 B12', looking: '您正在查找展位 B12。' },
  } as const
  for (const lang of ['en', 'zh-cn'] as const) {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size)
      const response = await page.goto(`${ORIGIN}/${lang}/backDetail/${exhibitionId}/exhibitors`)
      expect(response?.status()).toBe(200)
      await hydrated(page)
      const plan = page.getByRole('region', { name: lang === 'en' ? 'Floor plan of hall A' : 'A 馆平面图' })
      await expect(plan.getByRole('link', { name: visitor[lang].booth })).toHaveAttribute(
        'href',
        `/${lang}/backDetail/${exhibitionId}/exhibitors/e2e-booth-markets`,
      )
      // The page never grows wider than the screen: the plan scrolls inside its frame.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width)
      await expectAccessible(page)
      await shoot(page, `floor-plan-directory-${lang}-${size.width}`)
    }
    await page.getByRole('link', { name: visitor[lang].card, exact: true }).click()
    await expect(page).toHaveURL(/\?booth=B12#booth-B12$/)
    await expect(page.getByRole('status').filter({ hasText: visitor[lang].looking })).toBeVisible()
    await expect(page.getByRole('link', { name: visitor[lang].booth })).toHaveAttribute('aria-current', 'location')
    await expectAccessible(page)
  }

  // The booth on the exhibitor's own page.
  await page.getByRole('link', { name: visitor['zh-cn'].booth }).click()
  await expect(page.getByRole('heading', { level: 1, name: '端到端展位市场' })).toBeVisible()
  await expect(page.getByRole('link', { name: visitor['zh-cn'].booth })).toHaveAttribute('aria-current', 'location')
  await expectAccessible(page)
})
