import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, ORIGIN, setUpAccount, test } from './console-kit.ts'
import { account, acceptedExhibitor, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, isHydrated, PHONE } from './fixtures.ts'

/**
 * Exhibitors submit their official channels and the organiser's verifier approves them
 * (docs/product.md#exhibitor-channel-submissions): an exhibitor's administrator, in Simplified Chinese
 * on a phone, submits a phone number (a number without its country code refused beside the field
 * first) and a USDT wallet; the verifier approves the phone and rejects the wallet with a reason in the
 * console's queue; the public verification page answers the phone as the exhibitor's channel in English
 * and Chinese, and the wallet as nobody's; the administrator sees both outcomes. Every screen is
 * checked with axe at 375 and 1280 px (kept as screenshots with E2E_SCREENSHOTS).
 *
 * The exhibitor is made as the other exhibitor specs make it (exhibitor-kit.ts): an application sent
 * signed in and accepted with the function `npm run applications -- status REF accepted` runs.
 */
const read = <T>(locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as T
type Strings = typeof import('../../locales/en/exhibitor.json')
type Verify = typeof import('../../locales/en/verify.json')
type Login = typeof import('../../locales/en/login.json')
type Shell = typeof import('../../locales/en/common.json')
type Account = typeof import('../../locales/en/account.json')
const ZH = read<Strings>('zh-cn', 'exhibitor')
const ZH_VERIFY = read<Verify>('zh-cn', 'verify')
const LOGIN = read<Login>('zh-cn', 'login')
const SHELL = read<Shell>('zh-cn', 'common')
const ACCOUNT = read<Account>('zh-cn', 'account')
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''))

const PASSWORD = 'exhibitor channels password 2026'
const STAFF_PASSWORD = 'correct horse battery staple'
const CONSOLE_EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }
const VERIFIER = 'vivian.verifier@example.com'
const MANAGER = 'mateo.manager@example.com'
const SCREENSHOTS = process.env.E2E_SCREENSHOTS
const ADMIN = `lotus.${unique()}@example.cn`
const PHONE_NUMBER = '+44 20 7946 0388'
const WALLET = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7'
const REASON = 'The wallet is not registered to your company.'
const visitorIp = () => `8.11.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`

let verifierLink: string
let managerLink: string
let consoleExhibitor: string
let workspaceUrl: string
let exhibitionTitle: string

async function shoot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true })
}

/** Axe at both widths, ending at the width the test works in. */
async function accessibleAtBothWidths(page: Page, name: string, end: typeof PHONE = PHONE) {
  for (const size of end === DESKTOP ? [PHONE, DESKTOP] : [DESKTOP, PHONE]) {
    await page.setViewportSize(size)
    await expectAccessible(page)
    await shoot(page, `${name}-${size.width}`)
  }
}

test.describe.configure({ mode: 'serial' })
// The refusal the test asks for (a number without its country code) is a failed request the browser notes.
test.use({ allowConsole: [/Failed to load resource: the server responded with a status of 400/] })

test.beforeAll(async ({ consoleSite }) => {
  const { db } = consoleSite
  verifierLink = await consoleSite.addStaff(VERIFIER, 'verifier', 'Vivian Verifier')
  managerLink = await consoleSite.addStaff(MANAGER, 'manager', 'Mateo Manager')
  await account(db, ADMIN, 'Lian', PASSWORD, 'zh-cn')
  const { exhibition, exhibitorId, companyId } = await acceptedExhibitor(consoleSite, ADMIN, 'Lotus Capital')
  exhibitionTitle = exhibition.en
  // The company's name in Chinese, as its administrator would have written it in the profile.
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'zh-cn', '莲花资本')", [companyId])
  workspaceUrl = `${ORIGIN}/zh-cn/exhibitor.html?id=${exhibitorId}`
  consoleExhibitor = `${ORIGIN}/console/exhibitors/${exhibitorId}`
})

