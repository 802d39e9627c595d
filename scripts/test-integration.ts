// Runs the integration suite on the embedded PGlite, then again on a real PostgreSQL when
// TEST_DATABASE_URL is set (.ci/run sets it when a server is reachable), and says which ran.
import { spawnSync } from 'node:child_process'

const extra = process.argv.slice(2)
const run = (label: string, env: NodeJS.ProcessEnv) => {
  console.log(`\n▶ integration tests on ${label}`)
  const result = spawnSync('vitest', ['run', '--project', 'integration', ...extra], { stdio: 'inherit', env, shell: false })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

const { TEST_DATABASE_URL, ...withoutPostgres } = process.env
run('PGlite (embedded)', withoutPostgres)
if (TEST_DATABASE_URL) run(`PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/([^:@/]+):[^@]+@/, '//$1:***@')})`, process.env)
else console.log('\nTEST_DATABASE_URL not set: the PostgreSQL pass was skipped.')
