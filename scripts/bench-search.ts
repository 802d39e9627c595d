// npm run bench:search [-- --brokers=N --queries=N --databases=pglite,postgres --keep --reuse=DATABASE]
// Generates a directory of 100,000 fictional brokers into a scratch database (embedded PGlite in a
// temporary data directory; and a real PostgreSQL too when BENCH_DATABASE_URL is set, e.g.
// postgres://postgres@127.0.0.1:5432/test, in a scratch database it creates and drops), then times the suggestion function (home$dropdown,
// through the platform's gateway dispatch: payload check, matching, broker rows, highlighting,
// envelope) over a realistic mix of queries: prefixes, whole words, typos, Chinese, codes, aliases,
// full-width text and misses. Prints p50/p95/p99 per database and query kind and writes JSON and
// Markdown under bench/results/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { parseConfig } from '../server/config.ts'
import { type Database, openPglite, openPostgres, redactUrl } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { createGeo } from '../server/geo/geo.ts'
import { loadIpCountryDatabase } from '../server/geo/ip-country.ts'
import { createPlatform, type Platform } from '../server/platform/platform.ts'
import { type BrokerInput, generateBrokers, prng } from '../server/platform/search/demo-brokers.ts'
import { writeReferenceData } from '../server/platform/search/reference-data.ts'
import { insertBrokers, tierFunction } from '../server/platform/search/search-index.repo.ts'

const args = process.argv.slice(2)
const numberArg = (name: string, fallback: number) => Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const BROKERS = numberArg('brokers', 100_000)
const QUERIES = numberArg('queries', 3000)
// A million brokers is a PostgreSQL figure (docs/performance.md#broker-search-at-a-million): --databases=postgres skips the embedded run.
// A million brokers take long to load on a busy machine: --keep leaves the PostgreSQL scratch database
// in place, and --reuse=<its name> times the queries on it again (same --brokers) without loading.
const KEEP = args.includes('--keep')
const REUSE = args.find((arg) => arg.startsWith('--reuse='))?.split('=')[1]
if (REUSE !== undefined && !/^bench_search_\d+$/.test(REUSE)) throw new Error('--reuse names a database a --keep run left: bench_search_<number>')
const DATABASES = new Set((args.find((arg) => arg.startsWith('--databases='))?.split('=')[1] ?? 'pglite,postgres').split(','))
const WARMUP = 300
const SEED = 7

type Kind = 'prefix' | 'word' | 'typo' | 'chinese' | 'code' | 'alias' | 'wide' | 'miss'

/** The share of each kind in the mix: mostly what people type while a name comes to mind. */
const MIX: Array<[Kind, number]> = [
  ['prefix', 0.32],
  ['word', 0.12],
  ['typo', 0.14],
  ['chinese', 0.16],
  ['code', 0.1],
  ['alias', 0.06],
  ['wide', 0.05],
  ['miss', 0.05],
]

