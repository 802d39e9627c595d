// npm run bench:door [-- --tickets=50000 --changes=300]
// The door's list at scale (docs/performance.md#the-door-list): fills a scratch PostgreSQL database
// (BENCH_DATABASE_URL's server, default the local one) with one exhibition of --tickets e-tickets whose
// holders have names in several scripts, reads the whole list through checkinList as a door device
// does, before the doors open and with half the tickets checked in, then makes --changes changes
// (check-ins from other doors, refunds, renames) and reads only those with the token. Prints the
// bytes as JSON and as the gateway's compression sends them (brotli quality 4 for a browser that takes
// it, as Chromium does; gzip level 3 otherwise), and times the first read's transfer and parse in
// Chromium throttled as DevTools' "Fast 3G" (1.44 Mbit/s down after its overhead, 562.5 ms round trip).
import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { openPostgres } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { checkinList } from '../server/platform/tickets/console/checkin/checkin.ts'
import { createTicketSigner } from '../server/platform/tickets/e-tickets.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

const args = process.argv.slice(2)
const numberArg = (name: string, fallback: number) => Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const TICKETS = numberArg('tickets', 50_000)
const CHANGES = numberArg('changes', 300)
const ORDERS = Math.ceil(TICKETS / 3)

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const target = new URL(adminUrl)
target.pathname = '/expo_bench_door'
const admin = await openPostgres(adminUrl, { max: 1 })
await admin.query('drop database if exists expo_bench_door with (force)')
await admin.query('create database expo_bench_door')
await admin.close()
const db = await openPostgres(target.href)
await migrate(db)

const first =
  "array['Grace','Alan','Ada','Oliver','José','María','João','Budi','Siti','翔太','さくら','Сергей','Анна','สมชาย','Minh','小明','伟','嘉欣','怡君']"
const last = "array['Hopper','Turing','Lovelace','García','Silva','Santoso','佐藤','田中','Иванов','ใจดี','Nguyễn','王','李','陳','林']"
const exhibitionId = (
  await db.query<{ id: number }>(
    `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region)
     values ('bench-door', 'exhibition', '2030-05-01T01:00Z', '2030-05-02T10:00Z', 'Asia/Bangkok', 'Bangkok', 'TH', 'asia') returning id`,
  )
).rows[0]?.id as number
await db.query(`insert into exhibition_texts (exhibition_id, locale, title) values ($1, 'en', 'Bangkok Traders Fair')`, [exhibitionId])
await db.query(
  `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, texts)
   select $1, k.key, k.price, 'USD', 1000000, jsonb_build_object('en', jsonb_build_object('name', k.name))
     from (values ('visitor', 0, 'Visitor pass'), ('vip', 29900, 'VIP pass'), ('pro', 9900, 'Professional pass')) k(key, price, name)`,
  [exhibitionId],
)
const staffId = (
  await db.query<{ id: string }>(`insert into staff_members (email, name, roles) values ('door@example.com', 'Dora Door', array['checkin']) returning id`)
).rows[0]?.id as string
const account = (await db.query<{ id: string }>(`insert into accounts (email, nick) values ('bench-door@example.com', 'Bench') returning id`)).rows[0]?.id
await db.query(
  `insert into ticket_orders (number, account_id, exhibition_id, status, locale, buyer_email, currency, subtotal_minor, total_minor, expires_at, confirmed_at, paid_at, idempotency_key)
   select 'T-' || (select string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 32)::int, 1), '') from generate_series(1, 10 + 0 * i)),
          $2, $1, 'paid', 'en',
          'buyer' || i || '@example.com', 'USD', 0, 0, now(), now(), now(), gen_random_uuid()
     from generate_series(1, ${ORDERS}) i`,
  [exhibitionId, account],
)
await db.query(
  `insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry, company, job_title)
   select o.id, p, (${first})[1 + (abs(hashtext(o.id::text)) + p) % 19], (${last})[1 + (abs(hashtext(o.number)) + p * 7) % 15],
          'guest' || p || '.' || o.number || '@example.com', '+6681' || lpad((abs(hashtext(o.id::text || p)) % 10000000)::text, 7, '0'), 'TH', 'trader', 'fintech',
          case when p = 1 then 'Siam Brokerage Co.' else '' end, case when p = 1 then 'Head of trading' else '' end
     from ticket_orders o cross join generate_series(1, 3) p where o.exhibition_id = $1`,
  [exhibitionId],
)
await db.query(
  `insert into e_tickets (order_id, attendee_id, exhibition_id, ticket_type_id, code)
   select a.order_id, a.id, $1, (select id from ticket_types where exhibition_id = $1 order by abs(hashtext(a.id::text)) % 3 = id % 3 desc, id limit 1), 'bench-' || a.id
     from ticket_attendees a join ticket_orders o on o.id = a.order_id where o.exhibition_id = $1
    order by a.id limit ${TICKETS}`,
  [exhibitionId],
)
await db.query('analyze')

const signer = createTicketSigner(generateKeyPairSync('ed25519').privateKey)
const actor = { staffId, scope: null, address: '127.0.0.1', locale: 'en' } as const
type List = Awaited<ReturnType<typeof checkinList>>
const envelope = (data: List) => Buffer.from(JSON.stringify({ ErrorCode: 0, Message: 'OK', data }))
const sizes = (data: List) => {
  const raw = envelope(data)
  return {
    tickets: data.tickets.length,
    json: raw.length,
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
    gzip: gzipSync(raw, { level: 3 }).length,
  }
}
const timed = async (read: () => Promise<List>) => {
  const at = performance.now()
  const data = await read()
  return { data, ms: performance.now() - at }
}

