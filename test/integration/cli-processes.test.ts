import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migratedDataDir } from './server-process.ts'

/**
 * The organiser's command lines as their own processes, each on an embedded database of its own, as
 * a person runs them from the README. Their commands are tested in-process on the test's database
 * (applications-cli, console-cli and verify-register.test.ts); here, once each, that the scripts open
 * a data directory (migrating and seeding a new one), print and exit as they should. A new embedded
 * database costs its first opening several seconds (its cluster made, then migrated): the verification
 * command opens one new, the others a copy of one migrated here. This file never opens the test's
 * database, so it runs in one pass (scripts/test-integration.ts).
 */
const ROOT = new URL('../../', import.meta.url).pathname
const run = promisify(execFile)
const folder = mkdtempSync(join(tmpdir(), 'cli-processes-'))
let migrated: string
beforeAll(async () => {
  migrated = await migratedDataDir()
}, 180_000)
afterAll(() => {
  rmSync(folder, { recursive: true, force: true })
  rmSync(migrated, { recursive: true, force: true })
})

/**
 * The environment of a command run on an embedded database of its own (no server's URL inherited: empty
 * is unset), in a new data directory or in a copy of the migrated one.
 */
function ownDatabase(name: string, options: { migrated?: boolean; env?: Record<string, string> } = {}): NodeJS.ProcessEnv {
  const dataDir = join(folder, name)
  if (options.migrated) cpSync(migrated, dataDir, { recursive: true })
  return { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env }
}

describe('the command lines as processes', { timeout: 180_000 }, () => {
  it('when npm run staff -- add runs on an embedded database with no staff, then the first owner gets a link and is listed', async () => {
    const env = ownDatabase('staff', { migrated: true, env: { PUBLIC_ORIGIN: 'https://expo.example.org' } })
    // Through npm as the README says: the browser tests add their staff with the same function in the site's process.
    const added = await run('npm', ['run', '--silent', 'staff', '--', 'add', 'first@example.org', '--role', 'owner'], { env, cwd: ROOT })
    expect(added.stdout.trim()).toMatch(/^https:\/\/expo\.example\.org\/console\/setup\/[A-Za-z0-9_-]{43}$/)
    const listed = await run(process.execPath, ['scripts/staff.ts', 'list'], { env, cwd: ROOT })
    expect(listed.stdout).toContain('first@example.org\t-\towner\tinvited\tnever')
  })

  it('when the staff command runs with a bad configuration, then it names the variable and exits 1', async () => {
    const failure = await run(process.execPath, ['scripts/staff.ts', 'list'], { env: { ...process.env, PORT: 'not-a-port' }, cwd: ROOT }).catch(
      (error: unknown) => error,
    )
    expect((failure as { code?: number }).code).toBe(1)
    expect((failure as { stderr?: string }).stderr).toContain('PORT')
  })

  it('when npm run applications -- list runs on an empty embedded database, then it lists nothing and exits 0', async () => {
    const { stdout, stderr } = await run(process.execPath, ['scripts/applications.ts', 'list'], {
      env: ownDatabase('applications', { migrated: true }),
      cwd: ROOT,
    })
    expect(stdout.trim()).toBe('No applications match.')
    expect(stderr.trim()).toBe('0 application(s)')
  })

  it('when npm run verify -- add adds a channel on a new data directory, then the process prints it and exits 0', async () => {
    const result = await run(
      process.execPath,
      ['scripts/verify-register.ts', 'add', 'phone', '+44 20 7946 0000', '--purpose', 'general', '--since', '2019-05-01'],
      { env: ownDatabase('verify', { env: { NODE_ENV: 'test' } }), cwd: ROOT },
    )
    expect(result.stderr).toBe('')
    expect(result.stdout).toContain('phone +44 20 7946 0000')
  })
})
