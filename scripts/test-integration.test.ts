import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { EMBEDDED_ENGINE_FILES, embeddedPassFiles, engineIndependentFiles } from './test-integration.ts'

describe('which integration files run on which engine', () => {
  it('when a file never opens the test database, then it runs once; when it makes an app or reads TEST_DATABASE_URL, then on both', () => {
    const directory = mkdtempSync(join(tmpdir(), 'integration-files-'))
    writeFileSync(join(directory, 'spawns.test.ts'), "import { startServer } from './server-process.ts'\n")
    writeFileSync(join(directory, 'app.test.ts'), "import { createTestApp } from '../setup/test-app.ts'\n")
    writeFileSync(join(directory, 'race.test.ts'), 'it.runIf(process.env.TEST_DATABASE_URL)("races", () => {})\n')
    writeFileSync(join(directory, 'helper.ts'), 'export const x = 1\n')
    expect(engineIndependentFiles(directory)).toEqual([join(directory, 'spawns.test.ts')])
  })

  it('when PostgreSQL runs the suite, then PGlite runs the files of no engine, the files with tests skipped on PostgreSQL, and the embedded engine’s own', () => {
    const directory = mkdtempSync(join(tmpdir(), 'integration-files-'))
    writeFileSync(join(directory, 'spawns.test.ts'), "import { startServer } from './server-process.ts'\n")
    writeFileSync(join(directory, 'app.test.ts'), "import { createTestApp } from '../setup/test-app.ts'\n")
    writeFileSync(
      join(directory, 'cli.test.ts'),
      "import { testDatabase } from '../setup/test-app.ts'\nit.skipIf(Boolean(process.env.TEST_DATABASE_URL))('as a process', () => {})\n",
    )
    writeFileSync(join(directory, 'database-copy.test.ts'), "import { testDatabase } from '../setup/test-app.ts'\n")
    expect(embeddedPassFiles(directory).sort()).toEqual(['cli.test.ts', 'database-copy.test.ts', 'spawns.test.ts'].map((name) => join(directory, name)))
  })

  it('when the repository is read, then the boot, shutdown and command-line process tests run once, the commands in-process on PostgreSQL, and every embedded-engine file named exists', () => {
    expect(engineIndependentFiles()).toEqual(['test/integration/boot.test.ts', 'test/integration/cli-processes.test.ts', 'test/integration/shutdown.test.ts'])
    const embedded = embeddedPassFiles()
    for (const name of EMBEDDED_ENGINE_FILES) expect(embedded).toContain(`test/integration/${name}`)
    for (const cli of ['applications-cli', 'console-cli', 'verify-register']) expect(embedded).not.toContain(`test/integration/${cli}.test.ts`)
  })
})
