import sharp from 'sharp'
import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { INVITATIONS } from '../../server/platform/exhibitors/exhibitors.service.ts'
import { LOGO_UPLOADS } from '../../server/platform/exhibitors/logo-upload.ts'
import { EXHIBITOR_LOGO_PATH } from '../../shared/rules/exhibitors.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, call, exhibitorBody, someIp, userToken, visitorToken } from './applications-helpers.ts'
import { type App, consoleCall, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'

/**
 * Exhibitors (docs/product.md#exhibitors): an accepted exhibitor application becomes an exhibitor with
 * the applicant as its admin (or an admin invitation by mail when they applied signed out); the
 * profile in several languages with optimistic versions; the team's invitations (once, within a
 * week), removals and the last admin; nothing of an exhibitor reaches anyone outside its team.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let owner: SignedInMember

beforeEach(async () => {
  setMoment('2026-11-29T10:00:00Z')
  await resetDatabase(db)
  exhibitionId = await addExhibition(db, { titles: { en: 'Bangkok Expo 2026', 'zh-cn': '曼谷博览会 2026' } })
  owner = await setUpMember(app, db, ['owner'])
})

type User = Awaited<ReturnType<typeof userToken>>

const expo = (user: User | string, route: string, body: unknown, locale = 'en') =>
  call(app, route, body, { token: typeof user === 'string' ? user : user.token, locale, ip: someIp() })

async function apply(options: { user?: User; companyName?: string; exhibition?: number } = {}) {
  const token = options.user?.token ?? (await visitorToken(app))
  const body = exhibitorBody(options.exhibition ?? exhibitionId, { companyName: options.companyName ?? 'Acme Markets Ltd' })
  const answer = await call(app, 'apply$submitExhibitor', body, { token, ip: someIp() })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return { reference: answer.body.data.reference as string, email: body.email as string }
}

async function decide(reference: string, status: string) {
  const seen = await db.query<{ status: string }>('select status from applications where reference = $1', [reference])
  const answer = await consoleCall(app, 'decideApplication', { reference, status, expected: seen.rows[0]?.status }, { cookie: owner.cookie })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

const mine = async (user: User) => (await expo(user, 'exhibitor$mine', {}).expect(200)).body.data.items as Array<Record<string, unknown>>
const workspace = (user: User, exhibitorId: number, locale = 'en') => expo(user, 'exhibitor$workspace', { exhibitorId }, locale)

/** The invitation link's secret from the newest mail to this address. */
async function invitationTokenTo(address: string): Promise<string> {
  const mail = await db.query<{ text_body: string }>(
    "select text_body from mail_outbox where to_address = $1 and text_body like '%invitation=%' order by id desc limit 1",
    [address],
  )
  const match = /invitation=([A-Za-z0-9_-]{43})/.exec(mail.rows[0]?.text_body ?? '')
  expect(match, 'an invitation link in the mail').not.toBeNull()
  return match?.[1] as string
}

/** An admin's exhibitor, accepted from their application. */
async function acceptedExhibitor(companyName = 'Acme Markets Ltd') {
  const admin = await userToken(db, platform)
  const { reference } = await apply({ user: admin, companyName })
  await decide(reference, 'accepted')
  const [exhibitor] = await mine(admin)
  // Identities restart with every test's database: the invitation limit an earlier test's exhibitor 1 used is not this one's.
  await platform.rateLimits.reset(INVITATIONS, String(exhibitor?.id))
  return { admin, exhibitorId: exhibitor?.id as number, reference }
}

const englishOnly = (exhibitorId: number, version: number, overrides: Record<string, unknown> = {}) => ({
  exhibitorId,
  version,
  kind: 'broker',
  country: 'GB',
  website: 'acme-markets.example.com',
  texts: { en: { name: 'Acme Markets', summary: 'Multi-asset broker', description: 'Founded in 2010.\nRegulated in two countries.' } },
  licences: [{ regulator: 'FCA', number: '123456' }],
  ...overrides,
})

describe('an accepted application', () => {
  it('when an application sent signed in is accepted, then its applicant is the admin of a new exhibitor named after the company', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor('Acme Markets Ltd')
    const [summary] = await mine(admin)
    expect(summary).toMatchObject({ id: exhibitorId, slug: 'acme-markets-ltd', name: 'Acme Markets Ltd', role: 'admin', status: 'active' })
    expect(summary?.exhibition).toMatchObject({ id: exhibitionId, title: 'Bangkok Expo 2026' })
    expect(summary?.gaps).toEqual(['summary', 'description', 'country'])
    const zh = (await expo(admin, 'exhibitor$mine', {}, 'zh-cn').expect(200)).body.data.items[0]
    expect(zh.exhibition.title).toBe('曼谷博览会 2026')
  })

  it('when it was sent signed out, then an admin invitation is mailed to its address, and whoever opens the link signed in joins as admin', async () => {
    const { reference, email } = await apply()
    await decide(reference, 'accepted')
    const token = await invitationTokenTo(email)
    const mail = await db.query<{ subject: string; html_body: string }>(
      "select subject, html_body from mail_outbox where to_address = $1 and text_body like '%invitation=%'",
      [email],
    )
    expect(mail.rows[0]?.subject).toContain('Acme Markets Ltd')
    expect(mail.rows[0]?.html_body).toContain('/en/exhibitor.html?invitation=')

    const person = await userToken(db, platform)
    const offer = (await expo(person, 'exhibitor$invitation', { token }).expect(200)).body.data
    expect(offer).toMatchObject({ exhibitorName: 'Acme Markets Ltd', role: 'admin', email, state: 'open', memberAlready: false })
    const { exhibitorId } = (await expo(person, 'exhibitor$acceptInvitation', { token }).expect(200)).body.data
    expect((await mine(person)).map((item) => item.id)).toEqual([exhibitorId])
    expect((await workspace(person, exhibitorId).expect(200)).body.data.exhibitor.role).toBe('admin')
  })

  it('when the decision is undone and made again, then the exhibitor is withdrawn meanwhile and comes back with its team', async () => {
    const { admin, exhibitorId, reference } = await acceptedExhibitor()
    await decide(reference, 'declined')
    expect((await mine(admin))[0]).toMatchObject({ id: exhibitorId, status: 'withdrawn' })
    const refused = await expo(admin, 'exhibitor$saveProfile', englishOnly(exhibitorId, 1))
    expect(refused.status).toBe(409)
    expect(refused.body.message ?? refused.body.code).toBeDefined()
    await decide(reference, 'accepted')
    expect((await mine(admin))[0]).toMatchObject({ id: exhibitorId, status: 'active' })
    const count = await db.query<{ n: number }>('select count(*)::int as n from exhibitors')
    expect(count.rows[0]?.n).toBe(1)
  })

  it("when the same admin comes back to another exhibition under its profile's name, then the company and its profile carry over", async () => {
    const { admin, exhibitorId } = await acceptedExhibitor('Acme Markets Ltd')
    await expo(admin, 'exhibitor$saveProfile', englishOnly(exhibitorId, 1)).expect(200)
    const dubai = await addExhibition(db, { titles: { en: 'Dubai Traders Fair' } })
    const { reference } = await apply({ user: admin, companyName: 'ACME MARKETS', exhibition: dubai })
    await decide(reference, 'accepted')
    const items = await mine(admin)
    expect(items).toHaveLength(2)
    expect(new Set(items.map((item) => item.slug))).toEqual(new Set(['acme-markets-ltd']))
    const other = items.find((item) => item.id !== exhibitorId) as { id: number }
    expect((await workspace(admin, other.id).expect(200)).body.data.profile.texts.en.summary).toBe('Multi-asset broker')
  })

  it('when two companies share a name, then the second gets an address of its own', async () => {
    await acceptedExhibitor('Acme Markets Ltd')
    const second = await acceptedExhibitor('Acme Markets Ltd')
    expect((await mine(second.admin))[0]?.slug).toBe('acme-markets-ltd-2')
    const chinese = await acceptedExhibitor('王氏金融有限公司')
    expect((await mine(chinese.admin))[0]?.slug).toBe('exhibitor')
  })
})

