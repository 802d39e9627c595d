import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Browser, Page } from '@playwright/test'
import { CONSOLE_PORT, expect, ORIGIN, test } from './console-kit.ts'
import { account, acceptedExhibitor, unique } from './exhibitor-kit.ts'
import { DESKTOP, expectAccessible, hydrated, PHONE } from './fixtures.ts'

/**
 * The exhibitor area (docs/product.md#exhibitors), as an exhibitor's team uses it: the administrator
 * opens it from My account, completes the profile in English and Simplified Chinese (a wrong website
 * and a Chinese summary without a name answered beside their fields and in the summary), invites a
 * colleague by e-mail; the colleague opens the mailed link, logs in, accepts and reads the profile as
 * staff; the administrator removes them and, as the last administrator, cannot leave; all of it in
 * English and in Simplified Chinese. The list in Simplified Chinese on a phone, an unknown link and the
 * empty list too. Each page is checked with axe at 375 and 1280 px.
 *
 * The data is set up through the platform, not through other features' screens: accounts and an
 * exhibitor application are rows as the login page and the sign-up form store them (those screens
 * have their own tests), and the organiser accepts the application with the function
 * `npm run applications -- status REF accepted` runs, on the running site's database (console-kit.ts):
 * the same decision the console makes, which makes the exhibitor with the applicant as its admin.
 */
type Strings = typeof import('../../locales/en/exhibitor.json')
const read = <T>(locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as T
const EN = read<Strings>('en', 'exhibitor')
const ZH = read<Strings>('zh-cn', 'exhibitor')
type Login = typeof import('../../locales/en/login.json')
const LOGIN = { en: read<Login>('en', 'login'), 'zh-cn': read<Login>('zh-cn', 'login') }
type Shell = typeof import('../../locales/en/common.json')
const SHELL = { en: read<Shell>('en', 'common'), 'zh-cn': read<Shell>('zh-cn', 'common') }
type Account = typeof import('../../locales/en/account.json')
const ACCOUNT = { en: read<Account>('en', 'account'), 'zh-cn': read<Account>('zh-cn', 'account') }
const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''))

const OUTBOX = join(`data/e2e-console-${CONSOLE_PORT}`, 'outbox')
const PASSWORD = 'exhibitor area password 2026'
const visitorIp = () => `8.10.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`

/** Logs in through the login frame that the page's own button opened. */
async function logInThroughFrame(page: Page, lang: 'en' | 'zh-cn', email: string) {
  const t = LOGIN[lang]
  const frame = page.frameLocator('dialog[open] iframe')
  await expect(frame.getByRole('heading', { level: 1, name: t.title.signin })).toBeVisible()
  await frame.getByLabel(t.fields.email).fill(email)
  await frame.getByLabel(t.fields.password, { exact: true }).fill(PASSWORD)
  await frame.getByRole('button', { name: t.actions.signin, exact: true }).click()
  await expect(page.locator('dialog[open]')).toBeHidden()
}

async function open(page: Page, path: string) {
  await page.goto(`${ORIGIN}${path}`)
  await hydrated(page)
}

/** Axe at both widths, ending at the width the test works in. */
async function accessibleAtBothWidths(page: Page, end: typeof PHONE = DESKTOP) {
  for (const size of end === DESKTOP ? [PHONE, DESKTOP] : [DESKTOP, PHONE]) {
    await page.setViewportSize(size)
    await expectAccessible(page)
  }
}

