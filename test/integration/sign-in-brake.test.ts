import type { Redis } from 'ioredis'
import request from 'supertest'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../server/app.ts'
import { parseConfig } from '../../server/config.ts'
import type { Database } from '../../server/db/client.ts'
import { noAssets } from '../../server/http/assets.ts'
import { type BrakePolicy, brakeWaitSeconds, CODE_BRAKE, PASSWORD_BRAKE } from '../../server/platform/accounts/account-brake.ts'
import { createPlatform, type Platform } from '../../server/platform/platform.ts'
import { totpAt } from '../../server/platform/staff/totp.ts'
import { connectRedis } from '../../server/redis.ts'
import { render } from '../../src/entry-server.tsx'
import { createTestApp, lightWork, resetDatabase, silentLogger, testDatabase, testGeo } from '../setup/test-app.ts'
import { cookiesOf, cookieValue, PASSWORD, postForm, SITE, signedUp, someEmail, someIp as someVisitorIp } from './accounts-helpers.ts'
import { type App, consoleCall, later, setMoment, someIp, someStaffEmail, STAFF_PASSWORD, staffCli, tokenOfLink } from './console-helpers.ts'

let app: App
let db: Database

beforeAll(async () => {
  ;({ app, db } = await createTestApp())
})

beforeEach(async () => {
  await resetDatabase(db)
  setMoment('2027-05-10T07:00:00Z')
})

afterEach(() => {
  vi.useRealTimers()
})

const STEP_MS = 30_000
const count = (statuses: number[], status: number) => statuses.filter((value) => value === status).length

interface Member {
  email: string
  secret: string
  /** The known-device cookie the set-up left in the member's own browser. */
  device: string
}

/** A member set up on the command line and in the browser, as setUpMember does, keeping the known-device cookie. */
async function member(): Promise<Member> {
  const email = someStaffEmail()
  const added = await staffCli(db, 'add', email, '--role', 'manager')
  const token = tokenOfLink(added.out)
  const secret = (await consoleCall(app, 'setupInfo', { token })).body.data.secret as string
  const done = await consoleCall(app, 'setUp', { token, password: STAFF_PASSWORD, code: totpAt(secret, Date.now()) })
  expect(done.status).toBe(200)
  const device = (done.headers['set-cookie'] as unknown as string[]).find((cookie) => cookie.startsWith('staff_device='))
  expect(device).toMatch(/; Path=\/gateway\/console; Max-Age=7776000; HttpOnly; SameSite=Strict/)
  return { email, secret, device: (device as string).slice(0, (device as string).indexOf(';')) }
}

/** The code the member's app shows one step from now (set-up or the last sign-in took the current one). */
const nextCode = (who: Member) => totpAt(who.secret, Date.now() + STEP_MS)
/** A six-digit code that is none of the three accepted now. */
function wrongCode(who: Member): string {
  const right = [-1, 0, 1].map((step) => totpAt(who.secret, Date.now() + step * STEP_MS))
  let code = 100_000
  while (right.includes(String(code))) code++
  return String(code)
}

/**
 * How many guesses the brake lets through past its free ones within this many milliseconds. Each
 * guess at a code still costs an argon2 check of the password, and the in-memory store also drops a
 * wait when its seconds have passed on the wall clock: on a slow machine, a wait that runs out during
 * the attack lets one more guess through, as it should.
 */
function guessesWithin(policy: BrakePolicy, milliseconds: number): number {
  let through = 0
  let waited = brakeWaitSeconds(policy.free, policy)
  while (waited * 1000 <= milliseconds) {
    through++
    waited += brakeWaitSeconds(policy.free + through, policy)
  }
  return through
}

const signIn = (who: Member, fields: { password?: string; code?: string }, options: { ip?: string; device?: boolean; on?: App } = {}) =>
  consoleCall(
    options.on ?? app,
    'signIn',
    { email: who.email, password: fields.password ?? STAFF_PASSWORD, code: fields.code ?? nextCode(who) },
    { ip: options.ip ?? someIp(), ...(options.device ? { cookie: who.device } : {}) },
  )

