import { copyLine, type Queryable } from '../../db/client.ts'
import type { BrokerInput } from './demo-brokers.ts'
import { TIER_RANKS } from './matching.repo.ts'
import { fuzzyRowsOf, termsOf } from './terms.ts'

/** SQL that loads brokers and their index rows (terms, typo variants, popularity tiers). Every statement runs unchanged on PGlite and PostgreSQL. */

/** The tables of the term index, whose indexes and foreign keys a bulk load builds after the rows (docs/decisions/0005-broker-search-index.md). */
const INDEX_TABLES = ['search_terms', 'search_fuzzy'] as const

interface IndexDefinitions {
  indexes: string[]
  foreignKeys: Array<{ table: string; name: string; definition: string }>
  /** Tables whose reads go without parallel workers (0680_search_serial_reads.sql), with that setting as written. */
  serialReads: Array<{ table: string; option: string }>
}

/**
 * Drops the indexes and foreign keys of the term index, returning how to make them again: a load
 * that builds them once from sorted rows is several times faster than one that updates them for
 * each of tens of millions of rows. They are read from the catalogue, so the migrations stay the
 * one place that defines them.
 */
async function dropIndexes(db: Queryable): Promise<IndexDefinitions> {
  const indexes = await db.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = any($1::text[]) order by indexname`,
    [INDEX_TABLES],
  )
  const foreignKeys = await db.query<{ table: string; name: string; definition: string }>(
    `select c.relname as table, k.conname as name, pg_get_constraintdef(k.oid) as definition
       from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = current_schema() and c.relname = any($1::text[]) order by k.conname`,
    [INDEX_TABLES],
  )
  const serialReads = await db.query<{ table: string; option: string }>(
    `select c.relname as table, o.option from pg_class c join pg_namespace n on n.oid = c.relnamespace, unnest(c.reloptions) as o(option)
      where n.nspname = current_schema() and c.relname = any($1::text[]) and starts_with(o.option, 'parallel_workers=') order by c.relname`,
    [INDEX_TABLES],
  )
  for (const key of foreignKeys.rows) await db.exec(`alter table ${key.table} drop constraint ${key.name}`)
  for (const index of indexes.rows) await db.exec(`drop index ${index.name}`)
  return { indexes: indexes.rows.map((row) => row.definition), foreignKeys: foreignKeys.rows, serialReads: serialReads.rows }
}

async function restoreIndexes(db: Queryable, definitions: IndexDefinitions): Promise<void> {
  // Sorting tens of millions of keys in the default 64 MB spills to disk many times over; this
  // transaction's index builds may use more (the setting ends with the transaction).
  await db.exec("set local maintenance_work_mem = '256MB'")
  // A table's parallel_workers also holds its index builds to that many workers: the builds may use
  // them (74 s of a million brokers' load without), and the reads go serial again after.
  for (const { table } of definitions.serialReads) await db.exec(`alter table ${table} reset (parallel_workers)`)
  for (const definition of definitions.indexes) await db.exec(definition)
  for (const { table, option } of definitions.serialReads) await db.exec(`alter table ${table} set (${option})`)
  for (const key of definitions.foreignKeys) await db.exec(`alter table ${key.table} add constraint ${key.name} ${key.definition}`)
  // The planner's estimates for the new rows, before the first search reads them.
  await db.exec(`analyze search_brokers, ${INDEX_TABLES.join(', ')}`)
}

/**
 * Inserts brokers with their licences, warnings and index rows, a batch per statement (unnest of
 * arrays). `tierOf` gives each broker's popularity tier (by default, its rank among these brokers:
 * exact when they are the whole directory, so that refreshTiers then has nothing to rewrite in a
 * million brokers' index rows); refreshTiers recomputes them from the
 * whole directory afterwards. A load that at least doubles the directory (the first load, a
 * directory replaced by an import) drops the term index's indexes and builds them after the rows:
 * until it commits, searches wait for it, which an empty or small directory can afford and a large
 * one cannot (a small import into it keeps the indexes and updates them row by row).
 *
 * The brokers go in first, then their index rows batch by batch, each batch's rows built here while
 * the database writes the batch before: building terms is about a third of a large load's work, and
 * on PostgreSQL it no longer waits for the writes nor they for it
 * (docs/performance.md#broker-search-at-a-million).
 */
export async function insertBrokers(db: Queryable, brokers: readonly BrokerInput[], tierOf = tiersAmong(brokers)): Promise<number[]> {
  const existing = await db.query<{ count: number }>('select count(*)::int as count from search_brokers')
  const bulk = brokers.length > 0 && brokers.length >= (existing.rows[0]?.count ?? 0)
  const definitions = bulk ? await dropIndexes(db) : null
  const ids: number[] = []
  for (let start = 0; start < brokers.length; start += BATCH) ids.push(...(await insertBrokerRows(db, brokers.slice(start, start + BATCH), tierOf)))
  let writing: Promise<void> = Promise.resolve()
  for (let start = 0; start < brokers.length; start += BATCH) {
    const writes = await indexWritesOf(brokers.slice(start, start + BATCH), ids.slice(start, start + BATCH), tierOf)
    await writing
    writing = runInOrder(db, writes)
    // Until it is awaited at the next batch, a failed write must not count as unhandled.
    writing.catch(() => {})
  }
  await writing
  if (definitions) await restoreIndexes(db, definitions)
  return ids
}

const BATCH = 2000

/** The brokers' own rows, returning their ids in the order given. */
async function insertBrokerRows(db: Queryable, batch: readonly BrokerInput[], tierOf: (broker: BrokerInput) => number): Promise<number[]> {
  const inserted = await db.query<{ id: number; code: string }>(
    `insert into search_brokers (code, trader_code, name_en, name_hans, name_hant, aliases, logo, label, rating, country, founded, website, popularity, tier)
     select code, trader_code, name_en, name_hans, name_hant, array(select jsonb_array_elements_text(aliases::jsonb)), logo, label, rating, country, founded, website, popularity, tier
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::numeric[], $10::text[], $11::smallint[], $12::text[], $13::int[], $14::smallint[])
         as b(code, trader_code, name_en, name_hans, name_hant, aliases, logo, label, rating, country, founded, website, popularity, tier)
     returning id, code`,
    [
      batch.map((b) => b.code),
      batch.map((b) => b.traderCode),
      batch.map((b) => b.nameEn),
      batch.map((b) => b.nameHans),
      batch.map((b) => b.nameHant),
      batch.map((b) => JSON.stringify(b.aliases)),
      batch.map((b) => b.logo),
      batch.map((b) => b.label),
      batch.map((b) => b.rating),
      batch.map((b) => b.country),
      batch.map((b) => b.founded),
      batch.map((b) => b.website),
      batch.map((b) => b.popularity),
      batch.map((b) => tierOf(b)),
    ],
  )
  const idOf = new Map(inserted.rows.map((row) => [row.code, row.id]))
  return batch.map((broker) => idOf.get(broker.code) as number)
}

/** One write of a batch, made before the batch's turn so that the database never waits for it. */
type Write = (db: Queryable) => Promise<unknown>

/** Brokers whose terms are built between two turns of the event loop, so that the database's answers are read (and the next statement sent) meanwhile. */
const BROKERS_PER_TURN = 200

/** The statements that write a batch's licences, warnings and index rows. */
async function indexWritesOf(batch: readonly BrokerInput[], ids: readonly number[], tierOf: (broker: BrokerInput) => number): Promise<Write[]> {
  const licences: Array<[number, BrokerInput['licences'][number]]> = []
  const warnings: Array<[number, BrokerInput['warnings'][number]]> = []
  const terms: string[] = []
  const fuzzy: string[] = []
  for (const [index, broker] of batch.entries()) {
    if (index > 0 && index % BROKERS_PER_TURN === 0) await new Promise(setImmediate)
    const id = ids[index] as number
    for (const licence of broker.licences) licences.push([id, licence])
    for (const warning of broker.warnings) warnings.push([id, warning])
    const brokerTerms = termsOf(broker)
    const tier = tierOf(broker)
    for (const term of brokerTerms) terms.push(copyLine([term.term, id, term.field, term.inner, tier, broker.popularity]))
    for (const row of fuzzyRowsOf(brokerTerms)) fuzzy.push(copyLine([row.variant, row.term, id, broker.popularity]))
  }
  const writes: Write[] = []
  if (licences.length) {
    const params = [
      licences.map(([id]) => id),
      licences.map(([, l]) => l.regulator),
      licences.map(([, l]) => l.licenceNo),
      licences.map(([, l]) => l.licenceType),
      licences.map(([, l]) => l.status),
    ]
    writes.push((db) =>
      db.query(
        `insert into search_licences (broker_id, regulator, licence_no, licence_type, status)
         select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) on conflict do nothing`,
        params,
      ),
    )
  }
  if (warnings.length) {
    const params = [warnings.map(([id]) => id), warnings.map(([, w]) => w.kind), warnings.map(([, w]) => w.notedOn)]
    writes.push((db) =>
      db.query(
        `insert into search_warnings (broker_id, kind, noted_on)
         select * from unnest($1::int[], $2::text[], $3::date[]) on conflict do nothing`,
        params,
      ),
    )
  }
  // Terms hold letters, digits and spaces only (normalise.ts); copyLine escapes whatever else comes.
  const termLines = terms.join('')
  const fuzzyLines = fuzzy.join('')
  writes.push(
    (db) => db.copyRows('search_terms', ['term', 'broker_id', 'field', 'inner_term', 'tier', 'popularity'], termLines),
    (db) => db.copyRows('search_fuzzy', ['variant', 'term', 'broker_id', 'popularity'], fuzzyLines),
  )
  return writes
}

async function runInOrder(db: Queryable, writes: readonly Write[]): Promise<void> {
  for (const write of writes) await write(db)
}

/** The tier of a broker of this popularity rank (1 for the most popular), as TIER_RANKS says, in SQL. */
const TIER_OF_RANK = `case ${TIER_RANKS.map((top, tier) => `when rank <= ${top} then ${tier}`).join(' ')} else ${TIER_RANKS.length} end`

/**
 * Recomputes every broker's popularity tier from the whole directory and copies tier and popularity
 * into the index where they changed (after a seed, an import or a change of popularity).
 */
export async function refreshTiers(db: Queryable): Promise<void> {
  await db.query(
    `with ranked as (
       select id, ${TIER_OF_RANK} as tier
         from (select id, rank() over (order by popularity desc) as rank from search_brokers where published) as ranks)
     update search_brokers b set tier = ranked.tier from ranked where ranked.id = b.id and b.tier <> ranked.tier`,
  )
  await db.query(
    `update search_terms t set tier = b.tier, popularity = b.popularity from search_brokers b
      where b.id = t.broker_id and (t.tier <> b.tier or t.popularity <> b.popularity)`,
  )
  await db.query(
    `update search_fuzzy f set popularity = b.popularity from search_brokers b
      where b.id = f.broker_id and f.popularity <> b.popularity`,
  )
}

function tiersAmong(brokers: readonly BrokerInput[]): (broker: BrokerInput) => number {
  const tier = tierFunction(brokers.map((broker) => broker.popularity))
  return (broker) => tier(broker.popularity)
}

/** Tier thresholds of a list of popularities, the same rule as refreshTiers, for loading in bulk. */
export function tierFunction(popularities: readonly number[]): (popularity: number) => number {
  const sorted = [...popularities].sort((a, b) => b - a)
  // rank() = 1 + the number of popularities strictly greater (ties share a rank, and so a tier).
  const greater = (value: number) => {
    let low = 0
    let high = sorted.length
    while (low < high) {
      const mid = (low + high) >> 1
      if ((sorted[mid] as number) > value) low = mid + 1
      else high = mid
    }
    return low
  }
  return (popularity) => {
    const rank = 1 + greater(popularity)
    const tier = TIER_RANKS.findIndex((top) => rank <= top)
    return tier === -1 ? TIER_RANKS.length : tier
  }
}
