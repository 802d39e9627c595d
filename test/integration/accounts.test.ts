import { readFileSync } from 'node:fs'
import request from 'supertest'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createApp } from '../../server/app.ts'
import { parseConfig } from '../../server/config.ts'
import { openPostgres } from '../../server/db/client.ts'
import { noAssets } from '../../server/http/assets.ts'
import { SESSION_CACHE_MS } from '../../server/platform/accounts/sessions.ts'
import { ANSWER_FLOORS } from '../../server/platform/answer-floors.ts'
import { createPlatform } from '../../server/platform/platform.ts'
import { render } from '../../src/entry-server.tsx'
import { createTestApp, lightWork, silentLogger, testDatabaseUrl, testGeo } from '../setup/test-app.ts'
import {
  type App,
  call,
  codeFromOutbox,
  cookiesOf,
  cookieValue,
  mailCount,
  PASSWORD,
  postForm,
  SITE,
  signedUp,
  someEmail,
  someIp,
  ticketOf,
  visitorToken,
} from './accounts-helpers.ts'

let app: App
let db: Database
let platform: Platform

const strings = JSON.parse(readFileSync(new URL('../../locales/en/login.json', import.meta.url), 'utf8')) as { errors: Record<string, string> }
const zhStrings = JSON.parse(readFileSync(new URL('../../locales/zh-cn/login.json', import.meta.url), 'utf8')) as {
  errors: Record<string, string>
  title: Record<string, string>
}
/** HTML escapes as the page writes them. */
const inPage = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;')

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

/**
 * A second instance of the site on the same database with a connection of its own, as in production
 * (on PGlite, one process has one database: the same handle).
 */
async function separateInstance(): Promise<{ app: App; close(): Promise<void> }> {
  if (db.kind !== 'postgres') return { app: (await createTestApp()).app, close: async () => {} }
  const own = await openPostgres(testDatabaseUrl() as string, { max: 3 })
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'data/test', PUBLIC_ORIGIN: SITE })
  const second = await createPlatform({ config, db: own, logger: silentLogger, geo: testGeo(), ...lightWork(), domains: ['accounts'] })
  return {
    app: createApp({ config, logger: silentLogger, platform: second, geo: testGeo(), render, assets: noAssets }),
    close: () => own.close(),
  }
}

const principalOf = (token: string) => {
  const verified = platform.tokens.verify(token)
  if (!verified.ok) throw new Error('not a valid token')
  return verified.principal
}