/** The invitation link of the newest mail to an address (its parts decoded as their encodings say). */
function invitationLinkTo(address: string, lang: string): string | undefined {
  if (!existsSync(OUTBOX)) return undefined
  const safe = address.replace(/[^a-z0-9@._-]/gi, '_')
  const files = readdirSync(OUTBOX)
    .filter((name) => name.endsWith(`-${safe}.eml`))
    .sort()
    .reverse()
  for (const file of files) {
    const raw = readFileSync(join(OUTBOX, file), 'utf8')
    const text = raw
      .split(/\r?\n\r?\n/)
      .map((chunk) => {
        const compact = chunk.replace(/\s+/g, '')
        if (/^[A-Za-z0-9+/=]{40,}$/.test(compact)) return Buffer.from(compact, 'base64').toString('utf8')
        return chunk.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      })
      .join('\n')
    const link = new RegExp(`https?://[^\\s"<]+/${lang}/exhibitor\\.html\\?invitation=[A-Za-z0-9_-]{43}`).exec(text)?.[0]
    if (link) return link
  }
  return undefined
}

async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, extraHTTPHeaders: { 'X-Forwarded-For': visitorIp() } })
  return context.newPage()
}

test.describe.configure({ mode: 'serial' })
// The refusals the tests ask for (a wrong website, the last administrator leaving) are failed requests the browser notes.
test.use({ allowConsole: [/Failed to load resource: the server responded with a status of (400|409)/] })

