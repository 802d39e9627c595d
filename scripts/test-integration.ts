// Runs the integration suite on the embedded PGlite, or, when TEST_DATABASE_URL names a real
// PostgreSQL (.ci/run sets it when a server is reachable), on that PostgreSQL with the files about the
// embedded engine itself on PGlite beside it, and says which ran (docs/CONVENTIONS.md#tests).
//
// The application's code does not depend on the engine: its SQL runs on both, and the one trap of the
// embedded engine (a query on the outer handle inside a transaction, which waits forever on its one
// connection) is refused by both (server/db/client.ts). So each test runs once: on PostgreSQL, what
// production runs, while the browser tests drive every screen on PGlite, the one-command try-out's
// engine. Running the whole suite on each engine took about 40 % of a CI run's passes before the browser's.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'

const extra = process.argv.slice(2)
const run = (label: string, env: NodeJS.ProcessEnv, more: string[] = []) => {
  console.log(`\n▶ integration tests on ${label}`)
  const result = spawnSync('vitest', ['run', '--project', 'integration', ...more, ...extra], { stdio: 'inherit', env, shell: false })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const DIRECTORY = 'test/integration'
/** What a file uses when it runs on the database the pass chose. */
const USES_TEST_DATABASE = /\b(createTestApp|testDatabase|testDatabaseUrl|TEST_DATABASE_URL|openPostgres)\b/
/** A test skipped on PostgreSQL (a process of its own on an embedded database, checked once). */
const SKIPPED_ON_POSTGRES = /\.skipIf\(\s*Boolean\(process\.env\.TEST_DATABASE_URL\)\s*\)/
/**
 * The database layer's own files, which check what the embedded engine does its own way: COPY from
 * its blob device, its one connection's transactions and notifications, the notifications that run
 * background work, its memory as a metric, and the answers while the database is away.
 */
export const EMBEDDED_ENGINE_FILES = [
  'database-copy.test.ts',
  'database-transactions.test.ts',
  'database-unavailable.test.ts',
  'jobs-nudge.test.ts',
  'metrics.test.ts',
]

const testFiles = (directory: string) => readdirSync(directory).filter((name) => name.endsWith('.test.ts'))

/** Files that never open the test's database: they check the same thing on either pass. */
export const engineIndependentFiles = (directory = DIRECTORY): string[] =>
  testFiles(directory)
    .filter((name) => !USES_TEST_DATABASE.test(readFileSync(`${directory}/${name}`, 'utf8')))
    .map((name) => `${directory}/${name}`)

/** What runs on PGlite when PostgreSQL runs the suite: files of no engine, tests skipped there, and the embedded engine's own. */
export const embeddedPassFiles = (directory = DIRECTORY): string[] => {
  const independent = new Set(engineIndependentFiles(directory))
  return testFiles(directory)
    .map((name) => `${directory}/${name}`)
    .filter(
      (file) =>
        independent.has(file) || EMBEDDED_ENGINE_FILES.includes(file.slice(directory.length + 1)) || SKIPPED_ON_POSTGRES.test(readFileSync(file, 'utf8')),
    )
}

if (import.meta.main) {
  const { TEST_DATABASE_URL, ...withoutPostgres } = process.env
  if (!TEST_DATABASE_URL) {
    run('PGlite (embedded)', withoutPostgres)
    console.log('\nTEST_DATABASE_URL not set: the suite ran on PGlite only.')
  } else {
    const embedded = embeddedPassFiles()
    const independent = engineIndependentFiles()
    console.log(`\nOn PGlite (the embedded engine's own, and tests skipped on PostgreSQL): ${embedded.join(', ')}`)
    run('PGlite (embedded)', withoutPostgres, embedded)
    run(
      `PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/([^:@/]+):[^@]+@/, '//$1:***@')})`,
      process.env,
      independent.flatMap((file) => ['--exclude', file]),
    )
  }
}
