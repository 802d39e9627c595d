import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readSheet } from 'read-excel-file/node'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, attendeeBody, call, exhibitorBody, someIp, userToken, visitorToken } from './applications-helpers.ts'
import { type App, consoleCall, downloadAs, type SignedInMember, setUpMember } from './console-helpers.ts'

/**
 * Applications in the console (docs/product.md#console-applications): the review queue of
 * the member's exhibitions, an application's detail, decisions by the service's one set of rules with
 * a mail to the applicant in their language and the status and note in My account, every decision
 * audited with it, concurrent decisions refused but one, and the export.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

let exhibitionId: number
let otherExhibitionId: number
let owner: SignedInMember
let support: SignedInMember

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await addExhibition(db, { titles: { en: 'Bangkok Expo 2026', 'zh-cn': '曼谷博览会 2026', ja: 'バンコク博覧会 2026' } })
  otherExhibitionId = await addExhibition(db, { titles: { en: 'Dubai Traders Fair' } })
  owner = await setUpMember(app, db, ['owner'])
  support = await setUpMember(app, db, ['support'])
})

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })

/** An application sent from the public form; with `token` a logged-in applicant's. */
async function apply(
  kind: 'exhibitor' | 'attendee',
  options: { exhibition?: number; locale?: string; token?: string; overrides?: Record<string, unknown> } = {},
) {
  const token = options.token ?? (await visitorToken(app))
  const body =
    kind === 'exhibitor'
      ? exhibitorBody(options.exhibition ?? exhibitionId, options.overrides)
      : attendeeBody(options.exhibition ?? exhibitionId, options.overrides)
  const route = kind === 'exhibitor' ? 'apply$submitExhibitor' : 'apply$submitAttendee'
  const answer = await call(app, route, body, { token, locale: options.locale ?? 'en', ip: someIp() })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return { reference: answer.body.data.reference as string, email: body.email as string }
}

const mailsTo = async (address: string) =>
  (
    await db.query<{ subject: string; text_body: string; html_body: string }>(
      'select subject, text_body, html_body from mail_outbox where to_address = $1 order by id',
      [address],
    )
  ).rows
const auditRows = async (fn: string) =>
  (await db.query<{ staff_id: string; target: string; before: unknown; after: unknown }>('select * from staff_audit where function = $1 order by id', [fn]))
    .rows

