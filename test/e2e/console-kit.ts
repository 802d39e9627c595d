import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { type Page, expect } from '@playwright/test'
import { authenticator } from './console-totp.ts'

/**
 * A site of its own for the console's browser tests: staff are created with `npm run staff -- add`,
 * which needs the embedded database to itself, so the test creates them first and then starts the
 * server (on E2E_PORT + 1000, with its own DATA_DIR). One per Playwright worker (TEST_PARALLEL_INDEX):
 * console specs in two workers at once must not reset each other's site.
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
}

/** `npm run staff -- add EMAIL --role ROLE --name NAME` and the set-up link it prints. */
export function addStaffOnCommandLine(email: string, role: string, name: string): string {
  const result = spawnSync('npm', ['run', '--silent', 'staff', '--', 'add', email, '--role', role, '--name', name], { env, encoding: 'utf8' })
  const link = /https?:\/\/\S+\/console\/setup\/[\w-]+/.exec(result.stdout)?.[0]
  if (!link) throw new Error(`npm run staff printed no set-up link:\n${result.stdout}\n${result.stderr}`)
  return link
}

export function resetSite(): void {
  rmSync(DATA_DIR, { recursive: true, force: true })
}

/**
 * Stops a site and waits until it has gone: the next spec of the same worker starts its own on the
 * same port and data folder, and a server still draining would answer its first health check and
 * then vanish (connection refused mid-test).
 */
export async function stopSite(site: ChildProcess | undefined): Promise<void> {
  if (!site || site.exitCode !== null || site.signalCode !== null) return
  const gone = new Promise<void>((resolve) => site.once('exit', () => resolve()))
  site.kill()
  const stuck = setTimeout(() => site.kill('SIGKILL'), 15_000)
  await gone
  clearTimeout(stuck)
}

export async function startSite(): Promise<ChildProcess> {
  const server = spawn('node', ['server/index.ts'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  for (let attempt = 0; attempt < 240; attempt++) {
    const ready = await fetch(`${ORIGIN}/HealthCheck/Get`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return server
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  server.kill()
  throw new Error('the console test site did not start')
}

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
export async function setUpAccount(page: Page, link: string, password: string, labels: { password: RegExp; confirm: RegExp; code: RegExp; submit: RegExp }) {
  await page.goto(link)
  const secret = (await page.getByTestId('totp-secret').textContent())?.replace(/\s+/g, '') ?? ''
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
  const nextCode = authenticator(secret)
  await page.getByLabel(labels.password).fill(password)
  await page.getByLabel(labels.confirm).fill(password)
  await page.getByLabel(labels.code).fill(await nextCode())
  await page.getByRole('button', { name: labels.submit }).click()
  return nextCode
}

export async function signIn(page: Page, email: string, password: string, code: string) {
  await page.getByLabel(/e-mail|电子邮箱/i).fill(email)
  await page.getByLabel(/^password$|^密码$/i).fill(password)
  await page.getByLabel(/6-digit code|6 位验证码/i).fill(code)
  await page.getByRole('button', { name: /^sign in$|^登录$/i }).click()
}