describe('registration, verification by the mailed code, and the login cookie', () => {
  it('when someone registers, then a 6-digit code is mailed in the page language and the page asks for it', async () => {
    const email = someEmail()
    const response = await postForm(app, 'register', { lang: 'zh-cn', nick: '小明', email, password: PASSWORD }, someIp())
    expect(response.status).toBe(200)
    expect(response.text).toContain(zhStrings.title.verify)
    expect(response.headers['cache-control']).toBe('no-store')
    const mail = (await db.query<{ subject: string; text_body: string }>('select subject, text_body from mail_outbox where to_address = $1', [email])).rows
    expect(mail).toHaveLength(1)
    expect(mail[0]?.text_body).toMatch(/\b\d{6}\b/)
    expect(mail[0]?.text_body).toContain('小明')
    // The account exists but is not verified; the password is an argon2id hash (with the tests' light work,
    // test/setup/test-app.ts; the production parameters are checked in server/platform/passwords.test.ts).
    const account = (await db.query<{ email_verified_at: Date | null; password_hash: string }>('select * from accounts where email = $1', [email])).rows[0]
    expect(account?.email_verified_at).toBeNull()
    expect(account?.password_hash).toMatch(/^\$argon2id\$v=19\$m=256,t=1,p=1\$/)
  })

  it('when the code from the outbox is entered and the ticket handed to the site, then the login cookie is HttpOnly, SameSite=Lax, not Secure on http, and the access token is the user’s', async () => {
    const signed = await signedUp(app, db, { nick: 'Grace' })
    expect(signed.user).toMatchObject({ nick: 'Grace', avatar: null })
    const login = signed.setCookies.expo_login as string
    expect(login).toMatch(/HttpOnly/)
    expect(login).toMatch(/SameSite=Lax/)
    expect(login).toMatch(/Path=\//)
    expect(login).not.toMatch(/Secure/)
    const maxAge = Number(/Max-Age=(\d+)/.exec(login)?.[1])
    expect(maxAge).toBeGreaterThan(29 * 24 * 3600)
    expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600)
    // The cookie holds a session id and a secret; the database only a hash of the secret.
    const [sessionId, secret] = signed.login.split('.') as [string, string]
    const stored = (await db.query<{ secret_hash: string }>('select secret_hash from sessions where id = $1', [sessionId])).rows[0]
    expect(stored?.secret_hash).toBeTruthy()
    expect(stored?.secret_hash).not.toContain(secret)
    expect(principalOf(signed.token)).toEqual({ kind: 'user', userId: signed.user.userId, sessionId })
    expect(signed.setCookies.access_token).not.toMatch(/HttpOnly/)
  })

  it('when the site runs on https, then the login cookie is Secure', async () => {
    const secure = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://expo.example' } })
    const email = someEmail()
    const ip = someIp()
    await request(secure.app).post('/login/register').set('X-Forwarded-For', ip).type('form').send({ lang: 'en', nick: 'Sec', email, password: PASSWORD })
    const verified = await request(secure.app)
      .post('/login/verify')
      .set('X-Forwarded-For', ip)
      .type('form')
      .send({ lang: 'en', email, code: await codeFromOutbox(db, email) })
    const session = await request(secure.app)
      .post('/api/session')
      .set('Origin', 'https://expo.example')
      .send({ cookie: ticketOf(verified.text) })
    expect(session.status).toBe(200)
    expect(cookiesOf(session).expo_login).toMatch(/; Secure/)
    expect(cookiesOf(session).access_token).toMatch(/; Secure/)
  })

  it('when a page is loaded with the login cookie, then the user is in the page and the page is private; without it no session query runs', async () => {
    const signed = await signedUp(app, db, { nick: 'Reload Rita' })
    const page = await request(app).get('/en/about.html').set('Cookie', `expo_login=${signed.login}`)
    expect(page.status).toBe(200)
    expect(page.text).toContain('"nick":"Reload Rita"')
    expect(page.headers['cache-control']).toBe('private, no-store')
    // The page renders with a user token of this very session.
    expect(principalOf(cookieValue(cookiesOf(page).access_token))).toMatchObject({ kind: 'user', sessionId: signed.login.split('.')[0] })

    const spy = vi.spyOn(db, 'query')
    try {
      const anonymous = await request(app).get('/en/about.html')
      expect(anonymous.status).toBe(200)
      expect(anonymous.text).not.toContain('Reload Rita')
      const sessionQueries = spy.mock.calls.filter(([sql]) => /\bsessions\b/.test(String(sql)))
      expect(sessionQueries).toEqual([])
    } finally {
      spy.mockRestore()
    }
  })

  it('when the same ticket is handed over twice, or after it expired, then only the first hand-over logs in', async () => {
    const email = someEmail()
    const ip = someIp()
    await postForm(app, 'register', { lang: 'en', nick: 'Once', email, password: PASSWORD }, ip)
    const verified = await postForm(app, 'verify', { lang: 'en', email, code: await codeFromOutbox(db, email) }, ip)
    const ticket = ticketOf(verified.text)
    const first = await request(app).post('/api/session').set('Origin', SITE).send({ cookie: ticket })
    expect(first.status).toBe(200)
    const second = await request(app).post('/api/session').set('Origin', SITE).send({ cookie: ticket })
    expect(second.status).toBe(401)
    expect(second.body).toMatchObject({ succeed: false, message: 'account:errors.loginFailed' })
    expect(cookiesOf(second).expo_login).toBeUndefined()

    const late = await postForm(app, 'signin', { lang: 'en', email, password: PASSWORD }, ip)
    await db.query("update sessions set ticket_expires_at = now() - interval '1 second' where ticket_hash is not null")
    const expired = await request(app)
      .post('/api/session')
      .set('Origin', SITE)
      .send({ cookie: ticketOf(late.text) })
    expect(expired.status).toBe(401)
  })

  it('when the full-window login page posts its form to the site, then the cookie is set and the visitor returns to the page they came from', async () => {
    const email = someEmail()
    const ip = someIp()
    await postForm(app, 'register', { lang: 'en', nick: 'Window', email, password: PASSWORD, return: `${SITE}/en/backDetail/3` }, ip)
    const verified = await postForm(app, 'verify', { lang: 'en', email, code: await codeFromOutbox(db, email), return: `${SITE}/en/backDetail/3` }, ip)
    expect(verified.text).toContain(`name="return" value="${SITE}/en/backDetail/3"`)
    const handed = await request(app)
      .post('/api/session')
      .set('Origin', SITE)
      .type('form')
      .send({ cookie: ticketOf(verified.text), lang: 'en', return: `${SITE}/en/backDetail/3` })
    expect(handed.status).toBe(303)
    expect(handed.headers.location).toBe(`${SITE}/en/backDetail/3`)
    expect(cookiesOf(handed).expo_login).toMatch(/HttpOnly/)
    // Never an open redirect.
    const other = await postForm(app, 'signin', { lang: 'en', email, password: PASSWORD }, ip)
    const outside = await request(app)
      .post('/api/session')
      .set('Origin', SITE)
      .type('form')
      .send({ cookie: ticketOf(other.text), lang: 'zh-cn', return: 'https://evil.example/en/' })
    expect(outside.headers.location).toBe(`${SITE}/zh-cn/info.html`)
  })
})

