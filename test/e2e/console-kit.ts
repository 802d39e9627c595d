import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Page, expect } from '@playwright/test'
import type { QueryResult, Queryable } from '../../server/db/client.ts'
import { STAFF_COOKIE } from '../../shared/rules/console-access.ts'
import { authenticator } from './console-totp.ts'
import type { TapQuestion } from './console-site-tap.ts'
import { test as base } from './fixtures.ts'
import { freshSiteData } from './site-data.ts'
import { TAPPED_SERVER_ARGS, tapOf } from './site-tap-client.ts'

/**
 * One console site per Playwright worker, started once (the `consoleSite` worker fixture) on
 * E2E_PORT + 1000 + 10 × TEST_PARALLEL_INDEX with its own DATA_DIR: two workers never share one.
 * Specs share their worker's site and keep apart by their own data (their own staff, exhibitions,
 * accounts and addresses), so nothing is reset between them.
 *
 * Staff and rows a spec needs are written while the site runs, through the site's own database:
 * the server is started with console-site-hooks.ts, which lets this process send it queries and
 * `staff add` over the IPC channel of the child process (see console-site-tap.ts). The command
 * line itself (`npm run staff -- add`) is run end to end in test/integration/cli-processes.test.ts.
 */
export const CONSOLE_PORT = Number(process.env.E2E_PORT ?? 3211) + 1000 + 10 * Number(process.env.TEST_PARALLEL_INDEX ?? 0)
export const ORIGIN = `http://127.0.0.1:${CONSOLE_PORT}`
const DATA_DIR = `data/e2e-console-${CONSOLE_PORT}`
const DIST_DIR = process.env.DIST_DIR ?? 'dist'

const env = {
  ...process.env,
  PORT: String(CONSOLE_PORT),
  HOST: '127.0.0.1',
  DATA_DIR,
  DIST_DIR,
  PUBLIC_ORIGIN: ORIGIN,
  LOG_LEVEL: 'warn',
  TRUST_PROXY: 'loopback',
  PAGE_CACHE: 'on',
  // CRM webhooks may reach a receiver a spec starts on this machine (docs/product.md#lead-webhooks).
  LEAD_WEBHOOK_LOOPBACK: 'on',
}

export interface ConsoleSite {
  /** The running site's database, as the public site or the console would have written it. */
  db: Queryable
  /** `staff add EMAIL --role ROLE --name NAME` as the command line runs it; the set-up link it prints. */
  addStaff(email: string, role: string, name: string): Promise<string>
  /** `applications ARGS...` as `npm run applications --` runs it, on the running site's database (a decision mails and, for an exhibitor, makes the exhibitor). */
  applications(args: string[]): Promise<{ code: number; out: string; err: string }>
  /**
   * Signs a set-up member in on this page's browser with a session made as a sign-in makes one, no
   * code used: for a test that needs more sessions of one member than the codes of one half-minute allow.
   */
  signInWithoutCode(page: Page, email: string): Promise<void>
  /** Stops the server and waits until it has gone (the database stays). */
  stop(): Promise<void>
  /** Starts the server on the same database when it is not running. */
  start(): Promise<void>
}

/**
 * Stops a site and waits until it has gone: a restart on the same port and data folder must not
 * meet a server still draining, which would answer its first health check and then vanish.
 */
async function stopProcess(site: ChildProcess): Promise<void> {
  if (site.exitCode !== null || site.signalCode !== null) return
  const gone = new Promise<void>((resolve) => site.once('exit', () => resolve()))
  site.kill()
  const stuck = setTimeout(() => site.kill('SIGKILL'), 15_000)
  await gone
  clearTimeout(stuck)
}

async function startProcess(): Promise<ChildProcess> {
  const server = spawn('node', TAPPED_SERVER_ARGS, {
    env,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // Dates and byte strings cross the channel as themselves.
    serialization: 'advanced',
  })
  const health = async () =>
    server.exitCode !== null
      ? 'exited'
      : fetch(`${ORIGIN}/HealthCheck/Get`).then(
          (response) => (response.ok ? 'up' : 'starting'),
          () => 'starting',
        )
  try {
    await expect.poll(health, { message: 'the console test site starts', timeout: 240_000, intervals: [250, 500] }).not.toBe('starting')
  } catch (error) {
    // A site that never answered must not outlive the worker and hold its port and database.
    await stopProcess(server)
    throw error
  }
  if (server.exitCode !== null) throw new Error(`the console test site stopped while starting (exit code ${server.exitCode})`)
  return server
}

