import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { totpAt } from '../../server/platform/staff/totp.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, consoleCall, later, setMoment, setUpMember, STAFF_PASSWORD, staffCli, staffCookieOf, tokenOfLink } from './console-helpers.ts'

let app: App
let db: Database

beforeAll(async () => {
  ;({ app, db } = await createTestApp())
})

beforeEach(async () => {
  await resetDatabase(db)
  setMoment('2027-03-01T09:00:00Z')
})

afterEach(() => {
  vi.useRealTimers()
})

describe('console set-up and sign-in', () => {
  it('when the first owner is added on the command line, then the link sets password and second factor and signs in', async () => {
    const added = await staffCli(db, 'add', 'Owner@Example.org', '--role', 'owner', '--name', 'Olga Owner')
    expect(added.code).toBe(0)
    expect(added.out).toMatch(/^http:\/\/localhost:3000\/console\/setup\/[A-Za-z0-9_-]{43}$/)
    const token = tokenOfLink(added.out)

    const info = await consoleCall(app, 'setupInfo', { token })
    expect(info.status).toBe(200)
    expect(info.headers['cache-control']).toBe('private, no-store')
    expect(info.body.data).toMatchObject({ email: 'owner@example.org' })
    expect(info.body.data.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(info.body.data.otpauthUri).toContain(`secret=${info.body.data.secret}`)
    expect(info.body.data.qrSvg).toMatch(/^<svg/)

    const done = await consoleCall(app, 'setUp', { token, password: STAFF_PASSWORD, code: totpAt(info.body.data.secret, Date.now()) })
    expect(done.status).toBe(200)
    expect(done.body.data.member).toMatchObject({ email: 'owner@example.org', name: 'Olga Owner', roles: ['owner'], exhibitionIds: null, language: 'en' })
    const cookies = done.headers['set-cookie'] as unknown as string[]
    // The session on both paths, and the known-device cookie that lets this browser past the account-wide brake.
    expect(cookies).toHaveLength(3)
    for (const path of ['/console', '/gateway/console']) {
      expect(cookies.some((cookie) => cookie.includes(`Path=${path};`) && /HttpOnly/.test(cookie) && /SameSite=Strict/.test(cookie))).toBe(true)
    }
    expect(cookies.some((cookie) => /^staff_device=/.test(cookie) && /HttpOnly/.test(cookie))).toBe(true)
    const me = await consoleCall(app, 'me', {}, { cookie: staffCookieOf(done) })
    expect(me.status).toBe(200)
    expect(me.body.data.member.email).toBe('owner@example.org')
  })

  it('when a set-up link was used, then it works no more; an expired one neither', async () => {
    const member = await setUpMember(app, db, ['owner'])
    const again = await staffCli(db, 'add', member.email)
    const token = tokenOfLink(again.out)
    const info = await consoleCall(app, 'setupInfo', { token })
    const code = totpAt(info.body.data.secret, Date.now() + 30_000)
    later(30)
    expect((await consoleCall(app, 'setUp', { token, password: STAFF_PASSWORD, code })).status).toBe(200)
    const reused = await consoleCall(app, 'setUp', { token, password: STAFF_PASSWORD, code })
    expect(reused.status).toBe(410)
    expect(reused.body.message).toBe('console:errors.setupLinkInvalid')
    expect((await consoleCall(app, 'setupInfo', { token })).status).toBe(410)

    const late = tokenOfLink((await staffCli(db, 'add', member.email)).out)
    expect((await consoleCall(app, 'setupInfo', { token: late })).status).toBe(200)
    later(72 * 60 * 60 + 1)
    const expired = await consoleCall(app, 'setupInfo', { token: late })
    expect(expired.status).toBe(410)
    expect(expired.body.message).toBe('console:errors.setupLinkInvalid')
  })

  it('when a member signs in with password and code, then a session starts; a code used once is refused the second time', async () => {
    const member = await setUpMember(app, db, ['manager'])
    later(60)
    const withoutCode = await consoleCall(app, 'signIn', { email: member.email, password: STAFF_PASSWORD })
    expect(withoutCode.status).toBe(400)
    expect(withoutCode.body.message).toBe('console:errors.secondFactorRequired')
    const code = totpAt(member.secret, Date.now())
    const signed = await consoleCall(app, 'signIn', { email: member.email.toUpperCase(), password: STAFF_PASSWORD, code })
    expect(signed.status).toBe(200)
    expect((await consoleCall(app, 'me', {}, { cookie: staffCookieOf(signed) })).status).toBe(200)

    const replay = await consoleCall(app, 'signIn', { email: member.email, password: STAFF_PASSWORD, code })
    expect(replay.status).toBe(400)
    expect(replay.body.message).toBe('console:errors.codeUsed')
    expect(replay.headers['set-cookie']).toBeUndefined()
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when two sign-ins race with one code, then one session starts and the other is refused (PostgreSQL only: PGlite cannot race)',
    async () => {
      const member = await setUpMember(app, db, ['verifier'])
      later(30)
      const code = totpAt(member.secret, Date.now())
      const answers = await Promise.all([1, 2].map(() => consoleCall(app, 'signIn', { email: member.email, password: STAFF_PASSWORD, code })))
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400])
      expect(answers.find((answer) => answer.status === 400)?.body.message).toBe('console:errors.codeUsed')
    },
  )

  it('when the password or the code is wrong, then one answer says so for both', async () => {
    const member = await setUpMember(app, db, ['support'])
    later(60)
    const wrongPassword = await consoleCall(app, 'signIn', { email: member.email, password: 'not-the-password', code: totpAt(member.secret, Date.now()) })
    const wrongCode = await consoleCall(app, 'signIn', { email: member.email, password: STAFF_PASSWORD, code: '000000' })
    const nobody = await consoleCall(app, 'signIn', { email: 'nobody@example.org', password: STAFF_PASSWORD, code: '123456' })
    for (const answer of [wrongPassword, wrongCode, nobody]) {
      expect(answer.status).toBe(400)
      expect(answer.body.message).toBe('console:errors.signInFailed')
    }
  })
})