describe('sign-in', () => {
  it('when the password is right, then the last step carries a ticket; when wrong, the one message for wrong e-mail or password', async () => {
    const signed = await signedUp(app, db)
    const ok = await postForm(app, 'signin', { lang: 'en', email: signed.email.toUpperCase(), password: PASSWORD }, someIp())
    expect(ok.status).toBe(200)
    expect(ticketOf(ok.text)).toMatch(/^t\./)
    const wrong = await postForm(app, 'signin', { lang: 'en', email: signed.email, password: `${PASSWORD}x` }, someIp())
    expect(wrong.status).toBe(401)
    expect(wrong.text).toContain(inPage(strings.errors.credentials as string))
    expect(wrong.text).not.toContain('name="cookie"')
  })

  it('when the account exists or not, then the answer is the same page and takes about as long (no user enumeration)', async () => {
    const signed = await signedUp(app, db)
    const unknown = someEmail()
    // This file's site answers after the tests' short floors; this test asks one with the real floors.
    const timed = (await createTestApp({ answerFloors: ANSWER_FLOORS })).app
    const time = async (email: string) => {
      const started = performance.now()
      const response = await postForm(timed, 'signin', { lang: 'en', email, password: 'not-the-password-1' }, someIp())
      return { ms: performance.now() - started, response }
    }
    const existing: number[] = []
    const missing: number[] = []
    let existingPage = ''
    let missingPage = ''
    for (let round = 0; round < 6; round++) {
      const a = await time(signed.email)
      const b = await time(unknown)
      existing.push(a.ms)
      missing.push(b.ms)
      expect(a.response.status).toBe(401)
      expect(b.response.status).toBe(401)
      existingPage = a.response.text.replaceAll(signed.email, 'EMAIL')
      missingPage = b.response.text.replaceAll(unknown, 'EMAIL')
    }
    expect(existingPage).toBe(missingPage)
    // The fastest answer of each kind: a systematic gap (a password hash skipped for unknown accounts) shows in it, while
    // the scheduling noise of a busy machine only ever adds time, so it cannot fake or hide one.
    console.info(`sign-in answer times, existing: ${existing.map(Math.round).join(', ')} ms; unknown: ${missing.map(Math.round).join(', ')} ms`)
    expect(Math.abs(Math.min(...existing) - Math.min(...missing))).toBeLessThan(60)
    expect(Math.min(...existing, ...missing)).toBeGreaterThanOrEqual(ANSWER_FLOORS.password - 10)
  })

  it('when an address that already has a verified account registers again, then the page answers as for a new one and the owner is told, the password is unchanged', async () => {
    const signed = await signedUp(app, db, { nick: 'Owner' })
    const before = (await db.query<{ password_hash: string }>('select password_hash from accounts where email = $1', [signed.email])).rows[0]
    const fresh = someEmail()
    const again = await postForm(app, 'register', { lang: 'en', nick: 'Intruder', email: signed.email, password: 'another-password-9' }, someIp())
    const brandNew = await postForm(app, 'register', { lang: 'en', nick: 'Intruder', email: fresh, password: 'another-password-9' }, someIp())
    expect(again.status).toBe(brandNew.status)
    expect(again.text.replaceAll(signed.email, 'EMAIL')).toBe(brandNew.text.replaceAll(fresh, 'EMAIL'))
    const mail = (
      await db.query<{ subject: string; text_body: string }>('select subject, text_body from mail_outbox where to_address = $1 order by id desc limit 1', [
        signed.email,
      ])
    ).rows[0]
    expect(mail?.subject).toContain('tried to register')
    expect(mail?.text_body).not.toMatch(/\b\d{6}\b/)
    const after = (await db.query<{ password_hash: string; nick: string }>('select password_hash, nick from accounts where email = $1', [signed.email])).rows[0]
    expect(after?.password_hash).toBe(before?.password_hash)
    expect(after?.nick).toBe('Owner')
  })

  it('when a password reset is asked for an address with or without an account, then the answer is the same and takes about as long', async () => {
    const signed = await signedUp(app, db)
    const existing: number[] = []
    const missing: number[] = []
    for (let round = 0; round < 3; round++) {
      const unknown = someEmail()
      const started = performance.now()
      const a = await postForm(app, 'forgot', { lang: 'en', email: signed.email }, someIp())
      const middle = performance.now()
      const b = await postForm(app, 'forgot', { lang: 'en', email: unknown }, someIp())
      existing.push(middle - started)
      missing.push(performance.now() - middle)
      expect(a.status).toBe(200)
      expect(a.text.replaceAll(signed.email, 'EMAIL')).toBe(b.text.replaceAll(unknown, 'EMAIL'))
      expect(await mailCount(db, unknown)).toBe(0)
    }
    // The fastest of each kind, as for sign-in above: load only adds time.
    console.info(`reset request answer times, existing: ${existing.map(Math.round).join(', ')} ms; unknown: ${missing.map(Math.round).join(', ')} ms`)
    expect(Math.abs(Math.min(...existing) - Math.min(...missing))).toBeLessThan(60)
    expect(await codeFromOutbox(db, signed.email)).toMatch(/^\d{6}$/)
  })

  it('when an unverified account signs in with the right password, then a new code is mailed and the page asks for it', async () => {
    const email = someEmail()
    const ip = someIp()
    await postForm(app, 'register', { lang: 'en', nick: 'Later', email, password: PASSWORD }, ip)
    const firstCode = await codeFromOutbox(db, email)
    const signin = await postForm(app, 'signin', { lang: 'en', email, password: PASSWORD }, ip)
    expect(signin.status).toBe(200)
    expect(signin.text).toContain('name="code"')
    expect(await mailCount(db, email)).toBe(2)
    // Only the newest code counts.
    const newest = await codeFromOutbox(db, email)
    if (newest !== firstCode) {
      const old = await postForm(app, 'verify', { lang: 'en', email, code: firstCode }, ip)
      expect(old.status).toBe(400)
    }
    const verified = await postForm(app, 'verify', { lang: 'en', email, code: newest }, ip)
    expect(ticketOf(verified.text)).toMatch(/^t\./)
  })
})

