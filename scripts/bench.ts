// npm run bench [-- --seconds=N | --long] [--repeat=N] [--no-build] [--smoke]
// npm run bench -- --pinned: the issue's way, one core each for the server and the load (scripts/bench-pinned.ts).
// Builds (into DIST_DIR), starts the production server on loopback with a fresh embedded database
// and the demo content, and loads it with autocannon from a separate process for a fixed time per
// case, each case --repeat times (median requests/s, worst p99). In the same run it measures the
// baseline: a node:http server answering the home page as a precomputed Buffer with the headers and
// brotli body the site gives a browser. Page cases ask for `accept-encoding: gzip, deflate, br` like
// a browser, so both sides send the same compressed bytes. Prints a table and writes JSON and
// Markdown under bench/results/. BENCH_PORT moves the server (the baseline listens 100 above it).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fetchRaw, imageRuntime, startBaseline, waitFor } from './bench-kit.ts'

const args = process.argv.slice(2)
const secondsArg = args.find((arg) => arg.startsWith('--seconds='))
const seconds = secondsArg ? Number(secondsArg.slice(10)) : args.includes('--long') ? 30 : 5
const smoke = args.includes('--smoke')
const repeatArg = args.find((arg) => arg.startsWith('--repeat='))
const repeat = repeatArg ? Math.max(1, Number(repeatArg.slice(9))) : 1
// BENCH_PORT lets two checkouts (or two helpers) bench on one machine without colliding.
const PORT = Number(process.env.BENCH_PORT ?? 3491)
const BASELINE_PORT = PORT + 100
const origin = `http://127.0.0.1:${PORT}`
/** What a browser sends that changes the answer: page cases and the baseline ask for the same encoding. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' }

interface Case {
  name: string
  url: string
  connections: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  /** `[<id>]` in the URL becomes a fresh random value on every request (autocannon's id replacement). */
  randomId?: boolean
  /** The process that answers it (the baseline's or the site's), for its CPU time. */
  pid?: number
}

interface Result {
  name: string
  connections: number
  requestsPerSecond: number
  p50: number
  p99: number
  bytesPerResponse: number
  non2xx: number
  /** CPU time the answering process spent per request (Linux only), threads included. */
  cpuMicrosPerRequest: number | null
  ratioToBaseline?: number
  cpuRatioToBaseline?: number | null
}

/**
 * User + system CPU time of a process in microseconds, from /proc (null elsewhere). Seven people
 * sharing two cores move requests/s by a factor of three; CPU per request moves much less.
 */
function cpuMicrosOf(pid: number | undefined): number | null {
  if (!pid) return null
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10_000
  } catch {
    return null
  }
}

/**
 * autocannon's API in a child process, so the load generator never shares the bench's event loop.
 * `[<id>]` in the path becomes a fresh value per request (the CLI's id replacement misreads the URL).
 */
const LOAD_RUNNER = `const autocannon = require('autocannon')
const options = JSON.parse(process.argv[1])
let count = 0
const fresh = () => (++count).toString(36) + Math.random().toString(36).slice(2, 8)
if (options.randomId) options.requests = [{ setupRequest: (request) => ({ ...request, path: request.path.replace(/\\[(<|%3C)id(>|%3E)\\]|%5B%3Cid%3E%5D/, fresh) }) }]
autocannon(options).then((report) => process.stdout.write(JSON.stringify(report)), (error) => { console.error(error); process.exit(1) })`

