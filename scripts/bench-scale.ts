// npm run bench:scale [-- --seconds=20 --each --connections=N --mix=anonymous:20,user:4,gateway:6,purchase:4,console:2
//                        --ports=5600,5601 --proxy-port=5650 --buyers=200 --no-build | --target=http://host:port --pids=a,b]
// Two site instances on one PostgreSQL database and one Redis, behind nginx with the repository's
// deploy/nginx.conf (same rules, loopback ports), loaded at once by a mixed workload, one autocannon
// process per kind (scripts/bench-scale-workload.ts): anonymous pages, signed-in pages, gateway reads,
// purchases paid in the sandbox through the real gateway functions, and console reads by a signed-in
// owner. Prints requests/s, p50/p99 and errors per kind, each instance's RSS and CPU, and the load
// average; writes JSON and Markdown under bench/results/ (docs/performance.md#many-instances).
//
// The database (BENCH_DATABASE_URL's server, default the local one; BENCH_SCALE_DATABASE names it,
// default expo_bench_scale) is created when absent and kept: the bench drops nothing. Redis is
// BENCH_REDIS_URL (default redis://127.0.0.1:6379/0; a db number of your own keeps the rate limits apart).
// With --target the instances run already: DATABASE_URL and TOKEN_SECRET must be theirs, and --pids
// names their processes for the memory figures.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { type Database, openPostgres, redactUrl } from '../server/db/client.ts'
import { createPasswordHasher } from '../server/platform/passwords.ts'
import { insertMember, setCredentials } from '../server/platform/staff/members.repo.ts'
import { startSession } from '../server/platform/staff/staff-sessions.ts'
import { newTotpSecret, stepAt } from '../server/platform/staff/totp.ts'
import { createTokenSigner } from '../server/platform/tokens.ts'
import { COOKIES } from '../shared/contracts/cookies.ts'
import { STAFF_COOKIE } from '../shared/rules/console-access.ts'
import { makeExhibition, makeTicketType } from '../test/integration/tickets-helpers.ts'
import { imageRuntime } from './bench-kit.ts'
import {
  type Fixtures,
  formatTable,
  KINDS,
  type Kind,
  type KindResult,
  type Mix,
  nginxConfigFrom,
  parseOptions,
  splitConnections,
  type Tally,
} from './bench-scale-workload.ts'

const options = parseOptions(process.argv.slice(2))
const loadText = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
const loadBefore = loadText()
const proxy = options.target ?? `http://127.0.0.1:${options.proxyPort}`
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function databaseUrl(): string {
  if (options.target) {
    if (!process.env.DATABASE_URL || !process.env.TOKEN_SECRET)
      throw new Error("--target needs the instances' DATABASE_URL and TOKEN_SECRET in the environment")
    return process.env.DATABASE_URL
  }
  const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres')
  url.pathname = `/${process.env.BENCH_SCALE_DATABASE ?? 'expo_bench_scale'}`
  return url.href
}

async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1)
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_SCALE_DATABASE must be a plain lower-case name, not "${name}"`)
  const admin = await openPostgres(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', { max: 1 })
  try {
    const exists = (await admin.query<{ n: number }>('select count(*)::int as n from pg_database where datname = $1', [name])).rows[0]?.n === 1
    if (!exists) await admin.query(`create database ${name}`)
  } finally {
    await admin.close()
  }
}

/** Resident memory of a process in MiB, from /proc (null once it is gone or off Linux). */
function rssOf(pid: number): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'))
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : null
  } catch {
    return null
  }
}

/** User + system CPU seconds of a process, threads included (clock ticks of 10 ms). */
function cpuOf(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return null
  }
}

interface DatabaseCounters {
  transactions: number
  rowsWritten: number
}

/** The database's own counters (flushed by each backend at least once a second, so a run of a few seconds reads them a little short). */
async function countersOf(db: Database): Promise<DatabaseCounters> {
  const row = (
    await db.query<DatabaseCounters>(
      `select (xact_commit + xact_rollback)::int8 as transactions, (tup_inserted + tup_updated + tup_deleted)::int8 as "rowsWritten"
         from pg_stat_database where datname = current_database()`,
    )
  ).rows[0]
  return row ?? { transactions: 0, rowsWritten: 0 }
}

/** Server connections open to the database, the bench's own two excluded. */
async function connectionsOf(db: Database): Promise<number> {
  const row = (
    await db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and coalesce(application_name, '') <> 'bench-scale'`,
    )
  ).rows[0]
  return row?.n ?? 0
}

