import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { SUBMISSION_LIMITS } from '../../shared/rules/verification.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, call, someIp, userToken, visitorToken } from './applications-helpers.ts'
import { type App, consoleCall, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'
import { type AcceptedCompany, acceptedCompany } from './exhibitor-helpers.ts'

/**
 * Channels exhibitors submit for the verification register (docs/product.md#exhibitor-channel-submissions):
 * an admin submits, the verifier approves (the register entry is made in the same transaction) or
 * rejects with a reason; nothing submitted is answered as official before that; the company's admins
 * are mailed the decision in their language; erasing a member keeps the channel and drops the person.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

type Company = AcceptedCompany

let exhibitionId: number
let owner: SignedInMember
let verifier: SignedInMember

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const check = async (value: string, locale = 'en') =>
  (await call(app, 'expo$verifyChannel', { value }, { token: await visitorToken(app), locale, ip: someIp() }).expect(200)).body.data

/** A company at the exhibition with its applicant as admin, named in English and Chinese. */
const company = (name: string, chinese: string, locale?: string) =>
  acceptedCompany(app, db, platform, { owner, exhibitionId, name, chinese, ...(locale ? { locale } : {}) })

const submit = (who: Company, body: Record<string, unknown>, token = who.admin.token) =>
  call(app, 'exhibitor$submitChannel', { exhibitorId: who.exhibitorId, note: '', ...body }, { token })
const submissionIds = async (companyId: number) =>
  (await db.query<{ id: number }>('select id::int as id from verification_channel_submissions where company_id = $1 order by id', [companyId])).rows.map(
    (row) => row.id,
  )
const mailsTo = async (address: string) =>
  (await db.query<{ subject: string; text_body: string }>('select subject, text_body from mail_outbox where to_address = $1 order by created_at', [address]))
    .rows

let acme: Company

beforeEach(async () => {
  setMoment('2026-11-29T10:00:00Z')
  await resetDatabase(db)
  exhibitionId = await addExhibition(db, { titles: { en: 'Bangkok Expo 2026', 'zh-cn': '曼谷博览会 2026' } })
  owner = await setUpMember(app, db, ['owner'])
  verifier = await setUpMember(app, db, ['verifier'])
  acme = await company('Acme Markets', '艾克米市场', 'zh-cn')
})

describe('an exhibitor submits a channel', () => {
  it('when an admin submits a phone and a wallet, then both wait in the verifier’s queue in the register’s form, and neither is answered as official', async () => {
    const phone = await submit(acme, { kind: 'phone', value: '0044 20 7946 0321', note: 'Our sales desk' }).expect(200)
    expect(phone.body.data.channels).toMatchObject([{ kind: 'phone', display: '+44 20 7946 0321', state: 'pending', note: 'Our sales desk', validUntil: null }])
    await submit(acme, { kind: 'usdtTrc20', value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }).expect(200)

    const queue = (await staff(verifier, 'channelSubmissions', { page: 1 }).expect(200)).body.data
    expect(queue.total).toBe(2)
    expect(queue.rows[0]).toMatchObject({
      company: { companyId: acme.companyId, name: 'Acme Markets' },
      exhibition: { id: exhibitionId, title: 'Bangkok Expo 2026' },
      kind: 'phone',
      display: '+44 20 7946 0321',
      note: 'Our sales desk',
      registered: null,
      lookalike: null,
    })
    // Pending is never official: the public check knows nothing of it.
    expect((await check('+44 20 7946 0321')).verdict).toBe('unofficial')
    expect((await check('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).verdict).toBe('unofficial')
  })

  it('when the value is malformed, the kind unknown or a note too long, then a translated 400 names the field and nothing is saved', async () => {
    const phone = await submit(acme, { kind: 'phone', value: '7946 0321' }).expect(400)
    expect(phone.body.message).toBe('exhibitor:errors.channelPhone')
    expect(phone.body.data.fields).toEqual({ value: 'exhibitor:errors.channelPhone' })
    expect((await submit(acme, { kind: 'usdtErc20', value: '0xnot-an-address' }).expect(400)).body.data.fields).toEqual({
      value: 'exhibitor:errors.channelAddress',
    })
    expect((await submit(acme, { kind: 'telegram', value: '@ab' }).expect(400)).body.data.fields).toEqual({ value: 'exhibitor:errors.channelHandle' })
    expect((await submit(acme, { kind: 'fax', value: '+44 20 7946 0321' }).expect(400)).body.data.fields).toEqual({ kind: 'exhibitor:errors.channelKind' })
    expect((await submit(acme, { kind: 'email', value: 'desk@acme.example', note: 'x'.repeat(501) }).expect(400)).body.data.fields).toEqual({
      note: 'exhibitor:errors.tooLong',
    })
    expect(await submissionIds(acme.companyId)).toEqual([])
  })

  it('when the value is the organiser’s, another company’s, already waiting or already verified as theirs, then a 409 names the field', async () => {
    await staff(verifier, 'saveRegisterChannel', { kind: 'email', value: 'desk@brand.example', purpose: 'general', since: '2026-01-01' }).expect(200)
    const ours = await submit(acme, { kind: 'email', value: 'Desk@Brand.example' }).expect(409)
    expect(ours.body).toMatchObject({
      message: 'exhibitor:errors.channelTaken',
      data: { fields: { value: 'exhibitor:errors.channelTaken' }, value: 'desk@brand.example' },
    })

    const other = await company('Borealis Trading', '北极光交易')
    await staff(verifier, 'saveRegisterChannel', {
      kind: 'telegram',
      value: '@BorealisDesk',
      purpose: 'support',
      since: '2026-01-01',
      ownerCompanyId: other.companyId,
      validUntil: '2027-12-31',
    }).expect(200)
    expect((await submit(acme, { kind: 'telegram', value: 't.me/borealisdesk' }).expect(409)).body.message).toBe('exhibitor:errors.channelTaken')
    expect((await submit(other, { kind: 'telegram', value: '@borealisdesk' }).expect(409)).body.message).toBe('exhibitor:errors.channelVerified')

    await submit(acme, { kind: 'whatsapp', value: '+44 20 7946 0999' }).expect(200)
    expect((await submit(acme, { kind: 'whatsapp', value: '+442079460999' }).expect(409)).body.message).toBe('exhibitor:errors.channelWaiting')
    expect(await submissionIds(acme.companyId)).toHaveLength(1)
  })

  it(`when ${SUBMISSION_LIMITS.pendingPerCompany} submissions wait, then another is refused until one is decided or withdrawn`, async () => {
    for (let index = 0; index < SUBMISSION_LIMITS.pendingPerCompany; index++)
      await submit(acme, { kind: 'email', value: `desk${index}@acme.example` }).expect(200)
    const full = await submit(acme, { kind: 'email', value: 'one-more@acme.example' }).expect(409)
    expect(full.body).toMatchObject({ message: 'exhibitor:errors.channelsWaiting', data: { max: SUBMISSION_LIMITS.pendingPerCompany } })
    const [first] = await submissionIds(acme.companyId)
    await call(app, 'exhibitor$withdrawChannel', { exhibitorId: acme.exhibitorId, submissionId: first }, { token: acme.admin.token }).expect(200)
    await submit(acme, { kind: 'email', value: 'one-more@acme.example' }).expect(200)
  })

  it('when a staff member or an outsider submits or withdraws, then 403 or 404; a withdrawn one leaves the queue and cannot be withdrawn again', async () => {
    const colleague = await userToken(db, platform)
    await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'staff')", [acme.exhibitorId, colleague.userId])
    expect((await submit(acme, { kind: 'email', value: 'desk@acme.example' }, colleague.token).expect(403)).body.message).toBe('exhibitor:errors.adminsOnly')
    const stranger = await userToken(db, platform)
    await submit(acme, { kind: 'email', value: 'desk@acme.example' }, stranger.token).expect(404)

    await submit(acme, { kind: 'email', value: 'desk@acme.example' }).expect(200)
    const [id] = await submissionIds(acme.companyId)
    // Staff read the channels (the workspace), and cannot withdraw them.
    const read = (await call(app, 'exhibitor$workspace', { exhibitorId: acme.exhibitorId }, { token: colleague.token }).expect(200)).body.data
    expect(read.channels).toMatchObject([{ display: 'desk@acme.example', state: 'pending' }])
    await call(app, 'exhibitor$withdrawChannel', { exhibitorId: acme.exhibitorId, submissionId: id }, { token: colleague.token }).expect(403)

    const withdrawn = await call(app, 'exhibitor$withdrawChannel', { exhibitorId: acme.exhibitorId, submissionId: id }, { token: acme.admin.token }).expect(200)
    expect(withdrawn.body.data.channels).toEqual([])
    expect((await staff(verifier, 'channelSubmissions', { page: 1 }).expect(200)).body.data.total).toBe(0)
    const again = await call(app, 'exhibitor$withdrawChannel', { exhibitorId: acme.exhibitorId, submissionId: id }, { token: acme.admin.token }).expect(409)
    expect(again.body.message).toBe('exhibitor:errors.channelDecided')
    const other = await company('Borealis Trading', '北极光交易')
    await call(app, 'exhibitor$withdrawChannel', { exhibitorId: other.exhibitorId, submissionId: id }, { token: other.admin.token }).expect(404)
  })
})

describe('the verifier decides', () => {
  it('when the verifier approves, then the register holds it as the company’s until that day, the check answers “exhibitor”, the team sees it verified, and the admins are mailed in their language', async () => {
    await submit(acme, { kind: 'phone', value: '+44 20 7946 0321' }).expect(200)
    const [id] = await submissionIds(acme.companyId)
    const queue = (await staff(verifier, 'channelSubmissions', { page: 1 }).expect(200)).body.data
    // The default: the exhibition's last day, a year on.
    const ends = (
      await db.query<{ day: string }>("select to_char(ends_at at time zone time_zone, 'YYYY-MM-DD') as day from exhibitions where id = $1", [exhibitionId])
    ).rows[0]?.day as string
    expect(queue.rows[0].suggestedValidUntil).toBe(`${Number(ends.slice(0, 4)) + 1}${ends.slice(4)}`)

    const approved = await staff(verifier, 'approveChannelSubmission', { id, validUntil: '2027-12-31' }).expect(200)
    expect(approved.body.data.channel).toMatchObject({
      display: '+44 20 7946 0321',
      owner: { companyId: acme.companyId, name: 'Acme Markets' },
      validUntil: '2027-12-31',
    })

    const answer = await check('+44 20 7946 0321')
    expect(answer).toMatchObject({ verdict: 'exhibitor', exhibitor: { name: 'Acme Markets', validUntil: '2027-12-31', lapsedOn: null } })
    expect((await check('+44 20 7946 0321', 'zh-cn')).exhibitor.name).toBe('艾克米市场')

    const workspace = (await call(app, 'exhibitor$workspace', { exhibitorId: acme.exhibitorId }, { token: acme.admin.token }).expect(200)).body.data
    expect(workspace.channels).toMatchObject([{ display: '+44 20 7946 0321', state: 'verified', validUntil: '2027-12-31' }])

    const [mail] = await mailsTo(acme.admin.email)
    expect(mail?.subject).toContain('+44 20 7946 0321')
    expect(mail?.text_body).toContain('艾克米市场')
    expect(mail?.text_body).toContain('2027')

    const audit = await db.query<{ target: string; after: { state: string; channelId: number } }>(
      "select target, after from staff_audit where function = 'console$approveChannelSubmission'",
    )
    expect(audit.rows).toEqual([{ target: `channel-submission:${id}`, after: expect.objectContaining({ state: 'approved', validUntil: '2027-12-31' }) }])
    // Decided once: the second answer says so.
    expect((await staff(verifier, 'approveChannelSubmission', { id, validUntil: '2027-12-31' }).expect(409)).body.message).toBe(
      'console:errors.submissionDecided',
    )
  })

  it('when its validity passes, then the team sees it lapsed and the check no longer vouches for it', async () => {
    await submit(acme, { kind: 'email', value: 'desk@acme.example' }).expect(200)
    const [id] = await submissionIds(acme.companyId)
    await staff(verifier, 'approveChannelSubmission', { id, validUntil: '2026-12-31' }).expect(200)
    setMoment('2027-01-02T10:00:00Z')
    // A fresh session at the new moment (the first one has expired by then).
    const session = await db.query<{ id: string }>('insert into sessions (account_id, expires_at) values ($1, $2) returning id', [
      acme.admin.userId,
      new Date('2027-01-02T11:00:00Z'),
    ])
    acme.admin.token = platform.tokens.issue({ kind: 'user', userId: acme.admin.userId, sessionId: session.rows[0]?.id as string }).access_token
    const workspace = (await call(app, 'exhibitor$workspace', { exhibitorId: acme.exhibitorId }, { token: acme.admin.token }).expect(200)).body.data
    expect(workspace.channels).toMatchObject([{ state: 'lapsed', validUntil: '2026-12-31' }])
    expect(await check('desk@acme.example')).toMatchObject({ verdict: 'unofficial', exhibitor: { lapsedOn: '2026-12-31' } })
    // A lapsed channel of theirs may be submitted again; approving renews the same register entry.
    await submit(acme, { kind: 'email', value: 'desk@acme.example' }).expect(200)
    const [, renewal] = await submissionIds(acme.companyId)
    const later = await setUpMember(app, db, ['verifier'])
    await staff(later, 'approveChannelSubmission', { id: renewal, validUntil: '2027-12-31' }).expect(200)
    expect((await db.query('select 1 from verification_channels')).rows).toHaveLength(1)
    expect((await check('desk@acme.example')).verdict).toBe('exhibitor')
  })

  it('when the verifier rejects with a reason, then nothing enters the register, the team reads the reason, and the admins are mailed', async () => {
    await submit(acme, { kind: 'usdtTrc20', value: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7' }).expect(200)
    const [id] = await submissionIds(acme.companyId)
    const empty = await staff(verifier, 'rejectChannelSubmission', { id, reason: '  ' }).expect(400)
    expect(empty.body.data.fields).toEqual({ reason: 'console:errors.submissionReason' })
    await staff(verifier, 'rejectChannelSubmission', { id, reason: 'The wallet is not in your company’s name.' }).expect(200)

    expect((await db.query('select 1 from verification_channels')).rows).toHaveLength(0)
    expect((await check('TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7')).verdict).toBe('unofficial')
    const workspace = (await call(app, 'exhibitor$workspace', { exhibitorId: acme.exhibitorId }, { token: acme.admin.token }).expect(200)).body.data
    expect(workspace.channels).toMatchObject([{ state: 'rejected', reason: 'The wallet is not in your company’s name.' }])
    const [mail] = await mailsTo(acme.admin.email)
    expect(mail?.text_body).toContain('The wallet is not in your company’s name.')
    const audit = await db.query("select target from staff_audit where function = 'console$rejectChannelSubmission'")
    expect(audit.rows).toEqual([{ target: `channel-submission:${id}` }])
  })

  it('when a value imitates the organiser’s channel or another company already holds it, then the queue says so, and approving the held one is refused with nothing saved', async () => {
    await staff(verifier, 'saveRegisterChannel', { kind: 'telegram', value: '@BrandExpoDesk', purpose: 'general', since: '2026-01-01', public: true }).expect(
      200,
    )
    await submit(acme, { kind: 'telegram', value: '@BrandExpo_Desk' }).expect(200)
    const other = await company('Borealis Trading', '北极光交易')
    await submit(other, { kind: 'email', value: 'desk@borealis.example' }).expect(200)
    await submit(acme, { kind: 'email', value: 'desk@borealis.example' }).expect(200)
    const [borealisId] = await submissionIds(other.companyId)
    await staff(verifier, 'approveChannelSubmission', { id: borealisId, validUntil: '2027-12-31' }).expect(200)

    const queue = (await staff(verifier, 'channelSubmissions', { page: 1 }).expect(200)).body.data
    const imitation = queue.rows.find((row: { kind: string }) => row.kind === 'telegram')
    expect(imitation.lookalike).toMatchObject({ owner: null, resembles: '@BrandExpoDesk' })
    const held = queue.rows.find((row: { kind: string }) => row.kind === 'email')
    expect(held.registered).toMatchObject({ owner: 'other', name: 'Borealis Trading' })

    const refused = await staff(verifier, 'approveChannelSubmission', { id: held.id, validUntil: '2027-12-31' }).expect(409)
    expect(refused.body.message).toBe('console:errors.registerDuplicate')
    expect((await db.query('select state from verification_channel_submissions where id = $1', [held.id])).rows).toEqual([{ state: 'pending' }])
    expect((await db.query("select 1 from staff_audit where function = 'console$approveChannelSubmission'")).rows).toHaveLength(1)
  })

  it('when a validity before today is given, then 400 names it', async () => {
    await submit(acme, { kind: 'email', value: 'desk@acme.example' }).expect(200)
    const [id] = await submissionIds(acme.companyId)
    const past = await staff(verifier, 'approveChannelSubmission', { id, validUntil: '2026-11-28' }).expect(400)
    expect(past.body.data.fields).toEqual({ validUntil: 'console:errors.submissionValidUntil' })
  })

  it('when a member without the verifier’s role asks, then 403 for every one of these functions', async () => {
    const support = await setUpMember(app, db, ['support', 'manager', 'editor'])
    await staff(support, 'channelSubmissions', { page: 1 }).expect(403)
    await staff(support, 'approveChannelSubmission', { id: 1, validUntil: '2027-12-31' }).expect(403)
    await staff(support, 'rejectChannelSubmission', { id: 1, reason: 'No' }).expect(403)
  })

  it('when the console opens the exhibitor, then its pending submissions show beside its verified channels', async () => {
    await submit(acme, { kind: 'email', value: 'desk@acme.example' }).expect(200)
    const detail = (await staff(owner, 'exhibitorDetail', { exhibitorId: acme.exhibitorId }).expect(200)).body.data.exhibitor
    expect(detail.pendingChannels).toMatchObject([{ kind: 'email', display: 'desk@acme.example' }])
  })
})

describe('erasure', () => {
  it('when the member who submitted is erased, then the submission stays the company’s without them or their note', async () => {
    await submit(acme, { kind: 'email', value: 'desk@acme.example', note: 'Ask Mei Chen on +44 20 7946 0555' }).expect(200)
    await staff(owner, 'deleteVisitor', { id: acme.admin.userId, confirmEmail: acme.admin.email }).expect(200)
    const rows = await db.query('select company_id::int as company_id, display, note, submitted_by from verification_channel_submissions')
    expect(rows.rows).toEqual([{ company_id: acme.companyId, display: 'desk@acme.example', note: '', submitted_by: null }])
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('races (PostgreSQL only: PGlite cannot race)', () => {
  it('when two verifiers approve the same submission at once, then one wins and the other is told it was decided', async () => {
    const second = await setUpMember(app, db, ['verifier'])
    await submit(acme, { kind: 'email', value: 'desk@acme.example' }).expect(200)
    const [id] = await submissionIds(acme.companyId)
    const answers = await Promise.all([
      staff(verifier, 'approveChannelSubmission', { id, validUntil: '2027-12-31' }),
      staff(second, 'approveChannelSubmission', { id, validUntil: '2028-12-31' }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect((await db.query('select 1 from verification_channels')).rows).toHaveLength(1)
    expect((await db.query("select 1 from staff_audit where function = 'console$approveChannelSubmission'")).rows).toHaveLength(1)
  })

  it('when two companies’ submissions of one value are approved at once, then one company gets it and the other is refused', async () => {
    const other = await company('Borealis Trading', '北极光交易')
    await submit(acme, { kind: 'email', value: 'desk@shared.example' }).expect(200)
    await submit(other, { kind: 'email', value: 'desk@shared.example' }).expect(200)
    const [mine] = await submissionIds(acme.companyId)
    const [theirs] = await submissionIds(other.companyId)
    const second = await setUpMember(app, db, ['verifier'])
    const answers = await Promise.all([
      staff(verifier, 'approveChannelSubmission', { id: mine, validUntil: '2027-12-31' }),
      staff(second, 'approveChannelSubmission', { id: theirs, validUntil: '2027-12-31' }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const held = await db.query<{ company_id: number }>('select exhibitor_company_id::int as company_id from verification_channels')
    expect(held.rows).toHaveLength(1)
    const states = await db.query<{ state: string }>('select state from verification_channel_submissions order by state')
    expect(states.rows.map((row) => row.state)).toEqual(['approved', 'pending'])
  })
})
