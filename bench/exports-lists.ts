import { Writable } from 'node:stream'
import { openPostgres } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { type ExportRequest, streamExport } from '../server/platform/exports/export-stream.ts'
import { EXPORT_LIMITS } from '../shared/rules/console-exports.ts'

/**
 * Time and memory of the console's other streamed exports (docs/product.md#streamed-exports): one
 * exhibition of 100,000 applications, 100,000 exhibitors and 100,000 survey answers (four questions
 * each), written into a scratch database `expo_bench_exports` once (kept; `--fresh` fills it again),
 * each export streamed through the same `streamExport` the console's link uses into a sink that drops
 * the bytes. `node --expose-gc bench/exports-lists.ts [url] [--live] [--fresh] [--kind=applications …]`; the resident set
 * size is sampled every 50 ms, with `--live` after a forced collection (what the export holds).
 */
const ROWS = 100_000
const argv = process.argv.slice(2)
const adminUrl = argv.find((arg) => !arg.startsWith('--')) ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const LIVE = argv.includes('--live')
const target = new URL(adminUrl)
target.pathname = '/expo_bench_exports'

const admin = await openPostgres(adminUrl, { max: 1 })
const exists = (await admin.query<{ n: number }>(`select count(*)::int as n from pg_database where datname = 'expo_bench_exports'`)).rows[0]?.n === 1
if (exists && argv.includes('--fresh')) await admin.query('drop database expo_bench_exports with (force)')
if (!exists || argv.includes('--fresh')) await admin.query('create database expo_bench_exports')
await admin.close()

const db = await openPostgres(target.href, { max: 2 })
await migrate(db)

