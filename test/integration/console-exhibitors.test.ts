import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readSheet } from 'read-excel-file/node'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { INVITATIONS } from '../../server/platform/exhibitors/exhibitors.service.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, call, exhibitorBody, someIp, userToken, visitorToken } from './applications-helpers.ts'
import { type App, consoleCall, downloadAs, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'

/**
 * Exhibitors in the console (docs/product.md#console-exhibitors): the list of the member's
 * exhibitions' exhibitors (filters, search in any language, stages, withdrawn ones), one exhibitor with
 * its profile, team and open invitations, an invitation mailed again (a new link, a new week, audited),
 * the export, and who may do which within their exhibition limits.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let bangkok: number
let dubai: number
let owner: SignedInMember
let support: SignedInMember
let manager: SignedInMember

beforeEach(async () => {
  setMoment('2026-11-29T10:00:00Z')
  await resetDatabase(db)
  bangkok = await addExhibition(db, { titles: { en: 'Bangkok Expo 2026', 'zh-cn': '曼谷博览会 2026' } })
  dubai = await addExhibition(db, { titles: { en: 'Dubai Traders Fair' } })
  owner = await setUpMember(app, db, ['owner'])
  support = await setUpMember(app, db, ['support'])
  manager = await setUpMember(app, db, ['manager'])
})

type User = Awaited<ReturnType<typeof userToken>>

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const expo = (user: User, route: string, body: unknown, locale = 'en') => call(app, route, body, { token: user.token, locale, ip: someIp() })

async function apply(companyName: string, options: { user?: User; exhibition?: number } = {}) {
  const token = options.user?.token ?? (await visitorToken(app))
  const body = exhibitorBody(options.exhibition ?? bangkok, { companyName })
  const answer = await call(app, 'apply$submitExhibitor', body, { token, ip: someIp() })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return { reference: answer.body.data.reference as string, email: body.email as string }
}

async function decide(reference: string, status: string) {
  const seen = await db.query<{ status: string }>('select status from applications where reference = $1', [reference])
  const answer = await staff(owner, 'decideApplication', { reference, status, expected: seen.rows[0]?.status })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
}

async function exhibitorOf(reference: string): Promise<number> {
  const found = await db.query<{ id: string }>('select x.id from exhibitors x join applications a on a.id = x.application_id where a.reference = $1', [
    reference,
  ])
  return Number(found.rows[0]?.id)
}

/** An exhibitor accepted from an application sent signed in: its applicant is the admin. */
async function signedIn(companyName: string, exhibition = bangkok, user?: User) {
  const admin = user ?? (await userToken(db, platform))
  const { reference } = await apply(companyName, { user: admin, exhibition })
  await decide(reference, 'accepted')
  const exhibitorId = await exhibitorOf(reference)
  await platform.rateLimits.reset(INVITATIONS, String(exhibitorId))
  return { admin, exhibitorId, reference }
}

/** An exhibitor accepted from an application sent signed out: an admin invitation waits at the address given. */
async function signedOut(companyName: string, exhibition = bangkok) {
  const { reference, email } = await apply(companyName, { exhibition })
  await decide(reference, 'accepted')
  return { exhibitorId: await exhibitorOf(reference), reference, email }
}

async function completeProfile(admin: User, exhibitorId: number, texts: Record<string, unknown> = {}) {
  const workspace = (await expo(admin, 'exhibitor$workspace', { exhibitorId }).expect(200)).body.data
  const saved = await expo(admin, 'exhibitor$saveProfile', {
    exhibitorId,
    version: workspace.profile.version,
    kind: 'broker',
    country: 'GB',
    website: 'acme-markets.example.com',
    texts: { en: { name: 'Acme Markets Ltd', summary: 'Multi-asset broker', description: 'Founded in 2010.' }, ...texts },
    licences: [{ regulator: 'FCA', number: '123456' }],
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
}

/** The secret of the newest invitation link mailed to this address. */
async function invitationTokenTo(address: string): Promise<string> {
  const mail = await db.query<{ text_body: string }>(
    "select text_body from mail_outbox where to_address = $1 and text_body like '%invitation=%' order by id desc limit 1",
    [address],
  )
  return /invitation=([A-Za-z0-9_-]{43})/.exec(mail.rows[0]?.text_body ?? '')?.[1] as string
}

const auditRows = async (fn: string) =>
  (await db.query<{ staff_id: string; target: string; before: unknown; after: unknown }>('select * from staff_audit where function = $1 order by id', [fn]))
    .rows

type Row = { id: number; name: string; stage: string; status: string }
const list = async (member: SignedInMember, filter: Record<string, unknown> = {}) =>
  (await staff(member, 'exhibitorList', filter).expect(200)).body.data as { rows: Row[]; total: number; exhibitions: Array<{ id: number; title: string }> }
const names = async (member: SignedInMember, filter: Record<string, unknown> = {}) => (await list(member, filter)).rows.map((row) => row.name)

/** RFC 4180 (quotes doubled inside quoted fields, CRLF between records), as a spreadsheet reads the file. */
function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else field += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      record.push(field)
      field = ''
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field)
      records.push(record)
      record = []
      field = ''
      i++
    } else field += char
  }
  if (field || record.length) records.push([...record, field])
  return records
}

