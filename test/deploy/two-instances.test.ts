import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Scale-out (issue 12): two site processes on different ports against one PostgreSQL and one
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
const processes: ChildProcess[] = []
const dataDirs: string[] = []
let databaseUrl = ''

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
      REDIS_URL: redisUrl,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'loopback',
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      ORDER_PAYMENT_MINUTES: '30',
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

async function token(port: number): Promise<string> {
  return ((await (await fetch(`http://127.0.0.1:${port}/api/token`, { method: 'POST' })).json()) as { access_token: string }).access_token
}

export async function call(port: number, routes: string, body: unknown, options: { token: string; ip?: string }) {
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
  }, 300_000)

  afterAll(async () => {
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
    const ip = '203.0.113.77'
    const statuses: number[] = []
    // The verification query allows 20 a minute per address (server/platform/verification).
    for (let index = 0; index < 22; index++) {
      const port = index % 2 === 0 ? a : b
      const answer = await call(port, 'expo$verifyChannel', { value: `+44 20 7946 ${String(1000 + index)}` }, { token: tokens[index % 2] as string, ip })
      statuses.push(answer.status)
    }
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(20)).toEqual([429, 429])
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
    await new Promise((resolveWait) => setTimeout(resolveWait, 300))
    const after = await fetch(`http://127.0.0.1:${b}/en`)
    expect(after.headers.get('x-page-cache')).toBeNull()
    void a
  })

  it('when one instance is killed under load, then the other keeps serving', async () => {
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
    const running = Promise.all([load(a, 60), load(b, 60), load(b, 60)])
    await new Promise((resolveWait) => setTimeout(resolveWait, 300))
    processes[0]?.kill('SIGKILL')
    await running
    const fromB = results.filter((result) => result.port === b)
    expect(fromB.length).toBe(120)
    expect(fromB.every((result) => result.ok)).toBe(true)
    expect((await fetch(`http://127.0.0.1:${b}/HealthCheck/Ready`)).status).toBe(200)
  }, 120_000)
})
