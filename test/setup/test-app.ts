import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { pino } from 'pino'
import { type AppDeps, createServerHandler } from '../../server/app.ts'
import { parseConfig } from '../../server/config.ts'
import { type Database, openPglite, openPostgres } from '../../server/db/client.ts'
import { migrate } from '../../server/db/migrate.ts'
import { createGeo, type Geo } from '../../server/geo/geo.ts'
import { loadIpCountryDatabase } from '../../server/geo/ip-country.ts'
import { noAssets } from '../../server/http/assets.ts'
import type { AnswerFloors } from '../../server/platform/answer-floors.ts'
import { createPasswordHasher, type PasswordHasher } from '../../server/platform/passwords.ts'
import { createPlatform, type Platform } from '../../server/platform/platform.ts'
import { render } from '../../src/entry-server.tsx'
import { migratedPglite } from './pglite-template.ts'

let geo: Geo | undefined
/** The IP database takes ~0.4 s to load; once per worker. */
export function testGeo(): Geo {
  geo ??= createGeo(loadIpCountryDatabase())
  return geo
}

let database: Promise<Database> | undefined

/**
 * Tests sign in thousands of times: argon2id with 256 KiB and one pass instead of 19 MiB and two (well
 * under a millisecond, against about 150 ms), and answer floors of tens of milliseconds instead of
 * hundreds. Real and dummy hashes cost the same, and every answer still waits for its floor, so what the
 * tests check holds; the tests of the floors themselves pass ANSWER_FLOORS.
 */
export const TEST_ANSWER_FLOORS: AnswerFloors = { password: 30, mail: 20, verify: 25 }
let passwords: PasswordHasher | undefined
export function lightWork(answerFloors: AnswerFloors = TEST_ANSWER_FLOORS): { passwords: PasswordHasher; answerFloors: AnswerFloors } {
  passwords ??= createPasswordHasher(undefined, { memorySize: 256, iterations: 1 })
  return { passwords, answerFloors }
}

/** This worker's own database on the PostgreSQL of TEST_DATABASE_URL (null on PGlite). */
export function testDatabaseUrl(): string | null {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return null
  const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? '0'
  // The process id too: two people running the suite on one server must not drop each other's databases.
  const target = new URL(url)
  target.pathname = `/expo_test_${process.pid}_${worker}`
  return target.href
}

/**
 * One migrated database per test worker, kept for all its files (docs/product.md#pglite: PGlite takes ~2 s and ~480 MB to start).
 * On a real PostgreSQL (TEST_DATABASE_URL) each worker gets its own database.
 */
export function testDatabase(): Promise<Database> {
  database ??= (async () => {
    const url = process.env.TEST_DATABASE_URL
    const own = testDatabaseUrl()
    let db: Database
    if (url && own) {
      const name = new URL(own).pathname.slice(1)
      const admin = await openPostgres(url, { max: 1 })
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.query(`create database ${name}`)
      // A test's database need not survive a crash: commits stop waiting for the disk (every test
      // commits dozens of times, and CI's disk is shared with the browsers).
      await admin.query(`alter database ${name} set synchronous_commit = off`)
      await admin.close()
      db = await openPostgres(own)
    } else {
      db = await openPglite('memory://', { from: await migratedPglite() })
    }
    // Nothing left to apply on a migrated copy; kept so that a copy missing one would still be right.
    await migrate(db)
    return db
  })()
  return database
}

/** Platforms made by createTestApp in this file, closed after it (their background jobs stop). */
const openPlatforms: Platform[] = []

/**
 * Called after each integration file (test/setup/integration-file.ts). Files share a worker's modules
 * (vitest.config.ts), and so its database, embedded or real: the next file empties it as it goes
 * (resetDatabase), as it would a fresh copy. Opening a fresh embedded copy for each file cost 1.4–2 s a
 * file and a new WebAssembly memory of hundreds of megabytes, and a worker that had opened fifty of
 * them once died of SIGTRAP in the middle of a file (docs/CONVENTIONS.md#tests).
 */