describe('the list', () => {
  it('when staff filter by exhibition, kind and stage and search names in any language or e-mails, then they get those, a page at a time', async () => {
    const acme = await signedIn('Acme Markets Ltd')
    await completeProfile(acme.admin, acme.exhibitorId, { 'zh-cn': { name: '艾克米市场', summary: '多资产经纪商', description: '' } })
    const wang = await signedOut('王氏金融有限公司')
    const far = await signedIn('Far Away Co', dubai)
    await decide(far.reference, 'declined')

    const all = await list(support)
    expect(all.total).toBe(3)
    expect(all.exhibitions.map((exhibition) => exhibition.title).sort()).toEqual(['Bangkok Expo 2026', 'Dubai Traders Fair'])
    expect(all.rows.find((row) => row.id === acme.exhibitorId)).toEqual({
      id: acme.exhibitorId,
      name: 'Acme Markets Ltd',
      slug: 'acme-markets-ltd',
      kind: 'broker',
      country: 'GB',
      countryName: 'United Kingdom',
      exhibitionId: bangkok,
      exhibitionTitle: 'Bangkok Expo 2026',
      status: 'active',
      stage: 'profileComplete',
      teamSize: 1,
      openInvitations: 0,
      gaps: [],
      tasks: { done: 0, total: 0, overdue: 0 },
      passes: { named: 0, allowance: 0 },
      applicationReference: acme.reference,
    })
    expect(all.rows.find((row) => row.id === wang.exhibitorId)).toMatchObject({
      name: '王氏金融有限公司',
      slug: 'exhibitor',
      kind: 'company',
      stage: 'accepted',
      status: 'active',
      teamSize: 0,
      openInvitations: 1,
      gaps: ['summary', 'description', 'country'],
    })
    expect(all.rows.find((row) => row.id === far.exhibitorId)).toMatchObject({ status: 'withdrawn', exhibitionTitle: 'Dubai Traders Fair' })

    expect(await names(support, { exhibitionId: dubai })).toEqual(['Far Away Co'])
    expect(await names(support, { kind: 'broker' })).toEqual(['Acme Markets Ltd'])
    expect(await names(support, { stage: 'profileComplete' })).toEqual(['Acme Markets Ltd'])
    expect(await names(support, { stage: 'accepted' })).toEqual(['王氏金融有限公司'])
    expect(await names(support, { stage: 'withdrawn' })).toEqual(['Far Away Co'])
    expect(await names(support, { search: '王氏' })).toEqual(['王氏金融有限公司'])
    expect(await names(support, { search: '艾克米' })).toEqual(['Acme Markets Ltd'])
    expect(await names(support, { search: acme.admin.email.slice(0, 12).toUpperCase() })).toEqual(['Acme Markets Ltd'])
    expect(await names(support, { search: wang.email })).toEqual(['王氏金融有限公司'])
    expect(await names(support, { search: '100%_' })).toEqual([])

    const second = await list(support, { page: 2, pageSize: 1 })
    expect([second.total, second.rows.length]).toEqual([3, 1])

    // A member whose console speaks Chinese reads the company's Chinese name and the exhibition's Chinese title.
    await staff(support, 'setLanguage', { language: 'zh-cn' }).expect(200)
    const chinese = (await list(support, { kind: 'broker' })).rows[0] as Row & { exhibitionTitle: string }
    expect([chinese.name, chinese.exhibitionTitle]).toEqual(['艾克米市场', '曼谷博览会 2026'])
  })
})

