import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { type App, consoleCall, setMoment, setUpMember, staffCli, tokenOfLink } from './console-helpers.ts'

let app: App
let db: Database

beforeAll(async () => {
  ;({ app, db } = await createTestApp())
})

beforeEach(async () => {
  await resetDatabase(db)
  setMoment('2027-07-01T12:00:00Z')
})

afterEach(() => {
  vi.useRealTimers()
})

describe('npm run staff', () => {
  it('when there are no staff yet, then list says how to add the first owner', async () => {
    expect(await staffCli(db, 'list')).toMatchObject({ code: 0, out: expect.stringContaining('npm run staff -- add EMAIL --role owner') })
  })

  it('when a member is added, listed, reset and disabled, then each step says what it did', async () => {
    const added = await staffCli(db, 'add', 'desk@example.org', '--role', 'checkin', '--role', 'support', '--name', 'Front Desk')
    expect(added.code).toBe(0)
    expect(added.err).toContain('Added desk@example.org (checkin, support).')
    const list = await staffCli(db, 'list')
    expect(list.out).toContain('desk@example.org\tFront Desk\tcheckin,support\tinvited\tnever')

    // A lost phone: the same command gives a new link; the old one stops working.
    const reset = await staffCli(db, 'add', 'desk@example.org', '--role', 'owner')
    expect(reset.code).toBe(0)
    expect(reset.err).toContain('exists: this link sets a new password and second factor')
    expect(reset.err).toContain('Roles of an existing member are changed in the console')
    expect((await consoleCall(app, 'setupInfo', { token: tokenOfLink(added.out) })).status).toBe(410)
    expect((await consoleCall(app, 'setupInfo', { token: tokenOfLink(reset.out) })).status).toBe(200)
    expect((await db.query<{ roles: string[] }>("select roles from staff_members where email = 'desk@example.org'")).rows[0]?.roles).toEqual([
      'checkin',
      'support',
    ])

    expect(await staffCli(db, 'disable', 'DESK@example.org')).toMatchObject({ code: 0, out: 'desk@example.org is disabled; their sessions have ended.' })
    expect((await consoleCall(app, 'setupInfo', { token: tokenOfLink(reset.out) })).status).toBe(410)
    expect((await staffCli(db, 'disable', 'desk@example.org')).code).toBe(1)
  })

  it('when the last active owner would be disabled, then the command refuses', async () => {
    const owner = await setUpMember(app, db, ['owner'])
    const refused = await staffCli(db, 'disable', owner.email)
    expect(refused.code).toBe(1)
    expect(refused.err).toContain('last active owner')
  })

  it('when the input is wrong, then it says what is wrong and shows the usage', async () => {
    for (const args of [
      ['add', 'not-an-address', '--role', 'owner'],
      ['add', 'new@example.org'],
      ['add', 'new@example.org', '--role', 'boss'],
      ['explode'],
      ['add', 'a@example.org', '--colour', 'red'],
    ]) {
      const result = await staffCli(db, ...args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.err, args.join(' ')).toContain('Usage:')
    }
    expect((await staffCli(db, 'disable', 'nobody@example.org')).err).toBe('No staff member with the e-mail address nobody@example.org')
  })
})
