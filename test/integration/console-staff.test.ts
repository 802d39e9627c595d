import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { emailKey } from '../../server/platform/accounts/limits.ts'
import { addressKey } from '../../server/platform/rate-limits.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { STAFF_SIGN_IN } from '../../server/platform/staff/sign-in.ts'
import { totpAt } from '../../server/platform/staff/totp.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, consoleCall, later, setMoment, setUpMember, someIp, STAFF_PASSWORD, staffCookieOf, tokenOfLink } from './console-helpers.ts'

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

beforeEach(async () => {
  await resetDatabase(db)
  setMoment('2027-05-10T07:00:00Z')
})

afterEach(() => {
  vi.useRealTimers()
})

const mailTo = async (email: string) =>
  (await db.query<{ subject: string; text_body: string }>('select subject, text_body from mail_outbox where to_address = $1 order by id', [email])).rows

describe('staff sign-in limits (growing waits, never a lock)', () => {
  it('when one address keeps failing at one account, then it waits after the 5th failure and each further failure doubles the wait; another address signs in', async () => {
    const member = await setUpMember(app, db, ['manager'])
    const ip = someIp()
    const wrong = (attempt: number) => consoleCall(app, 'signIn', { email: member.email, password: `wrong-${attempt}`, code: '000000' }, { ip })
    for (let attempt = 0; attempt < 5; attempt++) expect((await wrong(attempt)).status).toBe(400)
    const held = await consoleCall(app, 'signIn', { email: member.email, password: STAFF_PASSWORD, code: totpAt(member.secret, Date.now()) }, { ip })
    expect([held.status, held.body.message, held.body.data.seconds]).toEqual([429, 'errors.rateLimited', 30])
    expect(held.headers['retry-after']).toBe('30')

    // The next code (set-up took this one), from another address, while the first still waits.
    later(30)
    const elsewhere = await consoleCall(app, 'signIn', { email: member.email, password: STAFF_PASSWORD, code: totpAt(member.secret, Date.now()) })
    expect(elsewhere.status).toBe(200)

    const waits: number[] = []
    for (let round = 0; round < 3; round++) {
      await platform.rateLimits.reset(STAFF_SIGN_IN.backoff.pair.wait, `${emailKey(member.email)}|${addressKey(ip)}`)
      expect((await wrong(10 + round)).status).toBe(400)
      waits.push((await wrong(20 + round)).body.data.seconds as number)
    }
    expect(waits).toEqual([60, 120, 240])
  })

  it('when a member’s sign-in fails 10 times within the hour, then they get one mail in their language, and no second one that day', async () => {
    const member = await setUpMember(app, db, ['verifier'])
    await consoleCall(app, 'setLanguage', { language: 'zh' }, { cookie: member.cookie })
    const fail = () => consoleCall(app, 'signIn', { email: member.email, password: 'guess-guess-guess', code: '000000' })
    for (let attempt = 0; attempt < 9; attempt++) expect((await fail()).status).toBe(400)
    expect(await mailTo(member.email)).toHaveLength(0)
    await fail()
    const mails = await mailTo(member.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toContain('登入失敗')
    expect(mails[0]?.text_body).toContain('10')
    for (let attempt = 0; attempt < 3; attempt++) await fail()
    expect(await mailTo(member.email)).toHaveLength(1)
  })

  it('when visitors fail at the visitors’ sign-in, then staff counters are untouched (their own names)', () => {
    expect(STAFF_SIGN_IN.backoff.pair.wait.name).toBe('staff-login-wait-pair')
    expect(STAFF_SIGN_IN.burst.name).toBe('staff-login-burst-address')
  })
})

describe('staff list, invitations and sessions', () => {
  it('when an owner invites a member, then the set-up mail goes out in the member’s language and the member appears as invited', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    const invited = await consoleCall(
      app,
      'invite',
      { email: 'Lin@Example.org', name: '林小姐', roles: ['support', 'verifier'], exhibitionIds: [3, 7], language: 'zh-cn' },
      { cookie: owner.cookie },
    )
    expect(invited.status).toBe(200)
    expect(invited.body.data.member).toMatchObject({ email: 'lin@example.org', status: 'invited', roles: ['support', 'verifier'], exhibitionIds: [3, 7] })
    const [mail] = await mailTo('lin@example.org')
    expect(mail?.subject).toContain('控制台')
    expect(mail?.text_body).toContain('林小姐')
    const link = /http:\/\/localhost:3000\/console\/setup\/\S+/.exec(mail?.text_body ?? '')?.[0] as string
    expect((await consoleCall(app, 'setupInfo', { token: tokenOfLink(link) })).body.data.email).toBe('lin@example.org')

    const again = await consoleCall(app, 'invite', { email: 'lin@example.org', name: 'Lin', roles: ['editor'] }, { cookie: owner.cookie })
    expect([again.status, again.body.message]).toEqual([409, 'console:errors.emailTaken'])
    const list = await consoleCall(app, 'staffList', {}, { cookie: owner.cookie })
    expect(list.body.data.members.map((member: { email: string; status: string }) => `${member.email}:${member.status}`).sort()).toEqual([
      'lin@example.org:invited',
      `${owner.email}:active`,
    ])
  })

  it('when a member lists sessions and ends another one, then that browser is signed out and the current one is marked', async () => {
    const member = await setUpMember(app, db, ['support'])
    later(30)
    const other = await consoleCall(
      app,
      'signIn',
      { email: member.email, password: STAFF_PASSWORD, code: totpAt(member.secret, Date.now()) },
      { ip: '203.0.113.9' },
    )
    const otherCookie = staffCookieOf(other)
    const listed = await consoleCall(app, 'sessions', {}, { cookie: member.cookie })
    const sessions = listed.body.data.sessions as Array<{ id: string; current: boolean; address: string; device: string }>
    expect(sessions).toHaveLength(2)
    expect(sessions.filter((session) => session.current)).toHaveLength(1)
    const foreign = sessions.find((session) => !session.current)
    expect(foreign).toMatchObject({ address: '203.0.113.9', device: 'Console test browser' })
    expect((await consoleCall(app, 'endSession', { id: foreign?.id }, { cookie: member.cookie })).status).toBe(200)
    expect((await consoleCall(app, 'me', {}, { cookie: otherCookie })).status).toBe(401)
    expect((await consoleCall(app, 'endSession', { id: foreign?.id }, { cookie: member.cookie })).status).toBe(404)

    const out = await consoleCall(app, 'signOut', {}, { cookie: member.cookie })
    expect(out.status).toBe(200)
    expect((out.headers['set-cookie'] as unknown as string[]).every((cookie) => cookie.startsWith('staff_session=;'))).toBe(true)
    expect((await consoleCall(app, 'me', {}, { cookie: member.cookie })).status).toBe(401)
  })

  it('when an owner disables a member or resets their second factor, then sessions end or a new link is mailed', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    const member = await setUpMember(app, db, ['editor'])
    const reset = await consoleCall(app, 'resetSecondFactor', { id: member.id }, { cookie: owner.cookie })
    expect(reset.status).toBe(200)
    expect((await mailTo(member.email)).at(-1)?.subject).toContain('again')
    const disabled = await consoleCall(app, 'updateMember', { id: member.id, disabled: true }, { cookie: owner.cookie })
    expect(disabled.body.data.member.status).toBe('disabled')
    expect((await consoleCall(app, 'me', {}, { cookie: member.cookie })).status).toBe(401)
    later(30)
    const signIn = await consoleCall(app, 'signIn', { email: member.email, password: STAFF_PASSWORD, code: totpAt(member.secret, Date.now()) })
    expect(signIn.body.message).toBe('console:errors.signInFailed')
    const enabled = await consoleCall(app, 'updateMember', { id: member.id, disabled: false, roles: ['editor', 'support'] }, { cookie: owner.cookie })
    expect(enabled.body.data.member).toMatchObject({ status: 'active', roles: ['editor', 'support'] })
  })

  it('when the last active owner would lose the role or be disabled, then it is refused; with a second owner it is allowed', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    const demote = await consoleCall(app, 'updateMember', { id: owner.id, roles: ['manager'] }, { cookie: owner.cookie })
    expect([demote.status, demote.body.message]).toEqual([409, 'console:errors.lastOwner'])
    const disable = await consoleCall(app, 'updateMember', { id: owner.id, disabled: true }, { cookie: owner.cookie })
    expect([disable.status, disable.body.message]).toEqual([409, 'console:errors.lastOwner'])

    const second = await setUpMember(app, db, ['owner', 'checkin'])
    const now = await consoleCall(app, 'updateMember', { id: owner.id, roles: ['manager'] }, { cookie: second.cookie })
    expect(now.body.data.member.roles).toEqual(['manager'])
    const self = await consoleCall(app, 'updateMember', { id: second.id, roles: ['checkin'] }, { cookie: second.cookie })
    expect([self.status, self.body.message]).toEqual([409, 'console:errors.lastOwner'])
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when two owners demote each other at the same moment, then one change wins and an owner remains (PostgreSQL only: PGlite cannot race)',
    async () => {
      // The loser is refused either as no longer an owner (403) or as the last owner (409), depending on when it looked.
      const first = await setUpMember(app, db, ['owner'])
      const second = await setUpMember(app, db, ['owner'])
      const answers = await Promise.all([
        consoleCall(app, 'updateMember', { id: second.id, roles: ['manager'] }, { cookie: first.cookie }),
        consoleCall(app, 'updateMember', { id: first.id, roles: ['manager'] }, { cookie: second.cookie }),
      ])
      const statuses = answers.map((answer) => answer.status).sort()
      expect(statuses[0]).toBe(200)
      expect([403, 409]).toContain(statuses[1])
      const owners = await db.query("select id from staff_members where status = 'active' and 'owner' = any (roles)")
      expect(owners.rows).toHaveLength(1)
    },
  )
})
