// npm run bench -- --pinned [--seconds=N] [--no-build]   (docs/performance.md#pinned)
// The issue's way of measuring one instance: the server (and, in turn, the baseline) pinned to core 0
// with `taskset -c 0`, the load generator pinned to core 1 (wrk when installed, autocannon otherwise),
// so the two never take turns on one core. Runs on the embedded database and, with BENCH_DATABASE_URL,
// on a scratch database of that PostgreSQL server. Per database: the Buffer baseline (node:http
// sending the home page's very bytes and headers), the cached home, a render with the page cache
// bypassed, and a logged-in home (streamed, never cached), each of the last two also uncompressed, as an
// instance behind the deployment's compressing proxy sends them. It reads the server's own /metrics (on a
// private port) after start and after each case: resident memory and what holds it (heap used and
// total, external memory, ArrayBuffers, the page cache's bytes, PGlite's WebAssembly memory), the
// event-loop delay during the case (perf_hooks' histogram, reset by each scrape) and the time spent
// in garbage collection. Writes bench/results/<time>-pinned.json and .md.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fetchRaw, imageRuntime, startBaseline, waitFor } from './bench-kit.ts'
import { openPglite, openPostgres, redactUrl, type Queryable } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { createPasswordHasher } from '../server/platform/passwords.ts'