describe('brute force: growing waits per account and address and per address, never a lock of the account', () => {
  // Before docs/decisions/0006-holding-the-line-on-limits.md#no-lock-of-an-account, 5 wrong passwords from
  // anywhere locked the account for 15 minutes, the right password too. Now the address that failed waits; accounts-lockout.test.ts has the rest.
  it('when an address gets 5 wrong passwords at an account, then its 6th attempt is refused with the time to wait, the right password too', async () => {
    const signed = await signedUp(app, db)
    const ip = someIp()
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await postForm(app, 'signin', { lang: 'en', email: signed.email, password: `wrong-${attempt}-password` }, ip)
      expect(response.status).toBe(401)
    }
    const locked = await postForm(app, 'signin', { lang: 'en', email: signed.email, password: PASSWORD }, ip)
    expect(locked.status).toBe(429)
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(30)
    expect(locked.text).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./)
    expect(locked.text).not.toContain('name="cookie"')
    // The same for an address nobody has: the wait says nothing about existence.
    const nobody = someEmail()
    for (let attempt = 0; attempt < 5; attempt++) await postForm(app, 'signin', { lang: 'en', email: nobody, password: 'whatever-123' }, ip)
    expect((await postForm(app, 'signin', { lang: 'en', email: nobody, password: 'whatever-123' }, ip)).status).toBe(429)
  })

  it('when one address tries 30 accounts, then its 31st attempt is refused whatever the account', async () => {
    const ip = someIp()
    const signed = await signedUp(app, db)
    const attempts = Array.from({ length: 30 }, (_, index) =>
      postForm(app, 'signin', { lang: 'en', email: `nobody-${index}-${ip}@example.com`, password: 'guess-1234' }, ip),
    )
    const answers = await Promise.all(attempts)
    expect(answers.every((answer) => answer.status === 401)).toBe(true)
    const blocked = await postForm(app, 'signin', { lang: 'en', email: signed.email, password: PASSWORD }, ip)
    expect(blocked.status).toBe(429)
    expect(blocked.text).toMatch(/Too many attempts\. Please try again in \d+ minutes?\./)
    // Another address is not affected.
    expect((await postForm(app, 'signin', { lang: 'en', email: signed.email, password: PASSWORD }, someIp())).status).toBe(200)
  })

  it('when a code is guessed 5 times, then the right code no longer works', async () => {
    const email = someEmail()
    const ip = someIp()
    await postForm(app, 'register', { lang: 'en', nick: 'Guess', email, password: PASSWORD }, ip)
    const code = await codeFromOutbox(db, email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await postForm(app, 'verify', { lang: 'en', email, code: wrong }, someIp())
      expect(response.status).toBe(400)
      expect(response.text).toContain(inPage(strings.errors.code as string))
    }
    const late = await postForm(app, 'verify', { lang: 'en', email, code }, someIp())
    expect(late.status).toBe(429)
  })
})