describe('staff: an account-wide brake on password guesses from many addresses', () => {
  it('when 40 addresses try 4 wrong passwords each at one member, then past 20 every guess waits, the right password from a new browser too; the member’s own browser signs in at once, and anyone after the wait', async () => {
    const target = await member()
    const guess = (index: number) => signIn(target, { password: `wrong-${index}`, code: '123456' }, { ip: `198.18.${Math.floor(index / 4)}.7` })
    const started = performance.now()
    for (let index = 0; index < PASSWORD_BRAKE.free; index++) expect((await guess(index)).status).toBe(400)
    const held = await guess(PASSWORD_BRAKE.free)
    expect([held.status, held.body.message, held.body.data.seconds, held.headers['retry-after']]).toEqual([429, 'errors.rateLimited', 30, '30'])

    const stranger = await signIn(target, {})
    expect([stranger.status, stranger.body.message]).toEqual([429, 'errors.rateLimited'])
    const own = await signIn(target, {}, { device: true })
    expect(own.status).toBe(200)

    const statuses: number[] = []
    for (let index = PASSWORD_BRAKE.free + 1; index < 160; index++) statuses.push((await guess(index)).status)
    expect(count(statuses, 400)).toBeLessThanOrEqual(guessesWithin(PASSWORD_BRAKE, performance.now() - started))
    expect(count(statuses, 400) + count(statuses, 429)).toBe(160 - PASSWORD_BRAKE.free - 1)
    // The owner was told of the failures, as before the brake (once, in the hour's first ten).
    const mails = await db.query('select 1 from mail_outbox where to_address = $1', [target.email])
    expect(mails.rows).toHaveLength(1)

    // Another member is not slowed by guesses at this one.
    const other = await member()
    expect((await signIn(other, {})).status).toBe(200)

    later(PASSWORD_BRAKE.maxWaitSeconds + 1)
    expect((await signIn(target, {})).status).toBe(200)
  })

  it('when a device cookie is forged or names another member, then it does not pass the brake', async () => {
    const target = await member()
    const other = await member()
    for (let guess = 0; guess < PASSWORD_BRAKE.free; guess++) await signIn(target, { password: `wrong-${guess}` })
    const withCookie = (cookie: string) =>
      consoleCall(app, 'signIn', { email: target.email, password: STAFF_PASSWORD, code: nextCode(target) }, { ip: someIp(), cookie })
    const [name, value = ''] = target.device.split('=')
    const [id, expires, mac = ''] = value.split('.')
    expect((await withCookie(other.device)).status).toBe(429)
    expect((await withCookie(`${name}=${id}.${Number(expires) + 1}.${mac}`)).status).toBe(429)
    expect((await withCookie(`${name}=${id}.${expires}.${mac.slice(1)}A`)).status).toBe(429)
    expect((await withCookie(target.device)).status).toBe(200)
  })
})

describe('staff: an account-wide brake on second-factor codes', () => {
  it('when 50 addresses with the password try 4 wrong codes each, then after 5 the code step waits, a right code too, and after the wait it signs in; another member is not held up', async () => {
    const target = await member()
    later(STEP_MS / 1000)
    const guess = (address: number) => signIn(target, { code: wrongCode(target) }, { ip: `198.19.${address}.9` })
    const started = performance.now()
    const first = [await guess(0), await guess(0), await guess(0), await guess(0), await guess(1)]
    expect(first.map((answer) => answer.status)).toEqual(Array(CODE_BRAKE.free).fill(400))
    const right = await signIn(target, { code: totpAt(target.secret, Date.now()) }, { device: true })
    expect([right.status, right.body.data.seconds]).toEqual([429, CODE_BRAKE.firstWaitSeconds])

    const statuses: number[] = []
    for (let attempt = CODE_BRAKE.free; attempt < 200; attempt++) statuses.push((await guess(Math.floor(attempt / 4))).status)
    expect(count(statuses, 400)).toBeLessThanOrEqual(guessesWithin(CODE_BRAKE, performance.now() - started))
    expect(count(statuses, 400) + count(statuses, 429)).toBe(200 - CODE_BRAKE.free)

    const other = await member()
    expect((await signIn(other, {})).status).toBe(200)

    later(CODE_BRAKE.maxWaitSeconds + 1)
    expect((await signIn(target, { code: totpAt(target.secret, Date.now()) })).status).toBe(200)
    // A success forgets the guesses: the member's next typo costs no wait.
    expect((await signIn(target, { code: wrongCode(target) })).status).toBe(400)
  }, 120_000)

  it('when a wrong password comes with codes, then the code brake is not touched (only password holders reach it)', async () => {
    const target = await member()
    for (let guess = 0; guess < 3 * CODE_BRAKE.free; guess++) {
      expect((await signIn(target, { password: `wrong-${guess}`, code: wrongCode(target) }, { device: true })).status).toBe(400)
    }
    expect((await signIn(target, {}, { device: true })).status).toBe(200)
  })

  it('when a code has signed in once, then it never signs in again, nor does an older one still inside the drift window', async () => {
    const target = await member()
    const code = nextCode(target)
    const older = totpAt(target.secret, Date.now())
    // The set-up took the code of its moment.
    expect((await signIn(target, { code: older }, { device: true })).body.message).toBe('console:errors.codeUsed')
    expect((await signIn(target, { code }, { device: true })).status).toBe(200)
    const again = await signIn(target, { code }, { device: true })
    expect([again.status, again.body.message]).toEqual([400, 'console:errors.codeUsed'])
    later(STEP_MS / 1000)
    expect((await signIn(target, { code }, { device: true })).body.message).toBe('console:errors.codeUsed')
    expect((await signIn(target, { code: older }, { device: true })).body.message).toBe('console:errors.codeUsed')
  })
})

