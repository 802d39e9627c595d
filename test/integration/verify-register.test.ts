import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const dataDir = mkdtempSync(join(tmpdir(), 'verify-register-'))
const run = (...args: string[]) => {
  const { TEST_DATABASE_URL: _unused, DATABASE_URL: _alsoUnused, ...env } = process.env
  const result = spawnSync(process.execPath, ['scripts/verify-register.ts', ...args], {
    env: { ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    encoding: 'utf8',
  })
  return { status: result.status, out: result.stdout, err: result.stderr }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('npm run verify (the organiser CLI)', () => {
  // Each step is a fresh process that opens (and the first time migrates and seeds) an embedded database: seconds each on a busy machine.
  it('when channels and documents are added, retired and listed, then the register shows them in its own form', () => {
    expect(run('add', 'phone', '0044 (0)20 7946 0000', '--purpose', 'general', '--since', '2019-05-01', '--public')).toMatchObject({
      status: 0,
      out: expect.stringContaining('Added phone +44 20 7946 0000'),
    })
    expect(run('add', 'telegram', 'https://t.me/AurumExpo', '--purpose', 'community', '--since', '2020-06-01').out).toContain('Added telegram @AurumExpo')
    expect(run('add', 'telegram', '@aurumexpo', '--purpose', 'support', '--since', '2020-06-01').out).toContain('Updated telegram')
    const registered = run(
      'document',
      'test/fixtures/verify/official-agreement.pdf',
      '--title',
      'Exhibitor Agreement',
      '--issued-to',
      'Example Ltd',
      '--issued-on',
      '2026-02-03',
      '--shown-to',
      'parties',
    )
    expect(registered.out).toContain('b8559c1d9eee7976d0ee7cf8e7885b14cab15f5aae2b862c49ef79f9712c397f')
    expect(run('retire', 'phone', '+442079460000', '--on', '2025-01-01').out).toContain('Retired phone +44 20 7946 0000 on 2025-01-01')
    const list = run('list').out
    expect(list).toContain('2025-01-01')
    expect(list).toContain("'support'")
    expect(run('documents').out).toContain('Exhibitor Agreement')
  }, 180_000)

  it('when a value is wrong, then the CLI refuses it with a readable reason and exit code 1', () => {
    expect(run('add', 'usdtTrc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', '--purpose', 'payments', '--since', '2024-01-01')).toMatchObject({
      status: 1,
      err: expect.stringContaining('checksum'),
    })
    expect(run('add', 'phone', '020 7946 0000', '--purpose', 'general', '--since', '2019-05-01').err).toContain('country code')
    expect(
      run('document', 'test/fixtures/verify/image-renamed.pdf', '--title', 't', '--issued-to', 'x', '--issued-on', '2026-01-01', '--shown-to', 'anyone').err,
    ).toContain('is not a PDF')
    expect(run('frobnicate')).toMatchObject({ status: 1, err: expect.stringContaining('unknown command') })
  }, 180_000)
})
