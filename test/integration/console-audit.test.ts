import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, consoleCall, later, setMoment, setUpMember, someStaffEmail, staffCli } from './console-helpers.ts'

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

beforeEach(async () => {
  await resetDatabase(db)
  setMoment('2027-06-02T10:00:00Z')
})

afterEach(() => {
  vi.useRealTimers()
})

const auditCount = async () => (await db.query<{ n: number }>('select count(*)::int as n from staff_audit')).rows[0]?.n ?? 0

describe('the audit log', () => {
  it('when a staff member changes something, then the log says who, what, before and after, when and from where', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    const member = await setUpMember(app, db, ['support'])
    later(60)
    await consoleCall(app, 'updateMember', { id: member.id, roles: ['support', 'checkin'], exhibitionIds: [4] }, { cookie: owner.cookie, ip: '198.51.100.7' })
    const page = await consoleCall(app, 'auditList', { function: 'console$updateMember' }, { cookie: owner.cookie })
    const ownerName = (await db.query<{ name: string }>('select name from staff_members where id = $1', [owner.id])).rows[0]?.name
    expect(page.body.data.total).toBe(1)
    expect(page.body.data.rows[0]).toMatchObject({
      at: '2027-06-02T10:01:00.000Z',
      // The name too: the log reads "<name> changed the roles of …".
      staff: { id: owner.id, email: owner.email, name: ownerName },
      function: 'console$updateMember',
      target: `staff:${member.id}`,
      before: { roles: ['support'], exhibitionIds: null, status: 'active' },
      after: { roles: ['support', 'checkin'], exhibitionIds: [4], status: 'active' },
      address: '198.51.100.7',
    })
    // Secrets never reach the log.
    expect(JSON.stringify(page.body.data.rows)).not.toMatch(/password|totp|secret/i)
  })

  it('when the command line changes something, then the row has no staff member', async () => {
    await staffCli(db, 'add', someStaffEmail(), '--role', 'owner')
    const rows = (await db.query<{ staff_id: string | null; function: string }>('select staff_id, function from staff_audit')).rows
    expect(rows).toEqual([{ staff_id: null, function: 'cli:add' }])
  })

  it('when a change fails after its audit record was written, then neither the change nor the record stays', async () => {
    const before = await auditCount()
    await expect(
      db.transaction(async (tx) => {
        await tx.query("update staff_members set name = 'changed'")
        await platform.services.staff.audit(
          tx,
          { staffId: null, address: null },
          { function: 'test$change', target: null, before: null, after: { name: 'changed' } },
        )
        throw new Error('the change fails after the audit call')
      }),
    ).rejects.toThrow('the change fails')
    expect(await auditCount()).toBe(before)
    // A real one: inviting an address that exists fails inside the transaction and leaves no row.
    const owner = await setUpMember(app, db, ['owner'])
    const rows = await auditCount()
    expect((await consoleCall(app, 'invite', { email: owner.email, name: 'Again', roles: ['editor'] }, { cookie: owner.cookie })).status).toBe(409)
    expect(await auditCount()).toBe(rows)
  })

  it('when anyone tries to change or remove a record, then the database refuses', async () => {
    await staffCli(db, 'add', someStaffEmail(), '--role', 'owner')
    await expect(db.query("update staff_audit set function = 'forged'")).rejects.toThrow(/cannot be changed/)
    await expect(db.query('delete from staff_audit')).rejects.toThrow(/cannot be changed/)
    expect(await auditCount()).toBe(1)
  })

  it('when the log is filtered and paged, then the server answers only that page and the total', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    for (let index = 0; index < 7; index++) {
      later(60)
      await consoleCall(app, 'setLanguage', { language: index % 2 ? 'zh' : 'zh-cn' }, { cookie: owner.cookie })
    }
    const first = await consoleCall(app, 'auditList', { page: 1, pageSize: 3, function: 'console$setLanguage' }, { cookie: owner.cookie })
    expect(first.body.data.total).toBe(7)
    expect(first.body.data.rows).toHaveLength(3)
    const last = await consoleCall(app, 'auditList', { page: 3, pageSize: 3, function: 'console$setLanguage' }, { cookie: owner.cookie })
    expect(last.body.data.rows).toHaveLength(1)
    expect(last.body.data.rows[0].after).toEqual({ language: 'zh-cn' })
    const ats = first.body.data.rows.map((row: { at: string }) => row.at)
    expect([...ats].sort().reverse()).toEqual(ats)

    const window = await consoleCall(
      app,
      'auditList',
      { from: '2027-06-02T10:02:00Z', to: '2027-06-02T10:04:00Z', staffId: owner.id, target: `staff:${owner.id}` },
      { cookie: owner.cookie },
    )
    expect(window.body.data.total).toBe(2)
    const nobody = await consoleCall(app, 'auditList', { function: 'console$invite' }, { cookie: owner.cookie })
    expect(nobody.body.data).toEqual({ rows: [], total: 0 })
    const bad = await consoleCall(app, 'auditList', { pageSize: 1000 }, { cookie: owner.cookie })
    expect(bad.status).toBe(400)
  })
})
