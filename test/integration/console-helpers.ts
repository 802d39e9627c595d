import { randomInt, randomUUID } from 'node:crypto'
import request from 'supertest'
import { vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { runStaffCli } from '../../server/platform/staff/staff.cli.ts'
import { totpAt } from '../../server/platform/staff/totp.ts'
import type { StaffRole } from '../../shared/rules/console-access.ts'
import type { createTestApp } from '../setup/test-app.ts'

export type App = Awaited<ReturnType<typeof createTestApp>>['app']

/** PUBLIC_ORIGIN of createTestApp: the Origin the console's pages send. */
export const SITE = 'http://localhost:3000'
export const STAFF_PASSWORD = 'correct-horse-battery-staple'

export const someIp = () => `203.0.${randomInt(0, 255)}.${randomInt(1, 254)}`
export const someStaffEmail = () => `staff-${randomUUID().slice(0, 8)}@example.org`

/** Every test of the console runs at a moment it chose: TOTP codes and idle times follow it. */
export function setMoment(at: string | number | Date): Date {
  const moment = new Date(at)
  vi.useFakeTimers({ toFake: ['Date'], now: moment })
  return moment
}

/** Moves the set moment on by this many seconds. */
export function later(seconds: number): Date {
  const moment = new Date(Date.now() + seconds * 1000)
  vi.setSystemTime(moment)
  return moment
}

export interface CallOptions {
  cookie?: string
  ip?: string
  /** Default: the site's origin. null: no Origin header. */
  origin?: string | null
  /** Default: the console's request header is sent. */
  consoleHeader?: boolean
}

/** A console call as the console's pages make it. */
export function consoleCall(app: App, name: string, body: unknown = {}, options: CallOptions = {}) {
  let call = request(app)
    .post('/gateway/console')
    .set('Routes', `console$${name}`)
    .set('X-Forwarded-For', options.ip ?? someIp())
    .set('User-Agent', 'Console test browser')
  if (options.consoleHeader !== false) call = call.set('X-Console-Request', '1')
  if (options.origin !== null) call = call.set('Origin', options.origin ?? SITE)
  if (options.cookie) call = call.set('Cookie', options.cookie)
  return call.send(body as object)
}

/**
 * An export as the console's download link fetches it (docs/product.md#console-exports): a plain GET
 * with the staff cookie, the file's bytes in `body`.
 */
export function exportDownload(app: App, cookie: string | undefined, query: Record<string, string | number>) {
  const call = request(app)
    .get('/gateway/console/exports')
    .query(query)
    .set('X-Forwarded-For', someIp())
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => done(null, Buffer.concat(chunks)))
    })
  return cookie ? call.set('Cookie', cookie) : call
}

/**
 * An export as a member downloads it from a console screen: their console language set first (the
 * headers and states follow it), then the link. The file's bytes in `file`, its text in `text`.
 */
export async function downloadAs(app: App, member: { cookie: string }, query: Record<string, string | number>, language = 'en') {
  await consoleCall(app, 'setLanguage', { language }, { cookie: member.cookie }).expect(200)
  const response = await exportDownload(app, member.cookie, query)
  const file = response.body as Buffer
  return {
    status: response.status,
    fileName: /filename="([^"]+)"/.exec(response.headers['content-disposition'] ?? '')?.[1],
    mediaType: response.headers['content-type'],
    file,
    text: file.toString('utf8'),
  }
}

/** The staff cookie of an answer, as a browser sends it back to the gateway. */
export function staffCookieOf(response: { headers: Record<string, unknown> }): string {
  const cookies = (response.headers['set-cookie'] ?? []) as string[]
  const value = cookies.map((cookie) => /^staff_session=([^;]*)/.exec(cookie)?.[1]).find(Boolean)
  if (!value) throw new Error('no staff cookie in the answer')
  return `staff_session=${value}`
}

/** `npm run staff`, in process. */
export async function staffCli(db: Database, ...args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runStaffCli(args, db, { out: (text) => out.push(text), err: (text) => err.push(text) }, { publicOrigin: SITE })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

export const tokenOfLink = (link: string) => decodeURIComponent(link.trim().split('/').pop() ?? '')

export interface SignedInMember {
  email: string
  id: string
  secret: string
  cookie: string
}

/** A member added on the command line who has set up password and second factor; signed in. */
export async function setUpMember(app: App, db: Database, roles: StaffRole[], email = someStaffEmail()): Promise<SignedInMember> {
  const added = await staffCli(db, 'add', email, ...roles.flatMap((role) => ['--role', role]))
  if (added.code !== 0) throw new Error(added.err)
  const token = tokenOfLink(added.out)
  const info = await consoleCall(app, 'setupInfo', { token })
  const secret = info.body.data.secret as string
  const done = await consoleCall(app, 'setUp', { token, password: STAFF_PASSWORD, code: totpAt(secret, Date.now()) })
  if (done.status !== 200) throw new Error(`set-up failed: ${JSON.stringify(done.body)}`)
  return { email, id: done.body.data.member.id as string, secret, cookie: staffCookieOf(done) }
}
