import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { sendTaskReminders } from '../../server/platform/exhibitors/tasks/tasks.reminders.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, call, someIp } from './applications-helpers.ts'
import { type App, consoleCall, downloadAs, type SignedInMember, setMoment, setUpMember } from './console-helpers.ts'

/**
 * Exhibitors' tasks and deadlines (docs/product.md#exhibitor-tasks): the organiser's checklist in the
 * console (roles, audit, versions, validation, order), the exhibitor area's checklist (states, an
 * admin's confirmation) and the reminders mailed before each task's day, once each.
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
let manager: SignedInMember
let support: SignedInMember
let editor: SignedInMember

type User = { token: string; userId: string; email: string }

/**
 * A signed-in visitor whose session lasts past the test's faked days (on PostgreSQL the database's
 * now() is the real time, so the session's end is a JS date).
 */
async function userToken(database: Database, on: Platform): Promise<User> {
  const email = `user-${randomUUID().slice(0, 8)}@example.com`
  const account = await database.query<{ id: string }>("insert into accounts (email, nick) values ($1, 'Tester') returning id", [email])
  const userId = account.rows[0]?.id as string
  const session = await database.query<{ id: string }>('insert into sessions (account_id, expires_at) values ($1, $2) returning id', [
    userId,
    new Date(Date.now() + 60 * 86_400_000),
  ])
  return { token: on.tokens.issue({ kind: 'user', userId, sessionId: session.rows[0]?.id as string }).access_token, userId, email }
}

const staff = (member: SignedInMember, name: string, body: unknown) => consoleCall(app, name, body, { cookie: member.cookie })
const area = (user: User, route: string, body: unknown, locale = 'en') => call(app, route, body, { token: user.token, locale, ip: someIp() })

beforeEach(async () => {
  // 10:00 in Bangkok (UTC+7) on 1 April 2027; the exhibition opens 30 days later, on 1 May.
  setMoment('2027-04-01T03:00:00Z')
  await resetDatabase(db)
  expo = await addExhibition(db, { titles: { en: 'Bangkok Expo 2027', 'zh-cn': '曼谷博览会 2027' } })
  manager = await setUpMember(app, db, ['manager'])
  support = await setUpMember(app, db, ['support'])
  editor = await setUpMember(app, db, ['editor'])
})

/** An exhibitor of the exhibition with an admin (and a staff member), its profile with gaps and no logo. */
async function exhibitor(name: string, options: { adminLocale?: string; exhibition?: number } = {}) {
  const company = await db.query<{ id: number }>("insert into exhibitor_companies (slug, kind) values ($1, 'company') returning id::int as id", [
    name.toLowerCase().replace(/\W+/g, '-'),
  ])
  const companyId = company.rows[0]?.id as number
  await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', $2)", [companyId, name])
  const row = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id::int as id', [
    companyId,
    options.exhibition ?? expo,
  ])
  const exhibitorId = row.rows[0]?.id as number
  const admin = await userToken(db, platform)
  const member = await userToken(db, platform)
  await db.query('update accounts set locale = $2 where id = $1', [admin.userId, options.adminLocale ?? 'en'])
  await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin'), ($1, $3, 'staff')", [
    exhibitorId,
    admin.userId,
    member.userId,
  ])
  return { exhibitorId, companyId, admin, member }
}

const customTask = (overrides: Record<string, unknown> = {}) => ({
  exhibitionId: expo,
  kind: 'custom',
  dueOn: '2027-04-20',
  texts: {
    en: { title: 'Read the exhibitor manual', instructions: 'Stand build-up rules are on page 4.' },
    'zh-cn': { title: '阅读参展商手册', instructions: '' },
  },
  ...overrides,
})

async function addTask(overrides: Record<string, unknown> = {}) {
  const answer = await staff(manager, 'saveExhibitorTask', customTask(overrides))
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  const tasks = answer.body.data.tasks as Array<{ id: number; version: number; kind: string }>
  return tasks[tasks.length - 1] as { id: number; version: number; kind: string }
}