async function waitReady(url: string, child?: ChildProcess) {
  for (let attempt = 0; attempt < 480; attempt++) {
    if (child && child.exitCode !== null) throw new Error(`the process for ${url} stopped while starting (exit code ${child.exitCode})`)
    try {
      if ((await fetch(url)).ok) return
    } catch {}
    await sleep(500)
  }
  throw new Error(`${url} never became ready`)
}

const children: ChildProcess[] = []
/** Each instance as the image runs it: Node's flags and the allocator. */
const RUNTIME = imageRuntime()
let workDir: string | null = null

function startInstances(url: string, tokenSecret: string, dir: string): ChildProcess[] {
  return options.ports.map((port) => {
    const log = openSync(join(dir, `site-${port}.log`), 'a')
    const child = spawn('node', [...RUNTIME.nodeFlags, 'server/index.ts'], {
      env: {
        ...process.env,
        ...RUNTIME.env,
        // As compose.yaml's site replicas, on loopback: nginx in front compresses, the client address
        // comes in X-Forwarded-For from a proxy on this machine.
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, `data-${port}`),
        DATABASE_URL: url,
        REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0',
        PUBLIC_ORIGIN: proxy,
        TRUST_PROXY: 'loopback',
        TOKEN_SECRET: tokenSecret,
        COMPRESSION: 'off',
        // The pages need exhibitions and articles; a real database gets no demo content unasked.
        DEMO_CONTENT: 'on',
        LOG_LEVEL: 'warn',
        // A private listener for /metrics, as compose has one: the pool's waiting requests and the page cache's hits.
        METRICS_PORT: String(port + 10),
        // Nothing is left to drain once the bench has stopped nginx.
        SHUTDOWN_DRAIN_SECONDS: '0',
      },
      stdio: ['ignore', log, log],
    })
    children.push(child)
    return child
  })
}

