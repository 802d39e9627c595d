import { randomUUID } from 'node:crypto'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { MANUAL_LIMITS, MANUAL_UPLOAD_PATH, manualPath } from '../../shared/rules/exhibitor-tasks.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { loginCookie, type TestUser } from '../setup/users.ts'
import { addExhibition, call, someIp } from './applications-helpers.ts'
import { type App, consoleCall, SITE, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'

/**
 * The exhibitor manual (docs/product.md#exhibitor-manual): the console's upload of a manual task's PDF
 * (checked by its content and size, roles and exhibitions, audited, replaced), the members' download
 * (headers, the 404 for everyone else) that marks the task done, and the erasure of who opened it.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

afterAll(() => {
  vi.useRealTimers()
})

let expo: number
let other: number
let manager: SignedInMember

/** A small but real PDF: a header, one empty page, a cross-reference table and the end marker. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
)
/** A PNG's signature and header: a picture, whatever its name says. */
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)])

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })

function upload(member: SignedInMember, target: { exhibition: number; task: number; locale?: string }, file: Buffer, name = 'Exhibitor manual.pdf') {
  return request(app)
    .post(`${MANUAL_UPLOAD_PATH}?exhibition=${target.exhibition}&task=${target.task}&locale=${target.locale ?? 'en'}`)
    .set('X-Forwarded-For', someIp())
    .set('X-Console-Request', '1')
    .set('Origin', SITE)
    .set('Cookie', member.cookie)
    .attach('file', file, { filename: name, contentType: 'application/pdf' })
}

const download = (cookie: string | null, exhibitorId: number, taskId: number, lang = 'en') => {
  const get = request(app)
    .get(manualPath(lang, exhibitorId, taskId))
    .buffer(true)
  return cookie ? get.set('Cookie', cookie) : get
}

beforeEach(async () => {
  setMoment('2027-04-01T03:00:00Z')
  await resetDatabase(db)
  expo = await addExhibition(db, { titles: { en: 'Bangkok Expo 2027' } })
  other = await addExhibition(db, { titles: { en: 'Dubai Expo 2027' } })
  manager = await setUpMember(app, db, ['manager'])
})

/**
 * A signed-in visitor whose session lasts past the test's faked moment (on PostgreSQL the database's
 * now() is the real time, so the session's end is a JS date).
 */
async function createUser(on: Platform, database: Database, options: { nick?: string } = {}): Promise<TestUser> {
  const email = `member-${randomUUID().slice(0, 12)}@example.com`
  const account = await database.query<{ id: string }>('insert into accounts (email, nick) values ($1, $2) returning id', [email, options.nick ?? 'Tester'])
  const userId = account.rows[0]?.id as string
  const session = await database.query<{ id: string }>('insert into sessions (account_id, expires_at) values ($1, $2) returning id', [
    userId,
    new Date(Date.now() + 60 * 86_400_000),
  ])
  const sessionId = session.rows[0]?.id as string
  return { userId, sessionId, email, token: on.tokens.issue({ kind: 'user', userId, sessionId }).access_token }
}

interface Team {
  exhibitorId: number
  admin: TestUser
  member: TestUser
  adminCookie: string
  memberCookie: string
}

/** An exhibitor of an exhibition with an admin and a staff member, both with login cookies. */
async function exhibitor(name: string, exhibitionId = expo): Promise<Team> {
  const company = await db.query<{ id: number }>("insert into exhibitor_companies (slug, kind) values ($1, 'company') returning id::int as id", [
    name.toLowerCase().replace(/\W+/g, '-'),
  ])
  const companyId = company.rows[0]?.id as number
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', $2)", [companyId, name])
  const row = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id::int as id', [
    companyId,
    exhibitionId,
  ])
  const exhibitorId = row.rows[0]?.id as number
  const admin = await createUser(platform, db, { nick: 'Somchai' })
  const member = await createUser(platform, db, { nick: 'Lina' })
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin'), ($1, $3, 'staff')", [
    exhibitorId,
    admin.userId,
    member.userId,
  ])
  return { exhibitorId, admin, member, adminCookie: await loginCookie(db, admin), memberCookie: await loginCookie(db, member) }
}

