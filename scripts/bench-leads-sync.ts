// node scripts/bench-leads-sync.ts [--devices=5] [--leads=400]
// Times the lead scanner's offline queues reaching the server (docs/product.md#leads-offline): an
// exhibition of paid tickets in a scratch embedded PGlite (a temporary data directory), an exhibitor
// whose `devices` members each come back online with `leads` scans of different tickets queued, and
// every phone sending its queue at once through the platform's gateway dispatch (`lead$sync`, batches
// of 200: payload check, membership, signatures, one transaction per batch), as the page does. Prints
// the time from the first call to the last answer and checks that every ticket became one lead.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import { parseConfig } from '../server/config.ts'
import { openPglite } from '../server/db/client.ts'
import { migrate } from '../server/db/migrate.ts'
import { createGeo } from '../server/geo/geo.ts'
import { loadIpCountryDatabase } from '../server/geo/ip-country.ts'
import { createPlatform } from '../server/platform/platform.ts'
import { LEAD_LIMITS } from '../shared/rules/leads.ts'

const args = process.argv.slice(2)
const numberArg = (name: string, fallback: number) => Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const DEVICES = numberArg('devices', 5)
const LEADS = numberArg('leads', 400)
const TICKETS = DEVICES * LEADS

const scratch = mkdtempSync(join(tmpdir(), 'bench-leads-'))
const db = await openPglite(scratch)
try {
  await migrate(db)
  const config = parseConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: scratch, TOKEN_SECRET: 'l'.repeat(48) })
  const platform = await createPlatform({ config, db, logger: pino({ level: 'silent' }), geo: createGeo(loadIpCountryDatabase()) })
  try {
    // The exhibition, its exhibitor with capture on, and TICKETS paid tickets (five to an order).
    const exhibition = await db.query<{ id: number }>(
      `insert into exhibitions (slug, kind, starts_at, ends_at, time_zone, city, country_code, region, published)
       values ('bench-leads', 'exhibition', now(), now() + interval '2 days', 'Asia/Bangkok', 'Bangkok', 'TH', 'asia', true) returning id`,
    )
    const exhibitionId = exhibition.rows[0]?.id as number
    await db.query('insert into lead_capture (exhibition_id, enabled, updated_at) values ($1, true, now())', [exhibitionId])
    const company = await db.query<{ id: number }>("insert into exhibitor_companies (slug, kind) values ('bench-broker', 'broker') returning id::int as id")
    await db.query("insert into exhibitor_company_texts (company_id, locale, name) values ($1, 'en', 'Bench Broker')", [company.rows[0]?.id])
    const exhibitor = await db.query<{ id: number }>('insert into exhibitors (company_id, exhibition_id) values ($1, $2) returning id::int as id', [
      company.rows[0]?.id,
      exhibitionId,
    ])
    const exhibitorId = exhibitor.rows[0]?.id as number
    const type = await db.query<{ id: number }>(
      `insert into ticket_types (exhibition_id, key, price_minor, currency, capacity, max_per_order, texts)
       values ($1, 'standard', 0, 'USD', $2, 5, '{"en":{"name":"Pass","description":"Pass"}}') returning id`,
      [exhibitionId, TICKETS],
    )
    const buyer = await db.query<{ id: string }>(
      "insert into accounts (email, email_verified_at, nick, locale) values ('buyer@bench.example', now(), 'Buyer', 'en') returning id::text as id",
    )
    const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
    const orderNumber = (index: number) => `T-${Array.from({ length: 10 }, (_, digit) => crockford[Math.floor(index / 32 ** digit) % 32]).join('')}`
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into ticket_orders (number, account_id, exhibition_id, status, locale, buyer_email, currency, subtotal_minor, total_minor, expires_at, paid_at, idempotency_key)
         select n, $1, $2, 'paid', 'en', 'buyer@bench.example', 'USD', 0, 0, now(), now(), gen_random_uuid() from unnest($3::text[]) as u (n)`,
        [buyer.rows[0]?.id, exhibitionId, Array.from({ length: Math.ceil(TICKETS / 5) }, (_, index) => orderNumber(index))],
      )
      await tx.query(
        `insert into ticket_attendees (order_id, position, first_name, last_name, email, phone_e164, phone_country, identity, industry, shares)
         select o.id, p, 'Visitor', o.number || '-' || p, lower(o.number) || '-' || p || '@bench.example', '+6681234567' || p, 'TH', 'trader', 'fintech', '{name,email}'
           from ticket_orders o cross join generate_series(1, 5) as p where o.exhibition_id = $1`,
        [exhibitionId],
      )
      await tx.query(
        `insert into e_tickets (order_id, attendee_id, exhibition_id, ticket_type_id, code)
         select a.order_id, a.id, $1, $2, 'bench-' || a.id from ticket_attendees a join ticket_orders o on o.id = a.order_id where o.exhibition_id = $1`,
        [exhibitionId, type.rows[0]?.id],
      )
    })
    const tickets = (
      await db.query<{ id: string }>('select id::text as id from e_tickets where exhibition_id = $1 order by id limit $2', [exhibitionId, TICKETS])
    ).rows
    const signer = platform.services.tickets.signer

    // One member per phone, each with its own LEADS tickets queued while offline.
    const phones = await Promise.all(
      Array.from({ length: DEVICES }, async (_, device) => {
        const member = await db.query<{ id: string }>(
          "insert into accounts (email, email_verified_at, nick, locale) values ($1, now(), $2, 'en') returning id::text as id",
          [`staff-${device}@bench.example`, `Staff ${device}`],
        )
        const accountId = member.rows[0]?.id as string
        await db.query("insert into exhibitor_members (exhibitor_id, account_id, role) values ($1, $2, 'staff')", [exhibitorId, accountId])
        const session = await db.query<{ id: string }>("insert into sessions (account_id, expires_at) values ($1, now() + interval '1 day') returning id", [
          accountId,
        ])
        const token = platform.tokens.issue({ kind: 'user', userId: accountId, sessionId: session.rows[0]?.id as string }).access_token
        const scannedAt = new Date(Date.now() - 3_600_000).toISOString()
        const queue = tickets.slice(device * LEADS, (device + 1) * LEADS).map((ticket) => ({
          id: randomUUID(),
          code: signer.sign(ticket.id, exhibitionId),
          scannedAt,
          lastScannedAt: scannedAt,
          scans: 1,
          qualified: { rating: 'warm' as const, tags: ['bench'], notes: 'Met at the booth', editedAt: scannedAt },
        }))
        return { token, queue, device }
      }),
    )

    let calls = 0
    const send = async (phone: (typeof phones)[number]) => {
      for (let start = 0; start < phone.queue.length; start += LEAD_LIMITS.batch) {
        calls += 1
        const response = await platform.dispatch({
          method: 'POST',
          path: '/wikifxweb-v1/wikiexpo/invoke-v1',
          headers: { routes: 'lead$sync', authorization: `Bearer ${phone.token}`, languagecode: 'en' },
          query: {},
          body: { exhibitorId, scans: phone.queue.slice(start, start + LEAD_LIMITS.batch) },
          ip: `10.0.0.${phone.device + 1}`,
          requestId: 'bench',
        })
        if (response.status !== 200) throw new Error(`lead$sync answered ${response.status}: ${JSON.stringify(response.body)}`)
      }
    }
    const started = performance.now()
    await Promise.all(phones.map(send))
    const seconds = (performance.now() - started) / 1000
    const leads = await db.query<{ leads: number; scans: number }>(
      'select count(*)::int as leads, coalesce(sum(scans), 0)::int as scans from leads where exhibitor_id = $1',
      [exhibitorId],
    )
    const made = leads.rows[0]
    if (made?.leads !== TICKETS || made.scans !== TICKETS) throw new Error(`expected ${TICKETS} leads of one scan each, found ${JSON.stringify(made)}`)
    console.log(`${DEVICES} phones × ${LEADS} queued leads = ${TICKETS} leads in ${calls} lead$sync calls on PGlite: ${seconds.toFixed(2)} s (goal: under 5 s)`)
  } finally {
    await platform.close()
  }
} finally {
  await db.close()
  rmSync(scratch, { recursive: true, force: true })
}