describe('one exhibitor', () => {
  it('when staff open an exhibitor, then they read its profile in every language, its team, open invitations, application and other exhibitions', async () => {
    const acme = await signedIn('Acme Markets Ltd')
    await completeProfile(acme.admin, acme.exhibitorId, { ja: { name: 'アクメ・マーケッツ', summary: '', description: '' } })
    const invited = await expo(acme.admin, 'exhibitor$invite', { exhibitorId: acme.exhibitorId, email: 'colleague@acme-markets.com', role: 'staff' })
    expect(invited.status, JSON.stringify(invited.body)).toBe(200)
    const again = await signedIn('Acme Markets Ltd', dubai, acme.admin)

    const detail = (await staff(support, 'exhibitorDetail', { exhibitorId: acme.exhibitorId }).expect(200)).body.data.exhibitor
    expect(detail.texts.map((text: { locale: string; name: string }) => [text.locale, text.name])).toEqual([
      ['en', 'Acme Markets Ltd'],
      ['ja', 'アクメ・マーケッツ'],
    ])
    expect(detail).toMatchObject({ website: 'https://acme-markets.example.com', licences: [{ regulator: 'FCA', number: '123456' }] })
    expect(detail.members).toEqual([{ accountId: acme.admin.userId, nick: 'Tester', email: acme.admin.email, role: 'admin', since: expect.any(String) }])
    expect(detail.invitations).toEqual([
      {
        id: expect.any(Number),
        email: 'colleague@acme-markets.com',
        role: 'staff',
        locale: 'en',
        expiresAt: '2026-12-06T10:00:00.000Z',
        expired: false,
        invitedBy: 'Tester',
      },
    ])
    expect(detail.application).toEqual({ reference: acme.reference, status: 'accepted' })
    expect(detail.otherExhibitions).toEqual([
      { exhibitorId: again.exhibitorId, exhibitionId: dubai, title: 'Dubai Traders Fair', status: 'active', startsAt: expect.any(String) },
    ])

    const wang = await signedOut('王氏金融有限公司')
    const waiting = (await staff(support, 'exhibitorDetail', { exhibitorId: wang.exhibitorId }).expect(200)).body.data.exhibitor
    expect([waiting.members, waiting.invitations.map((invitation: { email: string; invitedBy: unknown }) => [invitation.email, invitation.invitedBy])]).toEqual(
      [[], [[wang.email, null]]],
    )

    const missing = await staff(support, 'exhibitorDetail', { exhibitorId: 999999 })
    expect([missing.status, missing.body.message]).toEqual([404, 'console:errors.exhibitorNotFound'])
  })
})

describe('who may do what', () => {
  it('when support, managers and owners read and export, then they may; resending is for managers and owners; other roles are refused', async () => {
    const wang = await signedOut('王氏金融有限公司')
    const [invitation] = (await staff(owner, 'exhibitorDetail', { exhibitorId: wang.exhibitorId }).expect(200)).body.data.exhibitor.invitations
    for (const member of [support, manager, owner]) {
      await staff(member, 'exhibitorList', {}).expect(200)
      await staff(member, 'exhibitorDetail', { exhibitorId: wang.exhibitorId }).expect(200)
      expect((await downloadAs(app, member, { exhibition: bangkok, kind: 'exhibitors', format: 'csv' })).status).toBe(200)
    }
    const refused = await staff(support, 'resendExhibitorInvitation', { exhibitorId: wang.exhibitorId, invitationId: invitation.id })
    expect([refused.status, refused.body.message]).toEqual([403, 'errors.forbidden'])
    await staff(manager, 'resendExhibitorInvitation', { exhibitorId: wang.exhibitorId, invitationId: invitation.id }).expect(200)
    await staff(owner, 'resendExhibitorInvitation', { exhibitorId: wang.exhibitorId, invitationId: invitation.id }).expect(200)
    for (const role of ['editor', 'verifier', 'checkin'] as const) {
      const member = await setUpMember(app, db, [role])
      for (const [name, body] of [
        ['exhibitorList', {}],
        ['exhibitorDetail', { exhibitorId: wang.exhibitorId }],
        ['resendExhibitorInvitation', { exhibitorId: wang.exhibitorId, invitationId: invitation.id }],
      ] as const) {
        const answer = await staff(member, name, body)
        expect([answer.status, answer.body.message], `${name} as ${role}`).toEqual([403, 'errors.forbidden'])
      }
      expect((await downloadAs(app, member, { exhibition: bangkok, kind: 'exhibitors', format: 'csv' })).status, `export as ${role}`).toBe(403)
    }
    expect((await auditRows('console$resendExhibitorInvitation')).length).toBe(2)
  })

  it('when a member is limited to some exhibitions, then exhibitors of the others do not exist for them (404), not even as the company’s other exhibitions', async () => {
    const acme = await signedIn('Acme Markets Ltd')
    const elsewhere = await signedIn('Acme Markets Ltd', dubai, acme.admin)
    const wang = await signedOut('王氏金融有限公司')
    const [invitation] = (await staff(owner, 'exhibitorDetail', { exhibitorId: wang.exhibitorId }).expect(200)).body.data.exhibitor.invitations
    await db.query('update staff_members set exhibition_ids = $1 where id = any($2::uuid[])', [[dubai], [support.id, manager.id]])

    const mine = await list(support)
    expect([mine.rows.map((row) => row.id), mine.exhibitions.map((exhibition) => exhibition.id)]).toEqual([[elsewhere.exhibitorId], [dubai]])
    expect((await list(support, { exhibitionId: bangkok })).total).toBe(0)
    const detail = (await staff(support, 'exhibitorDetail', { exhibitorId: elsewhere.exhibitorId }).expect(200)).body.data.exhibitor
    expect(detail.otherExhibitions).toEqual([])

    const hidden = await staff(support, 'exhibitorDetail', { exhibitorId: acme.exhibitorId })
    expect([hidden.status, hidden.body.message]).toEqual([404, 'console:errors.exhibitorNotFound'])
    const resend = await staff(manager, 'resendExhibitorInvitation', { exhibitorId: wang.exhibitorId, invitationId: invitation.id })
    expect([resend.status, resend.body.message]).toEqual([404, 'console:errors.exhibitorNotFound'])
    const exported = await downloadAs(app, support, { exhibition: bangkok, kind: 'exhibitors', format: 'csv' })
    expect([exported.status, exported.text]).toEqual([404, 'This exhibition does not exist or is not one of yours.'])
    expect(await auditRows('console$resendExhibitorInvitation')).toEqual([])
  })
})

