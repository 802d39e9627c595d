import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { scanAccessibility } from '../../scripts/axe-scan.ts'

/**
 * Every browser test fails on a console error, an uncaught page error or a React hydration
 * warning: no built page may log a console error or a hydration warning (docs/product.md#test-layers).
 * Tests that expect a failing request (a 404 page) give `allowConsole: [/pattern/]`: one pattern
 * (join several with |); Playwright would read a two-element array as a value and its options.
 */
export const test = base.extend<{ consoleProblems: string[]; allowConsole: RegExp[] }>({
  allowConsole: [[], { option: true }],
  consoleProblems: [
    async ({ page, allowConsole }, use) => {
      const problems: string[] = []
      page.on('console', (message) => {
        const text = message.text()
        const hydration = /hydrat|did not match|server rendered/i.test(text)
        if ((message.type() === 'error' || hydration) && !allowConsole.some((pattern) => pattern.test(text))) problems.push(`${message.type()}: ${text}`)
      })
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      await use(problems)
      expect(problems, 'console errors, page errors or hydration warnings').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

export const PHONE = { width: 375, height: 780 }
export const DESKTOP = { width: 1280, height: 900 }

/**
 * For screens checked in several languages at several widths: whether the given screen (its place in
 * the spec, from 0) runs at this width in this language. The widths take turns through the languages,
 * so each screen is seen in every language and at every width, and each language at every width, in
 * half the tests of the full product (for two widths). What these screens show depends on the language
 * or on the width, never on the two together; the full product cost 688 s of a 38-minute browser pass
 * (docs/performance.md#the-test-suites-time).
 */
export const takingTurns = (languageIndex: number, widthIndex: number, widths: number) => (screen: number) => (languageIndex + screen) % widths === widthIndex

let snapshots = 0

/**
 * With E2E_SCREENSHOTS=<dir>, every page a test checks for accessibility is also saved there, so a
 * person can look at each step of each journey at each width.
 */
async function keepScreenshot(page: Page) {
  const dir = process.env.E2E_SCREENSHOTS
  if (!dir) return
  const url = new URL(page.url())
  const name = `${url.pathname}${url.search}`
    .replace(/[^a-z0-9]+/gi, '_')
    .replace(/^_|_$/g, '')
    .slice(0, 80)
  const width = page.viewportSize()?.width ?? 0
  snapshots++
  await page.screenshot({ path: `${dir}/${process.pid}-${String(snapshots).padStart(3, '0')}-${name}-${width}.png`, fullPage: true })
}

/** WCAG 2.2 AA and axe's best practices: no serious or critical violation. */
export async function expectAccessible(page: Page, exclude: string[] = []) {
  await keepScreenshot(page)
  const results = await scanAccessibility(page, exclude)
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)).toEqual([])
}

/** Waits until React has hydrated the page (entry-client marks the document). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

/** Whether React has hydrated this element: it marks each element it hydrated with its fiber. */
export function isHydrated(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber$')))
}

/** The text of a plain-text .eml as nodemailer writes it. */
export function mailText(raw: string): string {
  const split = raw.indexOf('\n\n')
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(raw.slice(0, split))?.[1]?.toLowerCase()
  const body = raw.slice(split + 2)
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** The six-digit code last mailed to an address: the outbox worker writes each mail as an .eml file in the site's data folder. */
export async function mailedCode(dataDir: string, email: string): Promise<string> {
  const outbox = join(dataDir, 'outbox')
  const safe = email.replace(/[^a-z0-9@._-]/gi, '_')
  let code: string | undefined
  await expect
    .poll(
      () => {
        if (!existsSync(outbox)) return undefined
        const file = readdirSync(outbox)
          .filter((name) => name.endsWith(`-${safe}.eml`))
          .sort()
          .at(-1)
        if (!file) return undefined
        code = /\b(\d{6})\b/.exec(mailText(readFileSync(join(outbox, file), 'utf8')))?.[1]
        return code
      },
      { timeout: 15_000, message: `a code mailed to ${email}` },
    )
    .toMatch(/^\d{6}$/)
  return code as string
}

/** A visitor's address of its own (TRUST_PROXY=loopback): sign-ins from one address are limited. */
const visitorAddress = () => `8.12.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`

/**
 * Signs a visitor in on this page's browser as the login frame does, without loading the frame: the
 * frame's sign-in form posted, then its one-time ticket handed to the site (docs/product.md#login),
 * which sets the login cookie and the user token. For tests whose subject is not signing in: the
 * frame costs a page of its own per sign-in, and the frame itself is driven for real in accounts.spec.ts,
 * follow.spec.ts, exhibitor-area.spec.ts and by `signInFromPrompt` (exhibitor-kit.ts). Open the page after it.
 */
export async function signInByGateway(page: Page, origin: string, email: string, password: string, lang = 'en'): Promise<void> {
  const headers = { 'X-Forwarded-For': visitorAddress() }
  const form = await page.request.post(`${origin}/login/signin`, { form: { lang, email, password }, headers })
  const done = await form.text()
  expect(form.status(), `signing ${email} in: ${done.slice(0, 300)}`).toBe(200)
  const ticket = /name="cookie" value="([\w.-]+)"/.exec(done)?.[1]
  expect(ticket, `signing ${email} in: no ticket in the answer`).toBeTruthy()
  const session = await page.request.post(`${origin}/api/session`, { data: { cookie: ticket }, headers: { ...headers, Origin: origin } })
  expect(session.status(), `the site refused ${email}'s ticket: ${await session.text()}`).toBe(200)
}
