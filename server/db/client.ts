import { AsyncLocalStorage } from 'node:async_hooks'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { from as copyFromStdin } from 'pg-copy-streams'
import { DatabaseUnavailableError, isDatabaseUnavailable, typedDatabaseError } from './unavailable.ts'

export interface QueryResult<Row> {
  rows: Row[]
  rowCount: number
}

/** What every repository needs: one query method. A transaction handle has the same shape. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>
  /**
   * Appends rows to a table with COPY, the fastest way in on both databases (a million index rows
   * in about a seventh of an INSERT's time, docs/performance.md#broker-search-at-a-million): `lines`
   * is rows in COPY's text format, each field written by copyField.
   */
  copyRows(table: string, columns: readonly string[], lines: string): Promise<void>
}

/** A value as a field of COPY's text format: `\N` for null, backslash escapes for the characters that would end the field or the row. */
export function copyField(value: string | number | boolean | null): string {
  if (value === null) return '\\N'
  if (typeof value === 'boolean') return value ? 't' : 'f'
  if (typeof value === 'number') return String(value)
  return value.replace(/[\\\t\n\r]/g, (character) => COPY_ESCAPES[character] as string)
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

/** One row of COPY's text format, newline included. */
export const copyLine = (fields: ReadonlyArray<string | number | boolean | null>): string => `${fields.map(copyField).join('\t')}\n`

const copyStatement = (table: string, columns: readonly string[], source: string) => `copy ${table} (${columns.join(', ')}) from ${source}`

/** COPY into a PostgreSQL server through one connection (pg-copy-streams; pg itself has no COPY FROM). */
export async function copyIntoPostgres(client: pg.PoolClient | pg.Client, table: string, columns: readonly string[], lines: string): Promise<void> {
  await pipeline([lines], client.query(copyFromStdin(copyStatement(table, columns, 'stdin'))))
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /**
   * Runs `work` in one transaction. Inside it, use only `tx`: a query on the outer handle is refused
   * with OuterHandleInTransactionError on both engines (docs/product.md#pglite).
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  ping(): Promise<boolean>
  close(): Promise<void>
  /** Pool statistics for /metrics; PGlite has one connection. */
  stats(): { total: number; idle: number; waiting: number }
  /** Memory the database holds inside this process: PGlite's WebAssembly memory, 0 for a server's. */
  memoryBytes(): number
  /**
   * Messages between instances sharing this database (LISTEN/NOTIFY), delivered on commit, to the
   * sender's own instance too. On PostgreSQL a channel has one listener per Database (the last one
   * given); on PGlite, whose one process owns the database, every listener given hears it, and its
   * connection is never lost. `onResume` runs when
   * listening starts again after its connection was lost: messages of the gap are gone, so whatever
   * they would have invalidated should be dropped.
   */
  listen(channel: string, onMessage: (payload: string) => void, onResume?: () => void): Promise<void>
  notify(channel: string, payload: string): Promise<void>
}

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError'
}

/**
 * A query on a database's own handle from inside one of its transactions. On PGlite's one connection
 * it would wait for the transaction to end, which waits for it: forever. On PostgreSQL it runs on a
 * second connection, outside the transaction (it neither sees the transaction's rows nor is undone
 * with them), and a pool full of transactions waiting so would hang as well. Both engines refuse it,
 * so the test suite on either finds it (docs/product.md#pglite).
 */
export class OuterHandleInTransactionError extends Error {
  override name = 'OuterHandleInTransactionError'
  constructor() {
    super("a query on the database's own handle inside one of its transactions: use the transaction's handle")
  }
}

/** The transactions still open in this flow of work, each with the database it belongs to. */
const openTransactions = new AsyncLocalStorage<ReadonlyArray<{ owner: object; open: boolean }>>()

/**
 * Runs `work` as a transaction of `owner`: its own handle, a transaction begun on it included, is
 * refused until the transaction ends. Work the transaction started and left running may use it once
 * it has ended.
 */