const audits = async (fn: string) =>
  (await db.query<{ target: string; before: unknown; after: unknown }>('select target, before, after from staff_audit where function = $1 order by id', [fn]))
    .rows

const mails = async () =>
  (await db.query<{ to_address: string; subject: string; text_body: string }>('select to_address, subject, text_body from mail_outbox order by id')).rows

describe('the console checklist', () => {
  it('when a manager adds, edits, orders and deletes tasks, then each change is audited and the board follows', async () => {
    const first = await addTask()
    const second = await addTask({ kind: 'logo', dueOn: '2027-04-25', texts: { en: { title: 'Upload your logo', instructions: '' } } })
    const edited = await staff(manager, 'saveExhibitorTask', customTask({ id: first.id, version: first.version, dueOn: '2027-04-22' }))
    expect(edited.status, JSON.stringify(edited.body)).toBe(200)
    expect(edited.body.data.tasks[0]).toMatchObject({ id: first.id, dueOn: '2027-04-22', version: 2 })
    expect(edited.body.data.exhibition).toMatchObject({ id: expo, startsOn: '2027-05-01', today: '2027-04-01', title: 'Bangkok Expo 2027' })

    const reordered = await staff(manager, 'reorderExhibitorTasks', { exhibitionId: expo, ids: [second.id, first.id] })
    expect(reordered.status).toBe(200)
    expect(reordered.body.data.tasks.map((task: { id: number }) => task.id)).toEqual([second.id, first.id])

    const stale = await staff(manager, 'saveExhibitorTask', customTask({ id: first.id, version: first.version }))
    expect(stale.status).toBe(409)
    expect(stale.body.message).toBe('console:errors.taskChanged')
    const staleDelete = await staff(manager, 'deleteExhibitorTask', { exhibitionId: expo, id: first.id, version: 1 })
    expect(staleDelete.status).toBe(409)
    const removed = await staff(manager, 'deleteExhibitorTask', { exhibitionId: expo, id: first.id, version: 2 })
    expect(removed.status).toBe(200)
    expect(removed.body.data.tasks.map((task: { id: number }) => task.id)).toEqual([second.id])

    const saves = await audits('console$saveExhibitorTask')
    expect(saves).toHaveLength(3)
    expect(saves[0]).toMatchObject({ target: `exhibition:${expo}`, before: null, after: { task: first.id, kind: 'custom', dueOn: '2027-04-20' } })
    expect(saves[2]).toMatchObject({ before: { dueOn: '2027-04-20' }, after: { dueOn: '2027-04-22' } })
    expect(await audits('console$reorderExhibitorTasks')).toMatchObject([{ after: { order: [second.id, first.id] } }])
    expect(await audits('console$deleteExhibitorTask')).toMatchObject([
      { before: { task: first.id, titles: { en: 'Read the exhibitor manual' } }, after: null },
    ])
  })

  it('when a task is invalid, then the answer is a translated 400 naming the field and nothing is saved', async () => {
    const noEnglish = await staff(manager, 'saveExhibitorTask', customTask({ texts: { 'zh-cn': { title: '阅读手册', instructions: '' } } }))
    expect(noEnglish.status).toBe(400)
    expect(noEnglish.body.data.fields).toMatchObject({ 'texts.en.title': 'console:errors.taskEnglishTitle' })
    const badDay = await staff(manager, 'saveExhibitorTask', customTask({ dueOn: '2027-02-30' }))
    expect(badDay.body.data.fields).toMatchObject({ dueOn: 'console:errors.taskDueDate' })
    const afterStart = await staff(manager, 'saveExhibitorTask', customTask({ dueOn: '2027-05-02' }))
    expect(afterStart.status).toBe(400)
    expect(afterStart.body.data.fields).toMatchObject({ dueOn: 'console:errors.taskDueAfterStart' })
    const untitled = await staff(
      manager,
      'saveExhibitorTask',
      customTask({ texts: { en: { title: 'Read', instructions: '' }, ja: { title: '', instructions: '手順' } } }),
    )
    expect(untitled.body.data.fields).toMatchObject({ 'texts.ja.title': 'console:errors.taskTitleMissing' })
    const badOrder = await staff(manager, 'reorderExhibitorTasks', { exhibitionId: expo, ids: [123] })
    expect(badOrder.status).toBe(409)
    const count = await db.query<{ count: number }>('select count(*)::int as count from exhibitor_tasks')
    expect(count.rows[0]?.count).toBe(0)
    expect(await audits('console$saveExhibitorTask')).toEqual([])
  })

  it('when support opens the checklist, then it reads it but changes nothing; an editor may not even read it', async () => {
    const task = await addTask()
    expect((await staff(support, 'exhibitorTaskBoard', { exhibitionId: expo })).status).toBe(200)
    expect((await staff(support, 'saveExhibitorTask', customTask())).status).toBe(403)
    expect((await staff(support, 'deleteExhibitorTask', { exhibitionId: expo, id: task.id, version: task.version })).status).toBe(403)
    expect((await staff(editor, 'exhibitorTaskBoard', { exhibitionId: expo })).status).toBe(403)
  })

  it('when a manager works on other exhibitions only, then this exhibition has no checklist for them', async () => {
    const other = await addExhibition(db, { titles: { en: 'Dubai Traders Fair' } })
    const limited = await setUpMember(app, db, ['manager'])
    await db.query('update staff_members set exhibition_ids = $2 where id = $1', [limited.id, [other]])
    expect((await staff(limited, 'exhibitorTaskBoard', { exhibitionId: expo })).status).toBe(404)
    expect((await staff(limited, 'saveExhibitorTask', customTask())).status).toBe(404)
  })
})

