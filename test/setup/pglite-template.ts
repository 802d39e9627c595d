import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dumpPglite, openPglite } from '../../server/db/client.ts'
import { migrate, readMigrations } from '../../server/db/migrate.ts'

const PGLITE_VERSION = (
  JSON.parse(readFileSync(join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string }
).version

/**
 * A migrated embedded database as a tarball, made once per set of migrations (and PGlite version) and
 * shared by every test file and worker through the temporary folder: each file's database starts
 * from it instead of starting PGlite afresh and migrating (several times faster, measured in
 * docs/CONVENTIONS.md#tests). Made before the first file by the integration project's global setup
 * (below), outside any hook's timeout; written under a temporary name and renamed, so a worker
 * never reads half a file.
 */
export async function migratedPglite(): Promise<Blob> {
  const migrations = readMigrations()
  const key = createHash('sha256')
    .update(JSON.stringify([PGLITE_VERSION, migrations]))
    .digest('hex')
    .slice(0, 16)
  const file = join(tmpdir(), `expo-test-pglite-${key}.tar`)
  if (!existsSync(file)) {
    const fresh = await openPglite('memory://')
    await migrate(fresh, migrations)
    const dump = await dumpPglite(fresh)
    await fresh.close()
    const partial = `${file}.${process.pid}.${Date.now()}`
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
    renameSync(partial, file)
  }
  return new Blob([readFileSync(file)])
}

/** The integration project's global setup: the tarball made once, before the workers start. */
export default async function setup() {
  if (!process.env.TEST_DATABASE_URL) await migratedPglite()
}