describe('password reset', () => {
  it('when the reset code is used with a new password, then every other session ends, the old password fails and the new one works', async () => {
    const signed = await signedUp(app, db)
    const ip = someIp()
    await postForm(app, 'forgot', { lang: 'en', email: signed.email }, ip)
    const reset = await postForm(
      app,
      'reset',
      { lang: 'en', email: signed.email, code: await codeFromOutbox(db, signed.email), password: 'a-brand-new-secret' },
      ip,
    )
    expect(reset.status).toBe(200)
    expect(ticketOf(reset.text)).toMatch(/^t\./)
    const profile = await call(app, '/gateway/cv3', 'usercenter$profile', {}, { token: signed.token })
    expect(profile.status).toBe(401)
    const cv3 = await call(app, '/gateway/cv3', 'usercenter$getuserfromcookie', { contentcookie: signed.login }, { token: await visitorToken(app) })
    expect(cv3.status).toBe(404)
    expect((await postForm(app, 'signin', { lang: 'en', email: signed.email, password: PASSWORD }, someIp())).status).toBe(401)
    // Once in CI this answered 429 (not reproduced since): the message says which wait refused it.
    const newAddress = someIp()
    const withNew = await postForm(app, 'signin', { lang: 'en', email: signed.email, password: 'a-brand-new-secret' }, newAddress)
    expect(withNew.status, `from ${newAddress}, Retry-After ${withNew.headers['retry-after']}, reset from ${ip}`).toBe(200)
  })
})