async function manualTask(exhibitionId = expo, by = manager) {
  const answer = await staff(by, 'saveExhibitorTask', {
    exhibitionId,
    kind: 'manual',
    dueOn: '2027-04-20',
    texts: {
      en: { title: 'Read the exhibitor manual', instructions: 'Build-up rules are on page 4.' },
      'zh-cn': { title: '阅读参展商手册', instructions: '' },
    },
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.data.tasks.at(-1) as { id: number }
}

const checklist = (user: TestUser, exhibitorId: number, locale = 'en') =>
  call(app, 'exhibitor$checklist', { exhibitorId }, { token: user.token, locale, ip: someIp() })

describe('the upload', () => {
  it('when a manager uploads a PDF and then a new one, then the board shows the new version, each upload is audited and the old file is gone', async () => {
    const task = await manualTask()
    const first = await upload(manager, { exhibition: expo, task: task.id }, PDF)
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.headers['cache-control']).toBe('private, no-store')
    expect(first.body.data.tasks[0].manuals).toEqual([
      { locale: 'en', name: 'Exhibitor manual.pdf', bytes: PDF.length, version: 1, uploadedAt: '2027-04-01T03:00:00.000Z' },
    ])
    const keyOf = async () => (await db.query<{ storage_key: string }>('select storage_key from exhibitor_manuals')).rows[0]?.storage_key as string
    const firstKey = await keyOf()
    expect(firstKey).toMatch(/^documents\/[0-9a-f]{32}\.pdf$/)
    expect(await platform.services.media.storage.head(firstKey)).toEqual({ size: PDF.length, contentType: 'application/pdf' })
    // The public media route never serves a document's key.
    expect((await request(app).get(`/media/${firstKey}`)).status).toBe(404)

    const second = await upload(manager, { exhibition: expo, task: task.id }, Buffer.concat([PDF, Buffer.from('% v2\n')]), 'manual-v2.pdf')
    expect(second.status, JSON.stringify(second.body)).toBe(200)
    expect(second.body.data.tasks[0].manuals).toMatchObject([{ locale: 'en', name: 'manual-v2.pdf', version: 2 }])
    expect(await platform.services.media.storage.head(firstKey)).toBeNull()

    const audit = await db.query<{ target: string; before: unknown; after: unknown }>(
      "select target, before, after from staff_audit where function = 'console$saveExhibitorManual' order by id",
    )
    expect(audit.rows).toEqual([
      {
        target: `exhibition:${expo}`,
        before: null,
        after: { task: task.id, title: 'Read the exhibitor manual', locale: 'en', version: 1, name: 'Exhibitor manual.pdf', bytes: PDF.length },
      },
      {
        target: `exhibition:${expo}`,
        before: { task: task.id, locale: 'en', version: 1, name: 'Exhibitor manual.pdf', bytes: PDF.length },
        after: { task: task.id, title: 'Read the exhibitor manual', locale: 'en', version: 2, name: 'manual-v2.pdf', bytes: PDF.length + 5 },
      },
    ])
  })

  it('when the file is a picture named .pdf or larger than the limit, then a 4xx names the field and nothing is stored', async () => {
    const task = await manualTask()
    const picture = await upload(manager, { exhibition: expo, task: task.id }, PNG, 'manual.pdf')
    expect(picture.status).toBe(400)
    expect(picture.body).toMatchObject({ succeed: false, message: 'console:errors.manualNotPdf', data: { fields: { file: 'console:errors.manualNotPdf' } } })
    const big = await upload(manager, { exhibition: expo, task: task.id }, Buffer.concat([PDF, Buffer.alloc(MANUAL_LIMITS.mb * 1024 * 1024)]))
    expect(big.status).toBe(413)
    expect(big.body).toMatchObject({ message: 'console:errors.manualTooLarge', data: { fields: { file: 'console:errors.manualTooLarge' }, maxMb: 20 } })
    const language = await upload(manager, { exhibition: expo, task: task.id, locale: 'xx' }, PDF)
    expect(language.status).toBe(400)
    expect(language.body.data).toEqual({ fields: { locale: 'errors.invalid' } })
    expect((await db.query('select 1 from exhibitor_manuals')).rows).toEqual([])
    expect((await db.query("select 1 from staff_audit where function = 'console$saveExhibitorManual'")).rows).toEqual([])
  })

  it('when a support or editor member, a manager of another exhibition or a task of another kind is involved, then nothing is uploaded', async () => {
    const task = await manualTask()
    const support = await setUpMember(app, db, ['support'])
    const editor = await setUpMember(app, db, ['editor'])
    expect((await upload(support, { exhibition: expo, task: task.id }, PDF)).status).toBe(403)
    expect((await upload(editor, { exhibition: expo, task: task.id }, PDF)).status).toBe(403)
    const limited = await setUpMember(app, db, ['manager'])
    await db.query('update staff_members set exhibition_ids = $1 where id = $2', [[other], limited.id])
    const elsewhere = await upload(limited, { exhibition: expo, task: task.id }, PDF)
    expect(elsewhere.status).toBe(404)
    expect(elsewhere.body.message).toBe('console:errors.exhibitionNotFound')
    // The task is not of the exhibition named: as if it did not exist.
    expect((await upload(manager, { exhibition: other, task: task.id }, PDF)).status).toBe(404)
    const custom = await staff(manager, 'saveExhibitorTask', {
      exhibitionId: expo,
      kind: 'custom',
      dueOn: '2027-04-20',
      texts: { en: { title: 'Send the form' } },
    })
    const customId = custom.body.data.tasks.at(-1).id as number
    const wrongKind = await upload(manager, { exhibition: expo, task: customId }, PDF)
    expect(wrongKind.status).toBe(400)
    expect(wrongKind.body.message).toBe('console:errors.manualKind')
    // Without the console's header a page of another site cannot upload.
    const forged = await request(app)
      .post(`${MANUAL_UPLOAD_PATH}?exhibition=${expo}&task=${task.id}&locale=en`)
      .set('Origin', SITE)
      .set('Cookie', manager.cookie)
      .attach('file', PDF, 'manual.pdf')
    expect(forged.status).toBe(403)
    expect((await db.query('select 1 from exhibitor_manuals')).rows).toEqual([])
  })

  it('when the task is deleted, then its PDFs go with it', async () => {
    const task = await manualTask()
    await upload(manager, { exhibition: expo, task: task.id }, PDF).expect(200)
    const key = (await db.query<{ storage_key: string }>('select storage_key from exhibitor_manuals')).rows[0]?.storage_key as string
    const board = await staff(manager, 'exhibitorTaskBoard', { exhibitionId: expo })
    await staff(manager, 'deleteExhibitorTask', { exhibitionId: expo, id: task.id, version: board.body.data.tasks[0].version }).expect(200)
    expect((await db.query('select 1 from exhibitor_manuals')).rows).toEqual([])
    expect(await platform.services.media.storage.head(key)).toBeNull()
  })
})

describe('the organiser’s look at a PDF', () => {
  it('when a member who reads the checklist opens an uploaded PDF, then it is the PDF; others of the console get 404 and no exhibitor’s task moves', async () => {
    const acme = await exhibitor('Acme Markets')
    const task = await manualTask()
    await upload(manager, { exhibition: expo, task: task.id }, PDF).expect(200)
    const preview = (member: SignedInMember | null, locale = 'en', exhibition = expo) => {
      const get = request(app).get(`${MANUAL_UPLOAD_PATH}?exhibition=${exhibition}&task=${task.id}&locale=${locale}`).buffer(true)
      return member ? get.set('Cookie', member.cookie) : get
    }
    const answer = await preview(manager)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/pdf')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(Buffer.from(answer.body as Buffer).equals(PDF)).toBe(true)
    const support = await setUpMember(app, db, ['support'])
    expect((await preview(support)).status).toBe(200)
    const editor = await setUpMember(app, db, ['editor'])
    const limited = await setUpMember(app, db, ['manager'])
    await db.query('update staff_members set exhibition_ids = $1 where id = $2', [[other], limited.id])
    for (const [member, locale, exhibition] of [
      [editor, 'en', expo],
      [limited, 'en', expo],
      [null, 'en', expo],
      // No fallback here: the organiser sees what was uploaded for that language.
      [manager, 'zh-cn', expo],
      [manager, 'en', other],
    ] as Array<[SignedInMember | null, string, number]>) {
      const refused = await preview(member, locale, exhibition)
      expect(refused.status).toBe(404)
      expect(refused.headers['content-type']).toMatch(/^text\/plain/)
    }
    expect((await checklist(acme.admin, acme.exhibitorId)).body.data.tasks[0].state).toBe('due')
  })
})

describe('the download', () => {
  it('when a staff member of the exhibitor opens the manual, then it is the PDF with safe headers and the task is done, opened by them', async () => {
    const acme = await exhibitor('Acme Markets')
    const task = await manualTask()
    const before = await checklist(acme.admin, acme.exhibitorId)
    expect(before.body.data.tasks[0]).toMatchObject({ kind: 'manual', state: 'due', manual: null, confirmedAt: null })
    await upload(manager, { exhibition: expo, task: task.id }, PDF, '参展商手册 2027.pdf').expect(200)
    const listed = await checklist(acme.admin, acme.exhibitorId, 'zh-cn')
    expect(listed.body.data.tasks[0]).toMatchObject({ manual: { locale: 'en', bytes: PDF.length }, state: 'due' })

    setMoment('2027-04-01T03:05:00Z')
    const answer = await download(acme.memberCookie, acme.exhibitorId, task.id, 'zh-cn')
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/pdf')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(answer.headers['cache-control']).toBe('private, no-store')
    expect(answer.headers['content-disposition']).toBe(`inline; filename="2027.pdf"; filename*=UTF-8''${encodeURIComponent('参展商手册 2027.pdf')}`)
    expect(Buffer.from(answer.body as Buffer).equals(PDF)).toBe(true)

    const after = await checklist(acme.admin, acme.exhibitorId)
    expect(after.body.data.tasks[0]).toMatchObject({ state: 'done', confirmedBy: 'Lina', confirmedAt: '2027-04-01T03:05:00.000Z' })
    // The first opener stays; the admin opening it later changes nothing.
    await download(acme.adminCookie, acme.exhibitorId, task.id).expect(200)
    expect((await checklist(acme.admin, acme.exhibitorId)).body.data.tasks[0].confirmedBy).toBe('Lina')
    const board = await staff(manager, 'exhibitorTaskBoard', { exhibitionId: expo })
    expect(board.body.data.tasks[0]).toMatchObject({ done: 1 })
    // Opening is what makes it done: an admin cannot mark it by hand.
    const marked = await call(app, 'exhibitor$confirmTask', { exhibitorId: acme.exhibitorId, taskId: task.id }, { token: acme.admin.token, ip: someIp() })
    expect(marked.status).toBe(400)
  })

  it('when a language has its own PDF, then its readers get it and the others fall back to English', async () => {
    const acme = await exhibitor('Acme Markets')
    const task = await manualTask()
    const chinese = Buffer.concat([PDF, Buffer.from('% zh-cn\n')])
    await upload(manager, { exhibition: expo, task: task.id }, PDF).expect(200)
    await upload(manager, { exhibition: expo, task: task.id, locale: 'zh-cn' }, chinese, 'manual-zh.pdf').expect(200)
    const hk = await download(acme.adminCookie, acme.exhibitorId, task.id, 'zh-hk')
    expect(hk.headers['content-language']).toBe('zh-cn')
    expect(Buffer.from(hk.body as Buffer).equals(chinese)).toBe(true)
    const thai = await download(acme.adminCookie, acme.exhibitorId, task.id, 'th')
    expect(thai.headers['content-language']).toBe('en')
    expect((await checklist(acme.admin, acme.exhibitorId, 'zh-tw')).body.data.tasks[0].manual).toEqual({ locale: 'zh-cn', bytes: chinese.length })
  })

  it('when a stranger, a signed-out visitor or another exhibition’s exhibitor asks, then it is 404 and the task stays open', async () => {
    const acme = await exhibitor('Acme Markets')
    const rival = await exhibitor('Rival Trading', other)
    const task = await manualTask()
    await upload(manager, { exhibition: expo, task: task.id }, PDF).expect(200)
    const stranger = await loginCookie(db, await createUser(platform, db))
    for (const [cookie, exhibitorId] of [
      [stranger, acme.exhibitorId],
      [null, acme.exhibitorId],
      [rival.adminCookie, acme.exhibitorId],
      // Their own exhibitor, but a task of another exhibition.
      [rival.adminCookie, rival.exhibitorId],
    ] as Array<[string | null, number]>) {
      const answer = await download(cookie, exhibitorId, task.id)
      expect(answer.status).toBe(404)
      expect(answer.headers['content-type']).toMatch(/^text\/plain/)
    }
    expect((await download(acme.adminCookie, acme.exhibitorId, task.id + 1000)).status).toBe(404)
    expect((await checklist(acme.admin, acme.exhibitorId)).body.data.tasks[0].state).toBe('due')
  })
})

describe('erasure', () => {
  it('when the member who opened the manual is erased, then the task stays done without them', async () => {
    const acme = await exhibitor('Acme Markets')
    const task = await manualTask()
    await upload(manager, { exhibition: expo, task: task.id }, PDF).expect(200)
    await download(acme.memberCookie, acme.exhibitorId, task.id).expect(200)
    const owner = await setUpMember(app, db, ['owner'])
    const email = (await db.query<{ email: string }>('select email from accounts where id = $1', [acme.member.userId])).rows[0]?.email
    const erased = await staff(owner, 'deleteVisitor', { id: acme.member.userId, confirmEmail: email })
    expect(erased.status, JSON.stringify(erased.body)).toBe(200)
    expect((await db.query('select confirmed_by from exhibitor_task_confirmations')).rows).toEqual([{ confirmed_by: null }])
    expect((await checklist(acme.admin, acme.exhibitorId)).body.data.tasks[0]).toMatchObject({ state: 'done', confirmedBy: null })
  })
})