for (const lang of ['en', 'zh-cn'] as const) {
  const T = lang === 'en' ? EN : ZH
  test(`in ${lang}: an administrator completes the profile in two languages, invites a colleague who accepts as staff, and removes them`, async ({
    page,
    browser,
    consoleSite,
  }) => {
    test.setTimeout(180_000)
    const admin = `wang.${unique()}@example.com`
    const colleague = `li.${unique()}@example.com`
    await account(consoleSite.db, admin, 'Wang Wei', PASSWORD)
    await account(consoleSite.db, colleague, 'Li Na', PASSWORD)
    const { exhibition } = await acceptedExhibitor(consoleSite, admin, 'Wang Finance')
    const title = lang === 'en' ? exhibition.en : exhibition.zh
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
    await page.setViewportSize(DESKTOP)

    // My account is the way in (docs/product.md#routes info.html).
    await open(page, `/${lang}/info.html`)
    await page.getByRole('banner').getByRole('button', { name: SHELL[lang].nav.login }).click()
    await logInThroughFrame(page, lang, admin)
    await page.getByRole('link', { name: ACCOUNT[lang].exhibitor.link }).click()
    await expect(page).toHaveURL(new RegExp(`/${lang}/exhibitor\\.html$`))
    await expect(page.getByRole('heading', { level: 1, name: T.area.title })).toBeVisible()
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'Wang Finance' }) })
    await expect(item).toContainText(title)
    await expect(item).toContainText('Singapore')
    await expect(item).toContainText(T.roles.admin)
    for (const gap of ['summary', 'description', 'website', 'country'] as const) await expect(item).toContainText(T.gaps[gap])
    await accessibleAtBothWidths(page)

    // The workspace: four parts missing.
    await item.getByRole('link', { name: 'Wang Finance' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Wang Finance' })).toBeVisible()
    await expect(page).toHaveURL(/\?id=\d+$/)
    const workspaceUrl = page.url()
    await expect(page.getByRole('link', { name: T.area.publicPage })).toHaveAttribute(
      'href',
      new RegExp(`^/${lang}/backDetail/\\d+/exhibitors/wang-finance(-\\d+)?$`),
    )
    await expect(page.getByRole('heading', { level: 2, name: fill(T.gaps.title_other, { count: 4 }) })).toBeVisible()
    await expect(page.locator('#profile-en-name')).toHaveValue('Wang Finance')
    await accessibleAtBothWidths(page)

    // A wrong website and a Chinese summary without a Chinese name: beside the fields, and listed at the top.
    await page.getByLabel(T.profile.website).fill('not a website')
    const chinese = page.getByRole('tab', { name: /简体中文/ })
    await chinese.click()
    await expect(chinese).toHaveAttribute('aria-selected', 'true')
    await page.locator('#profile-zh-cn-summary').fill('来自香港的持牌经纪商。')
    await page.getByRole('tab', { name: /English/ }).click()
    await page.getByRole('button', { name: T.profile.save }).click()
    const summary = page.getByRole('alert').filter({ hasText: T.profile.checkFields })
    await expect(summary).toContainText(T.errors.website)
    await expect(summary).toContainText(`简体中文: ${T.profile.name}: ${T.errors.nameRequired}`)
    await expect(page.locator('#profile-website-error')).toHaveText(`! ${T.errors.website}`)
    await expect(page.locator('#profile-website')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.locator('#profile-website')).toHaveAttribute('aria-describedby', /profile-website-error/)
    // The Chinese tab, not open, is marked; the summary's link opens it at the field.
    await expect(chinese).toContainText(T.profile.tab.error)
    await expectAccessible(page)
    await summary.getByRole('link', { name: `简体中文: ${T.profile.name}` }).click()
    await expect(chinese).toHaveAttribute('aria-selected', 'true')
    await expect(page.locator('#profile-zh-cn-name')).toBeFocused()
    await expect(page.locator('#profile-zh-cn-name-error')).toHaveText(`! ${T.errors.nameRequired}`)

    // Everything right: a broker in Hong Kong with its licence, English and Chinese texts.
    await page.locator('#profile-zh-cn-name').fill('王氏金融')
    await page.locator('#profile-zh-cn-description').fill('王氏金融为亚洲的专业交易者提供外汇与差价合约交易服务。')
    await page.getByRole('tab', { name: /English/ }).click()
    await page.locator('#profile-en-summary').fill('A licensed broker from Hong Kong.')
    await page.locator('#profile-en-description').fill('Wang Finance offers forex and CFD trading to professional traders across Asia.')
    await page.getByLabel(T.profile.website).fill('wang-finance.example.com')
    await page.getByLabel(T.profile.country).selectOption('HK')
    await page.getByRole('radio', { name: T.kinds.broker }).check()
    await page.getByRole('button', { name: T.profile.addLicence }).click()
    await expect(page.locator('#profile-licence-0-regulator')).toBeFocused()
    await page.locator('#profile-licence-0-regulator').fill('SFC')
    await page.locator('#profile-licence-0-number').fill('AXK123')
    await page.getByRole('button', { name: T.profile.save }).click()
    await expect(page.getByRole('status').filter({ hasText: T.profile.saved })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: T.gaps.complete })).toBeVisible()
    // Its name in the page's language, once written there.
    const shown = lang === 'en' ? 'Wang Finance' : '王氏金融'
    await expect(page.getByRole('heading', { level: 1, name: shown })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(chinese).toContainText(T.profile.tab.written)
    await expect(page.getByLabel(T.profile.website)).toHaveValue(/^https?:\/\/wang-finance\.example\.com\/?$/)
    await accessibleAtBothWidths(page)

    // The logo goes up at once, outside the versioned profile.
    await page.getByLabel(T.logo.choose).setInputFiles(fileURLToPath(new URL('../../public/images/og-default.png', import.meta.url)))
    await expect(page.getByRole('status').filter({ hasText: T.logo.uploaded })).toBeVisible()
    await expect(page.getByRole('img', { name: fill(T.logo.alt, { exhibitor: shown }) })).toBeVisible()

    // Kept: after a reload the Chinese name is there.
    await page.reload()
    await hydrated(page)
    await page.getByRole('tab', { name: /简体中文/ }).click()
    await expect(page.locator('#profile-zh-cn-name')).toHaveValue('王氏金融')

    // A profile saved meanwhile in another tab: the older one is told, and reloads to the newer.
    const stale = await page.context().newPage()
    await stale.goto(workspaceUrl)
    await hydrated(stale)
    await page.getByRole('tab', { name: /English/ }).click()
    await page.locator('#profile-en-summary').fill('A licensed broker from Hong Kong since 2009.')
    await page.getByRole('button', { name: T.profile.save }).click()
    await expect(page.getByRole('status').filter({ hasText: T.profile.saved })).toBeVisible()
    await stale.getByRole('button', { name: T.profile.save }).click()
    await expect(stale.getByRole('alert')).toContainText(T.errors.changed)
    await stale.getByRole('button', { name: T.profile.reload }).click()
    await expect(stale.locator('#profile-en-summary')).toHaveValue('A licensed broker from Hong Kong since 2009.')
    await expect(stale.getByRole('alert')).toHaveCount(0)
    await stale.close()

    // An invitation: a wrong address answered beside the field, then the colleague's.
    await page.getByLabel(T.team.email).fill('li.na@')
    await page.getByRole('button', { name: T.team.send }).click()
    await expect(page.locator('#invite-email-error')).toHaveText(`! ${T.errors.email}`)
    await page.getByLabel(T.team.email).fill(colleague)
    await page.getByLabel(T.team.role).selectOption('staff')
    await page.getByRole('button', { name: T.team.send }).click()
    await expect(page.getByRole('status').filter({ hasText: fill(T.team.sent, { email: colleague }) })).toBeVisible()
    const invitations = page.getByRole('region', { name: T.team.invitations })
    await expect(invitations).toContainText(colleague)
    await expect(invitations.getByRole('button', { name: fill(T.team.revokeNamed, { email: colleague }) })).toBeVisible()
    await expectAccessible(page)

    // The colleague opens the mailed link: logged out, then logged in through the frame, back on the same page.
    await expect.poll(() => invitationLinkTo(colleague, lang), { timeout: 20_000, message: 'the invitation mail' }).toBeTruthy()
    const link = invitationLinkTo(colleague, lang) as string
    const other = await newVisitor(browser)
    await other.goto(link)
    await hydrated(other)
    await expect(other.getByRole('heading', { level: 2, name: T.login.invitationTitle })).toBeVisible()
    await accessibleAtBothWidths(other)
    await other.getByRole('main').getByRole('button', { name: T.login.button }).click()
    await logInThroughFrame(other, lang, colleague)
    const offer = fill(T.invitation.offer, { exhibitor: shown, exhibition: title, role: T.roles.staff })
    await expect(other.getByRole('heading', { level: 2, name: offer })).toBeVisible()
    await expect(other).toHaveURL(link)
    await expect(other.getByRole('main')).toContainText(colleague)
    await accessibleAtBothWidths(other)
    await other.getByRole('button', { name: T.invitation.accept }).click()
    await expect(other.getByRole('heading', { level: 1, name: shown })).toBeVisible()
    await expect(other).toHaveURL(/\?id=\d+$/)

    // Staff read the profile and cannot change it; they see the team but no invitations.
    await expect(other.getByText(T.profile.readOnly)).toBeVisible()
    await expect(other.getByRole('button', { name: T.profile.save })).toHaveCount(0)
    await expect(other.getByRole('main').getByRole('textbox')).toHaveCount(0)
    await expect(other.getByRole('main')).toContainText('A licensed broker from Hong Kong since 2009.')
    await expect(other.getByRole('img', { name: fill(T.logo.alt, { exhibitor: shown }) })).toBeVisible()
    await expect(other.getByLabel(T.logo.choose)).toHaveCount(0)
    await other.getByRole('tab', { name: /简体中文/ }).click()
    await expect(other.getByRole('main')).toContainText('王氏金融')
    await expect(other.getByRole('region', { name: T.team.invitations })).toHaveCount(0)
    await expect(other.getByRole('button', { name: T.team.leave })).toBeVisible()
    await accessibleAtBothWidths(other)
    // The link again: already on the team, with the way to it.
    await other.goto(link)
    await hydrated(other)
    await expect(other.getByText(T.invitation.memberAlready)).toBeVisible()
    await expect(other.getByRole('link', { name: fill(T.invitation.open, { exhibitor: shown }) })).toHaveAttribute('href', /\?id=\d+$/)

    // The administrator sees the colleague as staff and removes them, after confirming.
    await page.reload()
    await hydrated(page)
    await expect(page.getByRole('list', { name: T.team.members })).toContainText('Li Na')
    await expect(page.getByRole('region', { name: T.team.invitations })).toContainText(T.team.noInvitations)
    await page.getByRole('button', { name: fill(T.team.removeNamed, { nick: 'Li Na' }) }).click()
    const dialog = page.getByRole('dialog', { name: fill(T.team.removeTitle, { nick: 'Li Na' }) })
    await expect(dialog).toBeVisible()
    await expectAccessible(page)
    await dialog.getByRole('button', { name: T.team.removeConfirm }).click()
    await expect(page.getByRole('status').filter({ hasText: fill(T.team.removed, { nick: 'Li Na' }) })).toBeVisible()
    await expect(page.getByRole('list', { name: T.team.members })).not.toContainText('Li Na')

    // The last administrator cannot leave: the platform says why.
    await page.getByRole('button', { name: T.team.leave }).click()
    await page.getByRole('dialog').getByRole('button', { name: T.team.leaveConfirm }).click()
    await expect(page.getByRole('alert')).toHaveText(T.errors.lastAdmin)
    await expect(page).toHaveURL(workspaceUrl)

    // The colleague, removed, no longer reaches the exhibitor.
    await other.goto(workspaceUrl)
    await hydrated(other)
    await expect(other.getByText(T.errors.notFound)).toBeVisible()
    await other.context().close()
  })
}

