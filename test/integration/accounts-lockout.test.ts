import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { emailKey } from '../../server/platform/accounts/limits.ts'
import { addressKey } from '../../server/platform/rate-limits.ts'
import { SIGN_IN_BACKOFF } from '../../server/platform/accounts/sign-in-throttle.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp } from '../setup/test-app.ts'
import { type App, call, codeFromOutbox, mailCount, PASSWORD, postForm, signedUp, someEmail, someIp } from './accounts-helpers.ts'

let app: App
let db: Database
let platform: Platform

type Strings = { errors: Record<string, string>; mail: Record<string, { subject: string; text: string }> }
const login = (locale: string) => JSON.parse(readFileSync(new URL(`../../locales/${locale}/login.json`, import.meta.url), 'utf8')) as Strings
const en = login('en')
/** HTML escapes as the page writes them. */
const inPage = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;')

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

const signIn = (email: string, password: string, ip: string, lang = 'en') => postForm(app, 'signin', { lang, email, password }, ip)
/** As if the wait of this address at this account had run out. */
const waitRunsOut = (email: string, ip: string) => platform.rateLimits.reset(SIGN_IN_BACKOFF.pair.wait, `${emailKey(email)}|${addressKey(ip)}`)

describe('nobody can lock anyone out', () => {
  it('when an account gets many wrong passwords from many addresses, then the right password from a new address still signs in', async () => {
    const signed = await signedUp(app, db)
    for (let attempt = 0; attempt < 12; attempt++) {
      const wrong = await signIn(signed.email, `wrong-${attempt}-password`, someIp())
      expect(wrong.status).toBe(401)
      expect(wrong.text).toContain(inPage(en.errors.credentials as string))
    }
    const right = await signIn(signed.email, PASSWORD, someIp())
    expect(right.status).toBe(200)
    expect(right.text).toContain('name="cookie"')
  })

  it('when one address keeps failing at one account, then it waits after the 5th failure and each further failure doubles the wait; other addresses are not held up', async () => {
    const signed = await signedUp(app, db)
    const ip = someIp()
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(signed.email, `wrong-${attempt}-password`, ip)).status).toBe(401)
    const held = await signIn(signed.email, PASSWORD, ip)
    expect(held.status).toBe(429)
    expect(Number(held.headers['retry-after'])).toBe(30)
    expect(held.text).toContain('Too many attempts. Please try again in 1 minute.')
    expect(held.text).not.toContain('name="cookie"')
    expect((await signIn(signed.email, PASSWORD, someIp())).status).toBe(200)

    const waits: number[] = []
    for (let round = 0; round < 3; round++) {
      await waitRunsOut(signed.email, ip)
      expect((await signIn(signed.email, 'still-the-wrong-one', ip)).status).toBe(401)
      waits.push(Number((await signIn(signed.email, PASSWORD, ip)).headers['retry-after']))
    }
    expect(waits).toEqual([60, 120, 240])

    // Once the wait has run out, the right password clears the pair's failures: the next mistake costs no wait.
    await waitRunsOut(signed.email, ip)
    expect((await signIn(signed.email, PASSWORD, ip)).status).toBe(200)
    expect((await signIn(signed.email, 'one-more-typo', ip)).status).toBe(401)
    expect((await signIn(signed.email, PASSWORD, ip)).status).toBe(200)
  })

  it('when an address nobody has is guessed at, then the answers are the same as for an account (no user enumeration)', async () => {
    const nobody = someEmail()
    const ip = someIp()
    for (let attempt = 0; attempt < 5; attempt++) expect((await signIn(nobody, `wrong-${attempt}-password`, ip)).status).toBe(401)
    const held = await signIn(nobody, 'whatever-1234', ip)
    expect(held.status).toBe(429)
    expect(Number(held.headers['retry-after'])).toBe(30)
  })

  it('when an account gets 10 wrong passwords within the hour, then its owner gets one mail in their own language, and no second one that day', async () => {
    const email = someEmail()
    const ip = someIp()
    expect((await postForm(app, 'register', { lang: 'ja', nick: '山田 花子', email, password: PASSWORD }, ip)).status).toBe(200)
    expect((await postForm(app, 'verify', { lang: 'ja', email, code: await codeFromOutbox(db, email) }, ip)).status).toBe(200)
    const mailsBefore = await mailCount(db, email)
    for (let attempt = 0; attempt < 9; attempt++) await signIn(email, `wrong-${attempt}-password`, someIp())
    expect(await mailCount(db, email)).toBe(mailsBefore)
    await signIn(email, 'the-tenth-wrong-one', someIp())
    expect(await mailCount(db, email)).toBe(mailsBefore + 1)

    const ja = login('ja')
    const mail = (
      await db.query<{ subject: string; text_body: string }>('select subject, text_body from mail_outbox where to_address = $1 order by id desc limit 1', [
        email,
      ])
    ).rows[0]
    expect(mail?.subject).toBe(String(ja.mail.failures?.subject).replace('{{brand}}', platform.config.BRAND_NAME))
    expect(mail?.text_body).toContain('山田 花子')
    expect(mail?.text_body).toContain('：10。')

    for (let attempt = 0; attempt < 5; attempt++) await signIn(email, `again-${attempt}-password`, someIp())
    expect(await mailCount(db, email)).toBe(mailsBefore + 1)
    expect((await signIn(email, PASSWORD, someIp())).status).toBe(200)
  })
})

describe('nicknames that pass for the site', () => {
  it('when someone registers as a look-alike of a reserved name or with a pile of combining marks, then 400 on the nick field, nothing mailed', async () => {
    for (const [nick, message] of [
      ['ＡＤＭＩＮ', en.errors.nickReserved],
      ['\u0430dmin', en.errors.nickReserved],
      ['Adm1n', en.errors.nickReserved],
      [platform.config.BRAND_NAME, en.errors.nickReserved],
      [`Z${'\u0301\u0302\u0303\u0304\u0306'.repeat(4)}algo`, en.errors.nickCharacters],
    ] as const) {
      const email = someEmail()
      const response = await postForm(app, 'register', { lang: 'en', nick, email, password: PASSWORD }, someIp())
      expect(response.status, nick).toBe(400)
      expect(response.text).toContain(inPage(message as string))
      expect(await mailCount(db, email)).toBe(0)
    }
  })

  it('when a signed-in user changes the nick to a reserved look-alike or a pile of marks, then 400 on the nick with the message key; a normal nick is fine', async () => {
    const signed = await signedUp(app, db)
    for (const [nick, key] of [
      ['ａｄｍｉｎ', 'profile.nickReserved'],
      ['Site Moderator', 'profile.nickReserved'],
      ['官方客服', 'profile.nickReserved'],
      [`e${'\u0308'.repeat(20)}`, 'profile.nickCharacters'],
    ] as const) {
      const response = await call(app, '/gateway/cv3', 'usercenter$updateNick', { nick }, { token: signed.token })
      expect(response.status, nick).toBe(400)
      expect(response.body.data.fields).toEqual({ nick: key })
    }
    const fine = await call(app, '/gateway/cv3', 'usercenter$updateNick', { nick: 'Nguyễn Văn An' }, { token: signed.token })
    expect(fine.status).toBe(200)
  })
})
