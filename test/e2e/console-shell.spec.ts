import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { expect, ORIGIN, setUpAccount, setupLinkMailedTo, signIn, test } from './console-kit.ts'
import { DESKTOP, expectAccessible, hydrated } from './fixtures.ts'

/**
 * The organiser's console shell (docs/product.md#console): an owner made on the command line sets up
 * the second factor and a password, signs out and in, invites an editor (who sees less), ends a
 * session and finds the invitation in the audit log; in English at 1280 px and in Chinese at 900 px.
 */
const TABLET = { width: 900, height: 1000 }
const PASSWORD = 'correct horse battery staple'
const EN = { password: /^new password$/i, confirm: /repeat the password/i, code: /current 6-digit code/i, submit: /finish set-up/i }

let ownerLink: string
let tabletOwnerLink: string
let thirdOwnerLink: string

test.describe.configure({ mode: 'serial' })
// Refused calls and pages are part of these journeys (a wrong password, a role without access, the throttle).
test.use({ allowConsole: [/Failed to load resource: the server responded with a status of (400|401|403|429)/] })

test.beforeAll(async ({ consoleSite }) => {
  ownerLink = await consoleSite.addStaff('olivia@example.com', 'owner', 'Olivia Owner')
  tabletOwnerLink = await consoleSite.addStaff('oscar@example.com', 'owner', 'Oscar Owner')
  thirdOwnerLink = await consoleSite.addStaff('nora@example.com', 'owner', 'Nora Owner')
})

const nav = (page: Page) => page.getByRole('navigation', { name: /console sections|后台栏目/i })

