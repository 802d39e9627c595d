import { randomInt, randomUUID } from 'node:crypto'
import request from 'supertest'
import type { Database } from '../../server/db/client.ts'
import type { createTestApp } from '../setup/test-app.ts'

export type App = Awaited<ReturnType<typeof createTestApp>>['app']

export const SITE = 'http://localhost:3000'
export const PASSWORD = 'blue-harbour-lantern-42'

/** A public IPv4 address of its own for each test: the rate limits of one test never reach another. */
export function someIp(): string {
  return `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`
}

export function someEmail(): string {
  return `user-${randomUUID().slice(0, 8)}@example.com`
}

/** Posts a login page form as a browser on the login origin would. */
export function postForm(app: App, step: string, fields: Record<string, string>, ip: string) {
  return request(app).post(`/login/${step}`).set('X-Forwarded-For', ip).set('Origin', SITE).type('form').send(fields)
}

/** The newest six-digit code mailed to an address (the outbox table). */
export async function codeFromOutbox(db: Database, email: string): Promise<string> {
  const row = (await db.query<{ text_body: string }>('select text_body from mail_outbox where to_address = $1 order by id desc limit 1', [email])).rows[0]
  const code = row ? /\b(\d{6})\b/.exec(row.text_body)?.[1] : undefined
  if (!code) throw new Error(`no code mailed to ${email}`)
  return code
}

export async function mailCount(db: Database, email: string): Promise<number> {
  return (await db.query<{ n: number }>('select count(*)::int as n from mail_outbox where to_address = $1', [email])).rows[0]?.n ?? 0
}

/** The one-time login ticket on the last step of the login page. */
export function ticketOf(html: string): string {
  const ticket = /name="cookie" value="([^"]+)"/.exec(html)?.[1]
  if (!ticket) throw new Error('no login ticket on the page')
  return ticket
}

/** Set-Cookie headers by cookie name. */
export function cookiesOf(response: { headers: Record<string, unknown> }): Record<string, string> {
  const raw = response.headers['set-cookie']
  const list = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : []
  return Object.fromEntries(list.map((line) => [line.slice(0, line.indexOf('=')), line]))
}

export function cookieValue(setCookie: string | undefined): string {
  if (!setCookie) throw new Error('cookie not set')
  return decodeURIComponent(setCookie.slice(setCookie.indexOf('=') + 1, setCookie.indexOf(';')))
}

/** Registers, verifies by the mailed code and hands the ticket to the site: a logged-in browser's cookies. */
export async function signedUp(app: App, db: Database, options: { email?: string; nick?: string; ip?: string } = {}) {
  const email = options.email ?? someEmail()
  const ip = options.ip ?? someIp()
  const registered = await postForm(app, 'register', { lang: 'en', nick: options.nick ?? 'Ada Lovelace', email, password: PASSWORD }, ip)
  if (registered.status !== 200) throw new Error(`register answered ${registered.status}`)
  const verified = await postForm(app, 'verify', { lang: 'en', email, code: await codeFromOutbox(db, email) }, ip)
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`)
  const session = await request(app)
    .post('/api/session')
    .set('Origin', SITE)
    .set('X-Forwarded-For', ip)
    .send({ cookie: ticketOf(verified.text) })
  if (session.status !== 200) throw new Error(`session answered ${session.status}`)
  const cookies = cookiesOf(session)
  return {
    email,
    ip,
    user: session.body.user as { userId: string; nick: string; avatar: string | null },
    login: cookieValue(cookies.expo_login),
    token: cookieValue(cookies.access_token),
    setCookies: cookies,
  }
}

/** A gateway call as the browser makes it. */
export function call(app: App, path: string, route: string, body: unknown, options: { token?: string; ip?: string } = {}) {
  const pending = request(app)
    .post(path)
    .set('Routes', route)
    .set('X-Forwarded-For', options.ip ?? someIp())
    .set('LanguageCode', 'en')
  if (options.token) pending.set('Authorization', `Bearer ${options.token}`)
  return pending.send(body as object)
}

export async function visitorToken(app: App): Promise<string> {
  return (await request(app).post('/api/token').send({})).body.access_token as string
}

/** A published exhibition of its own for a test. */
export async function addExhibition(db: Database, options: { published?: boolean } = {}): Promise<number> {
  const day = 86_400_000
  const result = await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, published)
     values ($1, 'exhibition', $2, $3, 'Asia/Bangkok', 'Bangkok', 'TH', 'asia', $4) returning id`,
    [`expo-${randomUUID().slice(0, 8)}`, new Date(Date.now() + 30 * day), new Date(Date.now() + 32 * day), options.published ?? true],
  )
  const id = result.rows[0]?.id as number
  await db.query("insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'Bangkok Expo')", [id])
  return id
}