const before = await timed(() => checkinList(db, signer, actor, exhibitionId))
await db.query(
  `insert into checkin_scans (id, exhibition_id, ticket_id, outcome, gate, device_id, method, staff_id, scanned_at)
   select gen_random_uuid(), $1, e.id, 'checkedIn', (array['North hall','South hall','East hall'])[1 + n % 3], 'door-' || (n % 12), 'scan', $2, now() - (n || ' seconds')::interval
     from (select id, row_number() over (order by id) n from e_tickets where exhibition_id = $1) e where n % 2 = 0`,
  [exhibitionId, staffId],
)
await db.query('analyze checkin_scans')
const during = await timed(() => checkinList(db, signer, actor, exhibitionId))

// Changes since that read: other doors' check-ins, refunds, renames (a name change re-issues the code).
const checkins = Math.round(CHANGES * 0.8)
const refunds = Math.round(CHANGES * 0.15)
const renames = CHANGES - checkins - refunds
await db.query(
  `insert into checkin_scans (id, exhibition_id, ticket_id, outcome, gate, device_id, method, staff_id, scanned_at)
   select gen_random_uuid(), $1, e.id, 'checkedIn', 'West hall', 'door-99', 'scan', $2, now()
     from e_tickets e where e.exhibition_id = $1 and not exists (select 1 from checkin_scans c where c.ticket_id = e.id) order by e.id limit ${checkins}`,
  [exhibitionId, staffId],
)
await db.query(
  `with picked as (select order_id from e_tickets where exhibition_id = $1 group by order_id order by order_id desc limit ${refunds})
   insert into payment_attempts (order_id, provider, status, amount_minor, currency, confirmed_at, received_minor, received_currency)
   select order_id, 'sandbox', 'succeeded', 29900, 'USD', now(), 29900, 'USD' from picked`,
  [exhibitionId],
)
await db.query(
  `insert into refunds (attempt_id, order_id, provider, amount_minor, currency, reason, status, idempotency_key, settled_at)
   select p.id, p.order_id, 'sandbox', 29900, 'USD', 'staff', 'succeeded', 'bench-' || p.id, now() from payment_attempts p`,
)
const renamed = await db.query<{ id: string }>(
  `select e.id from e_tickets e where e.exhibition_id = $1 and not exists (select 1 from checkin_scans c where c.ticket_id = e.id) order by e.id desc limit ${renames}`,
  [exhibitionId],
)
for (const row of renamed.rows) {
  await db.transaction(async (tx) => {
    await tx.query(`update ticket_attendees set first_name = 'Ada' where id = (select attendee_id from e_tickets where id = $1)`, [row.id])
    await tx.query('update e_tickets set id = $2 where id = $1', [row.id, randomUUID()])
  })
}
const later = await timed(() => checkinList(db, signer, actor, exhibitionId, during.data.token))
const quiet = await timed(() => checkinList(db, signer, actor, exhibitionId, later.data.token))

/** The whole list's transfer and parse in Chromium throttled to Fast 3G, served as the gateway serves it to Chromium (brotli). */
async function fast3g(data: List): Promise<number> {
  const body = brotliCompressSync(envelope(data), { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
  const server = createServer((req, res) => {
    if (req.url === '/list') {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'br', 'Content-Length': body.length })
      res.end(body)
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.end('<!doctype html><title>door</title>')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    await page.goto(`http://127.0.0.1:${port}/`)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      // DevTools' own figures for the preset, its 0.9 for protocol overhead included.
      latency: 562.5,
      downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
      uploadThroughput: ((750 * 1000) / 8) * 0.9,
    })
    return await page.evaluate(async () => {
      const at = performance.now()
      const answer = await (await fetch('/list', { cache: 'no-store' })).json()
      if (!answer.data.tickets.length) throw new Error('no tickets')
      return performance.now() - at
    })
  } finally {
    await browser.close()
    server.close()
  }
}
const onFast3g = { before: await fast3g(before.data), during: await fast3g(during.data) }

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const rows = [
  { read: 'whole list, before the doors open', ...sizes(before.data), ms: before.ms },
  { read: 'whole list, half checked in', ...sizes(during.data), ms: during.ms },
  { read: `changes since: ${checkins} check-ins, ${refunds} orders refunded, ${renames} re-issued`, ...sizes(later.data), ms: later.ms },
  { read: 'changes since, nothing changed', ...sizes(quiet.data), ms: quiet.ms },
]
console.log(`\n${TICKETS.toLocaleString('en')} tickets; removed ids in the changes: ${later.data.removed.length}\n`)
console.log('| read | tickets | JSON | brotli (q4) | gzip (3) | server ms |')
console.log('|---|---|---|---|---|---|')
for (const row of rows) console.log(`| ${row.read} | ${row.tickets} | ${kb(row.json)} | ${kb(row.br)} | ${kb(row.gzip)} | ${row.ms.toFixed(0)} |`)
console.log(
  `\nWhole list fetched and parsed in Chromium on Fast 3G: ${(onFast3g.before / 1000).toFixed(1)} s before the doors open, ${(onFast3g.during / 1000).toFixed(1)} s half checked in`,
)
await db.close()
