import type { ChildProcess } from 'node:child_process'
import { addStaffOnCommandLine, ORIGIN, resetSite, setUpAccount, startSite } from './console-kit.ts'
import { DESKTOP, expect, expectAccessible, hydrated, test } from './fixtures.ts'

/**
 * The catalogue in the console (issue 17 "Done means"): a new owner creates an exhibition with two
 * ticket types and a coupon, publishes it, and visitors see it on the public site in English and
 * Chinese. With E2E_SCREENSHOTS set, the screens are kept at 1280 and 900 px in both languages.
 */
const PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const TABLET = { width: 900, height: 1100 }
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

let site: ChildProcess
let ownerLink: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  resetSite()
  ownerLink = addStaffOnCommandLine('cora@example.com', 'owner', 'Cora Owner')
  site = await startSite()
})

test.afterAll(() => {
  site?.kill()
})

async function addTicketType(page: import('@playwright/test').Page, key: string, price: string, names: { en: string; 'zh-cn': string }) {
  await page.getByRole('button', { name: 'Add a ticket type' }).click()
  const form = page.getByRole('form', { name: 'Add a ticket type' })
  await form.getByLabel('Key').fill(key)
  await form.getByLabel('Price in minor units').fill(price)
  await form.getByLabel('Currency').fill('GBP')
  await form.getByLabel('Capacity').fill('200')
  await form.getByLabel('en', { exact: true }).fill(names.en)
  await form.getByLabel('zh-cn', { exact: true }).fill(names['zh-cn'])
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('button', { name: `Edit ${names.en}` })).toBeVisible()
}

test('when a new owner creates an exhibition with two ticket types and a coupon and publishes it, then visitors see it in English and Chinese', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await page.setViewportSize(DESKTOP)
  await setUpAccount(page, ownerLink, PASSWORD, EN)
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Exhibitions' })).toBeVisible()
  await page.getByRole('navigation').getByRole('link', { name: 'Exhibitions' }).click()
  await page.getByRole('link', { name: 'New exhibition' }).click()
  await hydrated(page)

  await page.getByLabel('Address name').fill(`harbour-fintech-${Date.now().toString(36)}`)
  await page.getByLabel('City').fill('London')
  await page.getByLabel('Country code').fill('GB')
  await page.getByLabel('Region').selectOption('europe')
  await page.getByLabel('Time zone').fill('Europe/London')
  await page.getByLabel('Starts', { exact: true }).fill(`${day(40)}T09:00`)
  await page.getByLabel('Ends', { exact: true }).fill(`${day(41)}T18:00`)
  await page.getByLabel('Ticket sales open').fill(`${day(-1)}T09:00`)
  await page.getByLabel('Name (en)').fill('Harbour Fintech Forum')
  await page.getByLabel('Summary (en)').fill('Two days of markets, payments and regulation.')
  await page.getByLabel('Venue (en)').fill('ExCeL London')
  await page.getByLabel('Name (zh-cn)').fill('港湾金融科技论坛')
  await page.getByLabel('Venue (zh-cn)').fill('伦敦 ExCeL 展览中心')
  await page.getByRole('button', { name: 'Create exhibition' }).click()
  await expect(page).toHaveURL(/\/console\/exhibitions\/\d+$/)
  const id = /\/(\d+)$/.exec(page.url())?.[1] as string
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Fintech Forum' })).toBeVisible()

  await addTicketType(page, 'standard', '12900', { en: 'Standard pass', 'zh-cn': '标准票' })
  await addTicketType(page, 'vip', '39900', { en: 'VIP pass', 'zh-cn': '贵宾票' })

  await page.getByRole('button', { name: 'Add a coupon' }).click()
  const coupon = page.getByRole('form', { name: 'Add a coupon' })
  await coupon.getByLabel('Code').fill('HARBOUR10')
  await coupon.getByLabel('Percent off').fill('10')
  await coupon.getByLabel('Uses').fill('50')
  await coupon.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('cell', { name: 'HARBOUR10', exact: true })).toBeVisible()

  await page.getByRole('button', { name: 'Publish' }).click()
  await expect(page.getByRole('status')).toHaveText('Published: visitors can see it now.')
  await expectAccessible(page)
  await page.setViewportSize(TABLET)
  await expectAccessible(page)
  await page.goto(`${ORIGIN}/console/exhibitions`)
  await expect(page.getByRole('link', { name: 'Harbour Fintech Forum' })).toBeVisible()
  await expectAccessible(page)

  // The same screens in the member's Chinese.
  await page.getByLabel('Console language').selectOption('zh-cn')
  await expect(page.getByRole('heading', { level: 1, name: '展会' })).toBeVisible()
  await expectAccessible(page)
  await page.setViewportSize(DESKTOP)
  await page.goto(`${ORIGIN}/console/exhibitions/${id}`)
  await expect(page.getByRole('button', { name: '取消发布' })).toBeVisible()
  await expectAccessible(page)

  // Visitors see it, with its ticket types, in both languages.
  await page.goto(`${ORIGIN}/en/backDetail/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour Fintech Forum' })).toBeVisible()
  await page.goto(`${ORIGIN}/zh-cn/backDetail/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: '港湾金融科技论坛' })).toBeVisible()
})
