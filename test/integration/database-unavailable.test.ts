import request from 'supertest'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { DatabaseUnavailableError } from '../../server/db/unavailable.ts'
import { noAssets } from '../../server/http/assets.ts'
import { createLifecycle, type Lifecycle } from '../../server/http/health.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { render as renderConsole } from '../../src/console/entry-server.tsx'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { createUser, type TestUser } from '../setup/users.ts'
import { setUpMember } from './console-helpers.ts'
import { type App, call, makeExhibition, makeTicketType } from './tickets-helpers.ts'

/**
 * What the site answers while its database is away (docs/product.md#probes), on either database: the
 * database is made to fail as node-postgres fails when PostgreSQL refuses or drops connections. The
 * real outages (terminated backends, a stopped server) are in faults-postgres.test.ts.
 */
let app: App
let db: Database
let platform: Platform
let lifecycle: Lifecycle

beforeAll(async () => {
  lifecycle = createLifecycle()
  ;({ app, db, platform } = await createTestApp({ env: { PAGE_CACHE: 'off' }, deps: { lifecycle, console: { render: renderConsole, assets: noAssets } } }))
})

let buyer: TestUser
let exhibitionId: number
let ticketTypeId: number

beforeEach(async () => {
  await resetDatabase(db)
  lifecycle.draining = false
  exhibitionId = await makeExhibition(db)
  ticketTypeId = await makeTicketType(db, exhibitionId)
  buyer = await createUser(platform, db)
})

afterEach(() => {
  vi.restoreAllMocks()
})

/** From now on every query and transaction fails as a refused connection does. */
function databaseGoesAway() {
  const refused = () => Promise.reject(new DatabaseUnavailableError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))
  vi.spyOn(db, 'query').mockImplementation(refused)
  vi.spyOn(db, 'transaction').mockImplementation(refused)
  vi.spyOn(db, 'exec').mockImplementation(refused)
  return vi.spyOn(db, 'ping').mockResolvedValue(false)
}

describe('probes (docs/product.md#probes)', () => {
  it('when the database is away, then liveness is 200 without asking it, and readiness is 503 naming it', async () => {
    const ping = databaseGoesAway()
    const live = await request(app).get('/HealthCheck/Get')
    expect(live.status).toBe(200)
    expect(live.body).toMatchObject({ status: 'ok' })
    expect(ping).not.toHaveBeenCalled()
    expect(db.query).not.toHaveBeenCalled()
    const ready = await request(app).get('/HealthCheck/Ready')
    expect(ready.status).toBe(503)
    expect(ready.body).toMatchObject({ status: 'not ready', database: 'down' })
  })

  it('when the instance drains, then readiness is 503 and liveness still 200', async () => {
    lifecycle.draining = true
    expect((await request(app).get('/HealthCheck/Ready')).status).toBe(503)
    expect((await request(app).get('/HealthCheck/Get')).status).toBe(200)
  })

  it('when a migration of this build is not applied, then readiness is 503 and lists it', async () => {
    const query = db.query.bind(db)
    // The database as an older release left it: it knows none of this build's migrations.
    vi.spyOn(db, 'query').mockImplementation(((sql: string, params?: readonly unknown[]) =>
      sql === 'select name from schema_migrations' ? Promise.resolve({ rows: [], rowCount: 0 }) : query(sql, params)) as Database['query'])
    // Probes share one ping a second: the answer of a test before may still stand for a moment.
    let ready = await request(app).get('/HealthCheck/Ready')
    for (let attempt = 0; attempt < 30 && ready.body.database !== 'ok'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      ready = await request(app).get('/HealthCheck/Ready')
    }
    expect(ready.status).toBe(503)
    expect(ready.body).toMatchObject({ status: 'not ready', database: 'ok' })
    expect(ready.body.pendingMigrations).toContain('0001_core.sql')
  })
})

describe('answers while the database is away (docs/product.md#error-codes)', () => {
  it('when a function needs the database, then 503 with Retry-After and the translated "briefly unavailable" key, never 500', async () => {
    databaseGoesAway()
    const answer = await call(app, 'tickets$createOrder', buyer.token, {
      exhibitionId,
      lines: [{ ticketTypeId, quantity: 1 }],
      idempotencyKey: crypto.randomUUID(),
    })
    expect(answer.status).toBe(503)
    expect(answer.headers['retry-after']).toBe('5')
    expect(answer.body).toMatchObject({ succeed: false, ErrorCode: 503, message: 'errors.unavailable', data: { seconds: 5 } })
  })

  it('when a page needs the database, then the error page says so with 503 and Retry-After, in the page language', async () => {
    databaseGoesAway()
    const page = await request(app).get('/ja/backDetail/1')
    expect(page.status).toBe(503)
    expect(page.headers['retry-after']).toBe('5')
    expect(page.text).toContain('一時的に利用できません')
    expect(page.text).not.toMatch(/ECONNREFUSED|at \w+ \(/)
  })

  it("when a console page needs the database, then the console's own 'briefly unavailable' with 503 and Retry-After", async () => {
    const owner = await setUpMember(app, db, ['owner'])
    databaseGoesAway()
    const page = await request(app).get('/console').set('Cookie', owner.cookie)
    expect(page.status).toBe(503)
    expect(page.headers['retry-after']).toBe('5')
    expect(page.text).toContain('Briefly unavailable')
  })

  it('when a page was drawn while the database was away, then no cache keeps it: the next visitor gets it whole', async () => {
    const cached = await createTestApp({ env: { PAGE_CACHE: 'on' } })
    databaseGoesAway()
    const during = await request(cached.app).get('/en')
    expect(during.headers['cache-control']).toBe('private, no-store')
    vi.restoreAllMocks()
    const after = await request(cached.app).get('/en')
    expect(after.status).toBe(200)
    expect(after.headers['x-page-cache']).toBeUndefined()
    expect(after.headers['cache-control']).toMatch(/^public/)
  })

  it('when a form route needs the database, then a browser gets the "briefly unavailable" page with 503, a script the envelope', async () => {
    databaseGoesAway()
    const page = await request(app).get('/pay/sandbox/00000000-0000-4000-8000-000000000000?key=x').set('Accept', 'text/html').set('Accept-Language', 'es')
    expect(page.status).toBe(503)
    expect(page.headers['retry-after']).toBe('5')
    expect(page.text).toContain('No disponible por un momento')
    const script = await request(app).get('/pay/sandbox/00000000-0000-4000-8000-000000000000?key=x').set('Accept', 'application/json')
    expect(script.status).toBe(503)
    expect(script.body).toMatchObject({ ErrorCode: 503, message: 'errors.unavailable' })
  })

  it('when a background job meets the database away, then it fails with the typed error and runs again next time', async () => {
    databaseGoesAway()
    await expect(platform.jobs.runNow('tickets.expire')).rejects.toBeInstanceOf(DatabaseUnavailableError)
    vi.restoreAllMocks()
    await expect(platform.jobs.runNow('tickets.expire')).resolves.toBeUndefined()
  })
})