describe('the review queue', () => {
  it('when staff filter by kind, status, exhibition and search by company, name or e-mail, then they get those, a page at a time', async () => {
    const acme = await apply('exhibitor', { overrides: { companyName: 'Acme Markets Ltd' } })
    const globex = await apply('exhibitor', { overrides: { companyName: 'Globex 50% Capital' } })
    const yuki = await apply('attendee', { overrides: { surname: 'Tanaka', givenName: 'Yuki' } })
    const elsewhere = await apply('exhibitor', { exhibition: otherExhibitionId, overrides: { companyName: 'Far Away Co' } })

    const all = (await staff(support, 'applicationList', {}).expect(200)).body.data
    expect(all.total).toBe(4)
    expect(all.exhibitions.map((exhibition: { title: string }) => exhibition.title).sort()).toEqual(['Bangkok Expo 2026', 'Dubai Traders Fair'])
    const references = (body: { data: { rows: Array<{ reference: string }> } }) => body.data.rows.map((row) => row.reference).sort()

    expect(references((await staff(support, 'applicationList', { kind: 'attendee' }).expect(200)).body)).toEqual([yuki.reference])
    expect(references((await staff(support, 'applicationList', { exhibitionId: otherExhibitionId }).expect(200)).body)).toEqual([elsewhere.reference])
    expect(references((await staff(support, 'applicationList', { search: 'acme markets' }).expect(200)).body)).toEqual([acme.reference])
    expect(references((await staff(support, 'applicationList', { search: 'Yuki Tanaka' }).expect(200)).body)).toEqual([yuki.reference])
    expect(references((await staff(support, 'applicationList', { search: globex.email.toUpperCase() }).expect(200)).body)).toEqual([globex.reference])
    // A LIKE wildcard is searched for as itself.
    expect(references((await staff(support, 'applicationList', { search: '50%' }).expect(200)).body)).toEqual([globex.reference])
    expect(references((await staff(support, 'applicationList', { search: '%' }).expect(200)).body)).toEqual([globex.reference])

    await staff(support, 'decideApplication', { reference: acme.reference, status: 'accepted', expected: 'received' }).expect(200)
    expect(references((await staff(support, 'applicationList', { status: 'accepted' }).expect(200)).body)).toEqual([acme.reference])

    const first = (await staff(support, 'applicationList', { pageSize: 3 }).expect(200)).body.data
    const second = (await staff(support, 'applicationList', { pageSize: 3, page: 2 }).expect(200)).body.data
    expect([first.rows.length, second.rows.length, first.total]).toEqual([3, 1, 4])
    const row = all.rows.find((item: { reference: string }) => item.reference === yuki.reference)
    expect(row).toMatchObject({ kind: 'attendee', status: 'received', applicant: 'Yuki Tanaka', exhibitionTitle: 'Bangkok Expo 2026', decidedAt: null })
  })

  it('when a member is limited to one exhibition, then the others do not exist for them: not listed, opened, decided or exported', async () => {
    const mine = await apply('exhibitor', { exhibition: otherExhibitionId })
    const theirs = await apply('exhibitor')
    await db.query('update staff_members set exhibition_ids = $1 where id = $2', [[otherExhibitionId], support.id])
    const list = (await staff(support, 'applicationList', {}).expect(200)).body.data
    expect(list.rows.map((row: { reference: string }) => row.reference)).toEqual([mine.reference])
    expect(list.exhibitions.map((exhibition: { id: number }) => exhibition.id)).toEqual([otherExhibitionId])
    for (const [name, body] of [
      ['applicationDetail', { reference: theirs.reference }],
      ['decideApplication', { reference: theirs.reference, status: 'declined', expected: 'received' }],
    ] as const) {
      const answer = await staff(support, name, body)
      expect([answer.status, answer.body.message], name).toEqual([404, 'console:errors.applicationNotFound'])
    }
    const exported = await downloadAs(app, support, { exhibition: exhibitionId, kind: 'applications', format: 'csv' })
    expect([exported.status, exported.text]).toEqual([404, 'This exhibition does not exist or is not one of yours.'])
    expect((await db.query('select status from applications where reference = $1', [theirs.reference])).rows[0]).toEqual({ status: 'received' })
    expect(await auditRows('console$decideApplication')).toEqual([])
  })

  it('when roles other than support, manager and owner call the functions, then they are refused', async () => {
    const { reference } = await apply('attendee')
    const manager = await setUpMember(app, db, ['manager'])
    await staff(manager, 'applicationDetail', { reference }).expect(200)
    await staff(owner, 'applicationDetail', { reference }).expect(200)
    for (const role of ['editor', 'verifier', 'checkin'] as const) {
      const member = await setUpMember(app, db, [role])
      for (const [name, body] of [
        ['applicationList', {}],
        ['applicationDetail', { reference }],
        ['decideApplication', { reference, status: 'accepted', expected: 'received' }],
      ] as const) {
        const answer = await staff(member, name, body)
        expect([answer.status, answer.body.message], `${name} as ${role}`).toEqual([403, 'errors.forbidden'])
      }
      const exported = await downloadAs(app, member, { exhibition: exhibitionId, kind: 'applications', format: 'csv' })
      expect(exported.status, `export as ${role}`).toBe(403)
    }
  })
})