function startNginx(dir: string): ChildProcess {
  const nginxDir = join(dir, 'nginx')
  mkdirSync(nginxDir, { recursive: true })
  const root = process.getuid?.() === 0
  // nginx started as root runs its workers as an unprivileged user, who must write the temp folders.
  if (root) chmodSync(dir, 0o755)
  if (root) chmodSync(nginxDir, 0o777)
  const config = nginxConfigFrom(readFileSync('deploy/nginx.conf', 'utf8'), {
    listen: options.proxyPort,
    instances: options.ports,
    dir: nginxDir,
    user: root ? 'nobody nogroup' : null,
  })
  const file = join(nginxDir, 'nginx.conf')
  writeFileSync(file, config)
  try {
    execFileSync('nginx', ['-t', '-p', nginxDir, '-c', file], { stdio: 'pipe' })
  } catch (error) {
    const reason =
      (error as { code?: string; stderr?: Buffer }).code === 'ENOENT'
        ? 'nginx is not installed (apt-get install nginx-light)'
        : String((error as { stderr?: Buffer }).stderr ?? error)
    throw new Error(reason)
  }
  const child = spawn('nginx', ['-p', nginxDir, '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] })
  children.push(child)
  return child
}

/** A signed-in account as the tests make one (test/setup/users.ts): account, live session, user token, login cookie. */
async function makeAccounts(db: Database, tokenSecret: string, count: number): Promise<Fixtures['accounts']> {
  const signer = createTokenSigner(tokenSecret)
  const run = randomUUID().slice(0, 8)
  const accounts: Fixtures['accounts'] = []
  for (let index = 0; index < count; index++) {
    const userId = (
      await db.query<{ id: string }>(`insert into accounts (email, email_verified_at, nick, locale) values ($1, now(), 'Scale Buyer', 'en') returning id`, [
        `scale-${run}-${index}@example.com`,
      ])
    ).rows[0]?.id as string
    const secret = randomBytes(32).toString('base64url')
    const sessionId = (
      await db.query<{ id: string }>(`insert into sessions (account_id, expires_at, secret_hash) values ($1, now() + interval '1 day', $2) returning id`, [
        userId,
        createHash('sha256').update(secret).digest('base64url'),
      ])
    ).rows[0]?.id as string
    accounts.push({ token: signer.issue({ kind: 'user', userId, sessionId }).access_token, cookie: `${COOKIES.login}=${sessionId}.${secret}` })
  }
  return accounts
}

/**
 * An owner with credentials set and a session started as a sign-in starts one (test/e2e/console-site-tap.ts),
 * through the staff domain's own repository functions, not the command line.
 */
async function makeStaffCookie(db: Database): Promise<string> {
  const member = await insertMember(db, {
    email: `bench-scale-${randomUUID().slice(0, 8)}@example.org`,
    name: 'Scale Bench',
    roles: ['owner'],
    exhibitionIds: null,
    language: 'en',
  })
  if (!member) throw new Error('could not add the staff member')
  const passwords = createPasswordHasher(1)
  try {
    await setCredentials(db, member.id, await passwords.hash(randomBytes(24).toString('base64url')), newTotpSecret(), stepAt(Date.now()))
  } finally {
    await passwords.close()
  }
  const session = await startSession(db, member.id, { ip: '127.0.0.1', device: 'bench-scale' }, new Date())
  return `${STAFF_COOKIE.name}=${session.secret}`
}

async function findLink(path: string, pattern: RegExp): Promise<string | null> {
  const html = await (await fetch(`${proxy}${path}`)).text()
  return pattern.exec(html)?.[1] ?? null
}

async function prepare(db: Database, tokenSecret: string): Promise<Fixtures> {
  const exhibition = await findLink('/en/brandExhibition.html', /href="(\/en\/backDetail\/[^"]+)"/)
  const article = await findLink('/en/exhibition/news.html', /href="(\/en\/exhibition\/\d+[^"]*)"/)
  const pages = [
    '/en',
    '/zh-cn',
    '/en/brandExhibition.html',
    '/en/exhibition/news.html',
    '/ja/about.html',
    // A shared link: the cache keys by the parameters a page reads, so this is the plain copy.
    '/en?utm_source=newsletter&utm_medium=email',
    ...(exhibition ? [exhibition] : []),
    ...(article ? [article] : []),
  ]
  const visitorTokens: string[] = []
  for (let index = 0; index < 8; index++) {
    const response = await fetch(`${proxy}/api/token`, { method: 'POST', headers: { 'x-forwarded-for': `192.0.2.${index + 1}` } })
    visitorTokens.push(((await response.json()) as { access_token: string }).access_token)
  }
  const exhibitionId = await makeExhibition(db, { title: 'Scale Bench Expo' })
  // Capacity no run reaches: the purchases measure the checkout, not a sell-out.
  const ticketTypeId = await makeTicketType(db, exhibitionId, { capacity: 10_000_000 })
  return {
    pages,
    privatePages: ['/en/info.html', '/en/apply/order'],
    visitorTokens,
    accounts: await makeAccounts(db, tokenSecret, options.buyers),
    exhibitionId,
    ticketTypeId,
    staffCookie: await makeStaffCookie(db),
    origin: proxy,
  }
}

interface LoadOutput {
  kind: Kind
  total: number
  average: number
  p50: number
  p99: number
  errors: number
  timeouts: number
  tally: Tally
}

function loadKind(kind: Kind, connections: number, seconds: number, fixtures: Fixtures): Promise<LoadOutput> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', ['scripts/bench-scale-load.ts', JSON.stringify({ kind, origin: proxy, connections, seconds, fixtures })], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8')
    })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LoadOutput) : reject(new Error(`the ${kind} load ended with ${code}`))))
  })
}

interface InstanceFigures {
  port: number
  pid: number
  rssStartMiB: number | null
  rssPeakMiB: number | null
  cpuSeconds: number | null
  /** Requests that waited for one of the pool's connections, at most at once (null: no metrics, with --target). */
  poolWaitingPeak: number | null
  poolTotalPeak: number | null
  /** Page cache hits and misses during the run. */
  cacheHits: number | null
  cacheMisses: number | null
  /** Per platform function during the run: calls and seconds spent (wall time, from the gateway's histogram). */
  functions: Record<string, { calls: number; seconds: number }>
}