test('the list in Simplified Chinese at 375 and 1280 px, an unknown invitation link, and the empty list', async ({ page, browser, consoleSite }) => {
  test.setTimeout(120_000)
  const admin = `zhang.${unique()}@example.com`
  await account(consoleSite.db, admin, '张伟', PASSWORD)
  const { exhibition } = await acceptedExhibitor(consoleSite, admin, '张氏证券')
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
  await page.setViewportSize(PHONE)

  await open(page, '/zh-cn/exhibitor.html')
  await expect(page.getByRole('heading', { level: 2, name: ZH.login.title })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('main').getByRole('button', { name: ZH.login.button }).click()
  await logInThroughFrame(page, 'zh-cn', admin)
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: '张氏证券' }) })
  await expect(item).toContainText(exhibition.zh)
  await expect(item).toContainText(ZH.roles.admin)
  await expect(item).toContainText(ZH.gaps.incomplete)
  await expect(item).toContainText(ZH.gaps.summary)
  await accessibleAtBothWidths(page, PHONE)

  // The workspace in Chinese, with a field error in Chinese.
  await item.getByRole('link', { name: '张氏证券' }).click()
  await expect(page.getByRole('heading', { level: 1, name: '张氏证券' })).toBeVisible()
  await page.getByLabel(ZH.profile.website).fill('不是网址')
  await page.getByRole('button', { name: ZH.profile.save }).click()
  await expect(page.locator('#profile-website-error')).toHaveText(`! ${ZH.errors.website}`)
  await accessibleAtBothWidths(page, PHONE)

  // A link whose token is unknown says so.
  await open(page, `/zh-cn/exhibitor.html?invitation=${'x'.repeat(43)}`)
  await expect(page.getByRole('heading', { level: 2, name: ZH.invitation.unusable })).toBeVisible()
  await expect(page.getByText(ZH.errors.invitationInvalid)).toBeVisible()
  await expectAccessible(page)

  // Someone on no team: the empty list says how an exhibitor comes here, with the way to apply.
  const newcomer = `newcomer.${unique()}@example.com`
  await account(consoleSite.db, newcomer, 'Ada', PASSWORD)
  const other = await newVisitor(browser)
  await open(other, '/en/exhibitor.html')
  await other.getByRole('main').getByRole('button', { name: EN.login.button }).click()
  await logInThroughFrame(other, 'en', newcomer)
  await expect(other.getByText(EN.area.emptyTitle)).toBeVisible()
  await expect(other.getByText(EN.area.emptyText)).toBeVisible()
  await expect(other.getByRole('link', { name: EN.area.apply })).toHaveAttribute('href', '/en/apply')
  await accessibleAtBothWidths(other)
  await other.context().close()
})
