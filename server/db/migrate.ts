import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Database } from './client.ts'

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))
/** An arbitrary constant: every instance takes the same advisory lock, so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 727_100_2019

export interface Migration {
  name: string
  sql: string
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((name) => ({ name, sql: readFileSync(`${dir}/${name}`, 'utf8') }))
}

/**
 * Applies the migrations not yet recorded, each in its own transaction, under a session advisory
 * lock so that several instances starting together migrate once.
 */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  const applied: string[] = []
  await db.transaction(async (tx) => {
    // Transaction-scoped lock: released at commit even if this process dies half-way.
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    await tx.query(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`)
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).rows.map((row) => row.name))
    for (const migration of migrations) {
      if (done.has(migration.name)) continue
      await tx.exec(migration.sql)
      await tx.query('insert into schema_migrations (name) values ($1)', [migration.name])
      applied.push(migration.name)
    }
  })
  return applied
}

/** Readiness: every migration this build knows is recorded. */
export async function pendingMigrations(db: Database, migrations = readMigrations()): Promise<string[]> {
  const exists = await db.query<{ present: boolean }>("select to_regclass('schema_migrations') is not null as present")
  if (!exists.rows[0]?.present) return migrations.map((migration) => migration.name)
  const done = new Set((await db.query<{ name: string }>('select name from schema_migrations')).rows.map((row) => row.name))
  return migrations.map((migration) => migration.name).filter((name) => !done.has(name))
}
