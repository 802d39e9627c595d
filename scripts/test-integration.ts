// Runs the integration suite on the embedded PGlite, then again on a real PostgreSQL when
// TEST_DATABASE_URL is set (.ci/run sets it when a server is reachable), and says which ran.
// A file that never opens the test's database (it starts processes on embedded databases of their own,
// as the boot and shutdown tests do) checks the same thing in both passes, so it runs in the first only.
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
export const engineIndependentFiles = (directory = DIRECTORY): string[] =>
  readdirSync(directory)
    .filter((name) => name.endsWith('.test.ts'))
    .filter((name) => !USES_TEST_DATABASE.test(readFileSync(`${directory}/${name}`, 'utf8')))
    .map((name) => `${directory}/${name}`)

if (import.meta.main) {
  const { TEST_DATABASE_URL, ...withoutPostgres } = process.env
  run('PGlite (embedded)', withoutPostgres)
  if (TEST_DATABASE_URL) {
    const once = engineIndependentFiles()
    if (once.length) console.log(`\nOn PGlite only (they never open the test's database): ${once.join(', ')}`)
    run(
      `PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/([^:@/]+):[^@]+@/, '//$1:***@')})`,
      process.env,
      once.flatMap((file) => ['--exclude', file]),
    )
  } else console.log('\nTEST_DATABASE_URL not set: the PostgreSQL pass was skipped.')
}