describe('the profile', () => {
  it('when an admin saves it in English and Chinese, then it reads back, the gaps close and the version moves on', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    const saved = await expo(
      admin,
      'exhibitor$saveProfile',
      englishOnly(exhibitorId, 1, {
        texts: {
          en: { name: '  Acme Markets  ', summary: 'Multi-asset broker', description: 'Line one\r\nLine two' },
          'zh-cn': { name: '王氏金融', summary: '多资产经纪商', description: '成立于2010年。' },
          ja: { name: '', summary: '', description: '' },
        },
      }),
    ).expect(200)
    const { profile } = saved.body.data
    expect(profile).toMatchObject({ version: 2, kind: 'broker', country: 'GB', website: 'https://acme-markets.example.com', gaps: [] })
    expect(Object.keys(profile.texts).sort()).toEqual(['en', 'zh-cn'])
    expect(profile.texts.en).toEqual({ name: 'Acme Markets', summary: 'Multi-asset broker', description: 'Line one\nLine two' })
    expect((await workspace(admin, exhibitorId, 'zh-cn').expect(200)).body.data.exhibitor.name).toBe('王氏金融')
    // zh-hk falls back to zh-cn, Spanish to English.
    expect((await workspace(admin, exhibitorId, 'zh-hk').expect(200)).body.data.exhibitor.name).toBe('王氏金融')
    expect((await workspace(admin, exhibitorId, 'es').expect(200)).body.data.exhibitor.name).toBe('Acme Markets')
  })

  it('when the profile is wrong, then each field is named, and nothing is saved', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    const answer = await expo(
      admin,
      'exhibitor$saveProfile',
      englishOnly(exhibitorId, 1, {
        website: 'javascript:alert(1)',
        country: 'gb',
        texts: {
          en: { name: '', summary: 'x', description: '' },
          ja: { name: '', summary: '説明', description: '' },
          ru: { name: 'A\u202eB', summary: '', description: '' },
        },
        licences: [
          { regulator: 'FCA', number: '1' },
          { regulator: 'fca', number: '1' },
          { regulator: '', number: '2' },
        ],
      }),
    )
    expect(answer.status).toBe(400)
    expect(answer.body.data.fields).toMatchObject({
      website: 'exhibitor:errors.website',
      country: 'exhibitor:errors.country',
      'texts.en.name': 'exhibitor:errors.englishRequired',
      'texts.ja.name': 'exhibitor:errors.nameRequired',
      'texts.ru.name': 'exhibitor:errors.characters',
      'licences.1.number': 'exhibitor:errors.licenceRepeated',
      'licences.2.regulator': 'exhibitor:errors.licenceIncomplete',
    })
    const tooMany = await expo(
      admin,
      'exhibitor$saveProfile',
      englishOnly(exhibitorId, 1, { licences: Array.from({ length: 11 }, (_, n) => ({ regulator: 'FCA', number: String(n) })) }),
    )
    expect(tooMany.body.data.fields).toMatchObject({ licences: 'exhibitor:errors.tooManyLicences' })
    expect((await workspace(admin, exhibitorId).expect(200)).body.data.profile.version).toBe(1)
  })

  it('when two admins save from the same version, then the second is told someone saved first, and the first one stands', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    await expo(admin, 'exhibitor$saveProfile', englishOnly(exhibitorId, 1)).expect(200)
    const stale = await expo(admin, 'exhibitor$saveProfile', englishOnly(exhibitorId, 1, { country: 'SG' }))
    expect(stale.status).toBe(409)
    expect(stale.body).toMatchObject({ message: expect.any(String) })
    expect((await workspace(admin, exhibitorId).expect(200)).body.data.profile.country).toBe('GB')
  })

  it('when someone outside the team, or its staff, tries to read or change it, then it does not exist for outsiders and staff may only read', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    const stranger = await userToken(db, platform)
    expect((await workspace(stranger, exhibitorId)).status).toBe(404)
    expect((await workspace(stranger, exhibitorId + 1000)).status).toBe(404)
    expect((await expo(stranger, 'exhibitor$saveProfile', englishOnly(exhibitorId, 1))).status).toBe(404)
    expect((await expo(await visitorToken(app), 'exhibitor$mine', {})).status).toBe(401)

    await expo(admin, 'exhibitor$invite', { exhibitorId, email: stranger.email, role: 'staff' }).expect(200)
    await expo(stranger, 'exhibitor$acceptInvitation', { token: await invitationTokenTo(stranger.email) }).expect(200)
    const asStaff = (await workspace(stranger, exhibitorId).expect(200)).body.data
    expect(asStaff.exhibitor.role).toBe('staff')
    expect(asStaff.team.invitations).toEqual([])
    expect(asStaff.team.members.find((member: { you: boolean }) => !member.you).email).toBeNull()
    expect((await expo(stranger, 'exhibitor$saveProfile', englishOnly(exhibitorId, 1))).status).toBe(403)
    expect((await expo(stranger, 'exhibitor$invite', { exhibitorId, email: 'x@example.com', role: 'admin' })).status).toBe(403)
  })
})