/** Loads one case from a separate process and reads its figures. */
function loadOnce(test: Case, duration = seconds): Result {
  const options = {
    url: test.url,
    connections: test.connections,
    duration,
    method: test.method ?? 'GET',
    headers: test.headers ?? {},
    ...(test.body ? { body: test.body } : {}),
    randomId: test.randomId ?? false,
  }
  const cpuBefore = cpuMicrosOf(test.pid)
  const output = execFileSync('node', ['-e', LOAD_RUNNER, JSON.stringify(options)], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
  const cpuAfter = cpuMicrosOf(test.pid)
  const report = JSON.parse(output) as {
    requests: { average: number; total: number }
    latency: { p50: number; p99: number }
    throughput: { average: number }
    non2xx: number
  }
  return {
    name: test.name,
    connections: test.connections,
    requestsPerSecond: report.requests.average,
    p50: report.latency.p50,
    p99: report.latency.p99,
    bytesPerResponse: report.requests.average ? Math.round(report.throughput.average / report.requests.average) : 0,
    non2xx: report.non2xx,
    cpuMicrosPerRequest: cpuBefore !== null && cpuAfter !== null && report.requests.total ? (cpuAfter - cpuBefore) / report.requests.total : null,
  }
}

/** Runs a case `repeat` times: the median rate, the worst p99 (a bad run is what a visitor meets). */
function load(test: Case): Result {
  // An unmeasured run at the case's own concurrency first: one request does not warm what ten at once
  // reach (the JIT of every path, the read cache, the load runner's own start), and its first second
  // made the p99 of a render (72 ms against 41 ms over a longer steady run).
  loadOnce(test, Math.min(2, seconds))
  const runs = Array.from({ length: repeat }, () => loadOnce(test)).sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)
  const median = runs[Math.floor(runs.length / 2)] as Result
  const cpu = runs.map((run) => run.cpuMicrosPerRequest).filter((value) => value !== null)
  return {
    ...median,
    p99: Math.max(...runs.map((run) => run.p99)),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    cpuMicrosPerRequest: cpu.length ? Math.min(...cpu) : null,
  }
}

/** The server as the image runs it: Node's flags and the allocator. */
const RUNTIME = imageRuntime()