/** One case's figures, from wrk or autocannon. Latencies in milliseconds. */
export interface LoadFigures {
  requestsPerSecond: number
  p50: number
  p99: number
  requests: number
  non2xx: number
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

function milliseconds(value: string, unit: string): number {
  const scale = UNIT_MS[unit]
  if (scale === undefined) throw new Error(`wrk: unknown unit ${unit}`)
  return Number(value) * scale
}

/** Reads `wrk --latency`'s report: its latency distribution, request count and rate. */
export function parseWrk(output: string): LoadFigures {
  const percentile = (which: string) => {
    const match = new RegExp(`^\\s*${which}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output)
    if (!match) throw new Error(`wrk: no ${which}th percentile in its report`)
    return milliseconds(match[1] as string, match[2] as string)
  }
  const rate = /^Requests\/sec:\s+([\d.]+)/m.exec(output)
  const total = /^\s*(\d+) requests in /m.exec(output)
  if (!rate || !total) throw new Error('wrk: no request rate in its report')
  const failed = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output)
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const socketErrors = errors ? errors.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0
  return {
    requestsPerSecond: Number(rate[1]),
    p50: percentile('50'),
    p99: percentile('99'),
    requests: Number(total[1]),
    non2xx: (failed ? Number(failed[1]) : 0) + socketErrors,
  }
}

/** The samples of a Prometheus text exposition, by name with its labels as written (`a{b="c"}`). */
export function parsePrometheus(text: string): Map<string, number> {
  const samples = new Map<string, number>()
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const space = line.lastIndexOf(' ')
    if (space < 0) continue
    samples.set(line.slice(0, space), Number(line.slice(space + 1)))
  }
  return samples
}

/** What holds an instance's memory at one moment, in bytes. */
export interface MemoryFigures {
  rss: number
  heapUsed: number
  heapTotal: number
  /** Memory outside V8's heap that V8 knows of: Buffers, ArrayBuffers and WebAssembly memory. */
  external: number
  arrayBuffers: number
  pageCache: number
  /** PGlite's WebAssembly memory (inside `external`); 0 on PostgreSQL. */
  embeddedDatabase: number
}

export function memoryOf(samples: Map<string, number>): MemoryFigures {
  const value = (name: string) => samples.get(name) ?? 0
  return {
    rss: value('process_resident_memory_bytes'),
    heapUsed: value('nodejs_heap_size_used_bytes'),
    heapTotal: value('nodejs_heap_size_total_bytes'),
    external: value('nodejs_external_memory_bytes'),
    arrayBuffers: value('nodejs_array_buffers_bytes'),
    pageCache: value('page_cache_bytes'),
    embeddedDatabase: value('db_embedded_memory_bytes'),
  }
}

/** Total seconds of garbage collection since start, all kinds together. */
export function gcSeconds(samples: Map<string, number>): number {
  let total = 0
  for (const [name, value] of samples) if (name.startsWith('nodejs_gc_duration_seconds_sum')) total += value
  return total
}

/** The event-loop delay since the previous scrape (prom-client resets its histogram on each), in ms. */
export function loopDelayOf(samples: Map<string, number>): { p99: number; max: number } {
  return { p99: (samples.get('nodejs_eventloop_lag_p99_seconds') ?? 0) * 1000, max: (samples.get('nodejs_eventloop_lag_max_seconds') ?? 0) * 1000 }
}

interface Case {
  name: string
  url: string
  connections: number
  headers: Record<string, string>
  /** The site's process (not the baseline's): its /metrics is read around the case. */
  site: boolean
}

interface CaseResult extends LoadFigures {
  name: string
  connections: number
  ratioToBaseline: number
  cpuMicrosPerRequest: number | null
  /** Event-loop delay and GC time of the site's process during the case. */
  loopDelayP99?: number
  loopDelayMax?: number
  gcMillisPerSecond?: number
}

interface DatabaseRun {
  database: string
  afterStart: MemoryFigures
  afterLoad: MemoryFigures
  settled: MemoryFigures
  cases: CaseResult[]
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' }
/** What nginx asks of an instance that runs with COMPRESSION=off: the server's work without compression. */
const UNCOMPRESSED = { 'accept-encoding': 'identity' }
/** How long the server idles after the load before its memory is read again. */
const SETTLE_SECONDS = 30
/** The server as the image runs it: Node's flags and the allocator. */
const RUNTIME = imageRuntime()
const MB = 1024 * 1024

function cpuMicrosOf(pid: number | undefined): number | null {
  if (!pid) return null
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) * 10_000
  } catch {
    return null
  }
}

function hasWrk(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' })
    return true
  } catch (error) {
    // wrk prints its version and exits 1; only a missing binary is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT'
  }
}

const AUTOCANNON_RUNNER = `const autocannon = require('autocannon')
autocannon(JSON.parse(process.argv[1])).then((report) => process.stdout.write(JSON.stringify(report)), (error) => { console.error(error); process.exit(1) })`

/** One load run from core 1. */
function loadFromCore1(test: Case, seconds: number, useWrk: boolean): LoadFigures {
  if (useWrk) {
    const headerArgs = Object.entries(test.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
    const output = execFileSync('taskset', ['-c', '1', 'wrk', '-t1', `-c${test.connections}`, `-d${seconds}s`, '--latency', ...headerArgs, test.url], {
      encoding: 'utf8',
    })
    return parseWrk(output)
  }
  const options = { url: test.url, connections: test.connections, duration: seconds, headers: test.headers }
  const output = execFileSync('taskset', ['-c', '1', 'node', '-e', AUTOCANNON_RUNNER, JSON.stringify(options)], { encoding: 'utf8', maxBuffer: 64 * MB })
  const report = JSON.parse(output) as { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number }
  return {
    requestsPerSecond: report.requests.average,
    p50: report.latency.p50,
    p99: report.latency.p99,
    requests: report.requests.total,
    non2xx: report.non2xx,
  }
}

const BENCH_EMAIL = 'bench-visitor@example.com'
const BENCH_PASSWORD = 'pinned bench visitor 2026'

/** The visitor the logged-in case signs in as, written before the server owns the database. */
async function addVisitor(db: Queryable) {
  const hasher = createPasswordHasher(1)
  try {
    await db.query('insert into accounts (email, email_verified_at, nick, password_hash, locale) values ($1, now(), $2, $3, $4)', [
      BENCH_EMAIL,
      'Bench',
      await hasher.hash(BENCH_PASSWORD),
      'en',
    ])
  } finally {
    await hasher.close()
  }
}

/** Signs the visitor in as the login frame does (its form, then its ticket to the site); returns the Cookie header. */
async function signIn(origin: string): Promise<string> {
  const form = await fetch(`${origin}/login/signin`, {
    method: 'POST',
    body: new URLSearchParams({ lang: 'en', email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  })
  const ticket = /name="cookie" value="([\w.-]+)"/.exec(await form.text())?.[1]
  if (!ticket) throw new Error(`signing the bench visitor in: no ticket (status ${form.status})`)
  const session = await fetch(`${origin}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ cookie: ticket }),
  })
  if (!session.ok) throw new Error(`the site refused the bench visitor's ticket: ${session.status} ${await session.text()}`)
  return session.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