test('when an owner sets up, signs out and in, invites an editor and ends a session, then each step shows and is recorded', async ({
  page,
  browser,
  consoleSite,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize(DESKTOP)

  // Without a session every console page leads to sign-in, remembering where the member wanted to go.
  const staffPage = await page.goto(`${ORIGIN}/console/staff`)
  expect(new URL(page.url()).pathname).toBe('/console/sign-in')
  expect(new URL(page.url()).searchParams.get('next')).toBe('/console/staff')
  expect(staffPage?.headers()['cache-control']).toBe('private, no-store')
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  await hydrated(page)
  await expectAccessible(page)

  // Set-up from the command line's link: the secret as text in groups of four, the QR code, password and code.
  await page.goto(ownerLink)
  await expect(page.getByRole('heading', { level: 1, name: /set up your console account/i })).toBeVisible()
  await expect(page.getByTestId('totp-secret')).toHaveText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/)
  await expect(page.getByRole('img', { name: /QR code/i })).toBeVisible()
  await hydrated(page)
  await expectAccessible(page)
  const nextCode = await setUpAccount(page, ownerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await expect(page.getByRole('heading', { level: 1, name: /welcome, olivia owner/i })).toBeVisible()
  // Later parts add sections of their own; these are the shell's.
  await expect(nav(page).getByRole('link')).toContainText(['Home', 'Staff', 'Audit log', 'Sessions'])
  // The owner's "before you go live" list: the browser-test site is the demo over plain http.
  const goingLive = page.getByRole('region', { name: 'Before you go live' })
  await expect(goingLive).toContainText('Brand name (To do)')
  await expect(goingLive).toContainText('Demo content removed (To do) Run npm run content -- remove-demo')
  await hydrated(page)
  await expectAccessible(page)

  // Sign out, then in again: back on the page asked for.
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL(`${ORIGIN}/console/sign-in`)
  await page.goto(`${ORIGIN}/console/audit`)
  await hydrated(page)
  // A wrong password uses up no code: the same code signs in once the password is right.
  const code = nextCode()
  await signIn(page, 'olivia@example.com', 'wrong password here', code)
  await expect(page.getByRole('alert')).toHaveText(/not right/i)
  await signIn(page, 'olivia@example.com', PASSWORD, code)
  await page.waitForURL(`${ORIGIN}/console/audit`)
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible()

  // Invite an editor with a limit to two exhibitions.
  await nav(page).getByRole('link', { name: 'Staff' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible()
  const invite = page.getByRole('region', { name: 'Invite a member' })
  await invite.getByLabel('E-mail').fill('edith@example.com')
  await invite.getByLabel('Name').fill('Edith Editor')
  await invite.getByRole('checkbox', { name: 'Editor' }).check()
  await invite.getByRole('radio', { name: 'Only some exhibitions' }).check()
  await invite.getByLabel('Exhibition numbers').fill('3, 7')
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByRole('status')).toHaveText('Invitation sent to edith@example.com.')
  const row = page.getByRole('row', { name: /edith@example.com/ })
  await expect(row).toContainText('Editor')
  await expect(row).toContainText('Invited')
  await expect(row).toContainText('3, 7')
  await expectAccessible(page)

  // The audit log shows the invitation, with what it set.
  await nav(page).getByRole('link', { name: 'Audit log' }).click()
  await page.getByLabel('Action').selectOption({ label: 'Invite a member' })
  await page.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/function=console%24invite/)
  // As a sentence, with the raw record one click away.
  const record = page.getByRole('listitem').filter({ hasText: 'Olivia Owner invited Edith Editor as Editor' }).first()
  await expect(record).toContainText('olivia@example.com')
  await record.getByText('The record').click()
  await expect(record.getByRole('definition').filter({ hasText: 'edith@example.com' })).toBeVisible()
  await expectAccessible(page)

  // The editor sets up from the mailed link and sees only what an editor may use.
  const editorContext = await browser.newContext({ viewport: DESKTOP })
  const editor = await editorContext.newPage()
  await setUpAccount(editor, await setupLinkMailedTo('edith@example.com'), PASSWORD, EN)
  await editor.waitForURL(`${ORIGIN}/console`)
  await expect(nav(editor).getByRole('link')).toContainText(['Home', 'Sessions'])
  await expect(nav(editor).getByRole('link', { name: 'Staff' })).toHaveCount(0)
  await expect(nav(editor).getByRole('link', { name: 'Audit log' })).toHaveCount(0)
  await editor.goto(`${ORIGIN}/console/staff`)
  await expect(editor.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible()

  // A second session of the owner, ended from the first: "this device" is marked. The owner has used
  // two codes already; a third could have to wait for the next half-minute, so the laptop's session is made as a sign-in makes it.
  const laptop = await browser.newContext({ viewport: DESKTOP })
  const second = await laptop.newPage()
  await consoleSite.signInWithoutCode(second, 'olivia@example.com')
  await second.goto(`${ORIGIN}/console`)
  await expect(second.getByRole('heading', { level: 1, name: /welcome, olivia owner/i })).toBeVisible()
  await nav(page).getByRole('link', { name: 'Sessions' }).click()
  const sessions = page.getByRole('table').getByRole('row')
  await expect(sessions).toHaveCount(3)
  await expect(page.getByRole('row', { name: /this device/i })).toHaveCount(1)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'End session' }).first().click()
  await expect(page.getByRole('status')).toHaveText('The session has been ended.')
  await expect(sessions).toHaveCount(2)
  await second.reload()
  expect(new URL(second.url()).pathname).toBe('/console/sign-in')

  // The owner changes the editor's roles in the dialog, then disables her: her session ends.
  await nav(page).getByRole('link', { name: 'Staff' }).click()
  await page.getByRole('button', { name: 'Edit access: Edith Editor' }).click()
  const dialog = page.getByRole('dialog', { name: 'Access of Edith Editor' })
  await dialog.getByRole('checkbox', { name: 'Support' }).check()
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('status')).toHaveText('Access of edith@example.com saved.')
  await expect(row).toContainText('Support')
  await page.getByRole('button', { name: 'Disable: Edith Editor' }).click()
  await page.getByRole('dialog', { name: 'Disable' }).getByRole('button', { name: 'Disable' }).click()
  await expect(page.getByRole('status')).toHaveText('edith@example.com is disabled.')
  await expect(row).toContainText('Disabled')
  await editor.reload()
  expect(new URL(editor.url()).pathname).toBe('/console/sign-in')
  await editorContext.close()
  await laptop.close()
})