async function fill(): Promise<number> {
  const step = async (label: string, sql: string) => {
    const at = performance.now()
    await db.query(sql)
    console.log(`  ${label}: ${((performance.now() - at) / 1000).toFixed(1)} s`)
  }
  await step(
    'exhibition',
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region)
     values ('bench-exports', 'exhibition', '2026-06-01T01:00Z', '2026-06-03T10:00Z', 'Asia/Bangkok', 'Bangkok', 'TH', 'asia')`,
  )
  const id = (await db.query<{ id: number }>(`select id from exhibitions where slug = 'bench-exports'`)).rows[0]?.id as number
  await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'Bench Expo'), ($1, 'zh-cn', '基准博览会')`, [id])
  // Names with the cells an export must keep: Chinese, a formula, a quote, a line break.
  const given = `(array['王小明', '=1+1', 'Say "hi"', E'two\\nlines', 'Grace', 'สมชาย'])[1 + i % 6]`
  await step(
    'applications',
    `insert into applications (reference, kind, exhibition_id, locale, email, phone_e164, phone_country, company_name, website, contact_person, booth_size,
                               exhibiting_method, surname, given_name, position, identity, industry, idempotency_key, content_hash, created_at)
     select (case when i % 2 = 0 then 'EX-' else 'AT-' end) || lpad(upper(to_hex(i)), 8, '0'), case when i % 2 = 0 then 'exhibitor' else 'attendee' end, ${id},
            'en', 'applicant' || i || '@example.com', '+6681' || lpad(i::text, 7, '0'), 'TH',
            case when i % 2 = 0 then 'Company ' || ${given} end, case when i % 2 = 0 then 'company' || i || '.example.com' end,
            case when i % 2 = 0 then 'Maria Lopez' end, case when i % 2 = 0 then '3x6' end, case when i % 2 = 0 then 'company' end,
            case when i % 2 = 1 then '陈' end, case when i % 2 = 1 then ${given} end, case when i % 2 = 1 then 'Trader' end,
            case when i % 2 = 1 then 'trader' end, case when i % 2 = 1 then 'fintech' end,
            gen_random_uuid(), lpad(to_hex(i), 64, '0'), timestamptz '2026-01-01Z' + i * interval '1 minute'
       from generate_series(1, ${ROWS}) i`,
  )
  await step(
    'exhibitors',
    `insert into exhibitor_companies (slug, kind, country, website) select 'bench-company-' || i, 'broker', 'GB', 'company' || i || '.example.com' from generate_series(1, ${ROWS}) i;
     insert into exhibitor_company_texts (company_id, locale, name)
       select c.id, 'en', 'Company ' || (array['王小明', '=1+1', 'Say "hi"', E'two\\nlines', 'Grace', 'สมชาย'])[1 + c.id % 6] || ' ' || c.id from exhibitor_companies c;
     insert into exhibitors (company_id, exhibition_id) select c.id, ${id} from exhibitor_companies c`,
  )
  // The survey's answers need tickets: 34,000 paid orders of three, one answer per ticket up to ROWS.
  await step(
    'tickets',
    `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, texts) values (${id}, 'visitor', 0, 'USD', 1000000, '{"en": {"name": "Visitor"}}');
     insert into ticket_orders (id, number, exhibition_id, status, locale, buyer_email, currency, subtotal_minor, total_minor, expires_at, confirmed_at, paid_at,
                                idempotency_key, created_at, updated_at)
       select gen_random_uuid(), 'T-E' || lpad(upper(to_hex(i)), 9, '0'), ${id}, 'paid', 'en', 'buyer' || i || '@example.com', 'USD', 0, 0,
              timestamptz '2026-01-01Z' + i * interval '1 minute', timestamptz '2026-01-01Z', timestamptz '2026-01-01Z', gen_random_uuid(),
              timestamptz '2026-01-01Z' + i * interval '1 minute', timestamptz '2026-01-01Z'
         from generate_series(1, ${Math.ceil(ROWS / 3)}) i;
     insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry)
       select o.id, p, 'Ada', 'Lovelace', 'guest' || o.number || p || '@example.com', '+668100000' || p, 'TH', 'visitor', 'fintech'
         from ticket_orders o cross join generate_series(1, 3) p where o.exhibition_id = ${id};
     insert into e_tickets (order_id, attendee_id, exhibition_id, ticket_type_id, code, issued_at)
       select o.id, a.id, ${id}, t.id, 'bench-' || a.id, o.paid_at
         from ticket_orders o join ticket_attendees a on a.order_id = o.id join ticket_types t on t.exhibition_id = o.exhibition_id where o.exhibition_id = ${id}`,
  )
  await step(
    'survey answers',
    `insert into survey_questions (exhibition_id, kind, position, option_count, texts) values
       (${id}, 'rating', 1, 0, '{"en": {"text": "How was it?"}}'),
       (${id}, 'single', 2, 2, '{"en": {"text": "Again?", "options": ["Yes", "No"]}}'),
       (${id}, 'multiple', 3, 3, '{"en": {"text": "What did you visit?", "options": ["Talks", "Booths", "Workshops"]}}'),
       (${id}, 'text', 4, 0, '{"en": {"text": "Anything else?"}}');
     insert into survey_answers (ticket_id, exhibition_id, locale, answered_at)
       select e.id, ${id}, 'en', timestamptz '2026-06-04Z' + row_number() over (order by e.id) * interval '1 second' from e_tickets e where e.exhibition_id = ${id} limit ${ROWS};
     insert into survey_answer_items (answer_id, question_id, rating, choices, text_value)
       select a.id, q.id,
              case when q.kind = 'rating' then 1 + a.id % 5 end,
              case when q.kind = 'single' then array[(a.id % 2)::smallint] when q.kind = 'multiple' then array[0, 2]::smallint[] end,
              case when q.kind = 'text' then (array['王小明 liked it', '=1+1', 'Say "hi"', E'two\\nlines'])[1 + a.id % 4] end
         from survey_answers a cross join survey_questions q where q.exhibition_id = ${id}`,
  )
  return id
}

const found = (await db.query<{ id: number }>(`select id from exhibitions where slug = 'bench-exports'`)).rows[0]?.id
const exhibitionId = found ?? (await fill())
const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10

const KINDS = (['applications', 'exhibitors', 'survey'] as const).filter(
  (kind) => !argv.some((arg) => arg.startsWith('--kind=')) || argv.includes(`--kind=${kind}`),
)
for (const kind of KINDS) {
  for (const format of ['csv', 'xlsx'] as const) {
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
    const request: ExportRequest = { exhibitionId, kind, format, language: 'en', only: null }
    const started = performance.now()
    await streamExport(db, request, sink, EXPORT_LIMITS.batchRows)
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)
    console.log(
      JSON.stringify({
        kind,
        format,
        rows: ROWS,
        megabytes: mb(bytes),
        seconds: Math.round(seconds * 10) / 10,
        rssBeforeMb: mb(before),
        rssGrowthMb: mb(peak - before),
        heapPeakMb: mb(heapPeak),
      }),
    )
  }
}
await db.close()