describe('sessions: logout, revocation and expiry', () => {
  it('when the user logs out, then the cookie is removed, the session revoked, its token gets 401 and the browser token falls back to a visitor token', async () => {
    const signed = await signedUp(app, db)
    const before = await call(app, '/gateway/cv3', 'usercenter$profile', {}, { token: signed.token })
    expect(before.status).toBe(200)
    expect(before.body.data).toMatchObject({ email: signed.email, emailVerified: true })

    const logout = await request(app)
      .delete('/api/session')
      .set('Origin', SITE)
      .set('Cookie', [`expo_login=${signed.login}`, `access_token=${signed.token}`])
    expect(logout.status).toBe(200)
    expect(logout.body).toEqual({ user: null })
    expect(cookiesOf(logout).expo_login).toMatch(/expo_login=;.*Expires=Thu, 01 Jan 1970/)
    expect(principalOf(cookieValue(cookiesOf(logout).access_token)).kind).toBe('visitor')

    const after = await call(app, '/gateway/cv3', 'usercenter$profile', {}, { token: signed.token })
    expect(after.status).toBe(401)
    const renewed = await request(app).post('/api/token').set('Cookie', `expo_login=${signed.login}`)
    expect(principalOf(renewed.body.access_token).kind).toBe('visitor')
    const page = await request(app).get('/en/about.html').set('Cookie', `expo_login=${signed.login}`)
    expect(page.text).not.toContain(`"userId":"${signed.user.userId}"`)
    expect(cookiesOf(page).expo_login).toMatch(/Expires=Thu, 01 Jan 1970/)
  })

  it('when another instance revokes the session, then this one refuses its token at once on PostgreSQL (NOTIFY), within the 5 s cache bound on PGlite', async () => {
    const listener = await separateInstance()
    try {
      const signed = await signedUp(app, db)
      expect((await call(listener.app, '/gateway/cv3', 'usercenter$profile', {}, { token: signed.token })).status).toBe(200)
      await request(app).delete('/api/session').set('Origin', SITE).set('Cookie', `expo_login=${signed.login}`)
      const started = performance.now()
      await vi.waitFor(async () => expect((await call(listener.app, '/gateway/cv3', 'usercenter$profile', {}, { token: signed.token })).status).toBe(401), {
        // PGlite has no LISTEN/NOTIFY between instances; the cache bound (sessions.ts) applies there.
        timeout: db.kind === 'postgres' ? 1_000 : 6_000,
        interval: 50,
      })
      console.info(`revocation seen by the other instance after ${Math.round(performance.now() - started)} ms (${db.kind})`)
    } finally {
      await listener.close()
    }
  })

  it('when a session has expired, then its cookie gives no user and its token is refused', async () => {
    const signed = await signedUp(app, db)
    await db.query("update sessions set expires_at = now() - interval '1 second' where id = $1", [signed.login.split('.')[0]])
    // Past the cache bound of sessions.ts, on the clock it reads (the date only: timers stay real).
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + SESSION_CACHE_MS + 100)
      expect((await call(app, '/gateway/cv3', 'usercenter$profile', {}, { token: signed.token })).status).toBe(401)
      const token = await request(app).post('/api/token').set('Cookie', `expo_login=${signed.login}`)
      expect(principalOf(token.body.access_token).kind).toBe('visitor')
    } finally {
      vi.useRealTimers()
    }
  })

  it('when the login cookie is forged (right session id, wrong secret), then it gives no user', async () => {
    const signed = await signedUp(app, db)
    const [sessionId] = signed.login.split('.') as [string]
    const forged = `${sessionId}.${'A'.repeat(43)}`
    const token = await request(app).post('/api/token').set('Cookie', `expo_login=${forged}`)
    expect(principalOf(token.body.access_token).kind).toBe('visitor')
    const cv3 = await call(app, '/gateway/cv3', 'usercenter$getuserfromcookie', { contentcookie: forged }, { token: await visitorToken(app) })
    expect(cv3.status).toBe(404)
  })
})

