import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, call, someIp, visitorToken } from './applications-helpers.ts'
import { type App, consoleCall, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'
import { acceptedCompany } from './exhibitor-helpers.ts'

/**
 * Exhibitors' channels in the verification register (docs/product.md#exhibitor-channels): the verifier
 * records a channel for an exhibiting company with the day it is vouched for until; the public check
 * answers it as theirs (never ours), with the exhibition they are at; a look-alike names whose channel
 * it imitates; after its validity the answer says it lapsed; the organiser's own list never shows it.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let owner: SignedInMember
let verifier: SignedInMember
let companyId: number

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const check = async (value: string, locale = 'en') =>
  (await call(app, 'expo$verifyChannel', { value }, { token: await visitorToken(app), locale, ip: someIp() }).expect(200)).body.data

beforeEach(async () => {
  setMoment('2026-11-29T10:00:00Z')
  await resetDatabase(db)
  exhibitionId = await addExhibition(db, { titles: { en: 'Bangkok Expo 2026', 'zh-cn': '曼谷博览会 2026' } })
  owner = await setUpMember(app, db, ['owner'])
  verifier = await setUpMember(app, db, ['verifier'])
  ;({ companyId } = await acceptedCompany(app, db, platform, { owner, exhibitionId, name: 'Acme Markets', chinese: '艾克米市场' }))
})

const telegram = (overrides: Record<string, unknown> = {}) => ({
  kind: 'telegram',
  value: '@AcmeMarketsSupport',
  purpose: 'support',
  since: '2026-11-01',
  public: true,
  note: '',
  ownerCompanyId: companyId,
  validUntil: '2027-03-31',
  ...overrides,
})

describe("an exhibitor's channel", () => {
  it('when the verifier records it, then the check answers it as the exhibitor’s, at its exhibition, until its day, and never as ours', async () => {
    const saved = await staff(verifier, 'saveRegisterChannel', telegram()).expect(200)
    expect(saved.body.data).toMatchObject({ owner: { companyId, name: 'Acme Markets' }, validUntil: '2027-03-31', display: '@AcmeMarketsSupport' })

    const answer = await check('https://t.me/acmemarketssupport')
    expect(answer.verdict).toBe('exhibitor')
    expect(answer.matches).toEqual([])
    expect(answer.exhibitor).toMatchObject({
      name: 'Acme Markets',
      slug: 'acme-markets-ltd',
      exhibition: { id: exhibitionId, title: 'Bangkok Expo 2026' },
      validUntil: '2027-03-31',
      lapsedOn: null,
      channels: [{ kind: 'telegram', display: '@AcmeMarketsSupport', since: '2026-11-01' }],
    })
    const chinese = await check('@acmemarketssupport', 'zh-cn')
    expect(chinese.exhibitor).toMatchObject({ name: '艾克米市场', exhibition: { title: '曼谷博览会 2026' } })

    // The organiser's own public list (about and verification pages) is ours alone.
    const listed = (await call(app, 'expo$officialChannels', {}, { token: await visitorToken(app) }).expect(200)).body.data.channels
    expect(listed.map((channel: { display: string }) => channel.display)).not.toContain('@AcmeMarketsSupport')
    // The exhibitor's page shows it with its validity.
    const page = (await call(app, 'exhibitor$page', { exhibitionId, slug: 'acme-markets-ltd' }, { token: await visitorToken(app) }).expect(200)).body.data
    expect(page.exhibitor.channels).toEqual([{ kind: 'telegram', display: '@AcmeMarketsSupport', validUntil: '2027-03-31' }])

    // The organiser's exhibitor page in the console lists it with its state.
    const exhibitorId = (await db.query<{ id: number }>('select id from exhibitors')).rows[0]?.id
    const detail = (await staff(owner, 'exhibitorDetail', { exhibitorId }).expect(200)).body.data.exhibitor
    expect(detail.channels).toEqual([
      { id: saved.body.data.id, kind: 'telegram', display: '@AcmeMarketsSupport', validUntil: '2027-03-31', retiredOn: null, state: 'verified' },
    ])

    const audit = await db.query<{ after: { owner: unknown; validUntil: string } }>(
      "select after from staff_audit where function = 'console$saveRegisterChannel'",
    )
    expect(audit.rows[0]?.after).toMatchObject({ validUntil: '2027-03-31' })
  })

  it('when a value imitates it, then the answer says whose channel it imitates', async () => {
    await staff(verifier, 'saveRegisterChannel', telegram()).expect(200)
    const answer = await check('@AcmeMarketsSupp0rt')
    expect(answer.verdict).toBe('unofficial')
    expect(answer.lookalike).toMatchObject({
      reason: 'characters',
      resembles: '@AcmeMarketsSupport',
      owner: { name: 'Acme Markets', slug: 'acme-markets-ltd' },
    })
  })

  it('when its validity has passed or the verifier retired it, then it is not vouched for, and the answer says until when it was', async () => {
    await staff(verifier, 'saveRegisterChannel', telegram({ validUntil: '2026-11-28' })).expect(200)
    const lapsed = await check('@AcmeMarketsSupport')
    expect(lapsed.verdict).toBe('unofficial')
    expect(lapsed.exhibitor).toMatchObject({ name: 'Acme Markets', lapsedOn: '2026-11-28' })
    expect(
      (await call(app, 'exhibitor$page', { exhibitionId, slug: 'acme-markets-ltd' }, { token: await visitorToken(app) }).expect(200)).body.data.exhibitor
        .channels,
    ).toEqual([])

    const saved = await staff(verifier, 'saveRegisterChannel', telegram({ value: 'acme.support@acme-markets.example', kind: 'email' })).expect(200)
    await staff(verifier, 'retireRegisterChannel', { id: saved.body.data.id, on: '2026-11-29' }).expect(200)
    const retired = await check('acme.support@acme-markets.example')
    expect(retired).toMatchObject({ verdict: 'unofficial', exhibitor: { lapsedOn: '2026-11-29' }, formerly: [] })
  })

  it('when the owner has no validity, is unknown, or the value is already someone’s, then a translated refusal names the field and nothing is saved', async () => {
    const noDate = await staff(verifier, 'saveRegisterChannel', telegram({ validUntil: null }))
    expect([noDate.status, noDate.body.data.fields]).toEqual([400, { validUntil: 'console:errors.registerValidUntilRequired' }])
    const early = await staff(verifier, 'saveRegisterChannel', telegram({ validUntil: '2026-10-01' }))
    expect(early.body.data.fields).toEqual({ validUntil: 'console:errors.registerUntilBeforeSince' })
    const unknown = await staff(verifier, 'saveRegisterChannel', telegram({ ownerCompanyId: companyId + 99 }))
    expect(unknown.body.data.fields).toEqual({ ownerCompanyId: 'console:errors.registerOwnerUnknown' })
    await staff(verifier, 'saveRegisterChannel', telegram({ ownerCompanyId: null, validUntil: null })).expect(200)
    const taken = await staff(verifier, 'saveRegisterChannel', telegram())
    expect([taken.status, taken.body.message]).toEqual([409, 'console:errors.registerDuplicate'])
    const rows = await db.query('select 1 from verification_channels where exhibitor_company_id is not null')
    expect(rows.rowCount).toBe(0)
    // Ours, not theirs: the brand's channel answers official.
    expect((await check('@AcmeMarketsSupport')).verdict).toBe('official')
  })

  it('when the register is listed, then each exhibitor channel names its owner, and the companies to choose from are offered', async () => {
    await staff(verifier, 'saveRegisterChannel', telegram()).expect(200)
    const list = (await staff(verifier, 'registerChannels', {}).expect(200)).body.data
    expect(list.owners).toEqual([{ companyId, name: 'Acme Markets' }])
    expect(list.rows[0]).toMatchObject({ owner: { companyId, name: 'Acme Markets' }, validUntil: '2027-03-31' })
    const support = await setUpMember(app, db, ['support'])
    expect((await staff(support, 'saveRegisterChannel', telegram({ value: '@other_handle' }))).status).toBe(403)
  })

  it('when its web domain is recorded, then a page on any of its sub-domains is theirs, a look-alike names them, and the JSON check answers the same', async () => {
    await staff(verifier, 'saveRegisterChannel', telegram({ kind: 'domain', value: 'https://www.acme-markets.com/' })).expect(200)
    const answer = await check('https://shop.acme-markets.com/pay?order=7')
    expect(answer).toMatchObject({ verdict: 'exhibitor', query: { type: 'domain', compared: 'acme-markets.com' }, exhibitor: { name: 'Acme Markets' } })
    const imitation = await check('acme-markets.net')
    expect(imitation).toMatchObject({ verdict: 'unofficial', lookalike: { reason: 'domain', resembles: 'acme-markets.com', owner: { name: 'Acme Markets' } } })
    const json = await request(app).get('/api/verify').query({ value: 'acme-markets.com' }).set('X-Forwarded-For', someIp())
    expect(json.body).toMatchObject({
      kind: 'domain',
      verdict: 'exhibitor',
      until: '2027-03-31',
      exhibitor: { name: 'Acme Markets', validUntil: '2027-03-31' },
    })
  })
})
