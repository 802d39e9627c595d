import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import express from 'express'
import pg from 'pg'
import { readSheet } from 'read-excel-file/node'
import request from 'supertest'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client.ts'
import { exportSlots } from '../../server/platform/kit/export-slots.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { mountExportDownloads } from '../../server/platform/exports/export-downloads.ts'
import { type ExportRequest, streamExport } from '../../server/platform/exports/export-stream.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { consoleCall, exportDownload, type SignedInMember, setUpMember } from './console-helpers.ts'
import { type App, makeExhibition } from './tickets-helpers.ts'

/**
 * Exports that stream from a cursor (docs/product.md#console-exports): rows in a stable order across
 * many batches, the formula rule in CSV and text kept as text in XLSX (read back by read-excel-file
 * and by openpyxl), the cursor closed when the browser goes away, and a full queue answered in words.
 */

let app: App
let db: Database
let platform: Platform

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
})

/** Buyers' addresses a spreadsheet would run as formulas, in the ASCII and full-width forms. */
const HOSTILE = ['=HYPERLINK("http://evil.example")@example.com', '+1@example.com', '-2@example.com', '@SUM(A1)@example.com', '＝1+2@example.com']
const ORDERS = 23

let exhibitionId: number
/** The order numbers as the export must list them: by creation time, then by number. */
let expected: string[]

beforeEach(async () => {
  await resetDatabase(db)
  exhibitionId = await makeExhibition(db, { title: 'Singapore Brokers Week' })
  // Numbers run against creation time, and every third pair shares its second, so only the stated order holds.
  await db.query(
    `insert into ticket_orders (number, exhibition_id, status, locale, buyer_email, currency, subtotal_minor, total_minor, expires_at, idempotency_key, created_at, updated_at)
     select 'T-S' || lpad(i::text, 9, '0'), $1, 'pending', 'en', coalesce(($2::text[])[i], 'buyer' || i || '@example.com'), 'SGD', 29900, 29900,
            timestamptz '2027-01-01Z' + interval '1 day', gen_random_uuid(), timestamptz '2027-01-01Z' - ((i / 2) * interval '1 second'), timestamptz '2027-01-01Z'
       from generate_series(1, $3::int) i`,
    [exhibitionId, HOSTILE, ORDERS],
  )
  expected = (
    await db.query<{ number: string }>('select number from ticket_orders where exhibition_id = $1 order by created_at, number', [exhibitionId])
  ).rows.map((row) => row.number)
})

/** A sink that keeps every byte, as a browser saving the file does. */
function collector() {
  const chunks: Buffer[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      done()
    },
  })
  return { sink, bytes: () => Buffer.concat(chunks) }
}

const orders = (format: 'csv' | 'xlsx'): ExportRequest => ({ exhibitionId, kind: 'orders', format, language: 'en', only: null })

function openpyxlRows(file: Buffer): unknown[][] | null {
  const folder = mkdtempSync(join(tmpdir(), 'xlsx-'))
  const path = join(folder, 'orders.xlsx')
  writeFileSync(path, file)
  const script =
    'import json,sys,openpyxl\nws=openpyxl.load_workbook(sys.argv[1],read_only=True).active\nprint(json.dumps([list(r) for r in ws.iter_rows(values_only=True)]))'
  const run = spawnSync('/usr/bin/python3', ['-c', script, path], { encoding: 'utf8' })
  if (run.status !== 0) throw new Error(run.stderr)
  return JSON.parse(run.stdout)
}
const hasOpenpyxl = spawnSync('/usr/bin/python3', ['-c', 'import openpyxl'], { encoding: 'utf8' }).status === 0

/** The export route alone, with its own slots and batch size, behind the request context the site gives every route. */
function siteWith(slots: ReturnType<typeof exportSlots>, batchRows?: number) {
  const site = express()
  site.use((_req, res, next) => {
    res.locals.context = {
      ip: '203.0.113.9',
      requestId: 'export-test',
      mobile: false,
      geo: { alpha2: 'SG', numeric: '702', known: true },
      riskShow: false,
      fingerprint: undefined,
    }
    next()
  })
  const router = express.Router()
  mountExportDownloads(router, platform, slots, batchRows)
  site.use(router)
  return site
}

