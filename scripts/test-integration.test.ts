import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { engineIndependentFiles } from './test-integration.ts'

describe('which integration files run on PGlite only', () => {
  it('when a file never opens the test database, then it runs once; when it makes an app or reads TEST_DATABASE_URL, then on both', () => {
    const directory = mkdtempSync(join(tmpdir(), 'integration-files-'))
    writeFileSync(join(directory, 'spawns.test.ts'), "import { startServer } from './server-process.ts'\n")
    writeFileSync(join(directory, 'app.test.ts'), "import { createTestApp } from '../setup/test-app.ts'\n")
    writeFileSync(join(directory, 'race.test.ts'), 'it.runIf(process.env.TEST_DATABASE_URL)("races", () => {})\n')
    writeFileSync(join(directory, 'helper.ts'), 'export const x = 1\n')
    expect(engineIndependentFiles(directory)).toEqual([join(directory, 'spawns.test.ts')])
  })

  it('when the repository is read, then the boot and shutdown tests are the ones that run once', () => {
    expect(engineIndependentFiles()).toEqual(['test/integration/boot.test.ts', 'test/integration/shutdown.test.ts'])
  })
})