describe('the exhibitor area checklist', () => {
  it('when tasks are set, then each shows its state; an admin confirms a custom one, staff may not', async () => {
    const acme = await exhibitor('Acme Markets')
    const custom = await addTask()
    const logo = await addTask({ kind: 'logo', dueOn: '2027-03-31', texts: { en: { title: 'Upload your logo', instructions: '' } } })
    // A past day can only be set while editing an older task: put one in place directly.
    await db.query("update exhibitor_tasks set due_on = '2027-03-31' where id = $1", [logo.id])

    const read = await area(acme.member, 'exhibitor$checklist', { exhibitorId: acme.exhibitorId }, 'zh-cn')
    expect(read.status).toBe(200)
    expect(read.body.data.today).toBe('2027-04-01')
    expect(read.body.data.tasks).toMatchObject([
      {
        id: custom.id,
        title: '阅读参展商手册',
        textLocale: 'zh-cn',
        // Translated without them, the title keeps the English instructions.
        instructions: 'Stand build-up rules are on page 4.',
        instructionsLocale: 'en',
        state: 'due',
        confirmedAt: null,
      },
      { id: logo.id, title: 'Upload your logo', textLocale: 'en', state: 'overdue' },
    ])

    const refused = await area(acme.member, 'exhibitor$confirmTask', { exhibitorId: acme.exhibitorId, taskId: custom.id })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('exhibitor:errors.adminsOnly')
    const automatic = await area(acme.admin, 'exhibitor$confirmTask', { exhibitorId: acme.exhibitorId, taskId: logo.id })
    expect(automatic.status).toBe(400)
    expect(automatic.body.data.fields).toMatchObject({ taskId: 'exhibitor:errors.taskAutomatic' })

    const confirmed = await area(acme.admin, 'exhibitor$confirmTask', { exhibitorId: acme.exhibitorId, taskId: custom.id })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.data.tasks[0]).toMatchObject({ state: 'done', confirmedAt: '2027-04-01T03:00:00.000Z' })
    setMoment('2027-04-01T03:05:00Z')
    const again = await area(acme.admin, 'exhibitor$confirmTask', { exhibitorId: acme.exhibitorId, taskId: custom.id })
    expect(again.body.data.tasks[0].confirmedAt).toBe('2027-04-01T03:00:00.000Z')

    // The logo makes its task done by itself.
    await db.query(
      "insert into media_items (id, kind, src, width, height, storage_keys, name, bytes) values ('0123456789abcdef0123456789abcdef', 'image', '/media/0123456789abcdef0123456789abcdef/200x100/200.png', 200, 100, '{}', 'logo.png', 10)",
    )
    await db.query("update exhibitor_companies set logo_media_id = '0123456789abcdef0123456789abcdef' where id = $1", [acme.companyId])
    const states = await staff(support, 'exhibitorTaskStates', { exhibitorId: acme.exhibitorId })
    expect(states.status).toBe(200)
    expect(states.body.data.tasks).toMatchObject([
      { id: custom.id, state: 'done', confirmedBy: 'Tester' },
      { id: logo.id, state: 'done', confirmedBy: null },
    ])
    const board = await staff(manager, 'exhibitorTaskBoard', { exhibitionId: expo })
    expect(board.body.data).toMatchObject({
      exhibitors: 1,
      tasks: [
        { done: 1, overdue: 0 },
        { done: 1, overdue: 0 },
      ],
    })
  })

  it('when tasks are set, then the exhibitors list counts each one done and overdue, and the export has the columns', async () => {
    const acme = await exhibitor('Acme Markets')
    await exhibitor('Late Markets')
    const custom = await addTask()
    const logo = await addTask({ kind: 'logo', texts: { en: { title: 'Upload your logo', instructions: '' } } })
    await db.query("update exhibitor_tasks set due_on = '2027-03-31' where id = $1", [logo.id])
    await area(acme.admin, 'exhibitor$confirmTask', { exhibitorId: acme.exhibitorId, taskId: custom.id }).expect(200)
    const list = await staff(support, 'exhibitorList', { exhibitionId: expo })
    expect(list.status).toBe(200)
    const rows = list.body.data.rows as Array<{ name: string; tasks: unknown }>
    expect(rows.map((row) => [row.name, row.tasks])).toEqual([
      ['Acme Markets', { done: 1, total: 2, overdue: 1 }],
      ['Late Markets', { done: 0, total: 2, overdue: 1 }],
    ])
    const exported = await downloadAs(app, support, { exhibition: expo, kind: 'exhibitors', format: 'csv' })
    expect(exported.status).toBe(200)
    const [header, first] = exported.text.replace(/^\uFEFF/, '').split('\r\n')
    const columns = (header ?? '').split(',')
    const cells = (first ?? '').split(',')
    // The last columns (the gaps before them are quoted and hold commas): the tasks, the passes, then the application.
    expect(columns.slice(-6)).toEqual(['Tasks done', 'Tasks', 'Tasks overdue', 'Passes named', 'Pass allowance', 'Application'])
    expect(cells.slice(-6)).toEqual(['1', '2', '1', '0', '0', ''])
  })

  it('when someone outside the team asks, then the exhibitor does not exist for them', async () => {
    const acme = await exhibitor('Acme Markets')
    const task = await addTask()
    const stranger = await userToken(db, platform)
    expect((await area(stranger, 'exhibitor$checklist', { exhibitorId: acme.exhibitorId })).status).toBe(404)
    expect((await area(stranger, 'exhibitor$confirmTask', { exhibitorId: acme.exhibitorId, taskId: task.id })).status).toBe(404)
  })

  it('when the admin who confirmed a task is erased, then the fact stays and the person goes', async () => {
    const acme = await exhibitor('Acme Markets')
    const task = await addTask()
    await area(acme.admin, 'exhibitor$confirmTask', { exhibitorId: acme.exhibitorId, taskId: task.id }).expect(200)
    await db.query('delete from accounts where id = $1', [acme.admin.userId])
    const row = await db.query<{ confirmed_by: string | null }>('select confirmed_by from exhibitor_task_confirmations')
    expect(row.rows).toEqual([{ confirmed_by: null }])
    const read = await area(acme.member, 'exhibitor$checklist', { exhibitorId: acme.exhibitorId })
    expect(read.body.data.tasks[0].state).toBe('done')
  })
})