describe('exports that stream', () => {
  it('when orders come from the cursor four at a time, then the CSV lists them by creation time and number, each hostile address defused', async () => {
    const { sink, bytes } = collector()
    await streamExport(db, orders('csv'), sink, 4)
    const lines = bytes().toString('utf8').slice(1).split('\r\n').filter(Boolean)
    expect(lines).toHaveLength(ORDERS + 1)
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(expected)
    const addresses = lines.slice(1).map((line) => /^[^,]*,[^,]*,[^,]*,("(?:[^"]|"")*"|[^,]*)/.exec(line)?.[1])
    expect(addresses).toEqual(
      expect.arrayContaining([
        `"'=HYPERLINK(""http://evil.example"")@example.com"`,
        "'+1@example.com",
        "'-2@example.com",
        "'@SUM(A1)@example.com",
        "'＝1+2@example.com",
      ]),
    )
  })

  it('when orders are written as XLSX batch by batch, then read-excel-file reads the same rows in the same order, text as it was typed', async () => {
    const { sink, bytes } = collector()
    await streamExport(db, orders('xlsx'), sink, 4)
    const sheet = await readSheet(bytes())
    expect(sheet).toHaveLength(ORDERS + 1)
    expect(sheet[0]?.slice(0, 4)).toEqual(['Order', 'Status', 'Cancellation reason', 'Buyer e-mail'])
    expect(sheet.slice(1).map((row) => row[0])).toEqual(expected)
    expect(sheet.slice(1).map((row) => row[3])).toEqual(expect.arrayContaining(HOSTILE))
    // Money as numbers in the currency's units: S$299.00.
    expect(sheet[1]?.[9]).toBe(299)
  })

  it.runIf(hasOpenpyxl)('when openpyxl opens the streamed XLSX, then it sees the same header, rows, order and texts', async () => {
    const { sink, bytes } = collector()
    await streamExport(db, orders('xlsx'), sink, 5)
    const rows = openpyxlRows(bytes()) as unknown[][]
    expect(rows).toHaveLength(ORDERS + 1)
    expect(rows.slice(1).map((row) => row[0])).toEqual(expected)
    expect(rows.slice(1).map((row) => row[3])).toEqual(expect.arrayContaining(HOSTILE))
    expect(rows[1]?.[9]).toBe(299)
  })

  it('when the browser goes away in the middle of the file, then the export stops, its transaction ends and no cursor stays open', async () => {
    let stalled = () => {}
    const started = new Promise<void>((resolve) => {
      stalled = resolve
    })
    // A browser that took the header row and then stopped reading: the first row is never acknowledged.
    let chunks = 0
    const sink = new Writable({
      highWaterMark: 1,
      write(_chunk, _encoding, done) {
        if (++chunks === 1) done()
        else stalled()
      },
    })
    const running = streamExport(db, orders('csv'), sink, 1)
    await started
    sink.destroy()
    await expect(running).rejects.toThrow()
    // The unnamed portal of this very query is listed too; a cursor of ours has a name.
    const cursors = await db.query<{ n: number }>("select count(*)::int as n from pg_cursors where name <> ''")
    expect(cursors.rows[0]?.n).toBe(0)
  })
})

describe.runIf(process.env.TEST_DATABASE_URL)('exports that stream (PostgreSQL only: PGlite cannot race)', () => {
  let watcher: pg.Client
  beforeAll(async () => {
    const database = (await db.query<{ name: string }>('select current_database() as name')).rows[0]?.name as string
    const url = new URL(process.env.TEST_DATABASE_URL as string)
    url.pathname = `/${database}`
    watcher = new pg.Client({ connectionString: url.toString() })
    await watcher.connect()
  })
  afterAll(async () => {
    await watcher.end()
  })
  const fetching = async () =>
    (
      await watcher.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'idle in transaction' and query like 'fetch forward%'",
      )
    ).rows[0]?.n

  it('when a download over HTTP is cut off while the cursor is open, then the connection leaves its transaction', async () => {
    const manager = await setUpMember(app, db, ['manager'])
    await db.query(
      `insert into ticket_orders (number, exhibition_id, status, locale, buyer_email, currency, subtotal_minor, total_minor, expires_at, idempotency_key, created_at, updated_at)
       select 'T-M' || lpad(i::text, 9, '0'), $1, 'pending', 'th', 'buyer' || i || '@example.com', 'THB', 100, 100,
              timestamptz '2027-01-01Z', gen_random_uuid(), timestamptz '2026-12-01Z', timestamptz '2026-12-01Z'
         from generate_series(1, 20000) i`,
      [exhibitionId],
    )
    const server = siteWith(exportSlots({ running: 1, waiting: 0 }), 1).listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    try {
      const { port } = server.address() as AddressInfo
      const response = await fetch(`http://127.0.0.1:${port}/gateway/console/exports?exhibition=${exhibitionId}&kind=orders&format=csv`, {
        headers: { cookie: manager.cookie },
      })
      expect(response.status).toBe(200)
      const reader = response.body?.getReader()
      await reader?.read()
      // The client reads no further: the server fills the socket and waits, its cursor open.
      await expect.poll(fetching).toBe(1)
      await reader?.cancel()
      await expect.poll(fetching).toBe(0)
    } finally {
      server.close()
    }
  })
})

describe('a full export queue', () => {
  let manager: SignedInMember
  beforeEach(async () => {
    manager = await setUpMember(app, db, ['manager'])
    await consoleCall(app, 'setLanguage', { language: 'zh-cn' }, { cookie: manager.cookie }).expect(200)
  })

  it('when every slot and place in line is taken, then the member is asked in their language to retry shortly, and nothing is audited', async () => {
    const slots = exportSlots({ running: 1, waiting: 0 })
    let finish = () => {}
    const held = slots.run(() => new Promise<void>((resolve) => (finish = resolve)), new AbortController().signal)
    const site = siteWith(slots)
    const busy = await request(site)
      .get('/gateway/console/exports')
      .query({ exhibition: exhibitionId, kind: 'orders', format: 'xlsx' })
      .set('Cookie', manager.cookie)
      .expect(429)
    expect(busy.headers['retry-after']).toBe('30')
    expect(busy.text).toBe('当前正在生成多个导出文件，请半分钟后再试。')
    finish()
    await held
    await request(site)
      .get('/gateway/console/exports')
      .query({ exhibition: exhibitionId, kind: 'orders', format: 'csv' })
      .set('Cookie', manager.cookie)
      .expect(200)
    const audited = await db.query("select 1 from staff_audit where function = 'console$exportFile'")
    expect(audited.rows).toHaveLength(1)
  })

  it('when the same member downloads through the site, then the ordinary route answers the file', async () => {
    const response = await exportDownload(app, manager.cookie, { exhibition: exhibitionId, kind: 'orders', format: 'csv' }).expect(200)
    expect(response.headers['content-disposition']).toBe(`attachment; filename="exhibition-${exhibitionId}-orders.csv"`)
    expect(response.body.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(ORDERS + 1)
  })
})