export async function releaseTestDatabase(): Promise<void> {
  // A platform left running would go on sending the next file's mail and expiring its orders.
  await Promise.all(openPlatforms.splice(0).map((platform) => platform.close()))
}

/**
 * Empties every table but the migration record and the signing secrets, and sets every sequence back to
 * its start, as `truncate … restart identity` would. Deleting is the cheap way for the few rows a test
 * leaves: a truncate makes new files for every one of the hundred-odd tables, and took 1.5 s on a busy
 * PostgreSQL against 45 ms for the deletes (311 against 59 ms on PGlite), before each of a thousand tests.
 * Foreign keys are not checked while it runs (`session_replication_role`), since every table ends empty.
 */
export async function resetDatabase(db: Database): Promise<void> {
  const tables = await db.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public' and tablename not in ('schema_migrations', 'platform_secrets')",
  )
  if (!tables.rows.length) return
  const sequences = await db.query<{ sequencename: string; start_value: string }>(
    "select sequencename, start_value from pg_sequences where schemaname = 'public'",
  )
  const deletes = tables.rows.map((row) => `delete from "${row.tablename}";`).join(' ')
  const restarts = sequences.rows.length
    ? `select ${sequences.rows.map((row) => `setval('"${row.sequencename}"', ${Number(row.start_value)}, false)`).join(', ')};`
    : ''
  const reset = `set local session_replication_role = replica; ${deletes} ${restarts}`
  // On a real PostgreSQL a query still running from the test before (a page rendered after its response,
  // a cache refilled) may hold rows the deletes want, in another order: the server breaks the deadlock by
  // failing one side, and the reset simply goes again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction((tx) => tx.exec(reset))
      return
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 3) throw error
    }
  }
}

export const silentLogger = pino({ level: 'silent' })

export interface TestAppOptions {
  env?: Record<string, string>
  /** Only these platform domains (default: all). */
  domains?: string[]
  /** What else production would pass (metrics, a lifecycle, the page cache's clock). */
  deps?: Pick<AppDeps, 'metrics' | 'lifecycle' | 'now' | 'console'>
  /** Default: TEST_ANSWER_FLOORS; the tests of the floors pass ANSWER_FLOORS. */
  answerFloors?: AnswerFloors
}

/** Like an Express app (and an Express app is one): supertest takes it, and `listen` starts a real server on it. */
export interface TestHandler {
  (req: IncomingMessage, res: ServerResponse): void
  listen(port: number, hostname?: string): Server
}

/**
 * The stack production runs (server/index.ts): the app behind the rendered-page cache. A test that
 * writes to the database behind the platform's back and reads a page again either changes content
 * through the platform (which empties the cache), asks as a logged-in visitor, or passes
 * `env: { PAGE_CACHE: 'off' }`.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  // Tests write straight into the database; answers kept by the read cache would hide that (its own test turns it on).
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'data/test',
    PUBLIC_ORIGIN: 'http://localhost:3000',
    READ_CACHE: 'off',
    ...options.env,
  })
  const db = await testDatabase()
  const platform: Platform = await createPlatform({
    config,
    db,
    logger: silentLogger,
    geo: testGeo(),
    ...lightWork(options.answerFloors),
    ...(options.domains ? { domains: options.domains } : {}),
  })
  openPlatforms.push(platform)
  const server = createServerHandler({ config, logger: silentLogger, platform, geo: testGeo(), render, assets: noAssets, ...options.deps })
  const listen = (...args: unknown[]) => {
    const listener = createServer(server.handler)
    return (listener.listen as (...given: unknown[]) => Server).apply(listener, args)
  }
  const app: TestHandler = Object.assign(server.handler, { listen: listen as TestHandler['listen'] })
  return { app, express: server.app, pageCache: server.pageCache, platform, db, config }
}
