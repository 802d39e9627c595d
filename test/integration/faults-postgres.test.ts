import { randomInt, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServerHandler } from '../../server/app.ts'
import { parseConfig } from '../../server/config.ts'
import { type Database, openPostgres } from '../../server/db/client.ts'
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../server/db/unavailable.ts'
import { noAssets } from '../../server/http/assets.ts'
import { createPlatform } from '../../server/platform/platform.ts'
import { CHECKOUT_SCREENS } from '../../shared/checkout-steps.ts'
import { render } from '../../src/entry-server.tsx'
import { lightWork, silentLogger, testDatabase, testDatabaseUrl, testGeo } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { setUpMember, type SignedInMember } from './console-helpers.ts'
import { type RedisProxy as TcpProxy, tcpProxy } from './faults-proxy.ts'
import { type ServerProcess, startServer, stubBuild, waitReady } from './server-process.ts'
import { attendees, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * The database going away under load (docs/product.md#probes): backends terminated while people buy,
 * staff refund and the jobs run, on two instances of one PostgreSQL (a real `node server/index.ts`
 * and one in this process), and then a PostgreSQL "restart" (a proxy between the instances and the
 * server, stopped and started). No process exits, the only 5xx is 503 with Retry-After, the books
 * balance afterwards, and the site serves again within seconds without a restart.
 *
 * PostgreSQL only: PGlite is one connection inside this process, with no server backend to terminate
 * and no socket to lose.
 */
const adminUrl = process.env.TEST_DATABASE_URL
const EXPO = '/wikifxweb-v1/wikiexpo/invoke-v1'
const TOKEN_SECRET = 'faults-postgres-token-secret-0123456789abcdef'
/** PUBLIC_ORIGIN of the in-process instance: the Origin its console calls carry (as console-helpers.ts sends). */
const SITE = 'http://localhost:3000'
/** How long the PostgreSQL "restart" lasts. */
const OUTAGE_MS = 3_000

interface Site {
  name: string
  /** Where requests go. */
  base: string
  /** The site's own origin (console calls must come from it). */
  origin: string
}

interface Answer {
  site: string
  what: string
  status: number
  retryAfter: string | null
  message?: string
  location?: string | null
  data?: unknown
}

const answers: Answer[] = []

/** Log lines of the real process that would mean it nearly died: fatal, unhandled, or an error event nobody listened to. */
const alarms = (log: string) => log.split('\n').filter((line) => /"level":60|unhandled|uncaught|without a listener/i.test(line))
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const someIp = () => `198.51.${randomInt(0, 255)}.${randomInt(1, 254)}`

async function answerOf(site: Site, what: string, response: Response): Promise<Answer> {
  const type = response.headers.get('content-type') ?? ''
  let body: { message?: string; data?: unknown } = {}
  // Read to the end either way: an unread body keeps its connection busy.
  if (type.includes('json')) body = await response.json()
  else await response.text()
  const answer: Answer = {
    site: site.name,
    what,
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    location: response.headers.get('location'),
    ...(body.message ? { message: body.message } : {}),
    ...('data' in body ? { data: body.data } : {}),
  }
  answers.push(answer)
  return answer
}

/** A platform function as a browser calls it; a refused connection counts as status 0. */
async function fn(site: Site, route: string, payload: unknown, who: { token: string; ip: string }): Promise<Answer> {
  try {
    const response = await fetch(`${site.base}${EXPO}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', routes: route, authorization: `Bearer ${who.token}`, languagecode: 'en', 'x-forwarded-for': who.ip },
      body: JSON.stringify(payload),
    })
    return await answerOf(site, route, response)
  } catch {
    const answer = { site: site.name, what: route, status: 0, retryAfter: null }
    answers.push(answer)
    return answer
  }
}

async function consoleFn(site: Site, name: string, payload: unknown, member: SignedInMember): Promise<Answer> {
  const response = await fetch(`${site.base}/gateway/console`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      routes: `console$${name}`,
      'x-console-request': '1',
      origin: site.origin,
      cookie: member.cookie,
      'x-forwarded-for': someIp(),
    },
    body: JSON.stringify(payload),
  })
  return answerOf(site, `console$${name}`, response)
}

/**
 * What a person does on a 503: tries the same thing again a moment later, for as long as a storm can
 * last on a loaded machine (bounded by time, not by tries: a slow instance spends its tries sooner).
 */
async function persist(run: () => Promise<Answer>, forMs = 20_000): Promise<Answer> {
  const until = Date.now() + forMs
  let answer = await run()
  while (answer.status === 503 && Date.now() < until) {
    await pause(100)
    answer = await run()
  }
  return answer
}

/** The answer each unsuccessful purchase stopped at, so that a failed expectation says why. */
const failedBuys: Answer[] = []
const failedBuy = (answer: Answer) => {
  failedBuys.push(answer)
  return false
}

/**
 * Payments whose outcome was recorded but not yet settled when the buyer was answered: a backend killed
 * after the record sends the buyer to "payment being checked", whose screen asks where the payment
 * stands, which settles it from the record (check-payment.ts). The site, the order and its buyer.
 */
const settling: Array<{ site: Site; orderNumber: string; caller: { token: string; ip: string } }> = []

/** A buyer from choosing a ticket to paying in the sandbox; true when the last step says paid. */
async function buy(site: Site, who: TestUser, exhibitionId: number, ticketTypeId: number): Promise<boolean> {
  const caller = { token: who.token, ip: someIp() }
  const idempotencyKey = randomUUID()
  const created = await persist(() => fn(site, 'tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId, quantity: 1 }], idempotencyKey }, caller))
  if (created.status !== 200) return failedBuy(created)
  const orderNumber = (created.data as { number: string }).number
  const saved = await persist(() => fn(site, 'tickets$saveAttendees', { orderNumber, attendees: attendees(1) }, caller))
  if (saved.status !== 200) return failedBuy(saved)
  const confirmed = await persist(() => fn(site, 'tickets$confirmOrder', { orderNumber }, caller))
  if (confirmed.status !== 200) return failedBuy(confirmed)
  const started = await persist(() => fn(site, 'tickets$startPayment', { orderNumber, method: 'sandbox' }, caller))
  if (started.status !== 200) return failedBuy(started)
  const { redirectUrl, attemptId } = started.data as { redirectUrl: string; attemptId: string }
  const key = new URL(redirectUrl, 'http://x').searchParams.get('key') ?? ''
  const paid = await persist(async () =>
    answerOf(
      site,
      'sandbox pay',
      await fetch(`${site.base}/pay/sandbox/${attemptId}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': caller.ip, accept: 'text/html' },
        body: new URLSearchParams({ key, action: 'pay' }).toString(),
        redirect: 'manual',
      }),
    ),
  )
  if (paid.status === 303 && (paid.location ?? '').includes('success')) return true
  if (paid.status === 303 && (paid.location ?? '').includes(`/apply/${CHECKOUT_SCREENS.paymentCheck}`)) settling.push({ site, orderNumber, caller })
  return failedBuy(paid)
}