describe('resending an invitation', () => {
  it('when a manager resends an open invitation, then a new link valid a new week is mailed, the old one stops working, and the audit log says so', async () => {
    const wang = await signedOut('王氏金融有限公司')
    const oldToken = await invitationTokenTo(wang.email)
    const [invitation] = (await staff(manager, 'exhibitorDetail', { exhibitorId: wang.exhibitorId }).expect(200)).body.data.exhibitor.invitations
    expect(invitation.expiresAt).toBe('2026-12-06T10:00:00.000Z')

    setMoment('2026-11-29T10:10:00Z')
    const answer = await staff(manager, 'resendExhibitorInvitation', { exhibitorId: wang.exhibitorId, invitationId: invitation.id })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body.data.exhibitor.invitations).toEqual([{ ...invitation, expiresAt: '2026-12-06T10:10:00.000Z' }])

    const newToken = await invitationTokenTo(wang.email)
    expect(newToken).not.toBe(oldToken)
    const mails = await db.query<{ subject: string }>("select subject from mail_outbox where to_address = $1 and text_body like '%invitation=%'", [wang.email])
    expect(mails.rows.length).toBe(2)
    expect(mails.rows[1]?.subject).toContain('王氏金融有限公司')

    const person = await userToken(db, platform)
    const stale = await expo(person, 'exhibitor$invitation', { token: oldToken })
    expect(stale.status).toBe(404)
    expect((await expo(person, 'exhibitor$invitation', { token: newToken }).expect(200)).body.data).toMatchObject({ role: 'admin', state: 'open' })

    expect(await auditRows('console$resendExhibitorInvitation')).toEqual([
      expect.objectContaining({
        staff_id: manager.id,
        target: `exhibitor:${wang.exhibitorId}`,
        before: { invitation: invitation.id, email: wang.email, expiresAt: '2026-12-06T10:00:00.000Z' },
        after: { invitation: invitation.id, email: wang.email, role: 'admin', locale: 'en', expiresAt: '2026-12-06T10:10:00.000Z' },
      }),
    ])
  })

  it('when an admin invitation lapsed without being taken, then the exhibitor shows it as expired and a resend makes it work again', async () => {
    const wang = await signedOut('王氏金融有限公司')
    await db.query("update exhibitor_invitations set expires_at = '2026-11-20T10:00:00Z'")
    const before = (await staff(manager, 'exhibitorDetail', { exhibitorId: wang.exhibitorId }).expect(200)).body.data.exhibitor
    expect([before.openInvitations, before.invitations.map((invitation: { expired: boolean }) => invitation.expired)]).toEqual([0, [true]])
    const person = await userToken(db, platform)
    const lapsed = await expo(person, 'exhibitor$acceptInvitation', { token: await invitationTokenTo(wang.email) })
    expect([lapsed.status, lapsed.body.message]).toEqual([410, 'exhibitor:errors.invitationExpired'])

    const after = (await staff(manager, 'resendExhibitorInvitation', { exhibitorId: wang.exhibitorId, invitationId: before.invitations[0].id }).expect(200))
      .body.data.exhibitor
    expect([after.openInvitations, after.invitations[0].expired, after.invitations[0].expiresAt]).toEqual([1, false, '2026-12-06T10:00:00.000Z'])
    await expo(person, 'exhibitor$acceptInvitation', { token: await invitationTokenTo(wang.email) }).expect(200)
    expect((await staff(manager, 'exhibitorDetail', { exhibitorId: wang.exhibitorId }).expect(200)).body.data.exhibitor).toMatchObject({
      teamSize: 1,
      invitations: [],
      members: [{ accountId: person.userId, role: 'admin' }],
    })
  })

  it('when the invitation was used meanwhile or the exhibitor is withdrawn, then nothing is mailed or audited (404, 409)', async () => {
    const wang = await signedOut('王氏金融有限公司')
    const [invitation] = (await staff(manager, 'exhibitorDetail', { exhibitorId: wang.exhibitorId }).expect(200)).body.data.exhibitor.invitations
    const person = await userToken(db, platform)
    await expo(person, 'exhibitor$acceptInvitation', { token: await invitationTokenTo(wang.email) }).expect(200)
    const used = await staff(manager, 'resendExhibitorInvitation', { exhibitorId: wang.exhibitorId, invitationId: invitation.id })
    expect([used.status, used.body.message]).toEqual([404, 'console:errors.exhibitorInvitationNotFound'])

    const other = await signedOut('Globex Capital')
    const [open] = (await staff(manager, 'exhibitorDetail', { exhibitorId: other.exhibitorId }).expect(200)).body.data.exhibitor.invitations
    await decide(other.reference, 'declined')
    const withdrawn = await staff(manager, 'resendExhibitorInvitation', { exhibitorId: other.exhibitorId, invitationId: open.id })
    expect([withdrawn.status, withdrawn.body.message]).toEqual([409, 'console:errors.exhibitorWithdrawn'])
    expect(await auditRows('console$resendExhibitorInvitation')).toEqual([])
    const mails = await db.query("select 1 from mail_outbox where to_address = $1 and text_body like '%invitation=%'", [other.email])
    expect(mails.rows.length).toBe(1)
  })
})