describe('deciding', () => {
  it('when support accepts with a note, then the status, the history, the audit row, the applicant’s mail in their language and My account all say so', async () => {
    const user = await userToken(db, platform)
    const { reference, email } = await apply('exhibitor', { locale: 'zh-cn', token: user.token, overrides: { email: user.email, contactPerson: '李娜' } })
    const note = '请于 5 月 1 日前确认展位。<b>谢谢</b>'
    const detail = (
      await staff(support, 'decideApplication', {
        reference,
        status: 'accepted',
        expected: 'received',
        applicantNote: note,
        internalNote: 'Paid deposit by wire',
      }).expect(200)
    ).body.data.application
    expect(detail).toMatchObject({ reference, status: 'accepted', applicantNote: note, locale: 'zh-cn', linkedAccount: true })
    expect(detail.nextStatuses).toEqual(['reviewing', 'declined', 'withdrawn'])
    expect(detail.decisions).toEqual([expect.objectContaining({ from: 'received', to: 'accepted', applicantNote: note, internalNote: 'Paid deposit by wire' })])

    const mails = await mailsTo(email)
    expect(mails).toHaveLength(2)
    const decision = mails[1] as { subject: string; text_body: string; html_body: string }
    expect(decision.subject).toBe(`您的 曼谷博览会 2026 申请（${reference}）：已通过`)
    expect(decision.text_body).toContain('李娜，您好')
    expect(decision.text_body).toContain(note)
    expect(decision.text_body).not.toContain('Paid deposit')
    expect(decision.html_body).toContain('&lt;b&gt;谢谢&lt;/b&gt;')
    expect(decision.html_body).not.toContain('<b>谢谢')

    const [row] = await auditRows('console$decideApplication')
    expect(row).toMatchObject({
      staff_id: support.id,
      target: `application:${reference}`,
      before: { status: 'received', applicantNote: null },
      after: { status: 'accepted', applicantNote: note, internalNote: 'Paid deposit by wire' },
    })

    const mine = (await call(app, 'apply$myApplications', {}, { token: user.token, locale: 'zh-cn' }).expect(200)).body.data.items
    expect(mine).toEqual([expect.objectContaining({ reference, status: 'accepted', note, decidedAt: expect.any(String) })])
  })

  it('when an applicant applied in Japanese or English, then the mail is in that language; without a note it says the status only', async () => {
    const japanese = await apply('attendee', { locale: 'ja', overrides: { surname: '田中', givenName: '雪' } })
    const english = await apply('attendee')
    await staff(support, 'decideApplication', { reference: japanese.reference, status: 'declined', expected: 'received' }).expect(200)
    await staff(support, 'decideApplication', { reference: english.reference, status: 'reviewing', expected: 'received' }).expect(200)
    const [, ja] = await mailsTo(japanese.email)
    expect(ja?.subject).toContain('バンコク博覧会 2026')
    expect(ja?.text_body).toContain('誠に申し訳ございません')
    expect(ja?.text_body).not.toContain('主催者からのメッセージ')
    const [, en] = await mailsTo(english.email)
    expect(en?.subject).toBe(`Your application for Bangkok Expo 2026 (${english.reference}): Under review`)
  })

  it('when a move is not allowed or changes nothing, then a translated 409 and nothing is written', async () => {
    const { reference, email } = await apply('attendee')
    await staff(support, 'decideApplication', { reference, status: 'withdrawn', expected: 'received' }).expect(200)
    const back = await staff(support, 'decideApplication', { reference, status: 'accepted', expected: 'withdrawn' })
    expect([back.status, back.body.message]).toEqual([409, 'console:errors.applicationTransition'])
    const same = await staff(support, 'decideApplication', { reference, status: 'withdrawn', expected: 'withdrawn' })
    expect([same.status, same.body.message]).toEqual([409, 'console:errors.applicationSameStatus'])
    expect(await mailsTo(email)).toHaveLength(2)
    expect(await auditRows('console$decideApplication')).toHaveLength(1)
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when two members decide on the same application at once, then one wins and the other gets a translated conflict (PostgreSQL only: PGlite cannot race)',
    async () => {
      const { reference, email } = await apply('exhibitor')
      const manager = await setUpMember(app, db, ['manager'])
      const answers = await Promise.all([
        staff(support, 'decideApplication', { reference, status: 'accepted', expected: 'received' }),
        staff(manager, 'decideApplication', { reference, status: 'declined', expected: 'received' }),
      ])
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
      expect(answers.find((answer) => answer.status === 409)?.body.message).toBe('console:errors.applicationChanged')
      const winner = answers.find((answer) => answer.status === 200)?.body.data.application.status
      expect((await db.query('select status from applications where reference = $1', [reference])).rows[0]).toEqual({ status: winner })
      // The acknowledgement and the winner's decision, and for an acceptance of an application sent signed
      // out the invitation to the exhibitor's team (docs/product.md#exhibitors).
      expect(await mailsTo(email)).toHaveLength(winner === 'accepted' ? 3 : 2)
      expect(await auditRows('console$decideApplication')).toHaveLength(1)
      expect((await db.query('select count(*)::int as n from application_decisions')).rows[0]).toEqual({ n: 1 })
    },
  )

  it('when the input is hostile, then a translated 4xx and nothing is written', async () => {
    const { reference } = await apply('exhibitor')
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ reference: "EX-'; drop table applications; --", status: 'accepted', expected: 'received' }, 400, 'console:errors.applicationNotFound'],
      [{ reference: 'EX-00000000', status: 'accepted', expected: 'received' }, 404, 'console:errors.applicationNotFound'],
      [{ reference, status: 'hired', expected: 'received' }, 400, 'errors.invalid'],
      [{ reference, status: 'accepted' }, 400, 'errors.invalid'],
      [{ reference, status: 'accepted', expected: 'received', applicantNote: 'x'.repeat(2001) }, 400, 'errors.tooLong'],
      [{ reference, status: 'accepted', expected: 'received', internalNote: { $ne: 1 } }, 400, 'errors.invalid'],
    ]
    for (const [body, status, message] of cases) {
      const answer = await staff(support, 'decideApplication', body)
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(status)
      expect(JSON.stringify(answer.body), JSON.stringify(body).slice(0, 80)).toContain(message)
    }
    for (const body of [{ pageSize: 1000 }, { page: 0 }, { kind: 'boss' }, { search: 'x'.repeat(101) }, { exhibitionId: 'one' }]) {
      const answer = await staff(support, 'applicationList', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
    }
    const detail = await staff(support, 'applicationDetail', { reference: '../../etc/passwd' })
    expect([detail.status, JSON.stringify(detail.body).includes('console:errors.applicationNotFound')]).toEqual([400, true])
    expect((await db.query('select status from applications where reference = $1', [reference])).rows[0]).toEqual({ status: 'received' })
    expect(await auditRows('console$decideApplication')).toEqual([])
  })
})