async function stop(child: ChildProcess | null) {
  if (!child || child.exitCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

async function runOn(database: { label: string; url?: string }, options: { port: number; seconds: number; useWrk: boolean }): Promise<DatabaseRun> {
  const { port, seconds, useWrk } = options
  const origin = `http://127.0.0.1:${port}`
  const baselinePort = port + 100
  const metricsPort = port + 50
  const dataDir = mkdtempSync(join(tmpdir(), 'expo-bench-pinned-'))
  if (database.url) {
    const db = await openPostgres(database.url, { max: 1 })
    await migrate(db)
    await addVisitor(db)
    await db.close()
  } else {
    const db = await openPglite(dataDir)
    await migrate(db)
    await addVisitor(db)
    await db.close()
  }
  const server = spawn('taskset', ['-c', '0', 'node', ...RUNTIME.nodeFlags, 'server/index.ts'], {
    env: {
      ...process.env,
      ...RUNTIME.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: origin,
      PAGE_CACHE: 'on',
      METRICS_PORT: String(metricsPort),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  let baseline: ChildProcess | null = null
  const scrape = async () => parsePrometheus((await fetchRaw(`http://127.0.0.1:${metricsPort}/metrics`, {})).body.toString())
  try {
    await waitFor(`${origin}/HealthCheck/Get`)
    // Idle after start: the seeding's garbage has had a moment to be collected.
    await new Promise((resolve) => setTimeout(resolve, 3000))
    const afterStart = memoryOf(await scrape())
    const home = `${origin}/en`
    for (let attempt = 0; attempt < 3; attempt++) {
      await fetchRaw(home, BROWSER)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const cookie = await signIn(origin)
    baseline = startBaseline(await fetchRaw(home, BROWSER), baselinePort, 0)
    await waitFor(`http://127.0.0.1:${baselinePort}/`)
    const cases: Case[] = [
      { name: 'baseline: node:http, home as a Buffer', url: `http://127.0.0.1:${baselinePort}/`, connections: 50, headers: BROWSER, site: false },
      { name: 'home, cached', url: home, connections: 50, headers: BROWSER, site: true },
      { name: 'home, rendered (page cache bypassed)', url: home, connections: 10, headers: { ...BROWSER, 'x-page-cache-bypass': '1' }, site: true },
      { name: 'home, logged in (streamed)', url: home, connections: 10, headers: { ...BROWSER, cookie }, site: true },
      // The same two pages as an instance behind the deployment's proxy serves them: compose.yaml and the
      // Kubernetes manifests run it with COMPRESSION=off and let nginx compress, so it sends them as they are.
      {
        name: 'home, rendered, uncompressed (behind the proxy)',
        url: home,
        connections: 10,
        headers: { ...UNCOMPRESSED, 'x-page-cache-bypass': '1' },
        site: true,
      },
      { name: 'home, logged in, uncompressed (behind the proxy)', url: home, connections: 10, headers: { ...UNCOMPRESSED, cookie }, site: true },
    ]
    const results: CaseResult[] = []
    for (const test of cases) {
      const pid = test.site ? server.pid : baseline.pid
      // An unmeasured run first, at the case's own concurrency (the JIT and read caches of every path).
      loadFromCore1(test, Math.min(2, seconds), useWrk)
      const before = test.site ? await scrape() : null
      const cpuBefore = cpuMicrosOf(pid)
      const figures = loadFromCore1(test, seconds, useWrk)
      const cpuAfter = cpuMicrosOf(pid)
      const after = test.site ? await scrape() : null
      const result: CaseResult = {
        name: test.name,
        connections: test.connections,
        ...figures,
        ratioToBaseline: results[0] ? figures.requestsPerSecond / results[0].requestsPerSecond : 1,
        cpuMicrosPerRequest: cpuBefore !== null && cpuAfter !== null && figures.requests ? (cpuAfter - cpuBefore) / figures.requests : null,
      }
      if (before && after) {
        const delay = loopDelayOf(after)
        result.loopDelayP99 = delay.p99
        result.loopDelayMax = delay.max
        result.gcMillisPerSecond = ((gcSeconds(after) - gcSeconds(before)) * 1000) / seconds
      }
      results.push(result)
      console.log(
        `  ${result.name.padEnd(50)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms` +
          (result.loopDelayMax !== undefined ? `  loop delay p99 ${result.loopDelayP99?.toFixed(1)} max ${result.loopDelayMax.toFixed(1)} ms` : ''),
      )
    }
    const afterLoad = memoryOf(await scrape())
    // What an instance keeps once the traffic stops: V8 shrinks its heap and the allocator gives pages
    // back only some seconds after the last request.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000))
    const settled = memoryOf(await scrape())
    return { database: database.label, afterStart, afterLoad, settled, cases: results }
  } finally {
    await stop(server)
    await stop(baseline)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const mb = (bytes: number) => (bytes / MB).toFixed(0)

function markdown(runs: DatabaseRun[], machine: string): string {
  const lines = [`# Pinned benchmark ${new Date().toISOString()}`, '', machine, '']
  lines.push(
    '| database | case | connections | requests/s | p50 ms | p99 ms | ratio to baseline | non-2xx | CPU µs/request | loop delay p99 / max ms | GC ms per s |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  )
  for (const run of runs) {
    for (const result of run.cases) {
      lines.push(
        `| ${run.database} | ${result.name} | ${result.connections} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${(result.ratioToBaseline * 100).toFixed(1)}% | ${result.non2xx} | ${result.cpuMicrosPerRequest?.toFixed(0) ?? '–'} | ${result.loopDelayMax !== undefined ? `${result.loopDelayP99?.toFixed(1)} / ${result.loopDelayMax.toFixed(1)}` : '–'} | ${result.gcMillisPerSecond?.toFixed(1) ?? '–'} |`,
      )
    }
  }
  lines.push(
    '',
    '| database | when | RSS MB | heap used / total MB | external MB | of which ArrayBuffers MB | of which PGlite MB | page cache KB |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  )
  for (const run of runs) {
    for (const [when, memory] of [
      ['after start', run.afterStart],
      ['after the load', run.afterLoad],
      [`${SETTLE_SECONDS} s after the load`, run.settled],
    ] as const) {
      lines.push(
        `| ${run.database} | ${when} | ${mb(memory.rss)} | ${mb(memory.heapUsed)} / ${mb(memory.heapTotal)} | ${mb(memory.external)} | ${mb(memory.arrayBuffers)} | ${mb(memory.embeddedDatabase)} | ${(memory.pageCache / 1024).toFixed(0)} |`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}

export async function runPinned(options: { seconds: number; port: number; build: boolean }): Promise<void> {
  if (cpus().length < 2) throw new Error('--pinned needs two cores: one for the server, one for the load')
  const loadBefore = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
  if (options.build) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
  const useWrk = hasWrk()
  const databases: { label: string; url?: string }[] = [{ label: 'embedded (PGlite)' }]
  const adminUrl = process.env.BENCH_DATABASE_URL
  const scratch = `expo_bench_pinned_${process.pid}`
  const admin = adminUrl ? await openPostgres(adminUrl, { max: 1 }) : null
  if (admin && adminUrl) {
    await admin.query(`create database ${scratch}`)
    const target = new URL(adminUrl)
    target.pathname = `/${scratch}`
    databases.push({ label: `PostgreSQL (${redactUrl(adminUrl)})`, url: target.href })
  }
  const runs: DatabaseRun[] = []
  try {
    for (const database of databases) {
      console.log(`${database.label}:`)
      runs.push(await runOn(database, { ...options, useWrk }))
    }
  } finally {
    if (admin) {
      await admin.query(`drop database if exists ${scratch} with (force)`)
      await admin.close()
    }
  }
  if (!adminUrl) console.log('BENCH_DATABASE_URL not set: the PostgreSQL run was skipped.')
  const machine =
    `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}. ` +
    `Server and baseline pinned to core 0 (taskset -c 0), ${useWrk ? 'wrk (one thread)' : 'autocannon'} pinned to core 1, ` +
    `${options.seconds} s per case after an unmeasured run; load average before the run ${loadBefore}. Allocator: ${RUNTIME.allocator}. ` +
    `RSS after start: 3 s after the health check answered; after the load: right after the last case, and again ${SETTLE_SECONDS} s later with the server idle.`
  const text = markdown(runs, machine)
  console.log(`\n${text}`)
  mkdirSync('bench/results', { recursive: true })
  const file = `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}-pinned`
  writeFileSync(`${file}.json`, `${JSON.stringify({ date: new Date().toISOString(), machine, seconds: options.seconds, runs }, null, 2)}\n`)
  writeFileSync(`${file}.md`, text)
  console.log(`Wrote ${file}.json and ${file}.md`)
}