/** The figures of one instance's /metrics (METRICS_PORT) the bench reads: pool states and page cache events. */
async function metricsOf(port: number): Promise<Record<string, number> | null> {
  if (options.target) return null
  try {
    const text = await (await fetch(`http://127.0.0.1:${port + 10}/metrics`)).text()
    const values: Record<string, number> = {}
    for (const match of text.matchAll(
      /^(db_pool_connections|page_cache_requests_total|gateway_call_duration_seconds_sum|gateway_call_duration_seconds_count)\{(?:state|outcome|function)="([\w$]+)"\} (\S+)$/gm,
    )) {
      values[`${match[1]}:${match[2]}`] = Number(match[3])
    }
    return values
  } catch {
    return null
  }
}

async function runMix(db: Database, fixtures: Fixtures, seconds: number, pids: Array<{ port: number; pid: number }>, split: Mix) {
  const active = KINDS.filter((kind) => split[kind] > 0)
  const cpuBefore = pids.map(({ pid }) => cpuOf(pid))
  const countersBefore = await countersOf(db)
  const metricsBefore = await Promise.all(pids.map(({ port }) => metricsOf(port)))
  const figures: InstanceFigures[] = pids.map(({ port, pid }) => ({
    port,
    pid,
    rssStartMiB: rssOf(pid),
    rssPeakMiB: rssOf(pid),
    cpuSeconds: null,
    poolWaitingPeak: null,
    poolTotalPeak: null,
    cacheHits: null,
    cacheMisses: null,
    functions: {},
  }))
  let peakConnections = 0
  // The bench's own reads of the counters and connections are transactions too; they are taken off.
  let ownTransactions = 1
  const sampler = setInterval(() => {
    for (const entry of figures) {
      const rss = rssOf(entry.pid)
      if (rss !== null && (entry.rssPeakMiB === null || rss > entry.rssPeakMiB)) entry.rssPeakMiB = rss
    }
  }, 250)
  const connectionSampler = setInterval(() => {
    for (const entry of figures) {
      metricsOf(entry.port).then((values) => {
        if (!values) return
        const most = (now: number | null, value: number | undefined) => (value === undefined ? now : Math.max(now ?? 0, value))
        entry.poolWaitingPeak = most(entry.poolWaitingPeak, values['db_pool_connections:waiting'])
        entry.poolTotalPeak = most(entry.poolTotalPeak, values['db_pool_connections:total'])
      })
    }
    ownTransactions += 1
    connectionsOf(db).then(
      (count) => {
        peakConnections = Math.max(peakConnections, count)
      },
      () => {},
    )
  }, 1000)
  try {
    const outputs = await Promise.all(active.map((kind) => loadKind(kind, split[kind], seconds, fixtures)))
    figures.forEach((entry, index) => {
      const after = cpuOf(entry.pid)
      const before = cpuBefore[index]
      entry.cpuSeconds = after !== null && before !== null && before !== undefined ? after - before : null
    })
    const metricsAfter = await Promise.all(pids.map(({ port }) => metricsOf(port)))
    figures.forEach((entry, index) => {
      const before = metricsBefore[index]
      const after = metricsAfter[index]
      if (!before || !after) return
      const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0)
      entry.cacheHits = delta('page_cache_requests_total:hits')
      entry.cacheMisses = delta('page_cache_requests_total:misses')
      for (const name of Object.keys(after)) {
        if (!name.startsWith('gateway_call_duration_seconds_count:')) continue
        const fn = name.slice(name.indexOf(':') + 1)
        const calls = delta(name)
        if (calls > 0) entry.functions[fn] = { calls, seconds: delta(`gateway_call_duration_seconds_sum:${fn}`) }
      }
    })
    // Backends report their counters at most once a second: wait for the last ones.
    await sleep(1500)
    const countersAfter = await countersOf(db)
    const results: KindResult[] = outputs.map((output) => ({
      kind: output.kind,
      connections: split[output.kind],
      requests: output.total,
      requestsPerSecond: output.average,
      p50: output.p50,
      p99: output.p99,
      errors: output.tally.failed + output.errors,
      completedPerSecond: output.kind === 'purchase' ? output.tally.completed / seconds : null,
    }))
    const requests = outputs.reduce((sum, output) => sum + output.total, 0)
    const cpu = figures.reduce((sum, entry) => sum + (entry.cpuSeconds ?? 0), 0)
    const database = {
      peakConnections,
      transactions: countersAfter.transactions - countersBefore.transactions - ownTransactions,
      rowsWritten: countersAfter.rowsWritten - countersBefore.rowsWritten,
    }
    return {
      results,
      figures,
      requests,
      cpuMsPerRequest: requests ? (cpu * 1000) / requests : null,
      database,
      statuses: Object.fromEntries(outputs.map((output) => [output.kind, output.tally.statuses])),
    }
  } finally {
    clearInterval(sampler)
    clearInterval(connectionSampler)
  }
}