test('when an owner reads the console in Chinese on a tablet, then every screen is in Chinese and fits', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize(TABLET)
  await setUpAccount(page, tabletOwnerLink, PASSWORD, EN)
  await page.waitForURL(`${ORIGIN}/console`)
  await hydrated(page)

  // The language is the member's setting: the switch changes it and the page comes back in it.
  await page.getByLabel('Console language').selectOption('zh-cn')
  await expect(page.getByRole('heading', { level: 1, name: '欢迎，Oscar Owner' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans')
  await hydrated(page)
  await expectAccessible(page)
  for (const [section, heading] of [
    ['员工', '员工'],
    ['审计日志', '审计日志'],
    ['会话', '会话'],
  ] as const) {
    await nav(page).getByRole('link', { name: section }).click()
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
    // Nothing wider than the tablet's screen but the tables, which scroll inside their frame.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width)
    await expectAccessible(page)
  }

  // Signed out, the sign-in page follows the browser, and the switch there is remembered.
  await page.getByRole('button', { name: '退出登录' }).click()
  await page.waitForURL(`${ORIGIN}/console/sign-in`)
  await hydrated(page)
  await page.getByLabel(/console language|后台语言/i).selectOption('zh-cn')
  await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible()
  await hydrated(page)
  await expectAccessible(page)
})

test('when a browser asks in Chinese, then set-up is in Chinese; every screen fits at 900 px in English and at 1280 px in Chinese', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ locale: 'zh-CN', viewport: DESKTOP })
  const page = await context.newPage()
  await page.goto(`${ORIGIN}/console/setup/not-a-real-link-at-all-0000`)
  await expect(page.getByRole('heading', { level: 1, name: '设置链接无效' })).toBeVisible()
  await page.goto(thirdOwnerLink)
  await expect(page.getByRole('heading', { level: 1, name: '设置您的后台账号' })).toBeVisible()
  await hydrated(page)
  await expectAccessible(page)
  await setUpAccount(page, thirdOwnerLink, PASSWORD, { password: /^新密码$/, confirm: /再次输入密码/, code: /当前 6 位验证码/, submit: /完成设置并登录/ })
  await page.waitForURL(`${ORIGIN}/console`)

  // The member's own setting (English, from the command line) wins over the browser's language.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nora Owner' })).toBeVisible()
  await page.setViewportSize(TABLET)
  for (const path of ['/console', '/console/staff', '/console/audit', '/console/sessions', '/console/no-such-page']) {
    await page.goto(`${ORIGIN}${path}`)
    await hydrated(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width)
    await expectAccessible(page)
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()

  await page.getByLabel('Console language').selectOption('zh-cn')
  await expect(page.getByRole('heading', { level: 1, name: '页面不存在' })).toBeVisible()
  await page.setViewportSize(DESKTOP)
  for (const path of ['/console', '/console/staff', '/console/audit', '/console/sessions']) {
    await page.goto(`${ORIGIN}${path}`)
    await hydrated(page)
    await expectAccessible(page)
  }
  await context.close()
})

test('when a public page loads, then none of the console JavaScript comes with it; robots and sitemap keep out of the console', async ({ page }) => {
  const consoleFiles = Object.values(
    JSON.parse(readFileSync(`${process.env.DIST_DIR ?? 'dist'}/client/.vite/console-manifest.json`, 'utf8')) as Record<string, { file: string }>,
  ).map((chunk) => `/${chunk.file}`)
  const loaded: string[] = []
  page.on('request', (request) => loaded.push(new URL(request.url()).pathname))
  await page.goto(`${ORIGIN}/en`)
  await hydrated(page)
  expect(loaded.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0)
  expect(loaded.filter((path) => consoleFiles.includes(path))).toEqual([])

  const robots = await (await fetch(`${ORIGIN}/robots.txt`)).text()
  expect(robots).toMatch(/^Disallow: \/console$/m)
  const sitemap = await (await fetch(`${ORIGIN}/sitemap.xml`)).text()
  expect(sitemap).not.toContain('/console')
})

test('when sign-in fails again and again, then it says how long to wait', async ({ page }) => {
  await page.goto(`${ORIGIN}/console/sign-in`)
  await hydrated(page)
  for (let attempt = 0; attempt < 15; attempt++) {
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/gateway/console')
    await signIn(page, 'nobody@example.com', 'not the password at all', '123456')
    if ((await answer).status() === 429) {
      await expect(page.getByRole('alert')).toHaveText(/too many attempts\. please wait \d+ seconds? and try again/i)
      return
    }
    await expect(page.getByRole('alert')).toHaveText(/not right/i)
  }
  throw new Error('sign-in was never throttled')
})
