// npm run bench [-- --seconds=N | --long] [--no-build]
// Builds, starts the production server on loopback with a fresh embedded database and the demo
// content, and loads it from a separate process (wrk when installed, else autocannon) for a fixed
// time per case. In the same run it measures the baseline: a node:http server returning the same
// home HTML as a constant string. Prints a table and writes JSON and Markdown under bench/results/.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'

const args = process.argv.slice(2)
const secondsArg = args.find((arg) => arg.startsWith('--seconds='))
const seconds = secondsArg ? Number(secondsArg.slice(10)) : args.includes('--long') ? 30 : 5
const smoke = args.includes('--smoke')
const PORT = 3491
const BASELINE_PORT = 3492
const origin = `http://127.0.0.1:${PORT}`

interface Case {
  name: string
  url: string
  connections: number
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}

interface Result {
  name: string
  connections: number
  requestsPerSecond: number
  p50: number
  p99: number
  bytesPerResponse: number
  non2xx: number
  ratioToBaseline?: number
}

function hasWrk(): boolean {
  return spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).status === 0
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const start = Date.now()
  while (Date.now() - start < timeoutMs) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/** Loads one case from a separate process and reads its figures. */
function load(test: Case): Result {
  const duration = `${seconds}s`
  if (hasWrk() && !test.body) {
    const headerArgs = Object.entries(test.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`])
    const output = execFileSync('wrk', ['-t1', `-c${test.connections}`, `-d${duration}`, '--latency', ...headerArgs, test.url], { encoding: 'utf8' })
    const requestsPerSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0)
    const toMs = (value: string | undefined) => {
      const match = /([\d.]+)(us|ms|s)/.exec(value ?? '')
      if (!match) return 0
      const number = Number(match[1])
      return match[2] === 'us' ? number / 1000 : match[2] === 's' ? number * 1000 : number
    }
    const transfer = /Transfer\/sec:\s+([\d.]+)(B|KB|MB|GB)/.exec(output)
    const bytesPerSecond = transfer ? Number(transfer[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[transfer[2] as 'B'] : 0
    return {
      name: test.name,
      connections: test.connections,
      requestsPerSecond,
      p50: toMs(/50%\s+(\S+)/.exec(output)?.[1]),
      p99: toMs(/99%\s+(\S+)/.exec(output)?.[1]),
      bytesPerResponse: requestsPerSecond ? Math.round(bytesPerSecond / requestsPerSecond) : 0,
      non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0),
    }
  }
  const headerArgs = Object.entries(test.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}=${value}`])
  const output = execFileSync(
    'autocannon',
    ['-j', '-c', String(test.connections), '-d', String(seconds), '-m', test.method ?? 'GET', ...headerArgs, ...(test.body ? ['-b', test.body] : []), test.url],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  )
  const report = JSON.parse(output) as {
    requests: { average: number }
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
  }
}

function startServer(dataDir: string): ChildProcess {
  return spawn('node', ['server/index.ts'], {
    env: {
      ...process.env,
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

function startBaseline(html: string): ChildProcess {
  const source = `const http = require('node:http'); const body = Buffer.from(${JSON.stringify(html)});
http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length }); res.end(body) }).listen(${BASELINE_PORT}, '127.0.0.1')`
  return spawn('node', ['-e', source], { stdio: ['ignore', 'ignore', 'inherit'] })
}

async function findLink(path: string, pattern: RegExp): Promise<string | null> {
  const html = await (await fetch(`${origin}${path}`)).text()
  const match = pattern.exec(html)
  return match ? match[0].replace(/^href="/, '').replace(/"$/, '') : null
}

async function main() {
  if (!args.includes('--no-build')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
  const dataDir = mkdtempSync(join(tmpdir(), 'expo-bench-'))
  const server = startServer(dataDir)
  let baseline: ChildProcess | null = null
  try {
    await waitFor(`${origin}/HealthCheck/Get`)
    const home = `${origin}/en`
    // The constant-string baseline serves exactly the HTML the site serves for the home page.
    const homeHtml = await (await fetch(home, { headers: { 'accept-encoding': 'identity' } })).text()
    baseline = startBaseline(homeHtml)
    await waitFor(`http://127.0.0.1:${BASELINE_PORT}/`)
    const token = ((await (await fetch(`${origin}/api/token`, { method: 'POST' })).json()) as { access_token: string }).access_token
    const exhibition = await findLink('/en/brandExhibition.html', /href="\/en\/backDetail\/[^"]+"/)
    const article = await findLink('/en/exhibition/news.html', /href="\/en\/exhibition\/\d+[^"]*"/)

    const cases: Case[] = [
      { name: 'baseline: node:http constant string', url: `http://127.0.0.1:${BASELINE_PORT}/`, connections: 50 },
      { name: 'home, cached', url: home, connections: 50 },
      { name: 'home, uncached', url: home, connections: 10, headers: { 'x-page-cache-bypass': '1' } },
      ...(exhibition ? [{ name: 'exhibition, cached', url: `${origin}${exhibition}`, connections: 50 }] : []),
      { name: 'news list, cached', url: `${origin}/en/exhibition/news.html`, connections: 50 },
      ...(article ? [{ name: 'article, cached', url: `${origin}${article}`, connections: 50 }] : []),
      { name: '404 page, cached', url: `${origin}/en/no-such-page`, connections: 50 },
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
    for (const test of smoke ? cases.slice(0, 3) : cases) {
      // Warm up (fills the page cache and the JIT), then measure.
      await fetch(test.url, { method: test.method ?? 'GET', headers: test.headers, body: test.body }).catch(() => {})
      const result = load(test)
      results.push(result)
      console.log(
        `${result.name.padEnd(38)} ${result.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms`,
      )
    }
    const base = results[0]?.requestsPerSecond ?? 0
    for (const result of results) result.ratioToBaseline = base ? result.requestsPerSecond / base : 0

    const table = [
      '| case | connections | requests/s | p50 ms | p99 ms | bytes/response | ratio to baseline | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...results.map(
        (result) =>
          `| ${result.name} | ${result.connections} | ${result.requestsPerSecond.toFixed(0)} | ${result.p50.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.bytesPerResponse} | ${((result.ratioToBaseline ?? 0) * 100).toFixed(1)}% | ${result.non2xx} |`,
      ),
    ].join('\n')
    const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, load by ${hasWrk() ? 'wrk' : 'autocannon'}, ${seconds} s per case`
    console.log(`\n${machine}\n\n${table}\n`)
    mkdirSync('bench/results', { recursive: true })
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = smoke ? 'bench/results/smoke' : `bench/results/${stamp}`
    writeFileSync(`${file}.json`, `${JSON.stringify({ date: new Date().toISOString(), machine, seconds, results }, null, 2)}\n`)
    writeFileSync(`${file}.md`, `# Benchmark ${new Date().toISOString()}\n\n${machine}\n\n${table}\n`)
    console.log(`Wrote ${file}.json and ${file}.md`)
  } finally {
    server.kill('SIGTERM')
    baseline?.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 500))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
