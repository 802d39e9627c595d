// npm run build: the client bundle (with Vite's manifest) and the server render entry, into DIST_DIR (default dist).
import { spawnSync } from 'node:child_process'

const dist = process.env.DIST_DIR ?? 'dist'
const vite = (args: string[]) => {
  const result = spawnSync('vite', ['build', '--logLevel', 'warn', ...args], { stdio: 'inherit', env: process.env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
vite([])
vite(['--ssr', 'src/entry-server.tsx', '--outDir', `${dist}/server`, '--emptyOutDir'])
// Each screen's JavaScript and CSS against bundle-budget.json: the build fails above it.
const budget = spawnSync('node', ['scripts/bundle-budget.ts'], { stdio: 'inherit', env: process.env })
if (budget.status !== 0) process.exit(budget.status ?? 1)
