import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { APIRequestContext, Frame, FrameLocator, Page } from '@playwright/test'
import { DESKTOP, expect, expectAccessible, hydrated, PHONE, test } from './fixtures.ts'

/**
 * Accounts (docs/product.md#login): register, verify by the code from the outbox, log in through the login frame
 * (docs/product.md#login protocol), the nick in the header without a reload, a reload keeps it, a comment on an
 * exhibition, logout; the mobile menu's login area; messages from anywhere but the login frame do
 * nothing. English and Simplified Chinese, 375 and 1280 px, axe on every state.
 */

type Login = typeof import('../../locales/en/login.json')
type Account = typeof import('../../locales/en/account.json')
type Common = typeof import('../../locales/en/common.json')
const read = <T>(locale: string, namespace: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}/${namespace}.json`, import.meta.url), 'utf8')) as T
const TEXT = {
  en: { login: read<Login>('en', 'login'), account: read<Account>('en', 'account'), common: read<Common>('en', 'common') },
  'zh-cn': { login: read<Login>('zh-cn', 'login'), account: read<Account>('zh-cn', 'account'), common: read<Common>('zh-cn', 'common') },
}

/** The e2e server's data folder (playwright.config.ts), where the outbox worker writes .eml files. */
const OUTBOX = join(process.env.E2E_DATA_DIR ?? `data/e2e-${process.env.E2E_PORT ?? 3211}`, 'outbox')
const PASSWORD = 'copper-kettle-harbour-7'
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
const visitorIp = () => `8.8.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`

/** The text of a plain-text .eml as nodemailer writes it (7bit, quoted-printable or base64). */
function mailText(raw: string): string {
  const split = raw.indexOf('\n\n')
  const headers = raw.slice(0, split)
  const body = raw.slice(split + 2)
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** The newest code mailed to an address (the outbox worker sends it once its transaction commits). */
async function codeFromOutbox(email: string): Promise<string> {
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  let code: string | undefined
  await expect
    .poll(
      () => {
        if (!existsSync(OUTBOX)) return undefined
        const files = readdirSync(OUTBOX)
          .filter((file) => file.endsWith(`-${safe}.eml`))
          .sort()
        if (!files.length) return undefined
        code = /\b(\d{6})\b/.exec(mailText(readFileSync(join(OUTBOX, files.at(-1) as string), 'utf8')))?.[1]
        return code
      },
      { timeout: 15_000, message: `a code mailed to ${email}` },
    )
    .toMatch(/^\d{6}$/)
  return code as string
}

async function open(page: Page, path: string) {
  await page.goto(path)
  await hydrated(page)
}

const frameOf = (page: Page): FrameLocator => page.frameLocator('dialog[open] iframe')

/** The login page's frame itself (to post as it would). */
const loginFrame = (page: Page): Frame => {
  const frame = page.frames().find((candidate) => new URL(candidate.url()).pathname === '/login')
  expect(frame, 'the login frame').toBeTruthy()
  return frame as Frame
}

/**
 * Waits until the page has handled every message posted to it so far: a window's messages are
 * dispatched in the order they were posted, so when a last one of our own arrives the others have
 * been through every listener (and whatever a listener starts at once has started).
 */
async function everyPostedMessageHandled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const marker = `handled-${Math.random()}`
        const onMessage = (event: MessageEvent) => {
          if (event.data !== marker) return
          window.removeEventListener('message', onMessage)
          resolve()
        }
        window.addEventListener('message', onMessage)
        window.postMessage(marker, window.location.origin)
      }),
  )
}

/** A verified account made through the login page's forms, as a browser would post them. */
async function verifiedAccount(request: APIRequestContext, lang: string, nick: string) {
  const email = `e2e-${unique()}@example.com`
  const headers = { 'X-Forwarded-For': visitorIp() }
  const registered = await request.post('/login/register', { form: { lang, nick, email, password: PASSWORD }, headers })
  expect(registered.status()).toBe(200)
  const verified = await request.post('/login/verify', { form: { lang, email, code: await codeFromOutbox(email) }, headers })
  expect(verified.status()).toBe(200)
  return { email, nick }
}

/** The id of an exhibition of the demo content that is still to come (comments belong to any). */
async function someExhibitionId(request: APIRequestContext): Promise<number> {
  const token = (await (await request.post('/api/token')).json()).access_token as string
  const response = await request.post('/wikifxweb-v1/wikiexpo/invoke-v1', {
    headers: { Routes: 'expo$listExhibitions', Authorization: `Bearer ${token}`, LanguageCode: 'en' },
    data: {},
  })
  const items = (await response.json()).data.items as Array<{ id: number }>
  expect(items.length).toBeGreaterThan(0)
  return (items[0] as { id: number }).id
}

for (const lang of ['en', 'zh-cn'] as const) {
  const t = TEXT[lang]
  test.describe(`accounts in ${lang} at 1280 px`, () => {
    test.use({ viewport: DESKTOP })

    test('register in the frame, verify by the mailed code, see the nick, reload, comment, log out', async ({ page }) => {
      // A whole first visit with an accessibility scan at each step: about 30 s on a quiet machine, over 45 s on a busy one.
      test.slow()
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
      const email = `e2e-${unique()}@example.com`
      const nick = lang === 'en' ? `Ada ${unique().slice(-4)}` : `小明${unique().slice(-4)}`

      await open(page, `/${lang}/info.html`)
      await expect(page.getByRole('heading', { level: 2, name: t.account.prompt.title })).toBeVisible()
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
      await expectAccessible(page)

      // The header's login button opens the login page in a modal.
      await page.getByRole('banner').getByRole('button', { name: t.common.nav.login }).click()
      const dialog = page.locator('dialog[open]')
      await expect(dialog).toBeVisible()
      const frame = frameOf(page)
      await expect(frame.getByRole('heading', { level: 1, name: t.login.title.signin })).toBeVisible()
      await expectAccessible(page)

      await frame.getByRole('link', { name: t.login.links.toRegister }).click()
      await expect(frame.getByRole('heading', { level: 1, name: t.login.title.register })).toBeVisible()
      await frame.getByLabel(t.login.fields.nick).fill(nick)
      await frame.getByLabel(t.login.fields.email).fill(email)
      await frame.getByLabel(t.login.fields.password).fill(PASSWORD)
      await frame.getByRole('button', { name: t.login.actions.register }).click()
      await expect(frame.getByRole('heading', { level: 1, name: t.login.title.verify })).toBeVisible()
      await frame.getByLabel(t.login.fields.code).fill(await codeFromOutbox(email))
      await frame.getByRole('button', { name: t.login.actions.verify }).click()

      // docs/product.md#login `reload`: the frame closes and the user is in the page, without reloading it.
      await expect(dialog).toBeHidden()
      const header = page.getByRole('banner')
      await expect(header.getByRole('button', { name: new RegExp(nick) })).toBeVisible()
      await expect(page.getByText(email)).toBeVisible()
      await expect(page.getByLabel(t.account.profile.nick)).toHaveValue(nick)
      await expectAccessible(page)

      // A reload keeps it (the HttpOnly login cookie).
      const cookies = await page.context().cookies()
      const login = cookies.find((cookie) => cookie.name === 'expo_login')
      expect(login).toMatchObject({ httpOnly: true, sameSite: 'Lax' })
      await page.reload()
      await hydrated(page)
      await expect(header.getByRole('button', { name: new RegExp(nick) })).toBeVisible()
      await expect(page.getByText(email)).toBeVisible()

      // A comment on an exhibition, shown as text.
      const exhibitionId = await someExhibitionId(page.request)
      await open(page, `/${lang}/backDetail/${exhibitionId}`)
      const community = page.locator('#community')
      // An empty frame until the comments' texts have loaded, then a new element: wait for that first.
      await expect(community.getByRole('heading', { level: 2, name: new RegExp(t.account.comments.title) })).toBeVisible()
      await community.scrollIntoViewIfNeeded()
      const text = `${lang === 'en' ? 'See you there' : '现场见'} <b>${unique()}</b>`
      await community.getByLabel(t.account.comments.label).fill(text)
      await community.getByRole('button', { name: t.account.comments.submit }).click()
      const mine = community.getByRole('listitem').filter({ hasText: text })
      await expect(mine).toBeVisible()
      await expect(mine.getByText(nick)).toBeVisible()
      await expect(mine.locator('b')).toHaveCount(0)
      await expectAccessible(page)

      // Logout: the user is gone from the header, the cookie too, and a reload stays logged out.
      await header.getByRole('button', { name: new RegExp(nick) }).click()
      await header.getByRole('button', { name: t.account.menu.signOut }).click()
      await expect(header.getByRole('button', { name: t.common.nav.login })).toBeVisible()
      await expect(community.getByRole('button', { name: t.common.nav.login })).toBeVisible()
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'expo_login')).toBeUndefined()
      await page.reload()
      await hydrated(page)
      await expect(header.getByRole('button', { name: t.common.nav.login })).toBeVisible()
      await expect(page.locator('#community').getByText(text)).toBeVisible()
    })
  })

  test.describe(`accounts in ${lang} at 375 px`, () => {
    test.use({ viewport: PHONE })

    test('log in through the mobile menu panel, stay logged in after a reload, log out there', async ({ page }) => {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
      const account = await verifiedAccount(page.request, lang, lang === 'en' ? `Mo ${unique().slice(-4)}` : `小红${unique().slice(-4)}`)
      await open(page, `/${lang}`)
      const openMenu = () => page.getByRole('banner').getByRole('button', { name: t.common.nav.menu }).click()
      await openMenu()
      const panel = page.locator('#menu-panel')
      await expect(panel).toBeVisible()
      await panel.getByRole('button', { name: t.common.nav.login }).click()
      const frame = frameOf(page)
      await expect(frame.getByRole('heading', { level: 1, name: t.login.title.signin })).toBeVisible()
      await expectAccessible(page)
      await frame.getByLabel(t.login.fields.email).fill(account.email)
      await frame.getByLabel(t.login.fields.password).fill(PASSWORD)
      await frame.getByRole('button', { name: t.login.actions.signin }).click()
      await expect(panel.getByRole('button', { name: new RegExp(account.nick) })).toBeVisible()
      await expectAccessible(page)

      await page.reload()
      await hydrated(page)
      await openMenu()
      await expect(panel.getByRole('button', { name: new RegExp(account.nick) })).toBeVisible()
      await panel.getByRole('button', { name: new RegExp(account.nick) }).click()
      await expect(panel.getByRole('link', { name: t.common.nav.account })).toBeVisible()
      await expectAccessible(page)
      await panel.getByRole('button', { name: t.account.menu.signOut }).click()
      await expect(panel.getByRole('button', { name: t.common.nav.login })).toBeVisible()

      // The mobile user icon leads to the account page, which offers the login prompt again.
      await page.keyboard.press('Escape')
      await page.getByRole('banner').getByRole('link', { name: t.common.nav.account }).click()
      await expect(page.getByRole('heading', { level: 2, name: t.account.prompt.title })).toBeVisible()
      await expectAccessible(page)
    })
  })
}

test.describe('the frame protocol', () => {
  test.use({ viewport: DESKTOP })

  // The login page answers a refused sign-in with 401 (a form page with the message); the browser notes the status.
  test.describe('a refused sign-in', () => {
    test.use({ allowConsole: [/status of 401/] })
    test('a wrong password shows the message in the frame; close from the frame hides it; opennew navigates with ## replaced', async ({ page }) => {
      await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
      const t = TEXT.en
      await open(page, '/en/about.html')
      const loginButton = page.getByRole('banner').getByRole('button', { name: t.common.nav.login })
      await loginButton.click()
      const frame = frameOf(page)
      await frame.getByLabel(t.login.fields.email).fill(`nobody-${unique()}@example.com`)
      await frame.getByLabel(t.login.fields.password).fill('not-the-password')
      await frame.getByRole('button', { name: t.login.actions.signin }).click()
      await expect(frame.getByRole('alert')).toHaveText(t.login.errors.credentials)
      await expectAccessible(page)

      await frame.getByRole('button', { name: t.login.actions.close }).click()
      await expect(page.locator('dialog[open]')).toHaveCount(0)
      await expect(loginButton).toBeFocused()

      await loginButton.click()
      await frame.getByRole('link', { name: t.login.actions.fullPage }).click()
      await page.waitForURL(/\/login\?/)
      const url = new URL(page.url())
      expect(url.searchParams.get('return')).toMatch(/\/en\/about\.html$/)
      // The full-window page carries the way back through its steps.
      await expect(page.locator('input[name="return"]').first()).toHaveValue(/\/en\/about\.html$/)
    })
  })

  test('messages from another origin, from the page itself or of the wrong shape do nothing', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
    const t = TEXT.en
    const sessions: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/session') sessions.push(request.method())
    })
    await open(page, '/en/about.html')
    await page.getByRole('banner').getByRole('button', { name: t.common.nav.login }).click()
    await expect(frameOf(page).getByRole('heading', { level: 1, name: t.login.title.signin })).toBeVisible()
    const before = page.url()

    await page.evaluate(() => {
      const frame = document.querySelector('dialog[open] iframe') as HTMLIFrameElement
      const ticket = `t.${'A'.repeat(43)}`
      const messages: unknown[] = [{ type: 'reload', cookie: ticket }, { type: 'opennew', url: 'https://evil.example/##' }, { type: 'close' }]
      for (const data of messages) {
        // Right window, foreign origin.
        window.dispatchEvent(new MessageEvent('message', { data, origin: 'https://evil.example', source: frame.contentWindow }))
        // Right origin, but posted by the page itself, not by the frame.
        window.postMessage(data, window.location.origin)
      }
      // The frame's window and origin, but shapes the protocol does not have.
      for (const data of [{ type: 'reload' }, { type: 'reload', cookie: '<img src=x>' }, { type: 'opennew', url: 'javascript:alert(1)' }, 'close', null]) {
        window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin, source: frame.contentWindow }))
      }
    })
    await everyPostedMessageHandled(page)
    await expect(page.locator('dialog[open]')).toHaveCount(1)
    expect(page.url()).toBe(before)
    // The same listener does act on the real frame's close, after all of the above, so they were heard and refused.
    await loginFrame(page).evaluate(() => window.parent.postMessage({ type: 'close' }, window.location.origin))
    await expect(page.locator('dialog[open]')).toHaveCount(0)
    expect(page.url()).toBe(before)
    expect(sessions).toEqual([])
    await expect(page.getByRole('banner').getByRole('button', { name: t.common.nav.login })).toBeVisible()
  })
})

test.describe('a message from a real page of another origin', () => {
  test.use({ viewport: DESKTOP, bypassCSP: true })

  test('a foreign frame posting reload, opennew and close to the site does nothing', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': visitorIp() })
    const t = TEXT.en
    const sessions: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/session') sessions.push(request.method())
    })
    await page.route('http://evil.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>evil</title><script>
          for (const data of [{ type: 'reload', cookie: 't.${'B'.repeat(43)}' }, { type: 'opennew', url: 'http://evil.test/##' }, { type: 'close' }]) parent.postMessage(data, '*')
          parent.postMessage('evil-done', '*')
        </script>`,
      }),
    )
    await open(page, '/en/about.html')
    await page.getByRole('banner').getByRole('button', { name: t.common.nav.login }).click()
    await expect(frameOf(page).getByRole('heading', { level: 1, name: t.login.title.signin })).toBeVisible()
    const before = page.url()
    await page.evaluate(() => {
      // Messages from one window arrive in order: when its last one is here, the site's listener has had the others.
      window.addEventListener('message', (event) => {
        if (event.data === 'evil-done') document.documentElement.dataset.evilDone = 'true'
      })
      const evil = document.createElement('iframe')
      evil.src = 'http://evil.test/'
      evil.title = 'foreign'
      document.querySelector('dialog[open]')?.append(evil)
    })
    await expect(page.locator('html')).toHaveAttribute('data-evil-done', 'true')
    await expect(page.locator('dialog[open]')).toHaveCount(1)
    expect(page.url()).toBe(before)
    // The real frame's close still closes it: the listener was there and refused the foreign frame.
    await loginFrame(page).evaluate(() => window.parent.postMessage({ type: 'close' }, window.location.origin))
    await expect(page.locator('dialog[open]')).toHaveCount(0)
    expect(page.url()).toBe(before)
    expect(sessions).toEqual([])
  })
})
