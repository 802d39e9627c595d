import request from 'supertest'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { isReference } from '../../shared/rules/scam-reports.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { call, someIp, visitorToken } from './applications-helpers.ts'
import { type App, consoleCall, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'

/**
 * Scam reports (docs/product.md#scam-reports): the public form, with and without JavaScript, grouped by
 * the check's normalised channel; the verifier's queue (statuses, notes, merging, replies), each change
 * audited in its transaction; the per-address limit; erasure with the person; the keeping time.
 */

let app: App
let db: Database
let platform: Platform
let verifier: SignedInMember
let owner: SignedInMember

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

beforeEach(async () => {
  setMoment('2027-04-01T08:00:00Z')
  await resetDatabase(db)
  verifier = await setUpMember(app, db, ['verifier'])
  owner = await setUpMember(app, db, ['owner'])
  visitor = await visitorToken(app)
})

const form = (overrides: Record<string, unknown> = {}) => ({
  description: 'A “support agent” on Telegram asked me to pay the booth deposit into a wallet.',
  channels: ['https://t.me/Aurum_Support_Desk'],
  happenedOn: '2027-03-30',
  amount: '',
  currency: '',
  email: '',
  consent: false,
  ...overrides,
})

let visitor: string
const report = (body: Record<string, unknown>, options: { locale?: string; ip?: string; token?: string } = {}) =>
  call(app, 'expo$reportScam', body, { token: options.token ?? visitor, locale: options.locale ?? 'en', ip: options.ip ?? someIp() })

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const queue = async (body: Record<string, unknown> = {}) => (await staff(verifier, 'scamReportGroups', body).expect(200)).body.data
const mailsTo = async (address: string) =>
  (await db.query<{ subject: string; text_body: string }>('select subject, text_body from mail_outbox where to_address = $1 order by created_at', [address]))
    .rows
const audits = async (fn: string) =>
  (await db.query<{ target: string; after: Record<string, unknown> }>('select target, after from staff_audit where function = $1 order by id', [fn])).rows

describe('a visitor reports a scam', () => {
  it('when the form is right, then a reference is given, the channel is a group of its own, and the receipt is mailed in the reporter’s language', async () => {
    const answer = await report(form({ amount: '1,299.50', currency: 'USD', email: 'Somchai@Example.com', consent: true }), { locale: 'th' }).expect(200)
    const reference = answer.body.data.reference as string
    expect(isReference(reference)).toBe(true)

    const { rows } = await queue()
    expect(rows).toMatchObject([{ kind: 'account', display: '@Aurum_Support_Desk', status: 'new', reports: 1, lost: [{ currency: 'USD', minor: 129950 }] }])
    const [mail] = await mailsTo('somchai@example.com')
    expect(mail?.subject).toContain(reference)
    expect(mail?.text_body).toContain('ขอบคุณที่แจ้ง')
    const stored = await db.query<{ amount_minor: string; locale: string }>('select amount_minor::text, locale from scam_reports')
    expect(stored.rows).toEqual([{ amount_minor: '129950', locale: 'th' }])
  })

  it('when several fields are wrong, then each is named at once, a channel with the check’s own message, and nothing is stored', async () => {
    const answer = await report(
      form({
        description: 'short',
        channels: ['+44 12', '@ok_name_here', '@OK_NAME_HERE'],
        happenedOn: '2027-04-02',
        amount: '12.345',
        currency: 'USD',
        email: 'me@example.com',
      }),
    ).expect(400)
    expect(answer.body.data.fields).toEqual({
      description: 'scam:scamReport.errors.description',
      'channels.0': 'verify:errors.phone',
      'channels.2': 'scam:scamReport.errors.channelRepeated',
      happenedOn: 'scam:scamReport.errors.happenedOn',
      amount: 'scam:scamReport.errors.amount',
      consent: 'scam:scamReport.errors.consent',
    })
    expect((await db.query('select 1 from scam_reports')).rows).toEqual([])
  })

  it('when a t.me link and an @name report one account, and a report names two channels, then the account is one group and the two-channel report is in both', async () => {
    await report(form({ channels: ['https://t.me/Aurum_Support_Desk'] })).expect(200)
    await report(form({ channels: ['@aurum_support_desk', 'https://wa.me/447700900123'] })).expect(200)
    const { rows } = await queue()
    expect(rows.map((row: { kind: string; reports: number }) => [row.kind, row.reports])).toEqual([
      ['phone', 1],
      ['account', 2],
    ])
    const phone = (await queue({ kind: 'phone' })).rows[0]
    expect(phone.display).toBe('+44 7700 900123')
    const detail = (await staff(verifier, 'scamReportGroup', { id: phone.id }).expect(200)).body.data
    expect(detail.reportsList[0].channels.map((channel: { kind: string }) => channel.kind).sort()).toEqual(['account', 'phone'])
  })

  it('when one address sends a sixth report within the hour, then it is refused with the time to wait, and a refused form counted nothing', async () => {
    const ip = someIp()
    await report(form({ channels: [] }), { ip }).expect(400)
    for (let index = 0; index < 5; index++) await report(form(), { ip }).expect(200)
    const over = await report(form(), { ip }).expect(429)
    expect(over.body.data.seconds).toBeGreaterThan(60)
    expect((await queue()).rows[0].reports).toBe(5)
  })
})

describe('the form without JavaScript', () => {
  const post = (lang: string, body: string) =>
    request(app).post(`/${lang}/verify/report.html`).set('Content-Type', 'application/x-www-form-urlencoded').set('X-Forwarded-For', someIp()).send(body)

  it('when the form is right, then the browser is sent to the thank-you page with the reference', async () => {
    const body = new URLSearchParams([
      ['description', '王小明 called me from this number and asked for a deposit.'],
      ['channel', '+44 20 7946 0999'],
      ['channel', ''],
      ['happenedOn', '2027-03-31'],
      ['amount', '299.00'],
      ['currency', 'CNY'],
      ['email', ''],
    ])
    const location = (await post('zh-cn', body.toString()).expect(303)).headers.location as string
    expect(location).toMatch(/^\/zh-cn\/verify\/report\/thanks\.html\?ref=SR-[0-9A-Z]{4}-[0-9A-Z]{4}$/)
    const thanks = await request(app).get(location).expect(200)
    expect(thanks.text).toContain(location.split('ref=')[1])
  })

  it('when the form is wrong, then it comes back with its values and messages under a draft id, never in the address', async () => {
    const body = new URLSearchParams([
      ['description', 'โทรมาอ้างว่าเป็นเจ้าหน้าที่ของงาน ขอให้โอนเงินค่ามัดจำ'],
      ['channel', '12'],
      ['happenedOn', '2027-03-31'],
      ['email', 'somchai@example.com'],
    ])
    const location = (await post('th', body.toString()).expect(303)).headers.location as string
    expect(location).toMatch(/^\/th\/verify\/report\.html\?draft=[A-Za-z0-9_-]{22}$/)
    expect(location).not.toContain('somchai')
    const page = await request(app).get(location).expect(200)
    expect(page.headers['cache-control']).toContain('no-store')
    expect(page.text).toContain('โทรมาอ้างว่าเป็นเจ้าหน้าที่ของงาน')
    expect(page.text).toContain('somchai@example.com')
    expect(page.text).toContain('aria-invalid="true"')
  })
})

describe('the verifier’s queue', () => {
  const firstGroup = async () => (await queue()).rows[0] as { id: number }

  it('when a group moves new → investigating → confirmed and is reopened, then each move is audited, and a move the rules do not allow is refused', async () => {
    await report(form()).expect(200)
    const { id } = await firstGroup()
    await staff(verifier, 'setScamReportStatus', { id, status: 'investigating' }).expect(200)
    await staff(verifier, 'setScamReportStatus', { id, status: 'confirmed' }).expect(200)
    const refused = await staff(verifier, 'setScamReportStatus', { id, status: 'notScam' }).expect(409)
    expect(refused.body.message).toBe('console:errors.scamStatusMove')
    await staff(verifier, 'setScamReportStatus', { id, status: 'investigating' }).expect(200)
    expect((await audits('console$setScamReportStatus')).map((row) => [row.target, row.after.status])).toEqual([
      [`scam-group:${id}`, 'investigating'],
      [`scam-group:${id}`, 'confirmed'],
      [`scam-group:${id}`, 'investigating'],
    ])
    expect((await queue({ status: 'investigating' })).rows).toHaveLength(1)
  })

  it('when a group is confirmed, then each service its reports saw it on becomes a public alert, and the lookup answers "known scam channel"', async () => {
    await report(form({ happenedOn: '2027-03-28' })).expect(200)
    await report(form({ channels: ['@Aurum_Support_Desk'] }), { ip: '203.0.113.77' }).expect(200)
    const { id } = await firstGroup()
    const actor = { staffId: verifier.id, scope: null, address: '203.0.113.9', locale: 'en' as const }
    expect(await platform.services.scamReports.confirmReportGroup(actor, id)).toEqual({
      id,
      status: 'confirmed',
      kind: 'account',
      channelKey: 'aurum_support_desk',
      display: '@Aurum_Support_Desk',
      // The bare "@name" says no service: only the Telegram link's report makes an alert.
      alerted: ['telegram'],
    })
    const alerts = await db.query<{ kind: string; first_seen: string; summary: Record<string, string> }>(
      `select kind, to_char(first_seen, 'YYYY-MM-DD') as first_seen, summary from scam_alerts`,
    )
    expect(alerts.rows).toHaveLength(1)
    expect(alerts.rows[0]).toMatchObject({ kind: 'telegram', first_seen: '2027-03-28' })
    expect(alerts.rows[0]?.summary['zh-cn']).toContain('不是我们的渠道')
    const answer = (await request(app).get('/api/verify').query({ value: 't.me/aurum_support_desk' }).expect(200)).body
    expect(answer.verdict).toBe('scam')
  })

  it('when a reported channel is one of ours, then it cannot be confirmed as a scam', async () => {
    await db.query(
      `insert into verification_channels (kind, lookup_key, display, purpose, official_since, public)
       values ('email', 'help@aurum-expo.example', 'help@aurum-expo.example', 'support', '2020-01-01', true)`,
    )
    await report(form({ channels: ['Help@Aurum-Expo.example'] })).expect(200)
    const { id } = await firstGroup()
    const refused = await staff(verifier, 'setScamReportStatus', { id, status: 'confirmed' }).expect(409)
    expect(refused.body.message).toBe('console:errors.alertOfficial')
    expect((await queue({ status: 'new' })).rows).toHaveLength(1)
  })

  it('when a verifier notes and replies, then the note keeps its author, the reply is mailed in the reporter’s language, and one without consent cannot be replied to', async () => {
    await report(form({ email: 'wang@example.cn', consent: true }), { locale: 'zh-cn' }).expect(200)
    await report(form()).expect(200)
    const { id } = await firstGroup()
    await staff(verifier, 'noteScamReportGroup', { id, body: 'Same wallet as last week’s case.' }).expect(200)
    const detail = (await staff(verifier, 'scamReportGroup', { id }).expect(200)).body.data
    const withEmail = detail.reportsList.find((entry: { canReply: boolean }) => entry.canReply)
    const without = detail.reportsList.find((entry: { canReply: boolean }) => !entry.canReply)
    await staff(verifier, 'replyToScamReporter', { reportId: withEmail.id, body: 'We have asked Telegram to close the account.' }).expect(200)
    expect((await staff(verifier, 'replyToScamReporter', { reportId: without.id, body: 'Hello' }).expect(409)).body.message).toBe(
      'console:errors.scamNoConsent',
    )

    const replies = await mailsTo('wang@example.cn')
    expect(replies.at(-1)?.subject).toContain('关于您的诈骗举报')
    expect(replies.at(-1)?.text_body).toContain('We have asked Telegram to close the account.')
    const after = (await staff(verifier, 'scamReportGroup', { id }).expect(200)).body.data
    expect(after.notes.map((note: { kind: string; author: string | null }) => [note.kind, note.author !== null])).toEqual([
      ['note', true],
      ['reply', true],
    ])
    const [replyAudit] = await audits('console$replyToScamReporter')
    expect(replyAudit?.after).toMatchObject({ reference: withEmail.reference })
    expect(JSON.stringify(replyAudit?.after)).not.toContain('wang@example.cn')
    expect(await audits('console$noteScamReportGroup')).toHaveLength(1)
  })

  it('when a verifier merges two groups, then the reports join, and later reports of the merged channel land in the group it joined', async () => {
    await report(form({ channels: ['aurum-expo-support.com'] })).expect(200)
    await report(form({ channels: ['aurum-expo-help.net'] })).expect(200)
    const rows = (await queue()).rows as Array<{ id: number; display: string }>
    const help = rows.find((row) => row.display === 'aurum-expo-help.net') as { id: number }
    const support = rows.find((row) => row.display === 'aurum-expo-support.com') as { id: number }
    await staff(verifier, 'mergeScamReportGroups', { from: help.id, into: support.id }).expect(200)
    expect((await staff(verifier, 'mergeScamReportGroups', { from: support.id, into: support.id }).expect(400)).body.data.fields).toEqual({
      from: 'console:errors.scamMergeSelf',
    })
    await report(form({ channels: ['https://www.aurum-expo-help.net/login'] })).expect(200)
    expect((await queue()).rows.map((row: { id: number; reports: number }) => [row.id, row.reports])).toEqual([[support.id, 3]])
    await staff(verifier, 'scamReportGroup', { id: help.id }).expect(404)
    expect(await audits('console$mergeScamReportGroups')).toHaveLength(1)
  })

  it('when the queue is longer than a page, then the keyset pages on without repeating a group', async () => {
    for (const name of ['fake_one_desk', 'fake_two_desk', 'fake_three_desk']) {
      await report(form({ channels: [`@${name}`] })).expect(200)
      setMoment(new Date(Date.now() + 60_000))
    }
    const first = await queue({ pageSize: 2 })
    expect(first.rows.map((row: { display: string }) => row.display)).toEqual(['@fake_three_desk', '@fake_two_desk'])
    const second = await queue({ pageSize: 2, after: first.next })
    expect(second.rows.map((row: { display: string }) => row.display)).toEqual(['@fake_one_desk'])
    expect(second.next).toBeNull()
  })

  it('when a member without the verifier role asks, then the queue is refused; an owner may', async () => {
    const support = await setUpMember(app, db, ['support'])
    await staff(support, 'scamReportGroups', {}).expect(403)
    await staff(owner, 'scamReportGroups', {}).expect(200)
  })
})

/** A signed-in visitor whose session ends by the test's clock (on PostgreSQL now() is the real one). */
async function signedInUser() {
  const email = `reporter-${Date.now().toString(36)}@example.com`
  const account = await db.query<{ id: string }>("insert into accounts (email, nick) values ($1, 'Reporter') returning id", [email])
  const userId = account.rows[0]?.id as string
  const session = await db.query<{ id: string }>('insert into sessions (account_id, expires_at) values ($1, $2) returning id', [
    userId,
    new Date(Date.now() + 3_600_000),
  ])
  return { token: platform.tokens.issue({ kind: 'user', userId, sessionId: session.rows[0]?.id as string }).access_token, userId, email }
}

describe('personal data', () => {
  it('when a signed-in reporter is erased, then their reports go, those that gave their address too, and the other reports of the channel stay', async () => {
    const user = await signedInUser()
    await report(form({ description: 'I am the signed-in reporter and paid twice.' }), { token: user.token }).expect(200)
    await report(form({ email: user.email, consent: true, description: 'Sent from a café before I signed in.' })).expect(200)
    await report(form({ description: 'Someone else met the same account.' })).expect(200)
    await staff(owner, 'deleteVisitor', { id: user.userId, confirmEmail: user.email }).expect(200)
    const left = await db.query<{ description: string }>('select description from scam_reports')
    expect(left.rows).toEqual([{ description: 'Someone else met the same account.' }])
    expect((await queue()).rows[0].reports).toBe(1)
  })

  it('when reports are older than the keeping time, then the expiry deletes them and keeps the newer ones', async () => {
    await report(form({ description: 'An old report from two years and more ago.' })).expect(200)
    setMoment('2029-04-02T08:00:00Z')
    visitor = await visitorToken(app)
    await report(form({ description: 'A report of this week, still kept.' })).expect(200)
    expect(await platform.services.scamReports.expire(new Date())).toBe(1)
    expect((await db.query<{ description: string }>('select description from scam_reports')).rows).toEqual([
      { description: 'A report of this week, still kept.' },
    ])
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('two identical reports at once (PostgreSQL only: PGlite cannot race)', () => {
  it('when two reports of one new channel arrive together, then they make one group of two reports', async () => {
    const [first, second] = await Promise.all([report(form({ channels: ['+44 20 7946 0777'] })), report(form({ channels: ['0044 20 7946 0777'] }))])
    expect([first.status, second.status]).toEqual([200, 200])
    expect((await db.query('select id from scam_report_groups')).rows).toHaveLength(1)
    expect((await queue()).rows[0].reports).toBe(2)
  })
})