type Run = Awaited<ReturnType<typeof runMix>>

function instanceTable(run: Run, seconds: number): string {
  return [
    '| instance | RSS at the start MiB | peak RSS MiB | CPU s during the run | CPU share of one core | pool connections, most at once | requests waiting for one, most at once | page cache hits / misses |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...run.figures.map(
      (entry) =>
        `| ${entry.port} (pid ${entry.pid}) | ${entry.rssStartMiB?.toFixed(0) ?? '–'} | ${entry.rssPeakMiB?.toFixed(0) ?? '–'} | ${entry.cpuSeconds?.toFixed(1) ?? '–'} | ${
          entry.cpuSeconds === null ? '–' : `${((entry.cpuSeconds / seconds) * 100).toFixed(0)}%`
        } | ${entry.poolTotalPeak ?? '–'} | ${entry.poolWaitingPeak ?? '–'} | ${entry.cacheHits ?? '–'} / ${entry.cacheMisses ?? '–'} |`,
    ),
  ].join('\n')
}

/** Where the instances' time went by platform function, both instances together, slowest first. */
function functionTable(run: Run): string {
  const totals = new Map<string, { calls: number; seconds: number }>()
  for (const entry of run.figures) {
    for (const [name, figures] of Object.entries(entry.functions)) {
      const total = totals.get(name) ?? { calls: 0, seconds: 0 }
      totals.set(name, { calls: total.calls + figures.calls, seconds: total.seconds + figures.seconds })
    }
  }
  const rows = [...totals.entries()].sort((a, b) => b[1].seconds / b[1].calls - a[1].seconds / a[1].calls)
  return [
    '| platform function | calls | mean ms (wall, inside the instance) |',
    '|---|---:|---:|',
    ...rows.map(([name, total]) => `| ${name} | ${total.calls} | ${((total.seconds / total.calls) * 1000).toFixed(0)} |`),
  ].join('\n')
}

const perRequest = (value: number, run: Run) => (run.requests ? (value / run.requests).toFixed(2) : '–')

/** Each kind alone: what one request of it costs the instances (CPU) and the database (transactions, rows written). */
function costTable(runs: Array<{ kind: Kind; run: Run }>): string {
  return [
    "| kind alone | connections | requests/s | p99 ms | errors | instances' CPU ms per request | transactions per request | rows written per request | peak database connections | requests waiting for a pool connection, most at once |",
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map(({ kind, run }) => {
      const result = run.results[0]
      return `| ${kind} | ${result?.connections ?? 0} | ${result?.requestsPerSecond.toFixed(0) ?? '–'} | ${result?.p99.toFixed(0) ?? '–'} | ${result?.errors ?? 0} | ${
        run.cpuMsPerRequest?.toFixed(2) ?? '–'
      } | ${perRequest(run.database.transactions, run)} | ${perRequest(run.database.rowsWritten, run)} | ${run.database.peakConnections} | ${run.figures.map((entry) => entry.poolWaitingPeak ?? '–').join(' / ')} |`
    }),
  ].join('\n')
}