describe('the reminders', () => {
  it('when a task is 7 days and then 1 day away, then each admin gets each reminder once, in their own language', async () => {
    const acme = await exhibitor('Acme Markets', { adminLocale: 'zh-cn' })
    const english = await userToken(db, platform)
    await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'admin')", [acme.exhibitorId, english.userId])
    await addTask({ dueOn: '2027-04-20' })

    setMoment('2027-04-12T16:59:00Z') // 23:59 on 12 April in Bangkok: eight days left, no reminder yet.
    expect(await sendTaskReminders(platform)).toBe(0)
    setMoment('2027-04-12T17:00:00Z') // 00:00 on 13 April in Bangkok: seven days left.
    expect(await sendTaskReminders(platform)).toBe(1)
    expect(await sendTaskReminders(platform)).toBe(0)
    const week = await mails()
    expect(week.map((mail) => mail.to_address).sort()).toEqual([acme.admin.email, english.email].sort())
    const chinese = week.find((mail) => mail.to_address === acme.admin.email)
    expect(chinese?.subject).toContain('阅读参展商手册')
    expect(chinese?.text_body).toContain(`/zh-cn/exhibitor.html?id=${acme.exhibitorId}#checklist`)
    expect(week.find((mail) => mail.to_address === english.email)?.subject).toContain('Read the exhibitor manual')
    // The staff member is not mailed.
    expect(week.some((mail) => mail.to_address === acme.member.email)).toBe(false)

    setMoment('2027-04-19T03:00:00Z')
    expect(await sendTaskReminders(platform)).toBe(1)
    setMoment('2027-04-20T03:00:00Z')
    expect(await sendTaskReminders(platform)).toBe(0)
    expect(await mails()).toHaveLength(4)
    const log = await db.query<{ kind: string }>('select kind from exhibitor_task_reminders order by kind')
    expect(log.rows.map((row) => row.kind)).toEqual(['day', 'week'])
  })

  it('when the task is done, or its day has passed, then no reminder goes', async () => {
    const done = await exhibitor('Done Markets')
    const late = await exhibitor('Late Markets')
    const task = await addTask({ dueOn: '2027-04-05' })
    await area(done.admin, 'exhibitor$confirmTask', { exhibitorId: done.exhibitorId, taskId: task.id }).expect(200)
    setMoment('2027-04-06T03:00:00Z')
    expect(await sendTaskReminders(platform)).toBe(0)
    expect(await mails()).toEqual([])
    setMoment('2027-04-04T03:00:00Z')
    expect(await sendTaskReminders(platform)).toBe(1)
    expect((await mails()).map((mail) => mail.to_address)).toEqual([late.admin.email])
  })

  it('when the exhibitor is withdrawn, then its admins get no reminder', async () => {
    const acme = await exhibitor('Acme Markets')
    await addTask({ dueOn: '2027-04-05' })
    await db.query("update exhibitors set status = 'withdrawn' where id = $1", [acme.exhibitorId])
    expect(await sendTaskReminders(platform)).toBe(0)
  })

  describe.runIf(process.env.TEST_DATABASE_URL)('two instances at once (PostgreSQL only: PGlite cannot race)', () => {
    // The pool gives each run its own connection, as two instances would have.
    it('when two instances run the job together, then each reminder is mailed once', async () => {
      const acme = await exhibitor('Acme Markets')
      await addTask({ dueOn: '2027-04-05' })
      const sent = await Promise.all([sendTaskReminders(platform), sendTaskReminders(platform), sendTaskReminders(platform)])
      expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1)
      expect((await mails()).map((mail) => mail.to_address)).toEqual([acme.admin.email])
    })
  })
})
