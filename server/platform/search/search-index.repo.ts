import type { Queryable } from '../../db/client.ts'
import type { BrokerInput } from './demo-brokers.ts'
import { TIER_RANKS } from './matching.repo.ts'
import { fuzzyRowsOf, termsOf } from './terms.ts'

/** SQL that loads brokers and their index rows (terms, typo variants, popularity tiers). Every statement runs unchanged on PGlite and PostgreSQL. */

/** The tables of the term index, whose indexes and foreign keys a bulk load builds after the rows (docs/decisions/0005-broker-search-index.md). */
const INDEX_TABLES = ['search_terms', 'search_fuzzy'] as const

interface IndexDefinitions {
  indexes: string[]
  foreignKeys: Array<{ table: string; name: string; definition: string }>
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
  for (const key of foreignKeys.rows) await db.exec(`alter table ${key.table} drop constraint ${key.name}`)
  for (const index of indexes.rows) await db.exec(`drop index ${index.name}`)
  return { indexes: indexes.rows.map((row) => row.definition), foreignKeys: foreignKeys.rows }
}

async function restoreIndexes(db: Queryable, definitions: IndexDefinitions): Promise<void> {
  // Sorting tens of millions of keys in the default 64 MB spills to disk many times over; this
  // transaction's index builds may use more (the setting ends with the transaction).
  await db.exec("set local maintenance_work_mem = '256MB'")
  for (const definition of definitions.indexes) await db.exec(definition)
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
 */
export async function insertBrokers(db: Queryable, brokers: readonly BrokerInput[], tierOf = tiersAmong(brokers)): Promise<number[]> {
  const existing = await db.query<{ count: number }>('select count(*)::int as count from search_brokers')
  const bulk = brokers.length > 0 && brokers.length >= (existing.rows[0]?.count ?? 0)
  const definitions = bulk ? await dropIndexes(db) : null
  const ids: number[] = []
  const BATCH = 2000
  for (let start = 0; start < brokers.length; start += BATCH) {
    const batch = brokers.slice(start, start + BATCH)
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
    const licences: Array<[number, BrokerInput['licences'][number]]> = []
    const warnings: Array<[number, BrokerInput['warnings'][number]]> = []
    const terms: TermTuple[] = []
    const fuzzy: FuzzyTuple[] = []
    for (const broker of batch) {
      const id = idOf.get(broker.code) as number
      ids.push(id)
      for (const licence of broker.licences) licences.push([id, licence])
      for (const warning of broker.warnings) warnings.push([id, warning])
      const brokerTerms = termsOf(broker)
      const tier = tierOf(broker)
      for (const term of brokerTerms) terms.push([term.term, id, term.field, term.inner, tier, broker.popularity])
      for (const row of fuzzyRowsOf(brokerTerms)) fuzzy.push([row.variant, row.term, id, broker.popularity])
    }
    if (licences.length) {
      await db.query(
        `insert into search_licences (broker_id, regulator, licence_no, licence_type, status)
         select * from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) on conflict do nothing`,
        [
          licences.map(([id]) => id),
          licences.map(([, l]) => l.regulator),
          licences.map(([, l]) => l.licenceNo),
          licences.map(([, l]) => l.licenceType),
          licences.map(([, l]) => l.status),
        ],
      )
    }
    if (warnings.length) {
      await db.query(
        `insert into search_warnings (broker_id, kind, noted_on)
         select * from unnest($1::int[], $2::text[], $3::date[]) on conflict do nothing`,
        [warnings.map(([id]) => id), warnings.map(([, w]) => w.kind), warnings.map(([, w]) => w.notedOn)],
      )
    }
    await insertTermRows(db, terms)
    await insertFuzzyRows(db, fuzzy)
  }
  if (definitions) await restoreIndexes(db, definitions)
  return ids
}

const ROWS_PER_STATEMENT = 20_000

/** A row of search_terms and of search_fuzzy, in the order of their columns. */
type TermTuple = [term: string, brokerId: number, field: number, inner: boolean, tier: number, popularity: number]
type FuzzyTuple = [variant: string, term: string, brokerId: number, popularity: number]

/**
 * The index rows go to the database as one JSON array of rows per statement: pg writes a JavaScript
 * array as an array literal element by element, in JavaScript, which cost more than the insert
 * itself (20,000 terms: 656 ms with six arrays against 298 ms as JSON, end to end, load average 39;
 * docs/performance.md#broker-search-at-a-million). Terms hold letters, digits and spaces only
 * (normalise.ts), so JSON carries them unchanged.
 */
async function insertRows(db: Queryable, insert: string, rows: ReadonlyArray<TermTuple | FuzzyTuple>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await db.query(insert, [JSON.stringify(rows.slice(start, start + ROWS_PER_STATEMENT))])
  }
}

const insertTermRows = (db: Queryable, rows: TermTuple[]) =>
  insertRows(
    db,
    `insert into search_terms (term, broker_id, field, inner_term, tier, popularity)
     select r ->> 0, (r ->> 1)::int, (r ->> 2)::smallint, (r ->> 3)::boolean, (r ->> 4)::smallint, (r ->> 5)::int from jsonb_array_elements($1::jsonb) as r`,
    rows,
  )

const insertFuzzyRows = (db: Queryable, rows: FuzzyTuple[]) =>
  insertRows(
    db,
    `insert into search_fuzzy (variant, term, broker_id, popularity)
     select r ->> 0, r ->> 1, (r ->> 2)::int, (r ->> 3)::int from jsonb_array_elements($1::jsonb) as r`,
    rows,
  )

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