describe('the team', () => {
  it('when an invitation is used, then it cannot be used again, and an expired one is refused', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    const first = await userToken(db, platform)
    await expo(admin, 'exhibitor$invite', { exhibitorId, email: first.email, role: 'staff' }).expect(200)
    const token = await invitationTokenTo(first.email)
    await expo(first, 'exhibitor$acceptInvitation', { token }).expect(200)
    const again = await expo(await userToken(db, platform), 'exhibitor$acceptInvitation', { token })
    expect(again.status).toBe(410)
    expect((await expo(first, 'exhibitor$invitation', { token }).expect(200)).body.data).toMatchObject({ state: 'used', memberAlready: true })

    await expo(admin, 'exhibitor$invite', { exhibitorId, email: 'late@example.com', role: 'staff' }).expect(200)
    const late = await invitationTokenTo('late@example.com')
    // Its week is over (the session of a user made later would be checked by the database's own clock on PostgreSQL).
    await db.query('update exhibitor_invitations set expires_at = $1 where lower(email) = $2', [new Date(Date.now() - 1000), 'late@example.com'])
    const someone = await userToken(db, platform)
    expect((await expo(someone, 'exhibitor$acceptInvitation', { token: late })).status).toBe(410)
    expect((await expo(someone, 'exhibitor$acceptInvitation', { token: 'A'.repeat(43) })).status).toBe(404)
    expect((await expo(someone, 'exhibitor$acceptInvitation', { token: '<script>' })).status).toBe(400)
  })

  it('when an address is invited twice, then there is one open invitation and only the newest link works', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    await expo(admin, 'exhibitor$invite', { exhibitorId, email: 'Kim@Example.com', role: 'staff' }).expect(200)
    const old = await invitationTokenTo('Kim@Example.com')
    const team = (await expo(admin, 'exhibitor$invite', { exhibitorId, email: 'kim@example.com', role: 'admin' }).expect(200)).body.data
    expect(team.invitations).toHaveLength(1)
    expect(team.invitations[0].role).toBe('admin')
    const kim = await userToken(db, platform)
    expect((await expo(kim, 'exhibitor$acceptInvitation', { token: old })).status).toBe(404)
    await expo(kim, 'exhibitor$acceptInvitation', { token: await invitationTokenTo('kim@example.com') }).expect(200)
    expect((await workspace(kim, exhibitorId).expect(200)).body.data.exhibitor.role).toBe('admin')
  })

  it('when an admin invites a member again, revokes an invitation or removes someone, then the team follows, and the last admin stays', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    const mate = await userToken(db, platform)
    await expo(admin, 'exhibitor$invite', { exhibitorId, email: mate.email, role: 'staff' }).expect(200)
    await expo(mate, 'exhibitor$acceptInvitation', { token: await invitationTokenTo(mate.email) }).expect(200)
    const repeated = await expo(admin, 'exhibitor$invite', { exhibitorId, email: mate.email.toUpperCase(), role: 'staff' })
    expect(repeated.status).toBe(400)
    expect(repeated.body.data.fields).toMatchObject({ email: 'exhibitor:errors.alreadyMember' })
    expect((await expo(admin, 'exhibitor$invite', { exhibitorId, email: 'not-an-address', role: 'staff' })).body.data.fields).toMatchObject({
      email: 'exhibitor:errors.email',
    })

    const team = (await expo(admin, 'exhibitor$invite', { exhibitorId, email: 'pending@example.com', role: 'staff' }).expect(200)).body.data
    const revoked = (await expo(admin, 'exhibitor$revokeInvitation', { exhibitorId, invitationId: team.invitations[0].id }).expect(200)).body.data
    expect(revoked.invitations).toEqual([])

    const lastAdmin = await expo(admin, 'exhibitor$removeMember', { exhibitorId, accountId: admin.userId })
    expect(lastAdmin.status).toBe(409)
    expect((await expo(mate, 'exhibitor$removeMember', { exhibitorId, accountId: admin.userId })).status).toBe(403)
    const removed = (await expo(admin, 'exhibitor$removeMember', { exhibitorId, accountId: mate.userId }).expect(200)).body.data
    expect(removed.team.members.map((member: { accountId: string }) => member.accountId)).toEqual([admin.userId])
    expect((await workspace(mate, exhibitorId)).status).toBe(404)
  })

  it('when a member leaves, then they are off the team at once', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    const mate = await userToken(db, platform)
    await expo(admin, 'exhibitor$invite', { exhibitorId, email: mate.email, role: 'staff' }).expect(200)
    await expo(mate, 'exhibitor$acceptInvitation', { token: await invitationTokenTo(mate.email) }).expect(200)
    expect((await expo(mate, 'exhibitor$removeMember', { exhibitorId, accountId: mate.userId }).expect(200)).body.data).toEqual({ left: true, team: null })
    expect(await mine(mate)).toEqual([])
  })

  it('when an admin sends more invitations in an hour than the limit, then the next is refused with 429 and no mail goes out', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    for (let n = 0; n < 20; n++) await expo(admin, 'exhibitor$invite', { exhibitorId, email: `p${n}@example.com`, role: 'staff' }).expect(200)
    const refused = await expo(admin, 'exhibitor$invite', { exhibitorId, email: 'p20@example.com', role: 'staff' })
    expect(refused.status).toBe(429)
    const mails = await db.query('select 1 from mail_outbox where to_address = $1', ['p20@example.com'])
    expect(mails.rowCount).toBe(0)
  })
})