async function main() {
  const url = databaseUrl()
  const tokenSecret = process.env.TOKEN_SECRET ?? randomBytes(32).toString('hex')
  let pids = options.target ? options.pids.map((pid, index) => ({ port: options.ports[index] ?? 0, pid })) : []
  if (!options.target) {
    if (options.build) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
    await ensureDatabase(url)
    workDir = mkdtempSync(join(tmpdir(), 'expo-scale-'))
    const instances = startInstances(url, tokenSecret, workDir)
    // Both at once, as compose starts them: migrations and demo content happen once under their locks.
    await Promise.all(instances.map((child, index) => waitReady(`http://127.0.0.1:${options.ports[index]}/HealthCheck/Ready`, child)))
    const nginx = startNginx(workDir)
    await waitReady(`${proxy}/HealthCheck/Ready`, nginx)
    pids = instances.map((child, index) => ({ port: options.ports[index] ?? 0, pid: child.pid ?? 0 }))
    console.log(`Instances ${options.ports.join(' and ')} on ${redactUrl(url)}, nginx on ${options.proxyPort}; logs in ${workDir}`)
  }
  const named = new URL(url)
  named.searchParams.set('application_name', 'bench-scale')
  const db = await openPostgres(named.href, { max: 2 })
  try {
    const fixtures = await prepare(db, tokenSecret)
    const split = splitConnections(options.connections, options.mix)
    console.log(`Warming up (3 s of the same mix, not measured), then ${options.seconds} s measured`)
    await runMix(db, fixtures, Math.min(3, options.seconds), pids, split)
    const loadStart = loadText()
    const run = await runMix(db, fixtures, options.seconds, pids, split)
    const loadEnd = loadText()
    const solo: Array<{ kind: Kind; run: Run }> = []
    if (options.each) {
      for (const kind of KINDS.filter((entry) => split[entry] > 0)) {
        const alone: Mix = { anonymous: 0, user: 0, gateway: 0, purchase: 0, console: 0 }
        alone[kind] = split[kind]
        console.log(`${kind} alone, ${options.seconds} s`)
        solo.push({ kind, run: await runMix(db, fixtures, options.seconds, pids, alone) })
      }
    }
    const total = run.results.reduce((sum, result) => sum + result.requestsPerSecond, 0)
    const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, allocator ${RUNTIME.allocator}; ${options.seconds} s per run, ${options.connections} connections through nginx (${proxy}); load average ${loadBefore} before the bench, ${loadStart} at the mixed run's start, ${loadEnd} at its end, ${loadText()} at the bench's end; the load generators, nginx and PostgreSQL run on the same cores`
    const text = [
      machine,
      formatTable(run.results),
      `All kinds together: ${total.toFixed(0)} requests/s; the instances spent ${run.cpuMsPerRequest?.toFixed(2) ?? '–'} ms of CPU per request; the database ran ${perRequest(run.database.transactions, run)} transactions and wrote ${perRequest(run.database.rowsWritten, run)} rows per request, with at most ${run.database.peakConnections} connections open.`,
      instanceTable(run, options.seconds),
      functionTable(run),
      ...(solo.length ? [costTable(solo)] : []),
      `Statuses per kind: ${JSON.stringify(run.statuses)}`,
      '',
    ].join('\n\n')
    console.log(`\n${text}`)
    mkdirSync('bench/results', { recursive: true })
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const file = `bench/results/scale-${stamp}`
    writeFileSync(`${file}.json`, `${JSON.stringify({ date: new Date().toISOString(), machine, options, split, mixed: run, alone: solo }, null, 2)}\n`)
    writeFileSync(`${file}.md`, `# Many instances ${new Date().toISOString()}\n\n${text}`)
    console.log(`Wrote ${file}.json and ${file}.md`)
  } finally {
    await db.close()
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise((resolve) => child.once('exit', resolve))
  // nginx finishes its requests on SIGQUIT; the site on SIGTERM.
  child.kill(child.spawnfile === 'nginx' ? 'SIGQUIT' : 'SIGTERM')
  await Promise.race([gone, sleep(30_000)])
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}

async function stopAll() {
  const [nginx, ...instances] = children.filter((child) => child.spawnfile === 'nginx').concat(children.filter((child) => child.spawnfile !== 'nginx'))
  if (nginx) await stop(nginx)
  await Promise.all(instances.map(stop))
  // A failed run keeps its logs (and says where they are at the start).
  if (workDir && !process.exitCode) rmSync(workDir, { recursive: true, force: true })
}

main()
  .catch((error) => {
    console.error(error)
    process.exitCode = 1
  })
  .finally(stopAll)
