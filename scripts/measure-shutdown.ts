// node scripts/measure-shutdown.ts [--connections=N] [--drain=S] [--timeout=S]
// Starts the production server on loopback (needs `npm run build`; DIST_DIR is honoured), loads it
// with autocannon, sends SIGTERM halfway and reports: readiness right after the signal, how the
// requests in flight fared, and the time from SIGTERM to exit. Bounded: five minutes to boot, one
// minute after. Also shows that /metrics is refused without its token.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'

const option = (name: string, fallback: number) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const connections = option('connections', 50)
const drain = option('drain', 3)
const timeout = option('timeout', 15)
const PORT = 3493
const origin = `http://127.0.0.1:${PORT}`
const METRICS_TOKEN = 'measure-shutdown-token-0123456789'
const dataDir = mkdtempSync(join(tmpdir(), 'expo-shutdown-'))

const server = spawn(process.execPath, ['server/index.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_ORIGIN: origin,
    METRICS_TOKEN,
    SHUTDOWN_DRAIN_SECONDS: String(drain),
    SHUTDOWN_TIMEOUT_SECONDS: String(timeout),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})
const giveUp = () => {
  console.error('gave up: the server took too long')
  server.kill('SIGKILL')
  process.exit(1)
}
let bound = setTimeout(giveUp, 300_000)
const exited = new Promise<{ code: number | null; at: number }>((resolve) => server.once('exit', (code) => resolve({ code, at: Date.now() })))

for (;;) {
  try {
    if ((await fetch(`${origin}/HealthCheck/Ready`)).ok) break
  } catch {}
  if (server.exitCode !== null) throw new Error('the server did not start')
  await new Promise((resolve) => setTimeout(resolve, 250))
}
clearTimeout(bound)
bound = setTimeout(giveUp, 60_000)

const refused = await fetch(`${origin}/metrics`)
const allowed = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
console.log(`/metrics without the token: ${refused.status}; with it: ${allowed.status} (${(await allowed.text()).length} bytes)`)

// Pages (cache hits and renders: the bypass header forces one render in four) under load for long
// enough that SIGTERM lands in the middle and the load outlasts the drain.
const seconds = drain + 6
const load = autocannon({
  url: origin,
  connections,
  duration: seconds,
  requests: [{ path: '/en' }, { path: '/en/about.html' }, { path: '/zh-cn' }, { path: '/en', headers: { 'x-page-cache-bypass': '1' } }],
})
await new Promise((resolve) => setTimeout(resolve, 3000))
const signalled = Date.now()
server.kill('SIGTERM')
// The first readiness answer that reflects the signal (the signal itself takes a moment to be handled under load).
let readiness = 'never 503'
for (let attempt = 0; attempt < 50; attempt++) {
  const status = await fetch(`${origin}/HealthCheck/Ready`).then(
    (response) => response.status,
    () => 0,
  )
  if (status !== 200) {
    readiness = `${status || 'no answer'} after ${Date.now() - signalled} ms`
    break
  }
  await new Promise((resolve) => setTimeout(resolve, 20))
}
const result = await load
const exit = await exited
clearTimeout(bound)
rmSync(dataDir, { recursive: true, force: true })

console.log(`${connections} connections, drain ${drain} s, deadline ${timeout} s`)
console.log(`readiness after SIGTERM: ${readiness}`)
console.log(
  `requests answered: ${result.requests.total} (2xx ${result['2xx']}, non-2xx ${result.non2xx}), connection errors after the listener closed: ${result.errors}`,
)
console.log(`SIGTERM -> exit: ${exit.at - signalled} ms, exit code ${exit.code}`)
