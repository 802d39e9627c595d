import { beforeAll, describe, expect, it } from 'vitest'
import type { Platform } from '../../server/platform/platform.ts'
import { runRegisterCli } from '../../server/platform/verification/register.cli.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'

let platform: Platform
let changes = 0

beforeAll(async () => {
  ;({ platform } = await createTestApp({ domains: ['site', 'verification'] }))
  await resetDatabase(platform.db)
})

/** The CLI on this file's database, as `npm run verify -- …` runs it on the site's. */
async function run(...args: string[]) {
  let out = ''
  let err = ''
  const status = await runRegisterCli(
    args,
    async () => ({
      service: platform.services.verification,
      changed: () => {
        changes += 1
      },
    }),
    { out: (text) => (out += `${text}\n`), err: (text) => (err += `${text}\n`) },
  )
  return { status, out, err }
}

describe('npm run verify (the organiser CLI)', () => {
  it('when channels and documents are added, retired and listed, then the register shows them in its own form, and a running site is told of each change', async () => {
    expect(await run('add', 'phone', '0044 (0)20 7946 0000', '--purpose', 'general', '--since', '2019-05-01', '--public')).toMatchObject({
      status: 0,
      out: expect.stringContaining('Added phone +44 20 7946 0000'),
    })
    expect((await run('add', 'telegram', 'https://t.me/AurumExpo', '--purpose', 'community', '--since', '2020-06-01')).out).toContain(
      'Added telegram @AurumExpo',
    )
    expect((await run('add', 'telegram', '@aurumexpo', '--purpose', 'support', '--since', '2020-06-01')).out).toContain('Updated telegram')
    const registered = await run(
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
    expect((await run('retire', 'phone', '+442079460000', '--on', '2025-01-01')).out).toContain('Retired phone +44 20 7946 0000 on 2025-01-01')
    const changed = changes
    const list = (await run('list')).out
    expect(list).toContain('2025-01-01')
    expect(list).toContain("'support'")
    expect((await run('documents')).out).toContain('Exhibitor Agreement')
    expect(changes).toBe(changed)
    expect(changed).toBe(5)
  })

  it('when a value is wrong, then the CLI refuses it with a readable reason and exit code 1; a command it does not know, with the usage', async () => {
    expect(await run('add', 'usdtTrc20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', '--purpose', 'payments', '--since', '2024-01-01')).toMatchObject({
      status: 1,
      err: expect.stringContaining('checksum'),
    })
    expect((await run('add', 'phone', '020 7946 0000', '--purpose', 'general', '--since', '2019-05-01')).err).toContain('country code')
    expect(
      (await run('document', 'test/fixtures/verify/image-renamed.pdf', '--title', 't', '--issued-to', 'x', '--issued-on', '2026-01-01', '--shown-to', 'anyone'))
        .err,
    ).toContain('is not a PDF')
    expect(
      await run('document', 'test/fixtures/verify/no-such.pdf', '--title', 't', '--issued-to', 'x', '--issued-on', '2026-01-01', '--shown-to', 'anyone'),
    ).toMatchObject({
      status: 1,
      err: expect.stringContaining('No such file'),
    })
    expect(await run('frobnicate')).toMatchObject({ status: 1, err: expect.stringContaining('unknown command') })
    expect(await run('list', '--colour')).toMatchObject({ status: 2, err: expect.stringContaining('Usage: npm run verify') })
    expect(await run()).toMatchObject({ status: 2, out: expect.stringContaining('Usage: npm run verify') })
  })
})