describe('usercenter$getuserfromcookie (docs/product.md#functions, CV3 and V3)', () => {
  it('when CV3 gets a valid login cookie, then the user; a ticket is not accepted there', async () => {
    const signed = await signedUp(app, db, { nick: 'Cookie Carl' })
    const token = await visitorToken(app)
    const ok = await call(app, '/gateway/cv3', 'usercenter$getuserfromcookie', { contentcookie: signed.login }, { token })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toEqual({ userId: signed.user.userId, nick: 'Cookie Carl', avatar: null })
    const late = await postForm(app, 'signin', { lang: 'en', email: signed.email, password: PASSWORD }, someIp())
    const ticket = await call(app, '/gateway/cv3', 'usercenter$getuserfromcookie', { contentcookie: ticketOf(late.text) }, { token })
    expect(ticket.status).toBe(404)
    // Not used up by that: the site can still exchange it.
    expect(
      (
        await request(app)
          .post('/api/session')
          .set('Origin', SITE)
          .send({ cookie: ticketOf(late.text) })
      ).status,
    ).toBe(200)
  })

  it('when V3 is called, then only the site’s server may: a visitor gets 403, a client-credentials token the user and the cookie to set', async () => {
    const signed = await signedUp(app, db)
    const visitor = await call(app, '/gateway/v3', 'usercenter$getuserfromcookie', { contentcookie: signed.login }, { token: await visitorToken(app) })
    expect(visitor.status).toBe(403)
    const server = platform.tokens.issue({ kind: 'server', clientId: 'expo-site' }).access_token
    const ok = await call(app, '/gateway/v3', 'usercenter$getuserfromcookie', { contentcookie: signed.login }, { token: server })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toMatchObject({ userId: signed.user.userId, cookie: signed.login })
    const late = await postForm(app, 'signin', { lang: 'en', email: signed.email, password: PASSWORD }, someIp())
    const exchanged = await call(app, '/gateway/v3', 'usercenter$getuserfromcookie', { contentcookie: ticketOf(late.text) }, { token: server })
    expect(exchanged.status).toBe(200)
    expect(exchanged.body.data.cookie).toMatch(/^[0-9a-f-]{36}\.[\w-]{43}$/)
    expect(new Date(exchanged.body.data.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
  })

  it('when the payload is bad, then 400 with the field, never a 500', async () => {
    const token = await visitorToken(app)
    for (const body of [
      {},
      { contentcookie: 42 },
      { contentcookie: '' },
      { contentcookie: 'has spaces' },
      { contentcookie: '<script>' },
      { contentcookie: 'x'.repeat(301) },
    ]) {
      const response = await call(app, '/gateway/cv3', 'usercenter$getuserfromcookie', body, { token })
      expect(response.status).toBe(400)
      expect(Object.keys(response.body.data.fields)).toEqual(['contentcookie'])
    }
    expect((await call(app, '/gateway/cv3', 'usercenter$getuserfromcookie', { contentcookie: 'abc.def' }, { token })).status).toBe(404)
  })
})

describe('bad input is a clear 4xx', () => {
  it('when a login form is sent incomplete or wrong, then 400 with the message beside each field', async () => {
    const ip = someIp()
    const register = await postForm(app, 'register', { lang: 'en', nick: 'x', email: 'not-an-email', password: 'short' }, ip)
    expect(register.status).toBe(400)
    expect(register.text).toContain(inPage(strings.errors.email as string))
    expect(register.text).toContain('Use 2 to 30 characters.')
    expect(register.text).toContain('Use 8 to 128 characters.')
    expect(register.text).toContain('aria-invalid="true"')
    const common = await postForm(app, 'register', { lang: 'en', nick: 'Nick <b>', email: someEmail(), password: 'password123' }, ip)
    expect(common.text).toContain(inPage(strings.errors.passwordCommon as string))
    expect(common.text).toContain(inPage(strings.errors.nickCharacters as string))
    expect(common.text).not.toContain('<b>')
    const empty = await postForm(app, 'signin', {}, ip)
    expect(empty.status).toBe(400)
    expect(empty.text).toContain(inPage(strings.errors.passwordRequired as string))
    const code = await postForm(app, 'verify', { lang: 'en', email: someEmail(), code: '12ab' }, ip)
    expect(code.status).toBe(400)
    expect(code.text).toContain(inPage(strings.errors.codeFormat as string))
  })

  it('when a login form comes from another origin, is too large or is not a form, then 4xx and the page, never a stack trace', async () => {
    const foreign = await request(app)
      .post('/login/signin')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ lang: 'en', email: someEmail(), password: PASSWORD })
    expect(foreign.status).toBe(403)
    expect(foreign.text).toContain(inPage(strings.errors.origin as string))
    const huge = await request(app)
      .post('/login/signin')
      .type('form')
      .send({ lang: 'en', email: 'a'.repeat(20_000) })
    expect(huge.status).toBe(413)
    expect(huge.text).toContain(inPage(strings.errors.unreadable as string))
    const json = await request(app).post('/login/signin').send({ email: someEmail(), password: PASSWORD })
    expect(json.status).toBe(400)
    const unknownLanguage = await request(app).get('/login?lang=xx&view=<script>')
    expect(unknownLanguage.status).toBe(200)
    expect(unknownLanguage.text).toContain('<html lang="en"')
  })

  it('when /api/session gets no origin, a foreign one, a bad value or bad JSON, then 4xx', async () => {
    expect((await request(app).post('/api/session').send({ cookie: 't.x' })).status).toBe(403)
    expect((await request(app).post('/api/session').set('Origin', 'https://evil.example').send({ cookie: 't.x' })).status).toBe(403)
    for (const body of [{}, { cookie: '' }, { cookie: 42 }, { cookie: 'a b' }, { cookie: 'x'.repeat(400) }, []]) {
      const response = await request(app).post('/api/session').set('Origin', SITE).send(body)
      expect(response.status).toBe(400)
    }
    const badJson = await request(app).post('/api/session').set('Origin', SITE).set('Content-Type', 'application/json').send('{"cookie":')
    expect(badJson.status).toBe(400)
    expect(badJson.body.message).toBe('errors.badJson')
    const tooLarge = await request(app)
      .post('/api/session')
      .set('Origin', SITE)
      .send({ cookie: 'x'.repeat(5000) })
    expect(tooLarge.status).toBe(413)
    expect((await request(app).delete('/api/session').set('Origin', 'https://evil.example')).status).toBe(403)
  })

  it('when the nick is changed, then pages show the new one at once; a bad nick is a 400 on the field', async () => {
    const signed = await signedUp(app, db, { nick: 'Old Nick' })
    const changed = await call(app, '/gateway/cv3', 'usercenter$updateNick', { nick: '  New   Nick ' }, { token: signed.token })
    expect(changed.status).toBe(200)
    expect(changed.body.data.nick).toBe('New Nick')
    const page = await request(app).get('/en/about.html').set('Cookie', `expo_login=${signed.login}`)
    expect(page.text).toContain('"nick":"New Nick"')
    for (const nick of ['x', 'y'.repeat(31), '<img src=x onerror=alert(1)>', 'a\u202Eb', 42]) {
      const response = await call(app, '/gateway/cv3', 'usercenter$updateNick', { nick }, { token: signed.token })
      expect(response.status).toBe(400)
      expect(Object.keys(response.body.data.fields)).toEqual(['nick'])
    }
    const visitor = await call(app, '/gateway/cv3', 'usercenter$updateNick', { nick: 'Visitor' }, { token: await visitorToken(app) })
    expect(visitor.status).toBe(401)
  })
})