describe('the export', () => {
  it('when staff export an exhibition as CSV in Chinese or XLSX, then every exhibitor is in it with translated headers, formulas defused, and an audit row', async () => {
    const formula = '=HYPERLINK("http://evil.example","x")'
    await signedIn(formula)
    await signedOut('＋1 Markets')
    const gone = await signedIn('Gone Ltd')
    await decide(gone.reference, 'declined')
    await signedIn('Elsewhere Co', dubai)

    const csv = await downloadAs(app, support, { exhibition: bangkok, kind: 'exhibitors', format: 'csv' }, 'zh-cn')
    expect([csv.status, csv.mediaType, csv.fileName]).toEqual([200, 'text/csv; charset=utf-8', `exhibition-${bangkok}-exhibitors.csv`])
    const [header, ...rows] = parseCsv(csv.text.replace(/^\uFEFF/, ''))
    expect(rows).toHaveLength(3)
    expect(header?.slice(0, 3)).toEqual(['展商编号', '公司', '网址标识 (slug)'])
    const company = (header as string[]).indexOf('公司')
    const status = (header as string[]).indexOf('状态')
    expect(rows.map((row) => [row[company], row[status]]).sort()).toEqual([
      ['\'=HYPERLINK("http://evil.example","x")', 'active'],
      ["'＋1 Markets", 'active'],
      ['Gone Ltd', 'withdrawn'],
    ])

    const sheet = await readSheet((await downloadAs(app, manager, { exhibition: bangkok, kind: 'exhibitors', format: 'xlsx' })).file)
    expect(sheet[0]?.[1]).toBe('Company')
    expect(
      sheet
        .slice(1)
        .map((row) => row[1])
        .sort(),
    ).toEqual([formula, 'Gone Ltd', '＋1 Markets'].sort())

    expect((await auditRows('console$exhibitorExport')).map((row) => [row.target, row.after])).toEqual([
      [`exhibition:${bangkok}`, { format: 'csv', rows: 3 }],
      [`exhibition:${bangkok}`, { format: 'xlsx', rows: 3 }],
    ])
    expect((await downloadAs(app, support, { exhibition: 999999, kind: 'exhibitors', format: 'csv' })).status).toBe(404)
  })
})
