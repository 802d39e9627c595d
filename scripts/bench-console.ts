// npm run bench:console [-- --orders=1000000 --exhibitions=100 --queries=400 --keep]
// Fills a scratch PostgreSQL database (BENCH_DATABASE_URL's server, default the local one) with a brand's
// size: 100 exhibitions, 1,000,000 orders, 3,000,000 tickets whose holders have names in the scripts of
// our 12 locales, one exhibition of 100,000 orders, payments and refunds (some partial), and an audit log
// of 500,000 rows; then times the console's reads through the domains' own repository functions: the
// order search (number, e-mail, any part of a name in any script, reversed names), keyset pages, the
// dashboard of the largest exhibition and the audit log filtered. Prints p50/p95/p99 per kind and writes
// JSON and Markdown under bench/results/ (docs/performance.md#a-million-orders).
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import { type Database, openPostgres, redactUrl } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { auditPage } from '../server/platform/staff/audit.repo.ts'
import { dashboard } from '../server/platform/tickets/console/dashboard/dashboard.ts'
import { listOrders } from '../server/platform/tickets/console/staff-orders.repo.ts'
import { ORDER_LIST_LIMITS } from '../shared/rules/console-orders.ts'

const args = process.argv.slice(2)
const numberArg = (name: string, fallback: number) => Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const ORDERS = numberArg('orders', 1_000_000)
const EXHIBITIONS = numberArg('exhibitions', 100)
const QUERIES = numberArg('queries', 400)
const KEEP = args.includes('--keep')
const LARGEST = Math.min(100_000, Math.floor(ORDERS / 10))