function queries(brokers: BrokerInput[], count: number): Array<{ kind: Kind; text: string }> {
  const random = prng(99)
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T
  // Popular brokers are searched more: pick by rank with a heavy head.
  const byPopularity = [...brokers].sort((a, b) => b.popularity - a.popularity)
  const someBroker = () => byPopularity[Math.floor(byPopularity.length * random() ** 3)] as BrokerInput
  const prefixLength = () => pick([1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 7, 8, 10, 12])
  const typo = (word: string) => {
    const chars = [...word]
    const at = 1 + Math.floor(random() * Math.max(1, chars.length - 1))
    switch (Math.floor(random() * 4)) {
      case 0:
        chars.splice(at, 1)
        break
      case 1:
        chars.splice(at, 0, pick([...'aeiourstn']))
        break
      case 2:
        chars[at] = pick([...'aeiourstn'])
        break
      default:
        if (at + 1 < chars.length) [chars[at], chars[at + 1]] = [chars[at + 1] as string, chars[at] as string]
    }
    return chars.join('')
  }
  const out: Array<{ kind: Kind; text: string }> = []
  while (out.length < count) {
    let roll = random()
    let kind: Kind = 'prefix'
    for (const [candidate, share] of MIX) {
      if (roll < share) {
        kind = candidate
        break
      }
      roll -= share
    }
    const broker = someBroker()
    let text: string
    switch (kind) {
      case 'prefix':
        text = broker.nameEn.slice(0, prefixLength())
        break
      case 'word':
        text = pick(broker.nameEn.split(' ').slice(1).concat(['capital', 'markets', 'securities', 'holdings', 'global']))
        break
      case 'typo':
        text = typo(broker.nameEn.slice(0, 5 + Math.floor(random() * 8)).trim())
        break
      case 'chinese': {
        const name = random() < 0.3 ? broker.nameHant : broker.nameHans
        const start = random() < 0.6 ? 0 : Math.floor(random() * Math.max(1, name.length - 2))
        text = [...name].slice(start, start + 1 + Math.floor(random() * 4)).join('')
        break
      }
      case 'code':
        text = broker.traderCode && random() < 0.7 ? broker.traderCode.slice(0, 4 + Math.floor(random() * 7)) : broker.code
        break
      case 'alias':
        text = broker.aliases.length ? pick(broker.aliases) : (broker.nameEn.split(' ')[0] as string)
        break
      case 'wide':
        text = [...broker.nameEn.slice(0, 3 + Math.floor(random() * 6)).toUpperCase()]
          .map((c) => (/[A-Z]/.test(c) ? String.fromCodePoint((c.codePointAt(0) as number) + 0xfee0) : c))
          .join('')
        break
      default:
        text = Array.from({ length: 4 + Math.floor(random() * 6) }, () => pick([...'qxzjvkw'])).join('')
    }
    if (text.trim()) out.push({ kind, text })
  }
  return out
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
const round = (value: number) => Math.round(value * 100) / 100

async function load(db: Database, brokers: BrokerInput[]): Promise<number> {
  const started = performance.now()
  await migrate(db)
  const tier = tierFunction(brokers.map((broker) => broker.popularity))
  await db.transaction(async (tx) => {
    await writeReferenceData(tx)
    await insertBrokers(tx, brokers, (broker) => tier(broker.popularity))
  })
  const inserted = performance.now()
  await db.exec('vacuum analyze')
  console.log(`  inserted in ${((inserted - started) / 1000).toFixed(1)} s, vacuum analyze ${((performance.now() - inserted) / 1000).toFixed(1)} s`)
  return performance.now() - started
}

interface Figures {
  database: string
  /** Null when the queries ran on a database loaded before (--reuse). */
  loadSeconds: number | null
  rows: { terms: number; fuzzy: number }
  overall: { p50: number; p95: number; p99: number; max: number; mean: number }
  byKind: Record<string, { count: number; p50: number; p95: number; p99: number }>
  sample: Array<{ query: string; first: string | null; ms: number }>
  /** The slowest queries of the run, slowest first: what a tail is made of, which percentiles do not say. */
  slowest: Array<{ kind: string; query: string; ms: number }>
}

async function run(label: string, db: Database, brokers: BrokerInput[], mix: Array<{ kind: Kind; text: string }>, loaded = false): Promise<Figures> {
  console.log(`\n▶ ${label}: ${loaded ? 'already loaded with' : 'loading'} ${brokers.length.toLocaleString('en')} brokers…`)
  const loadMs = loaded ? null : await load(db, brokers)
  const counts = await db.query<{ terms: number; fuzzy: number }>(
    'select (select count(*)::int from search_terms) as terms, (select count(*)::int from search_fuzzy) as fuzzy',
  )
  console.log(
    `  ${loadMs === null ? 'reused' : `loaded in ${(loadMs / 1000).toFixed(1)} s`}: ${counts.rows[0]?.terms} terms, ${counts.rows[0]?.fuzzy} typo variants`,
  )
  const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: '/tmp/bench-search', TOKEN_SECRET: 'b'.repeat(48) })
  const platform: Platform = await createPlatform({
    config,
    db,
    logger: pino({ level: 'silent' }),
    geo: createGeo(loadIpCountryDatabase()),
    domains: ['search'],
  })
  const token = platform.tokens.issue({ kind: 'visitor', visitorId: 'bench' }).access_token
  let address = 0
  const call = async (content: string) => {
    // A new address per call: the per-address limit is for people, not for this loop.
    address += 1
    const ip = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`
    const started = performance.now()
    const response = await platform.dispatch({
      method: 'POST',
      path: '/gateway/cv3',
      headers: { routes: 'home$dropdown', authorization: `Bearer ${token}`, languagecode: 'en' },
      query: {},
      body: { content, project: 'expo', type: 'all' },
      ip,
      requestId: 'bench',
    })
    const ms = performance.now() - started
    if (response.status !== 200) throw new Error(`home$dropdown answered ${response.status} for ${JSON.stringify(content)}`)
    return { ms, data: response.body.data as Array<{ name: string }> }
  }
  for (const query of mix.slice(0, WARMUP)) await call(query.text)
  const timings: Array<{ kind: Kind; text: string; ms: number }> = []
  const sample: Figures['sample'] = []
  for (const [index, query] of mix.entries()) {
    const { ms, data } = await call(query.text)
    timings.push({ kind: query.kind, text: query.text, ms })
    if (index % Math.ceil(mix.length / 12) === 0) sample.push({ query: query.text, first: data[0]?.name ?? null, ms: round(ms) })
  }
  await platform.close()
  const all = timings.map((timing) => timing.ms).sort((a, b) => a - b)
  const byKind: Figures['byKind'] = {}
  for (const [kind] of MIX) {
    const own = timings
      .filter((timing) => timing.kind === kind)
      .map((timing) => timing.ms)
      .sort((a, b) => a - b)
    byKind[kind] = { count: own.length, p50: round(percentile(own, 50)), p95: round(percentile(own, 95)), p99: round(percentile(own, 99)) }
  }
  const figures: Figures = {
    database: label,
    loadSeconds: loadMs === null ? null : round(loadMs / 1000),
    rows: counts.rows[0] ?? { terms: 0, fuzzy: 0 },
    overall: {
      p50: round(percentile(all, 50)),
      p95: round(percentile(all, 95)),
      p99: round(percentile(all, 99)),
      max: round(all.at(-1) ?? 0),
      mean: round(all.reduce((sum, value) => sum + value, 0) / all.length),
    },
    byKind,
    sample,
    slowest: [...timings]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10)
      .map((timing) => ({ kind: timing.kind, query: timing.text, ms: round(timing.ms) })),
  }
  console.log(
    `  ${QUERIES} queries: p50 ${figures.overall.p50} ms, p95 ${figures.overall.p95} ms, p99 ${figures.overall.p99} ms, max ${figures.overall.max} ms`,
  )
  for (const [kind, value] of Object.entries(byKind))
    console.log(`    ${kind.padEnd(8)} n=${String(value.count).padStart(4)}  p50 ${value.p50} ms  p95 ${value.p95} ms  p99 ${value.p99} ms`)
  console.log(`  slowest: ${figures.slowest.map((query) => `${JSON.stringify(query.query)} (${query.kind}) ${query.ms} ms`).join(', ')}`)
  return figures
}

const brokers = generateBrokers({ count: BROKERS, seed: SEED })
const mix = queries(brokers, QUERIES)
const results: Figures[] = []

// A scratch data directory, as the site keeps its embedded database (DATA_DIR), removed afterwards.
if (DATABASES.has('pglite')) {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-search-'))
  const pglite = await openPglite(scratch)
  try {
    results.push(await run('PGlite (embedded, scratch data directory)', pglite, brokers, mix))
  } finally {
    await pglite.close()
    rmSync(scratch, { recursive: true, force: true })
  }
}

const url = process.env.BENCH_DATABASE_URL
if (url && DATABASES.has('postgres')) {
  const name = REUSE ?? `bench_search_${process.pid}`
  const admin = await openPostgres(url, { max: 1 })
  if (!REUSE) await admin.query(`create database ${name}`)
  const target = new URL(url)
  target.pathname = `/${name}`
  const postgres = await openPostgres(target.href, { max: 4 })
  try {
    results.push(await run(`PostgreSQL (${redactUrl(url)}, scratch database ${name})`, postgres, brokers, mix, Boolean(REUSE)))
  } finally {
    await postgres.close()
    if (KEEP) console.log(`  kept ${name}: --reuse=${name} times it again; drop it when done`)
    else await admin.query(`drop database if exists ${name} with (force)`)
    await admin.close()
  }
} else if (DATABASES.has('postgres')) {
  console.log('\nBENCH_DATABASE_URL not set: the PostgreSQL run was skipped.')
}

const report = {
  date: new Date().toISOString(),
  brokers: BROKERS,
  queries: QUERIES,
  machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '', loadAverage: loadavg().map(round) },
  goal: 'p99 under 20 ms',
  results,
}
mkdirSync('bench/results', { recursive: true })
const stamp = report.date.replace(/[:.]/g, '-')
writeFileSync(`bench/results/search-${stamp}.json`, `${JSON.stringify(report, null, 2)}\n`)
const lines = [
  `# Suggestion function (home$dropdown) on ${BROKERS.toLocaleString('en')} brokers, ${QUERIES} queries`,
  '',
  `${report.date}; ${report.machine.cpus} CPUs (${report.machine.model}); load average ${report.machine.loadAverage.join(', ')}`,
  '',
  '| database | p50 ms | p95 ms | p99 ms | max ms | load s |',
  '|---|---|---|---|---|---|',
  ...results.map((r) => `| ${r.database} | ${r.overall.p50} | ${r.overall.p95} | ${r.overall.p99} | ${r.overall.max} | ${r.loadSeconds ?? 'reused'} |`),
  '',
]
writeFileSync(`bench/results/search-${stamp}.md`, lines.join('\n'))
console.log(`\n${lines.join('\n')}\nWritten bench/results/search-${stamp}.json and .md`)
const failed = results.filter((result) => result.overall.p99 >= 20)
if (failed.length)
  console.log(`p99 is at or above 20 ms on: ${failed.map((result) => result.database).join('; ')} (load average ${report.machine.loadAverage.join(', ')})`)