describe('visitors: the same account-wide brake on passwords', () => {
  const signInForm = (email: string, password: string, ip: string, device?: string) => {
    const call = request(app).post('/login/signin').set('X-Forwarded-For', ip).set('Origin', SITE).type('form')
    return (device ? call.set('Cookie', `expo_device=${encodeURIComponent(device)}`) : call).send({ lang: 'en', email, password })
  }

  it('when 40 addresses try 4 wrong passwords each at once, then about 20 are checked and the rest wait; the owner’s own browser signs in, a new one after the wait', async () => {
    const signed = await signedUp(app, db)
    const own = await signInForm(signed.email, PASSWORD, signed.ip)
    expect(own.status).toBe(200)
    const deviceCookie = cookiesOf(own).expo_device
    expect(deviceCookie).toMatch(/; Path=\/login; .*HttpOnly; SameSite=Lax/)
    const device = cookieValue(deviceCookie)

    const guesses = Array.from({ length: 160 }, (_, index) => signInForm(signed.email, `wrong-${index}-password`, `198.20.${index % 40}.5`))
    const statuses = (await Promise.all(guesses)).map((answer) => answer.status)
    // The owner's own sign-in counted as one of the free attempts; in parallel at most one more slips in as the wait is set.
    expect(count(statuses, 401)).toBeGreaterThanOrEqual(PASSWORD_BRAKE.free - 1)
    expect(count(statuses, 401)).toBeLessThanOrEqual(PASSWORD_BRAKE.free)
    expect(count(statuses, 401) + count(statuses, 429)).toBe(160)

    const stranger = await signInForm(signed.email, PASSWORD, someVisitorIp())
    expect(stranger.status).toBe(429)
    expect(stranger.text).toContain('Too many attempts.')
    expect(stranger.headers['retry-after']).toMatch(/^\d+$/)
    expect((await signInForm(signed.email, PASSWORD, someVisitorIp(), device)).status).toBe(200)

    later(PASSWORD_BRAKE.maxWaitSeconds + 1)
    expect((await signInForm(signed.email, PASSWORD, someVisitorIp())).status).toBe(200)
  })

  it('when an address nobody has is guessed at from many addresses, then it waits the same way (no user enumeration)', async () => {
    const nobody = someEmail()
    const statuses = (
      await Promise.all(
        Array.from({ length: PASSWORD_BRAKE.free + 5 }, (_, index) =>
          postForm(app, 'signin', { lang: 'en', email: nobody, password: 'whatever-1234' }, `198.21.${index}.3`),
        ),
      )
    ).map((answer) => answer.status)
    expect(count(statuses, 401)).toBeGreaterThanOrEqual(PASSWORD_BRAKE.free)
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(4)
  })
})

describe('two instances on one Redis', () => {
  const opened: Array<{ platform: Platform; redis: Redis }> = []
  const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'data/test', PUBLIC_ORIGIN: SITE, READ_CACHE: 'off' })

  /** Another instance of the site on the same database, its counters in the shared Redis (as with REDIS_URL). */
  async function instance(): Promise<App> {
    const redis = await connectRedis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', silentLogger)
    const platform = await createPlatform({ config, db: await testDatabase(), logger: silentLogger, geo: testGeo(), ...lightWork(), redis })
    opened.push({ platform, redis })
    return createApp({ config, logger: silentLogger, platform, geo: testGeo(), render, assets: noAssets }) as unknown as App
  }

  afterAll(async () => {
    for (const { platform, redis } of opened) {
      await platform.close()
      redis.disconnect()
    }
  })

  it('when guesses at one member alternate between two instances, then both count them: past 20 both answer the wait, and the member’s own browser passes on either', async () => {
    const [first, second] = [await instance(), await instance()]
    const target = await member()
    for (let guess = 0; guess < PASSWORD_BRAKE.free; guess++) {
      const answer = await signIn(target, { password: `wrong-${guess}` }, { on: guess % 2 ? second : first, ip: `198.22.${guess}.1` })
      expect(answer.status).toBe(400)
    }
    for (const on of [first, second]) expect((await signIn(target, {}, { on })).status).toBe(429)
    expect((await signIn(target, {}, { on: second, device: true })).status).toBe(200)
  })
})
