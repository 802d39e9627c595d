import { Writable } from 'node:stream'
import { openPostgres } from '../server/db/client.ts'
import { EXPORT_LIMITS } from '../shared/rules/console-exports.ts'
import { type ExportRequest, streamExport } from '../server/platform/exports/export-stream.ts'

/**
 * Memory and time of the console's exports that stream (docs/product.md#console-exports) over the
 * largest exhibition of the database `npm run bench:console` fills (`expo_bench_console`, e.g.
 * `-- --orders=340000 --exhibitions=10 --keep`: 34,000 orders and 102,000 attendees in one exhibition).
 * Each export writes into a sink that counts and drops the bytes, as a fast client would take them;
 * the resident set size is sampled every 50 ms. `node --expose-gc bench/exports-memory.ts [url] [--live]`.
 */
const url = new URL(
  process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
)
url.pathname = '/expo_bench_console'
const db = await openPostgres(url.toString(), { max: 2 })
/** --live collects garbage before each sample: the growth is then what the export holds, not what V8 has yet to sweep. */
const LIVE = process.argv.includes('--live')
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10
const largest = (
  await db.query<{ id: number; attendees: number; orders: number }>(
    `select o.exhibition_id as id, count(*)::int as attendees, count(distinct o.id)::int as orders
       from ticket_attendees a join ticket_orders o on o.id = a.order_id group by o.exhibition_id order by 2 desc limit 1`,
  )
).rows[0]
if (!largest) throw new Error('expo_bench_console is empty: run npm run bench:console first')

const results = []
for (const [kind, format] of [
  ['attendees', 'csv'],
  ['attendees', 'csv'],
  ['attendees', 'xlsx'],
  ['orders', 'csv'],
  ['orders', 'xlsx'],
] as const) {
  globalThis.gc?.()
  const before = process.memoryUsage().rss
  let peak = before
  let heapPeak = 0
  const sampler = setInterval(() => {
    if (LIVE) globalThis.gc?.()
    const now = process.memoryUsage()
    peak = Math.max(peak, now.rss)
    heapPeak = Math.max(heapPeak, now.heapUsed + now.external)
  }, 50)
  let bytes = 0
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.length
      done()
    },
  })
  const request: ExportRequest = { exhibitionId: largest.id, kind, format, language: 'en', only: null }
  const started = performance.now()
  await streamExport(db, request, sink, EXPORT_LIMITS.batchRows)
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  results.push({
    kind,
    format,
    rows: kind === 'orders' ? largest.orders : largest.attendees,
    megabytes: mb(bytes),
    seconds: Math.round(seconds * 10) / 10,
    rssBeforeMb: mb(before),
    rssGrowthMb: mb(peak - before),
    heapPeakMb: mb(heapPeak),
  })
  console.log(JSON.stringify(results.at(-1)))
}
await db.close()