function startServer(dataDir: string): ChildProcess {
  return spawn('node', [...RUNTIME.nodeFlags, 'server/index.ts'], {
    env: {
      ...process.env,
      ...RUNTIME.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_ORIGIN: origin,
      PAGE_CACHE: 'on',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
}

async function findLink(path: string, pattern: RegExp): Promise<string | null> {
  const html = await (await fetch(`${origin}${path}`)).text()
  const match = pattern.exec(html)
  return match ? match[0].replace(/^href="/, '').replace(/"$/, '') : null
}

async function main() {
  // Other work on the machine moves every figure; the ratios to the same-run baseline less so.
  const loadBefore = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
  if (!args.includes('--no-build')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
  const dataDir = mkdtempSync(join(tmpdir(), 'expo-bench-'))
  const server = startServer(dataDir)
  let baseline: ChildProcess | null = null
  try {
    await waitFor(`${origin}/HealthCheck/Get`)
    const home = `${origin}/en`
    // Several requests and a pause: the cache's best bodies are made after the first hits.
    for (let attempt = 0; attempt < 3; attempt++) {
      await fetchRaw(home, BROWSER)
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    baseline = startBaseline(await fetchRaw(home, BROWSER), BASELINE_PORT)
    await waitFor(`http://127.0.0.1:${BASELINE_PORT}/`)
    const token = ((await (await fetch(`${origin}/api/token`, { method: 'POST' })).json()) as { access_token: string }).access_token
    const exhibition = await findLink('/en/brandExhibition.html', /href="\/en\/backDetail\/[^"]+"/)
    const article = await findLink('/en/exhibition/news.html', /href="\/en\/exhibition\/\d+[^"]*"/)

    const cases: Case[] = [
      { name: 'baseline: node:http, home as a Buffer', url: `http://127.0.0.1:${BASELINE_PORT}/`, connections: 50, headers: BROWSER, pid: baseline.pid },
      { name: 'home, cached', url: home, connections: 50, headers: BROWSER },
      {
        name: 'home, tracking parameters',
        url: `${home}?utm_source=newsletter&utm_medium=email&fbclid=[<id>]`,
        connections: 50,
        headers: BROWSER,
        // Every click on a shared link carries its own fbclid.
        randomId: true,
      },
      { name: 'home, unknown parameter (random)', url: `${home}?x=[<id>]`, connections: 50, headers: BROWSER, randomId: true },
      { name: 'home, rendered (cache bypassed)', url: home, connections: 10, headers: { ...BROWSER, 'x-page-cache-bypass': '1' } },
      ...(exhibition ? [{ name: 'exhibition, cached', url: `${origin}${exhibition}`, connections: 50, headers: BROWSER }] : []),
      { name: 'news list, cached', url: `${origin}/en/exhibition/news.html`, connections: 50, headers: BROWSER },
      ...(article ? [{ name: 'article, cached', url: `${origin}${article}`, connections: 50, headers: BROWSER }] : []),
      { name: '404 page, cached', url: `${origin}/en/no-such-page`, connections: 50, headers: BROWSER },
      { name: '/HealthCheck/Get', url: `${origin}/HealthCheck/Get`, connections: 50 },
      {
        name: 'gateway call (common$languageList)',
        url: `${origin}/gateway/cv3`,
        connections: 10,
        method: 'POST',
        headers: { 'content-type': 'application/json', Routes: 'common$languageList', Authorization: `Bearer ${token}` },
        body: '{}',
      },
    ]
    const results: Result[] = []
    for (const test of smoke ? cases.slice(0, 5) : cases) {
      // Warm up (fills the page cache and the JIT), then measure.
      await fetch(test.url.replace('[<id>]', 'warm-up'), { method: test.method ?? 'GET', headers: test.headers, body: test.body }).catch(() => {})
      const result = load({ pid: server.pid, ...test })
      results.push(result)
      console.log(
        `${result.name.padEnd(38)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms`,
      )
    }
    const base = results[0]?.requestsPerSecond ?? 0
    const baseCpu = results[0]?.cpuMicrosPerRequest ?? null
    for (const result of results) {
      result.ratioToBaseline = base ? result.requestsPerSecond / base : 0
      result.cpuRatioToBaseline = baseCpu && result.cpuMicrosPerRequest ? baseCpu / result.cpuMicrosPerRequest : null
    }
    const cpuText = (result: Result) =>
      result.cpuMicrosPerRequest === null ? '– | –' : `${result.cpuMicrosPerRequest.toFixed(0)} | ${((result.cpuRatioToBaseline ?? 0) * 100).toFixed(1)}%`

    const table = [
      `| case | connections | requests/s | p50 ms | ${repeat > 1 ? `worst p99 ms of ${repeat}` : 'p99 ms'} | bytes/response | ratio to baseline | non-2xx | CPU µs/request | CPU ratio to baseline |`,
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        (result) =>
          `| ${result.name} | ${result.connections} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.bytesPerResponse} | ${((result.ratioToBaseline ?? 0) * 100).toFixed(1)}% | ${result.non2xx} | ${cpuText(result)} |`,
      ),
    ].join('\n')
    const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, allocator ${RUNTIME.allocator}, load by autocannon, ${seconds} s per case${repeat > 1 ? ` × ${repeat}` : ''}, load average before the run ${loadBefore}`
    console.log(`\n${machine}\n\n${table}\n`)
    mkdirSync('bench/results', { recursive: true })
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = smoke ? 'bench/results/smoke' : `bench/results/${stamp}`
    writeFileSync(`${file}.json`, `${JSON.stringify({ date: new Date().toISOString(), machine, seconds, repeat, results }, null, 2)}\n`)
    writeFileSync(`${file}.md`, `# Benchmark ${new Date().toISOString()}\n\n${machine}\n\n${table}\n`)
    console.log(`Wrote ${file}.json and ${file}.md`)
  } finally {
    server.kill('SIGTERM')
    baseline?.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const run = args.includes('--pinned')
  ? () => import('./bench-pinned.ts').then((pinned) => pinned.runPinned({ seconds, port: PORT, build: !args.includes('--no-build') }))
  : main
run().catch((error) => {
  console.error(error)
  process.exit(1)
})