async function asTransactionOf<T>(owner: object, work: () => Promise<T>): Promise<T> {
  refuseInsideTransaction(owner)
  const mark = { owner, open: true }
  try {
    return await openTransactions.run([...(openTransactions.getStore() ?? []), mark], work)
  } finally {
    mark.open = false
  }
}

function refuseInsideTransaction(owner: object): void {
  if (openTransactions.getStore()?.some((mark) => mark.owner === owner && mark.open)) throw new OuterHandleInTransactionError()
}

/** A notification is heard outside whatever transaction's query happened to deliver it. */
const outsideTransactions =
  <A extends unknown[]>(handler: (...args: A) => void) =>
  (...args: A) =>
    openTransactions.exit(() => handler(...args))

// int8 (count(*), sums of minor units) as numbers, the same on both drivers; PGlite already does this.
pg.types.setTypeParser(20, (value) => Number(value))

/** Where the pool reports connections it lost on its own (idle ones, the LISTEN one): a warning, never a crash. */
export type ConnectionLog = (message: string, error: unknown) => void

/** The error that ended a checked-out client's connection, kept until the client is destroyed. */
const lostConnections = new WeakMap<pg.ClientBase, Error>()

function recordLostConnection(this: pg.ClientBase, error: Error) {
  if (!lostConnections.has(this)) lostConnections.set(this, error)
}

const RELISTEN_FIRST_MS = 500
const RELISTEN_MAX_MS = 5_000

