// npm run build: the client bundle (with Vite's manifest) and the server render entries, into DIST_DIR (default dist).
import { spawnSync } from 'node:child_process'

const dist = process.env.DIST_DIR ?? 'dist'
const vite = (args: string[]) => {
  const result = spawnSync('vite', ['build', '--logLevel', 'warn', ...args], { stdio: 'inherit', env: process.env })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
vite([])
// The organiser's console: its own client build beside the public one, with its own manifest (vite.config.ts).
vite(['--mode', 'console'])
// The server entries (the public render and the console's) are the ssr inputs in vite.config.ts.
vite(['--ssr', '--outDir', `${dist}/server`, '--emptyOutDir'])
// Brotli and gzip copies of the hashed files, served as they are (server/http/precompressed.ts).
const precompress = spawnSync('node', ['scripts/precompress.ts'], { stdio: 'inherit', env: process.env })
if (precompress.status !== 0) process.exit(precompress.status ?? 1)
// Each screen's JavaScript and CSS against bundle-budget.json: the build fails above it.
const budget = spawnSync('node', ['scripts/bundle-budget.ts'], { stdio: 'inherit', env: process.env })
if (budget.status !== 0) process.exit(budget.status ?? 1)
