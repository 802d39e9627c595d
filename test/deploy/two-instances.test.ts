import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes, randomInt, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyIntoPostgres, type Queryable } from '../../server/db/client.ts'
import { JOBS_CHANNEL } from '../../server/platform/jobs.ts'
import { createTokenSigner } from '../../server/platform/tokens.ts'
import { ageOrder, attendees, makeExhibition, makeTicketType } from '../integration/tickets-helpers.ts'

/**
 * Scale-out: two site processes on different ports against one PostgreSQL and one
 * Redis, started at the same moment (migrations and demo content under their locks). Needs the
 * production build (`npm run build`) and TEST_DATABASE_URL / TEST_REDIS_URL, which `.ci/run` sets
 * when the machine has the servers.
 */
const ROOT = resolve(import.meta.dirname, '../..')
const NODE = join(ROOT, 'node_modules/.bin/node')
const adminUrl = process.env.TEST_DATABASE_URL
const redisUrl = process.env.TEST_REDIS_URL
const ready = Boolean(adminUrl && redisUrl)
const databaseName = `expo_scale_${process.pid}`
const ports = [3461, 3462]
/** Each instance's private metrics listener is on its port plus this. */
const METRICS_OFFSET = 100
const processes: ChildProcess[] = []
const dataDirs: string[] = []
let databaseUrl = ''
// Shared by both instances, so the test can sign user tokens that either one accepts.
const tokenSecret = randomBytes(32).toString('hex')
const signer = createTokenSigner(tokenSecret)
let db: pg.Pool
/** The test's own connection, shaped like the site's database interface so the ticket fixtures serve here too. */
const fixtures: Queryable = {
  query: async (sql, params) => {
    const result = await db.query(sql, params as unknown[])
    return { rows: result.rows, rowCount: result.rowCount ?? 0 } as never
  },
  exec: async (sql) => {
    await db.query(sql)
  },
  copyRows: async (table, columns, lines) => {
    const client = await db.connect()
    try {
      await copyIntoPostgres(client, table, columns, lines)
    } finally {
      client.release()
    }
  },
}

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

function start(port: number): ChildProcess {
  const dataDir = mkdtempSync(join(tmpdir(), 'expo-scale-'))
  dataDirs.push(dataDir)
  const child = spawn(NODE, ['server/index.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // The purchases below need the demo exhibitions, which a real database no longer gets unasked.
      DEMO_CONTENT: 'on',
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ORDER_PAYMENT_MINUTES: '30',
      TOKEN_SECRET: tokenSecret,
      METRICS_PORT: String(port + METRICS_OFFSET),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  child.stderr?.on('data', (chunk) => process.stderr.write(`[site ${port}] ${chunk}`))
  processes.push(child)
  return child
}

async function waitReady(port: number) {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/HealthCheck/Ready`)).ok) return
    } catch {}
    await new Promise((resolveWait) => setTimeout(resolveWait, 500))
  }
  throw new Error(`site on ${port} never became ready`)
}

/** The rounds of the order-expiry sweeper an instance has ended, from its metrics listener. */
async function expiryRoundsOf(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port + METRICS_OFFSET}/metrics`)).text()
  const rounds = /^background_job_rounds_total\{job="tickets\.expire"\} (\d+)$/m.exec(text)?.[1]
  if (rounds === undefined) throw new Error(`no tickets.expire rounds in the metrics of the instance on ${port}`)
  return Number(rounds)
}

async function token(port: number): Promise<string> {
  return ((await (await fetch(`http://127.0.0.1:${port}/api/token`, { method: 'POST' })).json()) as { access_token: string }).access_token
}

async function call(port: number, routes: string, body: unknown, options: { token: string; ip?: string }) {
  const response = await fetch(`http://127.0.0.1:${port}/wikifxweb-v1/wikiexpo/invoke-v1`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      routes,
      authorization: `Bearer ${options.token}`,
      languagecode: 'en',
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as { ErrorCode: number; data: unknown; message?: string } }
}

/** A logged-in buyer: an account and a live session in the shared database, and a token signed with the shared secret. */
async function buyer(): Promise<{ token: string; ip: string }> {
  const account = await db.query<{ id: string }>(
    `insert into accounts (email, email_verified_at, nick, locale) values ($1, now(), 'Scale Buyer', 'en') returning id`,
    [`scale-${randomUUID().slice(0, 12)}@example.com`],
  )
  const userId = account.rows[0]?.id as string
  const session = await db.query<{ id: string }>(`insert into sessions (account_id, expires_at) values ($1, now() + interval '1 day') returning id`, [userId])
  const sessionId = session.rows[0]?.id as string
  const ip = `198.51.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 253)}`
  return { token: signer.issue({ kind: 'user', userId, sessionId }).access_token, ip }
}