describe('erasure', () => {
  it('when a member asks to be forgotten, then they leave the team and invitations to their address go, while the company stays', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    const mate = await userToken(db, platform)
    await expo(admin, 'exhibitor$invite', { exhibitorId, email: mate.email, role: 'staff' }).expect(200)
    await expo(mate, 'exhibitor$acceptInvitation', { token: await invitationTokenTo(mate.email) }).expect(200)
    // An open invitation to someone else stays.
    await expo(admin, 'exhibitor$invite', { exhibitorId, email: 'other@example.com', role: 'staff' }).expect(200)
    await consoleCall(app, 'deleteVisitor', { id: mate.userId, confirmEmail: mate.email }, { cookie: owner.cookie }).expect(200)
    const traces = await db.query('select 1 from exhibitor_invitations where lower(email) = lower($1)', [mate.email])
    expect(traces.rowCount).toBe(0)
    const team = (await workspace(admin, exhibitorId).expect(200)).body.data.team
    expect(team.members.map((member: { accountId: string }) => member.accountId)).toEqual([admin.userId])
    expect(team.invitations.map((invitation: { email: string }) => invitation.email)).toEqual(['other@example.com'])
  })
})

describe('the logo', () => {
  const logoPng = (colour = '#2a6f97') =>
    sharp({ create: { width: 320, height: 160, channels: 3, background: colour } })
      .png()
      .toBuffer()
  const upload = (user: User | null, exhibitorId: number, file: Buffer, name = 'logo.png') => {
    const call = request(app).post(`${EXHIBITOR_LOGO_PATH}?exhibitor=${exhibitorId}`).set('LanguageCode', 'en')
    return (user ? call.set('Authorization', `Bearer ${user.token}`) : call).attach('file', file, name)
  }

  it('when an admin uploads a picture, then it is the logo on the profile and the directory, and removing it takes it off', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    await platform.rateLimits.reset(LOGO_UPLOADS, admin.userId)
    const answer = await upload(admin, exhibitorId, await logoPng()).expect(200)
    expect(answer.body.data.logo).toMatchObject({ src: expect.stringMatching(/^\/media\//), width: 320, height: 160 })
    const profile = (await workspace(admin, exhibitorId).expect(200)).body.data.profile
    expect(profile.logo).toEqual(answer.body.data.logo)
    // The logo is not part of the versioned profile: an edit opened before it still saves.
    expect(profile.version).toBe(1)
    const directory = (await expo(await visitorToken(app), 'exhibitor$directory', { exhibitionId }).expect(200)).body.data
    expect(directory.items[0].logo).toEqual(answer.body.data.logo)
    expect((await request(app).get(answer.body.data.logo.src)).status).toBe(200)
    const removed = (await expo(admin, 'exhibitor$removeLogo', { exhibitorId }).expect(200)).body.data
    expect(removed).toEqual({ logo: null })
  })

  it('when the file is not a picture, is an SVG or too large, then a translated refusal names why and the logo stays as it was', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    await platform.rateLimits.reset(LOGO_UPLOADS, admin.userId)
    const notPicture = await upload(admin, exhibitorId, Buffer.from('%PDF-1.7 not a picture'), 'logo.png')
    expect([notPicture.status, notPicture.body.message]).toEqual([415, 'exhibitor:errors.logoNotImage'])
    const svg = await upload(admin, exhibitorId, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg')
    expect(svg.body.message).toBe('exhibitor:errors.logoSvg')
    const large = await upload(admin, exhibitorId, Buffer.alloc(3 * 1024 * 1024, 1), 'big.png')
    expect([large.status, large.body.message, large.body.data]).toEqual([413, 'exhibitor:errors.logoTooLarge', { maxMb: 2 }])
    expect((await workspace(admin, exhibitorId).expect(200)).body.data.profile.logo).toBeNull()
  })

  it('when someone who is not the admin uploads, then it is refused before the file is read', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    const stranger = await userToken(db, platform)
    const picture = await logoPng()
    expect((await upload(stranger, exhibitorId, picture)).status).toBe(404)
    expect((await upload(null, exhibitorId, picture)).status).toBe(401)
    const visitor = request(app)
      .post(`${EXHIBITOR_LOGO_PATH}?exhibitor=${exhibitorId}`)
      .set('Authorization', `Bearer ${await visitorToken(app)}`)
    expect((await visitor.attach('file', picture, 'logo.png')).status).toBe(401)
    expect((await upload(admin, Number.NaN, picture)).status).toBe(404)
    const media = await db.query<{ n: number }>('select count(*)::int as n from media_items')
    expect(media.rows[0]?.n).toBe(0)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('at the same moment (PostgreSQL only: PGlite cannot race)', () => {
  it('when two people open one invitation at once, then one joins and the other is told it was used', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    await expo(admin, 'exhibitor$invite', { exhibitorId, email: 'shared@example.com', role: 'staff' }).expect(200)
    const token = await invitationTokenTo('shared@example.com')
    const people = await Promise.all([userToken(db, platform), userToken(db, platform)])
    const answers = await Promise.all(people.map((person) => expo(person, 'exhibitor$acceptInvitation', { token })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410])
    const members = await db.query<{ n: number }>('select count(*)::int as n from exhibitor_members where exhibitor_id = $1', [exhibitorId])
    expect(members.rows[0]?.n).toBe(2)
  })

  it('when two admins save the same version at once, then one is saved and the other told to reload', async () => {
    const { admin, exhibitorId } = await acceptedExhibitor()
    const answers = await Promise.all(['GB', 'SG'].map((country) => expo(admin, 'exhibitor$saveProfile', englishOnly(exhibitorId, 1, { country }))))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect((await workspace(admin, exhibitorId).expect(200)).body.data.profile.version).toBe(2)
  })

  it('when two companies of one name are accepted at once, then each gets an address of its own', async () => {
    const applicants = await Promise.all([userToken(db, platform), userToken(db, platform)])
    const references = []
    for (const user of applicants) references.push((await apply({ user, companyName: 'Twin Capital' })).reference)
    await Promise.all(references.map((reference) => decide(reference, 'accepted')))
    const slugs = await db.query<{ slug: string }>('select slug from exhibitor_companies order by slug')
    expect(slugs.rows.map((row) => row.slug)).toEqual(['twin-capital', 'twin-capital-2'])
  })
})
