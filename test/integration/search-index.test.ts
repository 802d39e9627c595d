import { beforeAll, describe, expect, it } from 'vitest'
import type { Database, Queryable } from '../../server/db/client.ts'
import { readMigrations } from '../../server/db/migrate.ts'
import type { Platform } from '../../server/platform/platform.ts'
import { writeReferenceData } from '../../server/platform/search/reference-data.ts'
import { insertBrokers } from '../../server/platform/search/search-index.repo.ts'
import { createTestApp, resetDatabase } from '../setup/test-app.ts'
import { broker, cv3, directoryOf, seedDemo, visitorToken } from './search-helpers.ts'

/** Loading the broker directory and the popularity tiers (docs/decisions/0005-broker-search-index.md). */
let app: Awaited<ReturnType<typeof createTestApp>>['app']
let db: Database
let platform: Platform
let token: string

beforeAll(async () => {
  ;({ app, db, platform } = await createTestApp())
  token = await visitorToken(app)
})

const dropdown = async (content: string) => {
  const response = await cv3(app, 'home$dropdown', { content, project: 'expo' }, { token })
  expect(response.status).toBe(200)
  return (response.body.data as Array<{ code: string }>).map((item) => item.code)
}

/** The indexes and foreign keys of the term index, with the object ids that tell a rebuilt index from a kept one. */
async function catalogue(handle: Queryable) {
  const indexes = await handle.query<{ name: string; definition: string; oid: number }>(
    `select indexname as name, indexdef as definition, (quote_ident(indexname))::regclass::oid::int as oid from pg_indexes
      where schemaname = current_schema() and tablename in ('search_terms', 'search_fuzzy') order by indexname`,
  )
  const keys = await handle.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where contype = 'f' and conrelid in ('search_terms'::regclass, 'search_fuzzy'::regclass) order by conname`,
  )
  const options = await handle.query<{ table: string; options: string[] | null }>(
    "select relname as table, reloptions as options from pg_class where relname in ('search_terms', 'search_fuzzy') order by relname",
  )
  return {
    options: options.rows,
    definitions: indexes.rows.map(({ name, definition }) => ({ name, definition })),
    oids: indexes.rows.map((row) => row.oid),
    keys: keys.rows,
  }
}

describe('loading the directory', () => {
  it('when brokers are loaded into an empty directory, then the indexes and foreign keys are made again as the migrations made them', async () => {
    await resetDatabase(db)
    const before = await catalogue(db)
    expect(before.definitions).toHaveLength(4)
    expect(before.keys).toHaveLength(2)
    const [first] = await directoryOf(db, platform, [
      broker({ code: 'L1', nameEn: 'Lumenwick Markets', popularity: 500 }),
      broker({ code: 'L2', nameEn: 'Lumenbrook Capital', popularity: 300 }),
    ])
    const after = await catalogue(db)
    expect(after.definitions).toEqual(before.definitions)
    expect(after.keys).toEqual(before.keys)
    // Index builds may use parallel workers; reads of the index go without them again after (0680).
    expect(after.options).toEqual([
      { table: 'search_fuzzy', options: ['parallel_workers=0'] },
      { table: 'search_terms', options: ['parallel_workers=0'] },
    ])
    // Built afresh, not kept: the load dropped them while the rows went in.
    expect(after.oids.some((oid) => before.oids.includes(oid))).toBe(false)
    expect(await dropdown('lumen')).toEqual(['L1', 'L2'])
    expect(await dropdown('lumenwik')).toEqual(['L1'])
    // The foreign keys hold again: a broker's index rows go with it.
    await db.query('delete from search_brokers where id = $1', [first])
    const left = await db.query<{ terms: number; fuzzy: number }>(
      'select (select count(*)::int from search_terms where broker_id = $1) as terms, (select count(*)::int from search_fuzzy where broker_id = $1) as fuzzy',
      [first],
    )
    expect(left.rows[0]).toEqual({ terms: 0, fuzzy: 0 })
  })

  it('when a few brokers are added to a larger directory, then its indexes stay as they are and the new brokers are found', async () => {
    await resetDatabase(db)
    await seedDemo(db, platform)
    const before = await catalogue(db)
    await directoryOf(db, platform, [broker({ code: 'L3', nameEn: 'Quorvant Securities', popularity: 10 })])
    const after = await catalogue(db)
    expect(after.oids).toEqual(before.oids)
    expect(await dropdown('quorvant')).toEqual(['L3'])
  })

  it('when a load fails half-way, then nothing of it stays and the indexes are there as before', async () => {
    await resetDatabase(db)
    const before = await catalogue(db)
    const load = directoryOf(db, platform, [
      broker({ code: 'L4', nameEn: 'Brisk Harbour FX' }),
      broker({ code: 'L5', nameEn: 'Brisk Harbour Two', label: 'no-such-label' as never }),
    ])
    await expect(load).rejects.toThrow()
    expect(await catalogue(db)).toEqual(before)
    expect((await db.query('select 1 from search_brokers')).rows).toHaveLength(0)
  })
})

describe('popularity tiers', () => {
  it('when the directory has more than 1,000 brokers, then the 1,000 most popular are the top tier, and matches come most popular first across tiers', async () => {
    await resetDatabase(db)
    // Brokers i = 0..1099, the i-th the (i+1)-th most popular, inserted in a shuffled order; one in 150 also called "Zephyrine".
    const order = Array.from({ length: 1100 }, (_, index) => (index * 389) % 1100)
    const brokers = order.map((index) =>
      broker({
        code: `Z${index}`,
        nameEn: `Tierbroker ${index}`,
        aliases: index % 150 === 7 ? ['Zephyrine'] : [],
        popularity: 5_000 - index,
      }),
    )
    await directoryOf(db, platform, brokers)
    const tiers = await db.query<{ tier: number; brokers: number; terms: number }>(
      `select b.tier, count(distinct b.id)::int as brokers, count(*)::int as terms from search_brokers b join search_terms t on t.broker_id = b.id
        where t.tier = b.tier group by b.tier order by b.tier`,
    )
    expect(tiers.rows.map((row) => [row.tier, row.brokers])).toEqual([
      [0, 1000],
      [1, 100],
    ])
    expect(tiers.rows.reduce((sum, row) => sum + row.terms, 0)).toBe((await db.query('select 1 from search_terms')).rows.length)
    const sharing = [7, 157, 307, 457, 607, 757, 907, 1057].map((index) => `Z${index}`)
    expect(await dropdown('zephyrine')).toEqual(sharing)
    expect(await dropdown('zephyr')).toEqual(sharing)
    expect(await dropdown('tierbroker 105')).toEqual(['Z105', ...Array.from({ length: 9 }, (_, digit) => `Z105${digit}`)])
  })

  it('when 0670 meets a directory tiered by share, then it puts every broker and its terms in the tiers by size', async () => {
    await resetDatabase(db)
    const brokers = Array.from({ length: 1100 }, (_, index) => broker({ code: `M${index}`, nameEn: `Migrant ${index}`, popularity: 9_000 - index }))
    // Every broker in the last tier, as no rule would put them: the migration alone must sort them out.
    await db.transaction(async (tx) => {
      await writeReferenceData(tx)
      await insertBrokers(tx, brokers, () => 2)
    })
    const migration = readMigrations().find((candidate) => candidate.name === '0670_search_tiers.sql')
    await db.transaction((tx) => tx.exec(migration?.sql ?? ''))
    const tiers = await db.query<{ tier: number; brokers: number; stale: number }>(
      `select b.tier, count(distinct b.id)::int as brokers, count(*) filter (where t.tier <> b.tier)::int as stale
         from search_brokers b join search_terms t on t.broker_id = b.id group by b.tier order by b.tier`,
    )
    expect(tiers.rows).toEqual([
      { tier: 0, brokers: 1000, stale: 0 },
      { tier: 1, brokers: 100, stale: 0 },
    ])
    expect((await db.query("select 1 from search_brokers where code = 'M999' and tier = 0")).rows).toHaveLength(1)
  })
})

describe('reading the term index', () => {
  const planOf = async (tx: Queryable) =>
    (
      await tx.query<{ 'QUERY PLAN': string }>(
        `explain select broker_id from search_terms where tier = 3 and inner_term = false and term > '有限' and term < '有限\u{10FFFF}'
          order by popularity desc limit 30`,
      )
    ).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n')

  it.runIf(process.env.TEST_DATABASE_URL)(
    'when parallel workers would look cheap, then a read of the term index still uses none (PostgreSQL only: PGlite has no parallel workers)',
    async () => {
      await resetDatabase(db)
      const undo = 'undo the reset'
      await expect(
        db.transaction(async (tx) => {
          // Enough rows under the prefix, and workers made free, for the planner to want them, as it did for
          // a prefix it could not size at a million brokers (the rows' brokers need not exist: keys unchecked).
          await tx.exec(
            `set local session_replication_role = replica;
             insert into search_terms (term, broker_id, field, inner_term, tier, popularity)
               select '有限' || i, i, 0, false, 3, i from generate_series(1, 50000) as i;
             analyze search_terms;
             set local parallel_setup_cost = 0; set local parallel_tuple_cost = 0; set local min_parallel_table_scan_size = 0; set local min_parallel_index_scan_size = 0`,
          )
          expect(await planOf(tx)).not.toMatch(/Gather|Parallel/)
          // The same read with the table's setting undone plans workers: the check above can fail.
          await tx.exec('alter table search_terms reset (parallel_workers)')
          expect(await planOf(tx)).toMatch(/Gather|Parallel/)
          throw new Error(undo)
        }),
      ).rejects.toThrow(undo)
      expect(
        (await db.query<{ options: string[] | null }>("select reloptions as options from pg_class where relname = 'search_terms'")).rows[0]?.options,
      ).toEqual(['parallel_workers=0'])
    },
  )
})