describe('the export', () => {
  it('when staff export an exhibition as CSV in Chinese or XLSX, then they get every application with translated headers, defused formulas, and an audit row', async () => {
    const formula = await apply('exhibitor', { overrides: { companyName: '=HYPERLINK("http://evil.example","x")' } })
    await apply('attendee', { overrides: { surname: '陈', givenName: '梅' } })
    await apply('exhibitor', { exhibition: otherExhibitionId })
    await staff(support, 'decideApplication', {
      reference: formula.reference,
      status: 'declined',
      expected: 'received',
      applicantNote: 'Not this time.',
    }).expect(200)

    const csv = await downloadAs(app, support, { exhibition: exhibitionId, kind: 'applications', format: 'csv' }, 'zh-cn')
    expect([csv.status, csv.mediaType, csv.fileName]).toEqual([200, 'text/csv; charset=utf-8', `exhibition-${exhibitionId}-applications.csv`])
    const [header, first, second, end] = csv.text.replace(/^\uFEFF/, '').split('\r\n')
    expect(end).toBe('')
    expect(header?.startsWith('申请编号,提交时间 (UTC),类型,状态')).toBe(true)
    expect(first).toContain(`${formula.reference}`)
    expect(first).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    expect(first).toContain('Not this time.')
    expect(second).toContain('陈')

    const attendeesOnly = await downloadAs(app, support, { exhibition: exhibitionId, kind: 'applications', format: 'xlsx', only: 'attendee' })
    expect([attendeesOnly.status, attendeesOnly.fileName]).toEqual([200, `exhibition-${exhibitionId}-applications-attendee.xlsx`])
    const sheet = await readSheet(attendeesOnly.file)
    expect(sheet).toHaveLength(2)
    expect(sheet[0]?.[0]).toBe('Reference')
    expect(sheet[1]).toContain('梅')

    expect((await auditRows('console$applicationExport')).map((row) => row.after)).toEqual([
      { kind: 'all', format: 'csv', rows: 2 },
      { kind: 'attendee', format: 'xlsx', rows: 1 },
    ])
    const missing = await downloadAs(app, support, { exhibition: 999999, kind: 'applications', format: 'csv' })
    expect(missing.status).toBe(404)
  })
})
