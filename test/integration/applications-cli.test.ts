import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { runApplicationsCli } from '../../server/platform/applications/applications.cli.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { addExhibition, attendeeBody, call, exhibitorBody, visitorToken } from './applications-helpers.ts'

let app: Awaited<ReturnType<typeof createTestApp>>['app']
let db: Database
let token: string
const folder = mkdtempSync(join(tmpdir(), 'applications-cli-'))

beforeAll(async () => {
  ;({ app, db } = await createTestApp())
  token = await visitorToken(app)
})

beforeEach(async () => {
  await resetDatabase(db)
})

afterAll(() => rmSync(folder, { recursive: true, force: true }))

const MAIL = { brand: 'Aurum Expo', contactEmail: 'contact@aurum-expo.example', publicOrigin: 'http://localhost:3000' }

async function cli(...args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runApplicationsCli(args, db, { out: (text) => out.push(text), err: (text) => err.push(text) }, MAIL)
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('npm run applications (the organiser)', () => {
  it('when the database has no applications, then list and export work and say so', async () => {
    const list = await cli('list')
    expect(list).toMatchObject({ code: 0, out: 'No applications match.' })
    const exported = await cli('export')
    expect(exported.code).toBe(0)
    expect(exported.out.split('\r\n').filter(Boolean)).toHaveLength(1)
    expect(exported.out.startsWith('\ufeffReference,Submitted (UTC),')).toBe(true)
  })

  it('when applications exist, then filters by kind, exhibition, status, date and text select them', async () => {
    const bangkok = await addExhibition(db, { slug: 'bangkok-2026' })
    const dubai = await addExhibition(db, { slug: 'dubai-2026', titles: { en: 'Dubai Expo' } })
    const exhibitor = await call(app, 'apply$submitExhibitor', exhibitorBody(bangkok, { companyName: 'Findable Capital' }), { token })
    await call(app, 'apply$submitAttendee', attendeeBody(bangkok), { token })
    await call(app, 'apply$submitAttendee', attendeeBody(dubai), { token })
    const reference = exhibitor.body.data.reference as string

    expect((await cli('list')).err).toBe('3 application(s)')
    expect((await cli('list', '--kind', 'attendee')).err).toBe('2 application(s)')
    expect((await cli('list', '--exhibition', 'dubai-2026')).err).toBe('1 application(s)')
    expect((await cli('list', '--exhibition', String(bangkok))).err).toBe('2 application(s)')
    const search = await cli('list', '--search', 'findable')
    expect(search.err).toBe('1 application(s)')
    expect(search.out).toContain(reference)
    expect(search.out).toContain('Findable Capital')
    // A LIKE wildcard is searched for literally.
    expect((await cli('list', '--search', '%')).err).toBe('0 application(s)')
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    expect((await cli('list', '--since', tomorrow)).err).toBe('0 application(s)')
    expect((await cli('list', '--until', tomorrow)).err).toBe('3 application(s)')

    expect(await cli('status', reference, 'accepted')).toMatchObject({ code: 0 })
    expect((await cli('list', '--status', 'accepted')).out).toContain(reference)
    expect((await cli('status', 'EX-00000000', 'accepted')).code).toBe(1)
    // The console's rules: a withdrawn application stays withdrawn, and the applicant hears of each decision.
    expect(await cli('status', reference, 'withdrawn', '--note', 'As you asked.')).toMatchObject({ code: 0 })
    expect(await cli('status', reference, 'accepted')).toMatchObject({ code: 1, err: expect.stringContaining(reference) })
    const mails = await db.query<{ subject: string }>("select subject from mail_outbox where subject like '%' || $1 || '%' order by id", [reference])
    expect(mails.rows.length).toBe(3)
    const audited = await db.query<{ function: string; after: unknown }>(
      "select function, after from staff_audit where target = 'application:' || $1 order by id",
      [reference],
    )
    expect(audited.rows).toEqual([
      { function: 'cli:applications-status', after: { status: 'accepted', applicantNote: null } },
      { function: 'cli:applications-status', after: { status: 'withdrawn', applicantNote: 'As you asked.' } },
    ])
  })

  it('when options are wrong, then a usage message and exit code 2, nothing else', async () => {
    for (const args of [
      ['list', '--kind', 'boss'],
      ['list', '--since', 'yesterday'],
      ['list', '--limit', '-1'],
      ['list', '--bogus'],
      ['drop'],
      ['status', 'x'],
    ]) {
      const result = await cli(...args)
      expect(result.code, args.join(' ')).toBe(2)
      expect(result.err).toContain('Usage:')
    }
  })

  it('when applicants typed formulas, then the CSV shows them as text and the terminal shows no escape codes', async () => {
    const id = await addExhibition(db)
    await call(
      app,
      'apply$submitExhibitor',
      exhibitorBody(id, { companyName: `=HYPERLINK("http://evil.example","Click")`, contactPerson: "@SUM(1+1)*cmd|' /C calc'!A0", website: '' }),
      { token },
    )
    await call(app, 'apply$submitAttendee', attendeeBody(id, { surname: '+1+1', givenName: '-2+3', position: 'Trader, "senior"' }), { token })
    const file = join(folder, 'applications.csv')
    const exported = await cli('export', '--out', file)
    expect(exported.code).toBe(0)
    const csv = readFileSync(file, 'utf8')
    expect(statSync(file).mode & 0o077).toBe(0)
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`)
    expect(csv).toContain(`,'@SUM(1+1)*cmd|' /C calc'!A0,`)
    expect(csv).toContain(`,'+1+1,`)
    expect(csv).toContain(`,'-2+3,`)
    expect(csv).toContain(`"Trader, ""senior"""`)
    // E.164 phone numbers start with + and are defused too; a spreadsheet still shows them whole.
    expect(csv).toContain(`,'+447400123456,`)
    // No cell starts with a formula character (cells read as RFC 4180 says).
    const cells = [...csv.replace(/^\ufeff/, '').matchAll(/(?:^|,|\r\n)("(?:[^"]|"")*"|[^,\r\n]*)/g)].map((match) =>
      (match[1] ?? '').replace(/^"([\s\S]*)"$/, '$1').replaceAll('""', '"'),
    )
    expect(cells.length).toBeGreaterThan(40)
    for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/)
  })
})