/** Everything a buyer does from choosing a ticket to paying in the sandbox, on one instance; the order number once paid. */
async function buyAndPay(port: number, exhibitionId: number, ticketTypeId: number): Promise<string> {
  const who = await buyer()
  const created = await call(port, 'tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId, quantity: 1 }], idempotencyKey: randomUUID() }, who)
  if (created.status !== 200) throw new Error(`createOrder ${created.status} ${created.body.message}`)
  const orderNumber = (created.body.data as { number: string }).number
  const saved = await call(port, 'tickets$saveAttendees', { orderNumber, attendees: attendees(1) }, who)
  if (saved.status !== 200) throw new Error(`saveAttendees ${saved.status} ${saved.body.message}`)
  const confirmed = await call(port, 'tickets$confirmOrder', { orderNumber }, who)
  if (confirmed.status !== 200) throw new Error(`confirmOrder ${confirmed.status} ${confirmed.body.message}`)
  const started = await call(port, 'tickets$startPayment', { orderNumber, method: 'sandbox' }, who)
  if (started.status !== 200) throw new Error(`startPayment ${started.status} ${started.body.message}`)
  const { redirectUrl, attemptId } = started.body.data as { redirectUrl: string; attemptId: string }
  const key = new URL(redirectUrl, 'http://x').searchParams.get('key') ?? ''
  const paid = await fetch(`http://127.0.0.1:${port}/pay/sandbox/${attemptId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': who.ip },
    body: new URLSearchParams({ key, action: 'pay' }).toString(),
    redirect: 'manual',
  })
  if (paid.status !== 303) throw new Error(`sandbox pay ${paid.status}`)
  return orderNumber
}

describe.skipIf(!ready)('two instances, one PostgreSQL, one Redis', () => {
  beforeAll(async () => {
    await admin(`drop database if exists ${databaseName} with (force)`)
    await admin(`create database ${databaseName}`)
    const url = new URL(adminUrl as string)
    url.pathname = `/${databaseName}`
    databaseUrl = url.href
    // Both at once: migrations and demo content must each happen exactly once.
    for (const port of ports) start(port)
    await Promise.all(ports.map(waitReady))
    // A pool: the fixtures make buyers concurrently.
    db = new pg.Pool({ connectionString: databaseUrl, max: 5 })
  }, 300_000)

  afterAll(async () => {
    await db?.end().catch(() => {})
    for (const child of processes) child.kill('SIGKILL')
    await new Promise((resolveWait) => setTimeout(resolveWait, 500))
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
    if (adminUrl) await admin(`drop database if exists ${databaseName} with (force)`).catch(() => {})
  })

  it('when both start together, then migrations and demo content were applied once', async () => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    const seeds = await client.query<{ domain: string; count: number }>('select domain, count(*)::int as count from seed_runs group by domain')
    const exhibitions = await client.query<{ count: number }>('select count(*)::int as count from exhibitions')
    const slugs = await client.query<{ count: number }>('select count(distinct slug)::int as count from exhibitions')
    await client.end()
    expect(seeds.rows.every((row) => row.count === 1)).toBe(true)
    expect(exhibitions.rows[0]?.count).toBe(slugs.rows[0]?.count)
    expect(exhibitions.rows[0]?.count).toBeGreaterThan(0)
  })

  it('when one visitor spreads requests over both instances, then the rate limit counts them together', async () => {
    const [a, b] = ports as [number, number]
    const tokens = await Promise.all([token(a), token(b)])
    // An address of its own each run: the shared store in Redis outlives a run by the limit's minute.
    const ip = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`
    // The verification query allows 20 a minute per address (server/platform/verification). All at
    // once, half through each instance: the shared count lets 20 through whichever comes first.
    const answers = await Promise.all(
      Array.from({ length: 22 }, (_, index) =>
        call(index % 2 === 0 ? a : b, 'expo$verifyChannel', { value: `+44 20 7946 ${String(1000 + index)}` }, { token: tokens[index % 2] as string, ip }),
      ),
    )
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([...Array<number>(20).fill(200), 429, 429])
  }, 60_000)

  it('when a content change happens on one instance, then the other drops its cached pages', async () => {
    const [a, b] = ports as [number, number]
    await fetch(`http://127.0.0.1:${b}/en`)
    const before = await fetch(`http://127.0.0.1:${b}/en`)
    expect(before.headers.get('x-page-cache')).toBe('hit')
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    await client.query("select pg_notify('content_changed', json_build_object('from', 'test', 'scope', 'exhibitions')::text)")
    await client.end()
    // The first page rendered after the notification arrives is a miss (and fills the cache again).
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${b}/en`)).headers.get('x-page-cache')).toBeNull()
    void a
  })

  it('when buyers race for the last seats through both instances, then no seat is sold twice', async () => {
    const [a, b] = ports as [number, number]
    const exhibitionId = await makeExhibition(fixtures)
    const ticketTypeId = await makeTicketType(fixtures, exhibitionId, { capacity: 25 })
    const buyers = await Promise.all(Array.from({ length: 80 }, () => buyer()))
    const answers = await Promise.all(
      buyers.map((who, index) =>
        call(index % 2 === 0 ? a : b, 'tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId, quantity: 1 }], idempotencyKey: randomUUID() }, who),
      ),
    )
    const sold = answers.filter((answer) => answer.status === 200)
    const refused = answers.filter((answer) => answer.status !== 200)
    expect(sold).toHaveLength(25)
    expect(refused.every((answer) => answer.status === 409 && answer.body.message === 'tickets:messages.soldOut')).toBe(true)
    const counted = await db.query<{ reserved: number; held: number }>(
      `select t.reserved, (select coalesce(sum(l.quantity), 0)::int from ticket_order_lines l join ticket_orders o on o.id = l.order_id
         where l.ticket_type_id = t.id and o.status in ('pending', 'paid')) as held from ticket_types t where t.id = $1`,
      [ticketTypeId],
    )
    expect(counted.rows[0]).toEqual({ reserved: 25, held: 25 })
  }, 120_000)

  it('when the expiry sweepers of both instances find the same overdue orders, then each order is expired once', async () => {
    const [a, b] = ports as [number, number]
    const exhibitionId = await makeExhibition(fixtures)
    const ticketTypeId = await makeTicketType(fixtures, exhibitionId, { capacity: 100 })
    const numbers: string[] = []
    for (let index = 0; index < 12; index++) {
      const who = await buyer()
      const created = await call(
        index % 2 === 0 ? a : b,
        'tickets$createOrder',
        { exhibitionId, lines: [{ ticketTypeId, quantity: 2 }], idempotencyKey: randomUUID() },
        who,
      )
      expect(created.status).toBe(200)
      numbers.push((created.body.data as { number: string }).number)
    }
    for (const number of numbers) await ageOrder(fixtures, number)
    // Rather than wait for their timers (every 15 s, each on its own phase), both sweepers hear one
    // nudge and go for the same overdue orders at once; the test waits until each has ended a round.
    const before = await Promise.all(ports.map((port) => expiryRoundsOf(port)))
    await db.query('select pg_notify($1, $2)', [JOBS_CHANNEL, 'tickets.expire'])
    await expect
      .poll(async () => (await Promise.all(ports.map((port) => expiryRoundsOf(port)))).every((rounds, index) => rounds > (before[index] as number)), {
        timeout: 30_000,
      })
      .toBe(true)
    const orders = await db.query<{ status: string; cancel_reason: string; expiries: number }>(
      `select o.status, o.cancel_reason, (select count(*)::int from ticket_order_events e where e.order_id = o.id and e.kind = 'expired') as expiries
       from ticket_orders o where o.number = any($1)`,
      [numbers],
    )
    expect(orders.rows).toHaveLength(12)
    for (const order of orders.rows) expect(order).toEqual({ status: 'cancelled', cancel_reason: 'expired', expiries: 1 })
    const seats = await db.query<{ reserved: number }>('select reserved from ticket_types where id = $1', [ticketTypeId])
    expect(seats.rows[0]?.reserved).toBe(0)
  }, 120_000)

  it('when one instance is killed under load, then the other keeps serving and no paid order is lost', async () => {
    const [a, b] = ports as [number, number]
    const results: Array<{ port: number; ok: boolean }> = []
    const load = async (port: number, count: number) => {
      for (let index = 0; index < count; index++) {
        try {
          const response = await fetch(`http://127.0.0.1:${port}/en/exhibition/news.html?page=${index % 3}`)
          results.push({ port, ok: response.ok })
        } catch {
          results.push({ port, ok: false })
        }
      }
    }
    const exhibitionId = await makeExhibition(fixtures)
    const ticketTypeId = await makeTicketType(fixtures, exhibitionId, { capacity: 500 })
    const paid: Array<{ port: number; number: string }> = []
    const purchaseErrors: Array<{ port: number; error: string }> = []
    const purchases = async (port: number, count: number) => {
      for (let index = 0; index < count; index++) {
        try {
          paid.push({ port, number: await buyAndPay(port, exhibitionId, ticketTypeId) })
        } catch (error) {
          purchaseErrors.push({ port, error: String(error) })
        }
      }
    }
    const running = Promise.all([load(a, 60), load(b, 60), load(b, 60), purchases(a, 12), purchases(b, 12), purchases(b, 12)])
    await new Promise((resolveWait) => setTimeout(resolveWait, 1500))
    processes[0]?.kill('SIGKILL')
    await running
    const fromB = results.filter((result) => result.port === b)
    expect(fromB.length).toBe(120)
    expect(fromB.every((result) => result.ok)).toBe(true)
    // Every purchase on the survivor completed; every payment either instance acknowledged is in the database as paid.
    expect(purchaseErrors.filter((failure) => failure.port === b)).toEqual([])
    expect(paid.filter((order) => order.port === b)).toHaveLength(24)
    const stored = await db.query<{ number: string; status: string; tickets: number }>(
      `select o.number, o.status, (select count(*)::int from e_tickets t where t.order_id = o.id) as tickets from ticket_orders o where o.number = any($1)`,
      [paid.map((order) => order.number)],
    )
    expect(stored.rows).toHaveLength(paid.length)
    for (const row of stored.rows) expect(row).toMatchObject({ status: 'paid', tickets: 1 })
    expect((await fetch(`http://127.0.0.1:${b}/HealthCheck/Ready`)).status).toBe(200)
  }, 120_000)
})