/** An instance of the site in this process, on its own pool through `databaseUrl`, listening on a port. */
async function inProcessInstance(databaseUrl: string, dataDir: string) {
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: SITE,
    READ_CACHE: 'off',
    TOKEN_SECRET,
  })
  const db = await openPostgres(databaseUrl)
  const platform = await createPlatform({ config, db, logger: silentLogger, geo: testGeo(), ...lightWork() })
  const { handler } = createServerHandler({ config, logger: silentLogger, platform, geo: testGeo(), render, assets: noAssets })
  const server: Server = await new Promise((resolve) => {
    const made = createServer(handler)
    made.listen(0, '127.0.0.1', () => resolve(made))
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { db, platform, server, handler, site: { name: 'in-process', base: `http://127.0.0.1:${port}`, origin: SITE } satisfies Site }
}

describe.skipIf(!adminUrl)('PostgreSQL faults (PostgreSQL only: PGlite has no server connections to terminate or lose)', () => {
  let fixtures: Database
  let databaseName: string
  let proxy: TcpProxy
  let admin: pg.Client
  let dist: string
  let dataDir: string
  let real: ServerProcess
  let realLog = ''
  let local: Awaited<ReturnType<typeof inProcessInstance>>
  let sites: Site[]
  let owner: SignedInMember

  beforeAll(async () => {
    fixtures = await testDatabase()
    const own = testDatabaseUrl() as string
    databaseName = new URL(own).pathname.slice(1)
    proxy = await tcpProxy(own, 5432)
    admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    dist = stubBuild()
    dataDir = mkdtempSync(join(tmpdir(), 'expo-faults-'))
    real = await startServer({
      dist,
      env: { DATABASE_URL: proxy.url, TOKEN_SECRET, TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    real.child.stdout?.on('data', (chunk) => {
      realLog += chunk
    })
    local = await inProcessInstance(proxy.url, dataDir)
    await waitReady(real, 60_000)
    sites = [{ name: 'process', base: real.origin, origin: real.origin }, local.site]
    owner = await setUpMember(local.handler as never, fixtures, ['owner'])
  }, 90_000)

  afterAll(async () => {
    real?.cleanup()
    await local?.platform.close()
    await new Promise((resolve) => local?.server.close(resolve))
    await local?.db.close()
    await admin?.end()
    await proxy?.stop()
    rmSync(dist, { recursive: true, force: true })
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('when the connection of a transaction dies between two of its queries, then the transaction fails as database-unavailable, nothing of it is kept, and the next query gets a new connection', async () => {
    const email = `lost-${randomUUID().slice(0, 8)}@example.com`
    const outcome = local.db.transaction(async (tx) => {
      const pid = (await tx.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid
      await tx.query(`insert into accounts (email, email_verified_at, nick, locale) values ($1, now(), 'Lost', 'en')`, [email])
      await admin.query('select pg_terminate_backend($1)', [pid])
      for (let attempt = 0; attempt < 100 && (await admin.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount; attempt++) await pause(20)
      // Usually the connection's 'error' has arrived by now with no query running (the case that ended
      // the process); otherwise this query meets it. Either way the transaction must fail cleanly.
      await tx.query('select 1')
    })
    await expect(outcome).rejects.toBeInstanceOf(DatabaseUnavailableError)
    expect((await fixtures.query('select 1 from accounts where email = $1', [email])).rowCount).toBe(0)
    expect((await local.db.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }])
  })

  it('when backends are terminated every few hundred ms during purchases, refunds, console writes and jobs on two instances, then nothing exits, 5xx is only 503 with Retry-After, and the books balance', async () => {
    const exhibitionId = await makeExhibition(fixtures)
    // Fewer seats than buyers: the last ones meet "sold out" while connections die. Each instance sells its
    // own type: on one shared type the in-process instance, being quicker, could take every seat before the
    // spawned one sold any, and "both instances still sold" failed for a reason that was not the faults.
    const ticketTypeId = await makeTicketType(fixtures, exhibitionId, { capacity: 3 })
    const otherTicketTypeId = await makeTicketType(fixtures, exhibitionId, { capacity: 3 })
    const buyers: TestUser[] = []
    for (let index = 0; index < 8; index++) buyers.push(await createUser(local.platform, fixtures))
    // Paid orders for staff to refund during the storm, bought before it.
    const refundType = await makeTicketType(fixtures, exhibitionId, { capacity: 20 })
    const paidBefore: string[] = []
    for (let index = 0; index < 3; index++) {
      const who = await createUser(local.platform, fixtures)
      expect(await buy(local.site, who, exhibitionId, refundType)).toBe(true)
      paidBefore.push(
        (await fixtures.query<{ number: string }>('select number from ticket_orders where account_id = $1 and paid_at is not null', [who.userId])).rows[0]
          ?.number as string,
      )
    }
    answers.length = 0
    failedBuys.length = 0
    settling.length = 0

    let storming = true
    let terminated = 0
    const killer = (async () => {
      // Every 300 ms for 6 s at most (the load finishes after it, on a quieter database), or until the load is done.
      for (let round = 0; round < 20 && storming; round++) {
        const killed = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and backend_type = $2',
          [databaseName, 'client backend'],
        )
        terminated += killed.rowCount ?? 0
        await pause(300)
      }
    })()

    const jobErrors: unknown[] = []
    const jobs = (async () => {
      for (let round = 0; round < 30 && storming; round++) {
        for (const name of local.platform.jobs.names()) {
          await local.platform.jobs.runNow(name).catch((error: unknown) => {
            if (!isDatabaseUnavailable(error)) jobErrors.push(error)
          })
        }
        await pause(150)
      }
    })()

    const purchases = async (site: Site, who: TestUser[], typeId: number) => {
      let paid = 0
      for (const buyer of who) if (await buy(site, buyer, exhibitionId, typeId)) paid++
      return paid
    }
    const refunds = async (site: Site) => {
      for (const number of paidBefore) {
        const idempotencyKey = randomUUID()
        await persist(() => consoleFn(site, 'refundOrder', { number, ticketIds: null, idempotencyKey }, owner))
        await persist(() => consoleFn(site, 'resendTickets', { number }, owner))
      }
    }
    const [processSite, localSite] = sites as [Site, Site]
    let sold: [number, number, number, number, ...unknown[]]
    try {
      sold = await Promise.all([
        purchases(processSite, buyers.slice(0, 2), ticketTypeId),
        purchases(processSite, buyers.slice(2, 4), ticketTypeId),
        purchases(localSite, buyers.slice(4, 6), otherTicketTypeId),
        purchases(localSite, buyers.slice(6, 8), otherTicketTypeId),
        refunds(processSite),
        refunds(localSite),
      ])
    } catch (error) {
      // A load that failed outright (once: a request refused by the spawned instance's port): say whether it was still running and what it logged.
      throw new Error(`the load failed (spawned instance: exit ${real.child.exitCode}, signal ${real.child.signalCode}); its log:\n${realLog}`, {
        cause: error,
      })
    } finally {
      // The storm ends with the load, even a failed one: left running, it would kill the next file's connections.
      storming = false
      await Promise.all([killer, jobs])
    }
    const [fromProcess, fromProcessToo, fromLocal, fromLocalToo] = sold

    expect(terminated).toBeGreaterThan(0)
    expect(real.child.exitCode).toBeNull()
    expect(real.child.signalCode).toBeNull()
    // Not even kept alive by the last-resort handler of server/index.ts: every connection error had its listener.
    expect(alarms(realLog)).toEqual([])
    expect(jobErrors).toEqual([])
    const serverErrors = answers.filter((answer) => answer.status >= 500 || answer.status === 0)
    expect(serverErrors.filter((answer) => answer.status !== 503 || answer.retryAfter !== '5')).toEqual([])
    expect(serverErrors.every((answer) => answer.what === 'sandbox pay' || answer.message === 'errors.unavailable')).toBe(true)
    // The faults reached requests, not only idle connections; and both instances still sold meanwhile.
    expect(serverErrors.length).toBeGreaterThan(0)
    // A payment left "being checked" by a killed backend is paid when its buyer's screen next asks, as it
    // does until the payment is no longer being checked. A round of the settling job killed mid-way holds its
    // payments for a lease (PAYMENT_CHECK_SECONDS); that time is made to have passed here rather than waited
    // for. The spawned instance's own job may claim one first and settle it a moment later.
    await fixtures.query(
      `update payment_attempts a set settle_after = now() from ticket_orders o
        where o.id = a.order_id and o.number = any($1) and a.status = 'processing' and a.settle_after > now()`,
      [settling.map((payment) => payment.orderNumber)],
    )
    for (const payment of settling) {
      const check = () => persist(() => fn(payment.site, 'tickets$checkPayment', { orderNumber: payment.orderNumber }, payment.caller))
      let checked = await check()
      for (const until = Date.now() + 10_000; (checked.data as { status?: string } | undefined)?.status === 'checking' && Date.now() < until; ) {
        await pause(100)
        checked = await check()
      }
      expect(checked, payment.orderNumber).toMatchObject({ status: 200, data: { status: 'paid' } })
    }
    const settledOn = (site: Site) => settling.filter((payment) => payment.site === site).length
    const whyNot = (site: Site) => JSON.stringify(failedBuys.filter((answer) => answer.site === site.name))
    expect((fromProcess ?? 0) + (fromProcessToo ?? 0) + settledOn(processSite), whyNot(processSite)).toBeGreaterThan(0)
    expect((fromLocal ?? 0) + (fromLocalToo ?? 0) + settledOn(localSite), whyNot(localSite)).toBeGreaterThan(0)

    // Back to normal within seconds: each instance ready and selling again.
    for (const site of sites) {
      const until = Date.now() + 10_000
      while ((await fetch(`${site.base}/HealthCheck/Ready`)).status !== 200 && Date.now() < until) await pause(100)
      expect((await fetch(`${site.base}/HealthCheck/Ready`)).status).toBe(200)
    }
    const afterType = await makeTicketType(fixtures, exhibitionId, { capacity: 5 })
    for (const site of sites) expect(await buy(site, await createUser(local.platform, fixtures), exhibitionId, afterType)).toBe(true)

    // The books: seats held match orders, every paid order has its tickets, no refund twice.
    const seats = await fixtures.query<{ id: number; reserved: number; capacity: number; held: number }>(
      // Held: seats of pending orders and the tickets of paid ones that no refund voided.
      `select t.id, t.reserved, t.capacity,
         (select coalesce(sum(l.quantity), 0)::int from ticket_order_lines l join ticket_orders o on o.id = l.order_id
           where l.ticket_type_id = t.id and o.status = 'pending')
         + (select count(*)::int from e_tickets e join ticket_orders o on o.id = e.order_id
           where e.ticket_type_id = t.id and o.status = 'paid' and e.voided_at is null) as held
       from ticket_types t where t.exhibition_id = $1`,
      [exhibitionId],
    )
    for (const row of seats.rows) {
      expect(row.reserved, `ticket type ${row.id}`).toBe(row.held)
      expect(row.reserved).toBeLessThanOrEqual(row.capacity)
    }
    const withoutTickets = await fixtures.query(
      `select o.number from ticket_orders o where o.exhibition_id = $1 and o.paid_at is not null
         and (select count(*) from e_tickets e where e.order_id = o.id) <> (select sum(l.quantity) from ticket_order_lines l where l.order_id = o.id)`,
      [exhibitionId],
    )
    expect(withoutTickets.rows).toEqual([])
    const paidWithoutOrder = await fixtures.query(
      `select a.id from payment_attempts a join ticket_orders o on o.id = a.order_id where o.exhibition_id = $1 and a.status = 'succeeded' and o.paid_at is null`,
      [exhibitionId],
    )
    expect(paidWithoutOrder.rows).toEqual([])
    const refunded = await fixtures.query<{ number: string; refunds: number; refunded: number; total: number }>(
      `select o.number, count(r.id)::int as refunds, coalesce(sum(r.amount_minor), 0)::int as refunded, o.total_minor as total
         from ticket_orders o left join refunds r on r.order_id = o.id and r.status <> 'failed' where o.number = any($1) group by o.id`,
      [paidBefore],
    )
    for (const row of refunded.rows) {
      expect(row.refunds, row.number).toBeLessThanOrEqual(1)
      expect(row.refunded).toBeLessThanOrEqual(row.total)
    }
  }, 120_000)

  it('when PostgreSQL goes away for a few seconds (a restart), then liveness stays 200, readiness and requests say 503, cached pages serve, and both instances serve again within seconds of its return', async () => {
    const exhibitionId = await makeExhibition(fixtures)
    const ticketTypeId = await makeTicketType(fixtures, exhibitionId, { capacity: 10 })
    const buyer = { token: (await createUser(local.platform, fixtures)).token, ip: someIp() }
    const order = (site: Site) => fn(site, 'tickets$createOrder', { exhibitionId, lines: [{ ticketTypeId, quantity: 1 }], idempotencyKey: randomUUID() }, buyer)
    const status = async (site: Site, path: string) => (await fetch(`${site.base}${path}`)).status
    // A page in the in-process instance's page cache before the outage.
    await fetch(`${local.site.base}/en`)
    expect((await fetch(`${local.site.base}/en`)).headers.get('x-page-cache')).toBe('hit')
    answers.length = 0
    const changes: string[] = []
    const stopWatching = local.platform.onContentChanged((change) => changes.push(change.scope))

    await proxy.stop()
    const stopped = Date.now()
    for (const site of sites) {
      const until = Date.now() + 5_000
      while ((await status(site, '/HealthCheck/Ready')) !== 503 && Date.now() < until) await pause(100)
      expect(await status(site, '/HealthCheck/Ready')).toBe(503)
      expect(await status(site, '/HealthCheck/Get')).toBe(200)
      expect(await order(site)).toMatchObject({ status: 503, retryAfter: '5', message: 'errors.unavailable' })
    }
    const page = await fetch(`${local.site.base}/en/backDetail/${exhibitionId}`)
    expect(page.status).toBe(503)
    expect(page.headers.get('retry-after')).toBe('5')
    expect(await page.text()).toContain('Briefly unavailable')
    const cached = await fetch(`${local.site.base}/en`)
    expect(cached.status).toBe(200)
    expect(cached.headers.get('x-page-cache')).toBe('hit')
    const job = await local.platform.jobs.runNow('tickets.expire').then(
      () => null,
      (error: unknown) => error,
    )
    expect(isDatabaseUnavailable(job)).toBe(true)
    // A restart takes a few seconds: every call meanwhile says 503, none hangs or fails otherwise.
    const outage: number[] = []
    while (Date.now() - stopped < OUTAGE_MS) for (const site of sites) outage.push((await order(site)).status)
    expect(new Set(outage)).toEqual(new Set([503]))

    await proxy.start()
    const back = Date.now()
    for (const site of sites) {
      const until = back + 10_000
      let answer = await order(site)
      while (answer.status !== 200 && Date.now() < until) {
        await pause(100)
        answer = await order(site)
      }
      expect(answer.status).toBe(200)
      // Readiness shares one ping a second: it follows within that.
      while ((await status(site, '/HealthCheck/Ready')) !== 200 && Date.now() < until) await pause(100)
      expect(await status(site, '/HealthCheck/Ready')).toBe(200)
    }
    expect(Date.now() - back).toBeLessThan(10_000)
    // Listening for other instances' changes again: the gap's messages are lost, so every cache was dropped, and new ones arrive.
    const heard = async (scope: string) => {
      const until = Date.now() + 10_000
      while (!changes.includes(scope) && Date.now() < until) await pause(100)
      return changes.includes(scope)
    }
    expect(await heard('*')).toBe(true)
    await fixtures.notify('content_changed', JSON.stringify({ from: 'another-instance', scope: 'news' }))
    expect(await heard('news')).toBe(true)
    stopWatching()
    expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([])
    expect(real.child.exitCode).toBeNull()
    expect(alarms(realLog)).toEqual([])
  }, 60_000)
})