/** First and family names per locale's script, the way people write them (family first in CJK and Vietnamese). */
const NAMES: Record<string, { first: string[]; last: string[] }> = {
  en: {
    first: ['Grace', 'Alan', 'Ada', 'Oliver', 'Emily', 'James', 'Sophie', 'Harry'],
    last: ['Hopper', 'Turing', 'Lovelace', 'Smith', 'Brown', 'Taylor', 'Wilson', 'Evans'],
  },
  es: { first: ['José', 'María', 'Lucía', 'Martín', 'Sofía', 'Álvaro'], last: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Pérez'] },
  fil: { first: ['Jose', 'Maria', 'Juan', 'Andres', 'Liza', 'Paolo'], last: ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Ocampo', 'Garcia'] },
  id: { first: ['Budi', 'Siti', 'Agus', 'Dewi', 'Rizky', 'Putri'], last: ['Santoso', 'Wijaya', 'Saputra', 'Hidayat', 'Kusuma', 'Pratama'] },
  pt: { first: ['João', 'Ana', 'Pedro', 'Beatriz', 'Tiago', 'Inês'], last: ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Oliveira', 'Costa'] },
  ja: { first: ['翔太', 'さくら', '健', '美咲', '大輔', 'ゆい'], last: ['佐藤', '鈴木', '高橋', '田中', '渡辺', '伊藤'] },
  ru: { first: ['Сергей', 'Анна', 'Дмитрий', 'Елена', 'Иван', 'Ольга'], last: ['Иванов', 'Смирнова', 'Кузнецов', 'Попова', 'Соколов', 'Морозова'] },
  th: { first: ['สมชาย', 'สมหญิง', 'ณัฐ', 'พิมพ์', 'ธนา', 'กมล'], last: ['ใจดี', 'รักไทย', 'ศรีสุข', 'วงศ์ใหญ่', 'ทองดี', 'มั่นคง'] },
  vi: { first: ['Anh', 'Minh', 'Hương', 'Tuấn', 'Lan', 'Dũng'], last: ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ'] },
  'zh-cn': { first: ['小明', '伟', '芳', '娜', '静', '强'], last: ['王', '李', '张', '刘', '陈', '杨'] },
  'zh-hk': { first: ['嘉欣', '志明', '詠詩', '家豪', '美玲', '俊傑'], last: ['陳', '黃', '李', '張', '梁', '何'] },
  'zh-tw': { first: ['怡君', '冠宇', '雅婷', '承恩', '家瑋', '宜蓁'], last: ['林', '蔡', '許', '鄭', '謝', '郭'] },
}
const LOCALES = Object.keys(NAMES)

/** 0650_dashboard_tallies.sql's triggers on the tables the fill writes. */
const DASHBOARD_TRIGGERS = [
  ['e_tickets', 'e_tickets_dashboard'],
  ['payment_attempts', 'payment_attempts_dashboard'],
  ['refunds', 'refunds_dashboard'],
] as const

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`
const array = (items: string[]) => `array[${items.map(quote).join(',')}]::text[]`

async function fill(db: Database): Promise<void> {
  const started = performance.now()
  const step = async (label: string, sql: string) => {
    const at = performance.now()
    await db.query(sql)
    console.log(`  ${label}: ${((performance.now() - at) / 1000).toFixed(1)} s`)
  }
  console.log(`Filling: ${EXHIBITIONS} exhibitions, ${ORDERS.toLocaleString('en')} orders, ~${(ORDERS * 3).toLocaleString('en')} tickets`)
  // The dashboard's tallies are counted once at the end, as the migration does for data already there,
  // rather than by their triggers for each of millions of rows inserted.
  await step('dashboard triggers off', DASHBOARD_TRIGGERS.map(([table, name]) => `alter table ${table} disable trigger ${name};`).join(' '))
  await step(
    'exhibitions',
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region)
     select 'bench-' || i, 'exhibition', timestamptz '2026-01-10 09:00Z' + (i || ' weeks')::interval, timestamptz '2026-01-11 18:00Z' + (i || ' weeks')::interval,
            'Asia/Bangkok', 'Bangkok', 'TH', 'asia'
       from generate_series(1, ${EXHIBITIONS}) i`,
  )
  await step(
    'titles',
    `insert into exhibition_texts (exhibition_id, locale, title)
     select e.id, l.locale, 'Expo ' || e.slug || ' ' || l.locale from exhibitions e cross join (values ('en'), ('zh-cn'), ('zh-tw')) l(locale) where e.slug like 'bench-%'`,
  )
  await step(
    'ticket types',
    `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, texts)
     select e.id, k.key, k.price, 'USD', 1000000, jsonb_build_object('en', jsonb_build_object('name', k.key))
       from exhibitions e cross join (values ('visitor', 0), ('vip', 29900), ('pro', 9900)) k(key, price) where e.slug like 'bench-%'`,
  )
  // One exhibition holds LARGEST orders (the dashboard's case); the rest are spread over the others.
  await step(
    'orders',
    `create temporary table bench_orders as
     select i, gen_random_uuid() as id,
            (select array_agg(id order by id) from exhibitions where slug like 'bench-%') as ids,
            timestamptz '2025-06-01Z' + (i * interval '25 seconds') as created_at
       from generate_series(1, ${ORDERS}) i;
     insert into ticket_orders (id, number, exhibition_id, status, cancel_reason, locale, buyer_email, currency, subtotal_minor, total_minor,
                                expires_at, confirmed_at, paid_at, cancelled_at, idempotency_key, created_at, updated_at)
     select b.id, 'T-B' || lpad(upper(to_hex(i)), 9, '0'),
            b.ids[case when i % 10 = 0 or ${EXHIBITIONS} = 1 then 1 else 2 + (i % (${EXHIBITIONS} - 1)) end],
            case when i % 20 = 0 then 'cancelled' when i % 97 = 0 then 'pending' else 'paid' end,
            case when i % 20 = 0 then (case when i % 40 = 0 then 'expired' else 'buyer' end) end,
            (${array(LOCALES)})[1 + i % ${LOCALES.length}],
            'buyer' || i || '@' || (array['example.com','mail.example.org','corp.example.net'])[1 + i % 3],
            'USD', 89700, 89700, b.created_at + interval '30 minutes',
            case when i % 20 <> 0 and i % 97 <> 0 then b.created_at + interval '2 minutes' end,
            case when i % 20 <> 0 and i % 97 <> 0 then b.created_at + interval '2 minutes' end,
            case when i % 20 = 0 then b.created_at + interval '30 minutes' end,
            gen_random_uuid(), b.created_at, b.created_at
       from bench_orders b`,
  )
  await step(
    'order lines',
    `insert into ticket_order_lines (order_id, ticket_type_id, quantity, unit_price_minor)
     select o.id, t.id, 3, 29900 from ticket_orders o join ticket_types t on t.exhibition_id = o.exhibition_id and t.key = 'vip' where o.number like 'T-B%'`,
  )
  const pools = LOCALES.map((locale) => `(${quote(locale)}, ${array(NAMES[locale]?.first ?? [])}, ${array(NAMES[locale]?.last ?? [])})`).join(',')
  await step(
    'tickets (attendees)',
    `with pools(locale, first, last) as (values ${pools})
     insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry)
     select b.id, p.position, n.first[1 + (b.i * 7 + p.position * 3) % array_length(n.first, 1)], n.last[1 + (b.i * 5 + p.position) % array_length(n.last, 1)],
            'guest' || b.i || '.' || p.position || '@example.com', '+6681' || lpad(((b.i * 3 + p.position) % 10000000)::text, 7, '0'), 'TH', 'visitor', 'fintech'
       from bench_orders b cross join generate_series(1, 3) p(position)
       join pools n on n.locale = (${array(LOCALES)})[1 + (b.i + p.position) % ${LOCALES.length}]`,
  )
  // Paid orders' e-tickets; an order refunded in full (every 50th) has its tickets voided.
  await step(
    'e-tickets',
    `insert into e_tickets (order_id, attendee_id, exhibition_id, ticket_type_id, code, issued_at, voided_at)
     select o.id, a.id, o.exhibition_id, t.id, 'bench-' || a.id, o.paid_at, case when b.i % 50 = 0 then o.paid_at + interval '1 day' end
       from bench_orders b join ticket_orders o on o.id = b.id join ticket_attendees a on a.order_id = o.id
       join ticket_types t on t.exhibition_id = o.exhibition_id and t.key = 'vip'
      where o.status = 'paid'`,
  )
  await step(
    'payments',
    `insert into payment_attempts (order_id, provider, status, amount_minor, currency, created_at, confirmed_at, received_minor, received_currency)
     select o.id, 'sandbox', 'succeeded', o.total_minor, o.currency, o.paid_at, o.paid_at, o.total_minor, o.currency from ticket_orders o where o.number like 'T-B%' and o.status = 'paid'`,
  )
  // Every 50th paid order refunded in full, every 30th in part: the dashboard's takings subtract both.
  await step(
    'refunds',
    `insert into refunds (attempt_id, order_id, provider, amount_minor, currency, reason, status, idempotency_key, requested_at, settled_at)
     select p.id, o.id, 'sandbox', case when b.i % 50 = 0 then o.total_minor else 29900 end, o.currency, 'staff', 'succeeded', 'bench-' || b.i,
            o.paid_at + interval '1 day', o.paid_at + interval '1 day'
       from bench_orders b join ticket_orders o on o.id = b.id join payment_attempts p on p.order_id = o.id
      where o.status = 'paid' and (b.i % 50 = 0 or b.i % 30 = 0)`,
  )
  await step(
    'audit log',
    `insert into staff_audit (at, staff_id, function, target, after, address)
     select timestamptz '2025-06-01Z' + i * interval '50 seconds', null,
            (array['console$orderRefund','console$orderCancel','console$attendeeUpdate','console$exhibitionSave','console$staffAdd','console$ticketTypeSave'])[1 + i % 6],
            'order:T-B' || lpad(upper(to_hex(i * 2)), 9, '0'), jsonb_build_object('note', 'bench ' || i), '203.0.113.' || (i % 250)
       from generate_series(1, ${Math.round(ORDERS / 2)}) i`,
  )
  await step('dashboard triggers on', DASHBOARD_TRIGGERS.map(([table, name]) => `alter table ${table} enable trigger ${name};`).join(' '))
  await step('dashboard tallies', `select dashboard_recount(array(select id from exhibitions))`)
  await step('analyse', 'analyze')
  console.log(`Filled in ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const target = new URL(adminUrl)
target.pathname = '/expo_bench_console'
const admin = await openPostgres(adminUrl, { max: 1 })
const exists = (await admin.query<{ n: number }>(`select count(*)::int as n from pg_database where datname = 'expo_bench_console'`)).rows[0]?.n === 1
if (exists && !KEEP) await admin.query('drop database expo_bench_console with (force)')
if (!exists || !KEEP) await admin.query('create database expo_bench_console')
await admin.close()

const db = await openPostgres(target.href)
await migrate(db)
const filled = (await db.query<{ n: number }>(`select count(*)::int as n from ticket_orders where number like 'T-B%'`)).rows[0]?.n ?? 0
if (filled === 0) await fill(db)
else console.log(`Reusing ${filled.toLocaleString('en')} orders in expo_bench_console (--keep)`)

const largest = (await db.query<{ id: number }>(`select id from exhibitions where slug = 'bench-1'`)).rows[0]?.id as number
const sample = (
  await db.query<{ number: string; buyer_email: string }>(`select number, buyer_email from ticket_orders where number like 'T-B%' order by random() limit 50`)
).rows

const searches: Array<{ kind: string; text: string }> = [
  ...sample.slice(0, 10).map((row) => ({ kind: 'order number', text: row.number })),
  ...sample.slice(10, 20).map((row) => ({ kind: 'e-mail part', text: row.buyer_email.split('@')[0] as string })),
  ...['hopper', 'grace hop', 'lovelace ada', 'García', 'ocampo', 'saputra'].map((text) => ({ kind: 'name, Latin', text })),
  ...['王小明', '小明', '陳嘉欣', '佐藤', '田中 健'].map((text) => ({ kind: 'name, CJK', text })),
  ...['Иванов', 'анна смирнова', 'สมชาย', 'ใจดี', 'Nguyễn Anh'].map((text) => ({ kind: 'name, other scripts', text })),
  ...['zzqx', '不存在'].map((text) => ({ kind: 'no match', text })),
]

const PAGE_SIZE = ORDER_LIST_LIMITS.pageSizeDefault
const actor = { staffId: '00000000-0000-0000-0000-000000000000', scope: null, address: '127.0.0.1', locale: 'en' } as const
const list = (search: string | null, exhibitionId: number | null, status: 'paid' | null = null, after: string | null = null) =>
  listOrders(db, { scope: null, locale: 'en', search, exhibitionId, status, method: null, from: null, to: null, after, before: null }, PAGE_SIZE)
const deepCursors = new Map<number, string | null>()
const reads = {
  searchOrders: (search: string | null, exhibitionId: number | null, status: 'paid' | null = null) => list(search, exhibitionId, status),
  /** The 200th page, reached by following the cursor of each page as a person clicking "Older" does. */
  deepPage: async (page: number) => {
    let cursor: string | null = deepCursors.get(page) ?? null
    if (cursor === null) {
      for (let at = 1; at < page; at++) cursor = (await list(null, null, null, cursor)).older
      deepCursors.set(page, cursor)
    }
    return list(null, null, null, cursor)
  },
  dashboard: (exhibitionId: number) => dashboard(db, actor, exhibitionId),
}
const audit = {
  page: (filter: { function?: string; target?: string; from?: Date; to?: Date }) =>
    auditPage(db, { ...filter, from: filter.from?.toISOString(), to: filter.to?.toISOString() }, 1, 50),
}
type Case = { kind: string; run: () => Promise<unknown> }
const cases: Case[] = [
  ...searches.map((search) => ({ kind: `search: ${search.kind}`, run: () => reads.searchOrders(search.text, null) })),
  { kind: 'list: first page, all exhibitions', run: () => reads.searchOrders(null, null) },
  { kind: 'list: keyset page 200, all exhibitions', run: () => reads.deepPage(200) },
  { kind: 'list: largest exhibition, paid', run: () => reads.searchOrders(null, largest, 'paid') },
  { kind: `dashboard: exhibition of ${LARGEST.toLocaleString('en')} orders`, run: () => reads.dashboard(largest) },
  { kind: 'audit: one function', run: () => audit.page({ function: 'console$orderRefund' }) },
  { kind: 'audit: one target', run: () => audit.page({ target: 'order:T-B0000001A2' }) },
  { kind: 'audit: a day', run: () => audit.page({ from: new Date('2025-07-01Z'), to: new Date('2025-07-02Z') }) },
]

console.log(`\nTiming ${QUERIES} reads per group (page size ${PAGE_SIZE})…`)
const times = new Map<string, number[]>()
for (let round = 0; round < Math.ceil(QUERIES / cases.length) + 1; round++) {
  for (const item of cases) {
    const at = performance.now()
    await item.run()
    const took = performance.now() - at
    if (round === 0) continue // warm-up
    const group = item.kind.replace(/^(search|list|audit|dashboard)(:.*)$/, (_, head: string, rest: string) =>
      head === 'search' ? `${head}${rest}` : `${head}${rest}`,
    )
    times.set(group, [...(times.get(group) ?? []), took])
  }
}
const rows = [...times].map(([kind, values]) => {
  const sorted = values.sort((a, b) => a - b)
  return { kind, n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) }
})
const table = [
  `| read | n | p50 ms | p95 ms | p99 ms |`,
  `|---|---|---|---|---|`,
  ...rows.map((row) => `| ${row.kind} | ${row.n} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} |`),
].join('\n')
console.log(`\n${table}`)
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg()[0]?.toFixed(2)}`
mkdirSync('bench/results', { recursive: true })
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
writeFileSync(
  join('bench/results', `console-${stamp}.json`),
  JSON.stringify({ orders: ORDERS, exhibitions: EXHIBITIONS, machine, database: redactUrl(target.href), rows }, null, 2),
)
writeFileSync(join('bench/results', `console-${stamp}.md`), `# Console reads at ${ORDERS.toLocaleString('en')} orders\n\n${machine}\n\n${table}\n`)
await db.close()
