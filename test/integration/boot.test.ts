import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseConfig } from '../../server/config.ts'
import { DatabaseOpenError, openPglite } from '../../server/db/client.ts'
import { migrate } from '../../server/db/migrate.ts'
import { seedDemoContent } from '../../server/platform/seed.ts'
import { createPlatform } from '../../server/platform/platform.ts'
import { silentLogger, testGeo } from '../setup/test-app.ts'
import { startServer, stubBuild } from './server-process.ts'

const dirs: string[] = []
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'expo-boot-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function tableCounts(db: Awaited<ReturnType<typeof openPglite>>) {
  const tables = await db.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename")
  const counts: Record<string, number> = {}
  for (const { tablename } of tables.rows) {
    counts[tablename] = (await db.query<{ count: number }>(`select count(*)::int as count from "${tablename}"`)).rows[0]?.count ?? 0
  }
  return counts
}

describe('boot on a data directory', () => {
  it('when the site starts twice on the same data, then the demo content is there once', async () => {
    const dir = scratch()
    const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dir })
    const boot = async () => {
      const db = await openPglite(dir)
      await migrate(db)
      const platform = await createPlatform({ config, db, logger: silentLogger, geo: testGeo() })
      await seedDemoContent(platform)
      const counts = await tableCounts(db)
      await platform.close()
      await db.close()
      return counts
    }
    const first = await boot()
    const second = await boot()
    expect(second).toEqual(first)
  }, 120_000)

  it('when another process holds the data directory, then a clear error names it', async () => {
    const dir = scratch()
    // A live process that is not us (this test's parent shell will do): its pid in the lock file.
    const holder = spawn('sleep', ['30'])
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'pglite.lock'), String(holder.pid))
    try {
      await expect(openPglite(dir)).rejects.toThrow(new RegExp(`in use by process ${holder.pid}.*another DATA_DIR`))
      await expect(openPglite(dir)).rejects.toBeInstanceOf(DatabaseOpenError)
    } finally {
      holder.kill()
    }
  })

  it('when the lock file names a process that is gone, then the directory opens', async () => {
    const dir = scratch()
    writeFileSync(join(dir, 'pglite.lock'), '999999')
    const db = await openPglite(dir)
    expect(await db.ping()).toBe(true)
    await db.close()
  })

  it('when the database files are damaged, then a clear error says what to do', async () => {
    const dir = scratch()
    mkdirSync(join(dir, 'pglite'), { recursive: true })
    writeFileSync(join(dir, 'pglite', 'PG_VERSION'), 'garbage\n')
    writeFileSync(join(dir, 'pglite', 'postgresql.conf'), '\u0000\u0001 not a config')
    await expect(openPglite(dir)).rejects.toThrow(/cannot be opened.*move that folder away/s)
  }, 60_000)
})

describe('boot in production', () => {
  it('when a production server listening beyond loopback has no PUBLIC_ORIGIN, then it refuses to start and says why', async () => {
    // With a build to serve, so that only the missing origin can stop it.
    const dist = stubBuild()
    const server = await startServer({ dist, env: { HOST: '0.0.0.0', PUBLIC_ORIGIN: '' } })
    try {
      const exit = await Promise.race([server.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000))])
      expect(exit, 'the server started anyway').not.toBeNull()
      expect(exit?.code).toBe(1)
      expect(server.stderr()).toMatch(/PUBLIC_ORIGIN: required in production when listening on 0\.0\.0\.0/)
    } finally {
      server.cleanup()
      rmSync(dist, { recursive: true, force: true })
    }
  }, 60_000)
  it('when a Kubernetes pod has no DATABASE_URL, then it refuses to start instead of running an embedded database in the container', async () => {
    const dist = stubBuild()
    const server = await startServer({ dist, env: { KUBERNETES_SERVICE_HOST: '10.96.0.1', DATABASE_URL: '' } })
    try {
      const exit = await Promise.race([server.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000))])
      expect(exit, 'the server started anyway').not.toBeNull()
      expect(exit?.code).toBe(1)
      expect(server.stderr()).toMatch(/DATABASE_URL: required on Kubernetes \(KUBERNETES_SERVICE_HOST is set\)/)
    } finally {
      server.cleanup()
      rmSync(dist, { recursive: true, force: true })
    }
  }, 60_000)
})