test('an administrator submits a phone and a wallet in Chinese; the verifier approves one and rejects the other; the check and the team see it', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
  await page.setViewportSize(DESKTOP)

  // Signed in through My account, as the exhibitor area's own test does (the header's button on a desktop); then on a phone.
  await page.goto(`${ORIGIN}/zh-cn/info.html`)
  await hydrated(page)
  await page.getByRole('banner').getByRole('button', { name: SHELL.nav.login }).click()
  const frame = page.frameLocator('dialog[open] iframe')
  await frame.getByLabel(LOGIN.fields.email).fill(ADMIN)
  await frame.getByLabel(LOGIN.fields.password, { exact: true }).fill(PASSWORD)
  await frame.getByRole('button', { name: LOGIN.actions.signin, exact: true }).click()
  await expect(page.locator('dialog[open]')).toBeHidden()
  await expect(page.getByRole('link', { name: ACCOUNT.exhibitor.link })).toBeVisible()
  await page.setViewportSize(PHONE)
  // The channels' part loads on its own, after the page (docs/CONVENTIONS.md#lazy-sections). Its code
  // held back as on a slow network, the page must wait for it before hydrating: a page that said it
  // was ready while the part was still the server's HTML wiped what was typed there.
  const CHANNELS_CHUNK = /\/assets\/channels-[\w-]+\.js$/
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(CHANNELS_CHUNK, async (route) => {
    await held
    await route.continue()
  })
  const chunkAsked = page.waitForRequest(CHANNELS_CHUNK)
  await page.goto(workspaceUrl, { waitUntil: 'commit' })
  await chunkAsked
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined()
  release()
  await hydrated(page)
  await page.unroute(CHANNELS_CHUNK)

  const section = page.getByRole('region', { name: ZH.channels.title })
  await expect(section).toContainText(ZH.channels.none)
  const kind = section.getByLabel(ZH.channels.kind)
  const value = section.getByLabel(ZH.channels.value)
  const submit = section.getByRole('button', { name: ZH.channels.submit })
  expect(await isHydrated(value)).toBe(true)

  // A number without its country code: refused beside the field, in Chinese.
  await kind.selectOption({ label: ZH_VERIFY.types.phone })
  await value.fill('2079 460388')
  await submit.click()
  await expect(section.getByText(ZH.errors.channelPhone)).toBeVisible()
  await expect(value).toHaveAttribute('aria-invalid', 'true')
  await accessibleAtBothWidths(page, 'exhibitor-channels-refused')

  await value.fill('0044 20 7946 0388')
  await section.getByLabel(ZH.channels.note).fill('销售热线，工作日 9:00–18:00')
  await submit.click()
  await expect(section.getByRole('status')).toHaveText(fill(ZH.channels.sent, { value: PHONE_NUMBER }))
  await kind.selectOption({ label: ZH_VERIFY.types.usdtTrc20 })
  await value.fill(WALLET)
  await submit.click()
  await expect(section.getByRole('status')).toHaveText(fill(ZH.channels.sent, { value: WALLET }))
  const list = section.getByRole('list', { name: ZH.channels.list })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await expect(list.getByRole('listitem').filter({ hasText: PHONE_NUMBER })).toContainText(ZH.channels.pending)
  await expect(list.getByRole('listitem').filter({ hasText: WALLET })).toContainText(ZH.channels.pending)
  await accessibleAtBothWidths(page, 'exhibitor-channels-pending')

  // Waiting is not official: the check knows nothing of it yet.
  const visitor = await browser.newPage({ viewport: PHONE })
  await visitor.goto(`${ORIGIN}/en/verify.html?value=${encodeURIComponent(PHONE_NUMBER)}`)
  await hydrated(visitor)
  await expect(visitor.getByTestId('channel-result').getByRole('heading', { level: 2, name: 'Non-official channel', exact: true })).toBeVisible()
  await visitor.close()

  // The organiser's page of the exhibitor shows what waits beside what is verified.
  const managerContext = await browser.newContext({ viewport: PHONE })
  const manager = await managerContext.newPage()
  await setUpAccount(manager, managerLink, STAFF_PASSWORD, CONSOLE_EN)
  await manager.waitForURL(`${ORIGIN}/console`)
  await manager.goto(consoleExhibitor)
  await hydrated(manager)
  const channels = manager.getByRole('region', { name: 'Verified channels' })
  await expect(channels).toContainText('The verification register holds no channel of this company.')
  await expect(channels.getByRole('heading', { level: 3, name: 'Waiting for the verifier' })).toBeVisible()
  await expect(channels).toContainText(PHONE_NUMBER)
  await expect(channels).toContainText(WALLET)
  await accessibleAtBothWidths(manager, 'console-exhibitor-pending')
  await managerContext.close()

  // The verifier's queue, on a phone, then on a desktop.
  const staffContext = await browser.newContext({ viewport: PHONE })
  const desk = await staffContext.newPage()
  await setUpAccount(desk, verifierLink, STAFF_PASSWORD, CONSOLE_EN)
  await desk.waitForURL(`${ORIGIN}/console`)
  await desk.goto(`${ORIGIN}/console/register`)
  await hydrated(desk)
  await desk.getByRole('navigation', { name: 'Parts of the register' }).getByRole('link', { name: 'Submitted by exhibitors' }).click()
  await expect(desk).toHaveURL(/view=submissions/)
  const phoneRow = desk.getByRole('row', { name: /\+44 20 7946 0388/ })
  await expect(phoneRow).toContainText('Lotus Capital')
  await expect(phoneRow).toContainText(exhibitionTitle)
  await expect(phoneRow).toContainText('Their note: 销售热线')
  await expect(phoneRow).toContainText('Not in the register; no look-alike')
  await accessibleAtBothWidths(desk, 'register-submissions')

  await phoneRow.getByRole('button', { name: `Approve ${PHONE_NUMBER} of Lotus Capital` }).click()
  const approve = desk.getByRole('dialog', { name: `Approve ${PHONE_NUMBER} as a channel of Lotus Capital` })
  // The default: the exhibition's last day a year on.
  await expect(approve.getByLabel('Verified until')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/)
  await expectAccessible(desk)
  // Far enough ahead that the test never depends on the day it runs.
  await approve.getByLabel('Verified until').fill('2099-12-31')
  await approve.getByRole('button', { name: 'Approve' }).click()
  await expect(desk.getByRole('status')).toHaveText(`${PHONE_NUMBER} is now in the register as a channel of Lotus Capital, until 2099-12-31.`)
  await expect(phoneRow).toHaveCount(0)

  const walletRow = desk.getByRole('row', { name: new RegExp(WALLET) })
  await walletRow.getByRole('button', { name: `Reject ${WALLET} of Lotus Capital` }).click()
  const reject = desk.getByRole('dialog', { name: `Reject ${WALLET} of Lotus Capital` })
  await reject.getByLabel('Reason for the company').fill(REASON)
  await expectAccessible(desk)
  await reject.getByRole('button', { name: 'Reject' }).click()
  await expect(desk.getByRole('status')).toHaveText(`${WALLET} of Lotus Capital is rejected; the company is told why.`)
  await expect(walletRow).toHaveCount(0)
  await staffContext.close()

  // The public check answers the approved phone as the exhibitor's, in English and Chinese; the wallet as nobody's.
  for (const [lang, title, name] of [
    ['en', 'Verified channel of an exhibitor', 'Lotus Capital'],
    ['zh-cn', '参展商的已验证渠道', '莲花资本'],
  ] as const) {
    for (const viewport of [PHONE, DESKTOP]) {
      const check = await browser.newPage({ viewport })
      await check.goto(`${ORIGIN}/${lang}/verify.html?value=${encodeURIComponent(PHONE_NUMBER)}`)
      await hydrated(check)
      const result = check.getByTestId('channel-result')
      await expect(result.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible()
      await expect(result).toContainText(name)
      await check.evaluate(() => window.scrollTo(0, 0))
      await expectAccessible(check)
      await check.close()
    }
  }
  const wallet = await browser.newPage({ viewport: PHONE })
  await wallet.goto(`${ORIGIN}/en/verify.html?value=${WALLET}`)
  await hydrated(wallet)
  await expect(wallet.getByTestId('channel-result').getByRole('heading', { level: 2, name: 'Non-official channel', exact: true })).toBeVisible()
  await wallet.close()

  // The administrator sees both outcomes.
  await page.reload()
  await hydrated(page)
  const decided = page.getByRole('region', { name: ZH.channels.title }).getByRole('list', { name: ZH.channels.list })
  await expect(decided.getByRole('listitem').filter({ hasText: PHONE_NUMBER })).toContainText(fill(ZH.channels.verified, { date: '2099年12月31日' }))
  const rejected = decided.getByRole('listitem').filter({ hasText: WALLET })
  await expect(rejected).toContainText(ZH.channels.rejected)
  await expect(rejected).toContainText(fill(ZH.channels.reason, { reason: REASON }))
  await expect(rejected.getByRole('button', { name: fill(ZH.channels.withdrawNamed, { value: WALLET }) })).toHaveCount(0)
  await accessibleAtBothWidths(page, 'exhibitor-channels-decided')
})