function siteOf(): ConsoleSite {
  let server: ChildProcess | undefined
  let ask: (question: TapQuestion) => Promise<unknown> = () => Promise.reject(new Error('the console test site is not running'))
  const site: ConsoleSite = {
    db: {
      query: <Row>(sql: string, params: readonly unknown[] = []) => ask({ kind: 'query', sql, params: [...params] }) as Promise<QueryResult<Row>>,
      exec: async (sql: string) => {
        await ask({ kind: 'exec', sql })
      },
      copyRows: async (table, columns, lines) => {
        await ask({ kind: 'copy', table, columns: [...columns], lines })
      },
    },
    async addStaff(email, role, name) {
      const result = (await ask({ kind: 'staff', args: ['add', email, '--role', role, '--name', name] })) as { code: number; out: string; err: string }
      const link = /https?:\/\/\S+\/console\/setup\/[\w-]+/.exec(result.out)?.[0]
      if (result.code !== 0 || !link) throw new Error(`staff add printed no set-up link:\n${result.out}\n${result.err}`)
      return link
    },
    async applications(args) {
      return (await ask({ kind: 'applications', args })) as { code: number; out: string; err: string }
    },
    async signInWithoutCode(page, email) {
      const device = await page.evaluate(() => navigator.userAgent)
      const secret = (await ask({ kind: 'session', email, device })) as string
      await page.context().addCookies(
        STAFF_COOKIE.paths.map((path) => ({
          name: STAFF_COOKIE.name,
          value: secret,
          domain: '127.0.0.1',
          path,
          httpOnly: true,
          sameSite: 'Strict' as const,
        })),
      )
    },
    async stop() {
      if (server) await stopProcess(server)
      server = undefined
    },
    async start() {
      if (server) return
      server = await startProcess()
      ask = tapOf(server)
    },
  }
  return site
}

/** The browser tests' `test`, with the worker's console site (started when a spec first asks for it). */
export const test = base.extend<Record<never, never>, { consoleSite: ConsoleSite }>({
  consoleSite: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use) => {
      freshSiteData(DATA_DIR)
      const site = siteOf()
      await site.start()
      await use(site)
      await site.stop()
    },
    { scope: 'worker', timeout: 300_000 },
  ],
})

export { expect } from './fixtures.ts'

/** The set-up link of the newest mail to this address in the outbox (.eml files under DATA_DIR/outbox). */
export async function setupLinkMailedTo(email: string): Promise<string> {
  const outbox = join(DATA_DIR, 'outbox')
  let link: string | undefined
  await expect
    .poll(
      () => {
        const files = existsSync(outbox) ? readdirSync(outbox).filter((file) => file.endsWith('.eml') && file.includes(email.split('@')[0] as string)) : []
        for (const file of files.sort().reverse()) {
          // Quoted-printable bodies wrap long lines with a soft break ("=" at the end of a line).
          const text = readFileSync(join(outbox, file), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
          link = /https?:\/\/[^\s"<]+\/console\/setup\/[\w-]+/.exec(text)?.[0]
          if (link) return link
        }
        return undefined
      },
      { timeout: 20_000 },
    )
    .toBeTruthy()
  return link as string
}

/**
 * Set-up as a new member does it: read the secret from the page (as they would type it into an app),
 * choose a password, confirm with the current code. Returns the member's authenticator.
 */
/**
 * A set-up of its own address, as each new member's is in life: the suite sets up more members on one
 * worker's site within 15 minutes than one address may (`staff-setup-address`), all from loopback.
 */
async function setUpFromOwnAddress(page: Page): Promise<void> {
  const address = `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`
  await page.route('**/gateway/console', (route) => {
    const request = route.request()
    if (request.method() !== 'POST' || request.headers().routes !== 'console$setUp') return route.fallback()
    return route.fallback({ headers: { ...request.headers(), 'x-forwarded-for': address } })
  })
}

export async function setUpAccount(page: Page, link: string, password: string, labels: { password: RegExp; confirm: RegExp; code: RegExp; submit: RegExp }) {
  await setUpFromOwnAddress(page)
  await page.goto(link)
  const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  const nextCode = authenticator(secret)
  await page.getByLabel(labels.password).fill(password)
  await page.getByLabel(labels.confirm).fill(password)
  await page.getByLabel(labels.code).fill(nextCode())
  await page.getByRole('button', { name: labels.submit }).click()
  return nextCode
}

export async function signIn(page: Page, email: string, password: string, code: string) {
  await page.getByLabel(/e-mail|电子邮箱/i).fill(email)
  await page.getByLabel(/^password$|^密码$/i).fill(password)
  await page.getByLabel(/6-digit code|6 位验证码/i).fill(code)
  await page.getByRole('button', { name: /^sign in$|^登录$/i }).click()
}