export async function openPostgres(url: string, options: { max?: number; log?: ConnectionLog } = {}): Promise<Database> {
  const log: ConnectionLog = options.log ?? (() => {})
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // A request waits at most this long for a connection (a free one of the pool, or a new one) before it answers 503.
    connectionTimeoutMillis: 10_000,
    // A database that vanished without closing its sockets (a failover, a dropped route) is noticed in
    // seconds rather than after the kernel's two hours, so queries on those sockets fail instead of hanging.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  })
  pool.on('error', (error) => {
    // An idle client lost its connection; the pool has already dropped it and connects afresh when asked.
    log('an idle database connection was lost', error)
  })
  // A checked-out client whose connection dies while no query runs emits 'error' with nobody to tell:
  // without a listener that is an uncaught exception, which ends the process. The pool's own
  // listener covers idle clients only, so every checkout gets this one from the pool's 'acquire'
  // (synchronous, before the caller holds the client: a backend terminated right after connecting
  // can send its last message in the same packet as "ready") until its 'release'.
  pool.on('acquire', (client) => client.on('error', recordLostConnection))
  pool.on('release', (_error, client) => client.removeListener('error', recordLostConnection))
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw new DatabaseOpenError(`Cannot connect to PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`)
  }
  // One connection of the pool is kept for LISTEN; when it drops, another is taken (with growing waits while the database is away) and listens again.
  let listener: pg.PoolClient | null = null
  let connecting: Promise<void> | null = null
  let relistenTimer: NodeJS.Timeout | null = null
  let closed = false
  const handlers = new Map<string, (payload: string) => void>()
  const resumers = new Map<string, () => void>()
  const connectListener = async () => {
    const client = await pool.connect()
    let released = false
    const drop = (error: Error) => {
      if (released) return false
      released = true
      client.removeListener('error', onError)
      if (listener === client) listener = null
      client.release(error)
      return true
    }
    const onError = (error: Error) => {
      if (!drop(error) || closed) return
      log('the database connection for notifications was lost; listening again', error)
      relisten(RELISTEN_FIRST_MS)
    }
    client.on('error', onError)
    client.on(
      'notification',
      outsideTransactions((message: pg.Notification) => handlers.get(message.channel)?.(message.payload ?? '')),
    )
    try {
      for (const channel of handlers.keys()) await client.query(`listen ${channel}`)
    } catch (error) {
      drop(error as Error)
      throw typedDatabaseError(error)
    }
    if (released) throw new DatabaseUnavailableError(new Error('Connection terminated while listening'))
    listener = client
  }
  const ensureListener = () => {
    if (listener) return Promise.resolve()
    connecting ??= connectListener().finally(() => {
      connecting = null
    })
    return connecting
  }
  const relisten = (waitMs: number) => {
    if (closed || relistenTimer) return
    relistenTimer = setTimeout(() => {
      relistenTimer = null
      ensureListener().then(
        () => {
          for (const resume of resumers.values()) resume()
        },
        (error: unknown) => {
          log('listening again failed; trying later', error)
          relisten(Math.min(waitMs * 2, RELISTEN_MAX_MS))
        },
      )
    }, waitMs)
    relistenTimer.unref()
  }
  /** `owner` for the pool's own handle, refused inside its transactions. */
  const wrap = (client: pg.Pool | pg.PoolClient, owner?: object): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      if (owner) refuseInsideTransaction(owner)
      try {
        const result = await client.query(sql, params as unknown[])
        return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 }
      } catch (error) {
        throw typedDatabaseError(error)
      }
    },
    async exec(sql: string) {
      if (owner) refuseInsideTransaction(owner)
      try {
        await client.query(sql)
      } catch (error) {
        throw typedDatabaseError(error)
      }
    },
    async copyRows(table, columns, lines) {
      if (owner) refuseInsideTransaction(owner)
      // Outside a transaction, COPY has a connection of its own for as long as it runs.
      let connection: pg.PoolClient
      try {
        connection = client instanceof pg.Pool ? await client.connect() : client
      } catch (error) {
        throw typedDatabaseError(error)
      }
      try {
        await copyIntoPostgres(connection, table, columns, lines)
      } catch (error) {
        throw typedDatabaseError(error)
      } finally {
        if (connection !== client) connection.release()
      }
    },
  })
  return {
    kind: 'postgres',
    ...wrap(pool, pool),
    transaction: (work) =>
      asTransactionOf(pool, async () => {
        let client: pg.PoolClient
        try {
          client = await pool.connect()
        } catch (error) {
          throw typedDatabaseError(error)
        }
        // A connection that dies between two queries is recorded by the checkout's listener; the next
        // query (or the commit) fails with it, and the client is destroyed rather than reused.
        const lost = () => lostConnections.get(client)
        let broken: unknown = null
        try {
          await client.query('begin')
          const result = await work(wrap(client))
          await client.query('commit')
          return result
        } catch (error) {
          broken = lost() ?? (isDatabaseUnavailable(error) ? error : null)
          if (!broken) {
            try {
              await client.query('rollback')
            } catch (rollbackError) {
              broken = rollbackError
            }
          }
          throw typedDatabaseError(error)
        } finally {
          // A client whose connection failed is destroyed (the pool opens a new one), never reused.
          client.release((lost() ?? broken ?? undefined) as Error | undefined)
        }
      }),
    async ping() {
      try {
        await pool.query('select 1')
        return true
      } catch {
        return false
      }
    },
    async close() {
      closed = true
      if (relistenTimer) clearTimeout(relistenTimer)
      const held = listener
      listener = null
      held?.release()
      await pool.end()
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    memoryBytes: () => 0,
    async listen(channel, onMessage, onResume) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`)
      handlers.set(channel, onMessage)
      if (onResume) resumers.set(channel, onResume)
      await ensureListener()
      try {
        // Listening twice on one channel is harmless; a connection taken meanwhile may not have seen this channel yet.
        await listener?.query(`listen ${channel}`)
      } catch (error) {
        throw typedDatabaseError(error)
      }
    },
    async notify(channel, payload) {
      refuseInsideTransaction(pool)
      try {
        await pool.query('select pg_notify($1, $2)', [channel, payload])
      } catch (error) {
        throw typedDatabaseError(error)
      }
    },
  }
}

/** The PGlite behind each embedded Database, for dumpPglite. */
const pgliteInstances = new WeakMap<Database, PGlite>()

/**
 * The whole data directory of an embedded database as a tarball, which `openPglite('memory://', { from })`
 * starts from: several times faster than a fresh start and its migrations (the test suite's
 * migrated database per file, test/setup/test-app.ts).
 */
export async function dumpPglite(db: Database): Promise<Blob> {
  const instance = pgliteInstances.get(db)
  if (!instance) throw new Error('dumpPglite: not an embedded database')
  return instance.dumpDataDir('none')
}

/** The extensions the migrations create, which PGlite loads only when asked (0510_order_search.sql). */
const PGLITE_EXTENSIONS = { pg_trgm }

/**
 * PGlite keeps its files under `dir`; `memory://` keeps nothing (or starts `from` a dumpPglite
 * tarball). Two processes on one directory would corrupt it, so a lock file names the owner and a
 * second process gets a clear error instead.
 */
export async function openPglite(dir: string | 'memory://', options: { from?: Blob } = {}): Promise<Database> {
  let releaseLock = () => {}
  let instance: PGlite
  if (dir === 'memory://') {
    instance = await PGlite.create(options.from ? { loadDataDir: options.from, extensions: PGLITE_EXTENSIONS } : { extensions: PGLITE_EXTENSIONS })
  } else {
    try {
      mkdirSync(dir, { recursive: true })
    } catch (error) {
      throw new DatabaseOpenError(`Cannot create the data directory ${dir}: ${(error as Error).message}`)
    }
    releaseLock = takeDirectoryLock(dir)
    try {
      instance = await PGlite.create(join(dir, 'pglite'), { extensions: PGLITE_EXTENSIONS })
      await instance.query('select 1')
    } catch (error) {
      releaseLock()
      throw new DatabaseOpenError(
        `The embedded database in ${join(dir, 'pglite')} cannot be opened (${(error as Error).message || String(error)}). ` +
          'If it is damaged, move that folder away to start with fresh demo content.',
      )
    }
  }
  /** `owner` for the instance's own handle, refused inside its transactions. */
  const wrap = (handle: Pick<PGlite, 'query' | 'exec'>, owner?: object): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      if (owner) refuseInsideTransaction(owner)
      const result = await handle.query<Row>(sql, params as unknown[])
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length }
    },
    async exec(sql: string) {
      if (owner) refuseInsideTransaction(owner)
      await handle.exec(sql)
    },
    async copyRows(table, columns, lines) {
      if (owner) refuseInsideTransaction(owner)
      await handle.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([lines]) })
    },
  })
  let closed = false
  const db: Database = {
    kind: 'pglite',
    ...wrap(instance, instance),
    transaction: (work) => asTransactionOf(instance, () => instance.transaction((tx) => work(wrap(tx)))),
    async ping() {
      if (closed) return false
      try {
        await instance.query('select 1')
        return true
      } catch {
        return false
      }
    },
    async close() {
      if (closed) return
      closed = true
      await instance.close()
      releaseLock()
    },
    stats: () => ({ total: 1, idle: 1, waiting: 0 }),
    memoryBytes: () => (closed ? 0 : instance.Module.HEAPU8.byteLength),
    // The one connection hears its own notifications, committed ones only: what a transaction asks of
    // this process's background jobs (server/platform/jobs.ts) arrives after its commit, as on PostgreSQL.
    async listen(channel, onMessage) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`)
      await instance.listen(channel, outsideTransactions(onMessage))
    },
    async notify(channel, payload) {
      refuseInsideTransaction(instance)
      await instance.query('select pg_notify($1, $2)', [channel, payload])
    },
  }
  pgliteInstances.set(db, instance)
  return db
}

function takeDirectoryLock(dir: string): () => void {
  const lockFile = join(dir, 'pglite.lock')
  if (existsSync(lockFile)) {
    const owner = Number(readFileSync(lockFile, 'utf8').trim())
    if (owner && owner !== process.pid && isProcessAlive(owner)) {
      throw new DatabaseOpenError(`The data directory ${dir} is in use by process ${owner}. Stop it, or start this one with another DATA_DIR.`)
    }
  }
  writeFileSync(lockFile, String(process.pid))
  return () => rmSync(lockFile, { force: true })
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):([^@]+)@/, '//$1:***@')
}

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string; poolSize?: number; log?: ConnectionLog }): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, { ...(options.poolSize ? { max: options.poolSize } : {}), ...(options.log ? { log: options.log } : {}) })
    : openPglite(options.dataDir)
}
