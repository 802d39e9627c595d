import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'

export interface QueryResult<Row> {
  rows: Row[]
  rowCount: number
}

/** What every repository needs: one query method. A transaction handle has the same shape. */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres'
  /**
   * Runs `work` in one transaction. Inside it, use only `tx`: on PGlite a query on the outer
   * handle waits for the transaction to end, which never happens (docs/product.md#pglite).
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  ping(): Promise<boolean>
  close(): Promise<void>
  /** Pool statistics for /metrics; PGlite has one connection. */
  stats(): { total: number; idle: number; waiting: number }
  /**
   * Messages between instances sharing this database (LISTEN/NOTIFY). On PGlite, one process
   * owns the database, so there is nobody else to tell: both are no-ops there.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>
  notify(channel: string, payload: string): Promise<void>
}

export class DatabaseOpenError extends Error {
  override name = 'DatabaseOpenError'
}

// int8 (count(*), sums of minor units) as numbers, the same on both drivers; PGlite already does this.
pg.types.setTypeParser(20, (value) => Number(value))

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 10_000 })
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  })
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end().catch(() => {})
    throw new DatabaseOpenError(`Cannot connect to PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`)
  }
  // One connection of the pool is kept for LISTEN; it reconnects (and listens again) if it drops.
  let listener: pg.PoolClient | null = null
  let closed = false
  const handlers = new Map<string, (payload: string) => void>()
  const connectListener = async () => {
    if (listener || closed) return
    const client = await pool.connect()
    listener = client
    client.on('notification', (message) => handlers.get(message.channel)?.(message.payload ?? ''))
    client.on('error', () => {
      client.release(true)
      listener = null
      if (closed) return
      setTimeout(() => {
        void connectListener()
          .then(async () => {
            for (const channel of handlers.keys()) await listener?.query(`listen ${channel}`)
          })
          .catch(() => {})
      }, 1000).unref()
    })
  }
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await client.query(sql, params as unknown[])
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 }
    },
    async exec(sql: string) {
      await client.query(sql)
    },
  })
  return {
    kind: 'postgres',
    ...wrap(pool),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const result = await work(wrap(client))
        await client.query('commit')
        return result
      } catch (error) {
        await client.query('rollback').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
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
      listener?.release()
      await pool.end()
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onMessage) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name ${channel}`)
      handlers.set(channel, onMessage)
      await connectListener()
      await listener?.query(`listen ${channel}`)
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload])
    },
  }
}

/**
 * PGlite keeps its files under `dir`; `memory://` keeps nothing. Two processes on one directory would
 * corrupt it, so a lock file names the owner and a second process gets a clear error instead.
 */
export async function openPglite(dir: string | 'memory://'): Promise<Database> {
  let releaseLock = () => {}
  let instance: PGlite
  if (dir === 'memory://') {
    instance = await PGlite.create()
  } else {
    try {
      mkdirSync(dir, { recursive: true })
    } catch (error) {
      throw new DatabaseOpenError(`Cannot create the data directory ${dir}: ${(error as Error).message}`)
    }
    releaseLock = takeDirectoryLock(dir)
    try {
      instance = await PGlite.create(join(dir, 'pglite'))
      await instance.query('select 1')
    } catch (error) {
      releaseLock()
      throw new DatabaseOpenError(
        `The embedded database in ${join(dir, 'pglite')} cannot be opened (${(error as Error).message || String(error)}). ` +
          'If it is damaged, move that folder away to start with fresh demo content.',
      )
    }
  }
  const wrap = (handle: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await handle.query<Row>(sql, params as unknown[])
      return { rows: result.rows, rowCount: result.affectedRows || result.rows.length }
    },
    async exec(sql: string) {
      await handle.exec(sql)
    },
  })
  let closed = false
  return {
    kind: 'pglite',
    ...wrap(instance),
    transaction: (work) => instance.transaction((tx) => work(wrap(tx))),
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
    async listen() {},
    async notify() {},
  }
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

export async function openDatabase(options: { databaseUrl?: string | undefined; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir)
}
