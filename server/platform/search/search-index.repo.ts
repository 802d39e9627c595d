import type { Queryable } from '../../db/client.ts'
import type { BrokerInput } from './demo-brokers.ts'
import { type FuzzyRow, fuzzyRowsOf, type TermRow, termsOf } from './terms.ts'

/** SQL that loads brokers and their index rows (terms, typo variants, popularity tiers). Every statement runs unchanged on PGlite and PostgreSQL. */

/**
 * Inserts brokers with their licences, warnings and index rows, a batch per statement (unnest of
 * arrays), so the 100,000-broker benchmark directory loads in seconds. `tierOf` gives each broker's
 * popularity tier; refreshTiers recomputes them from the whole directory afterwards.
 */
export async function insertBrokers(db: Queryable, brokers: readonly BrokerInput[], tierOf: (broker: BrokerInput) => number = () => 2): Promise<number[]> {
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
    const terms: Array<[number, TermRow, number, number]> = []
    const fuzzy: Array<[number, FuzzyRow, number]> = []
    for (const broker of batch) {
      const id = idOf.get(broker.code) as number
      ids.push(id)
      for (const licence of broker.licences) licences.push([id, licence])
      for (const warning of broker.warnings) warnings.push([id, warning])
      const brokerTerms = termsOf(broker)
      const tier = tierOf(broker)
      for (const term of brokerTerms) terms.push([id, term, tier, broker.popularity])
      for (const row of fuzzyRowsOf(brokerTerms)) fuzzy.push([id, row, broker.popularity])
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
  return ids
}

const ROWS_PER_STATEMENT = 20_000

async function insertTermRows(db: Queryable, rows: Array<[number, TermRow, number, number]>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT)
    await db.query(
      `insert into search_terms (term, broker_id, field, inner_term, tier, popularity)
       select * from unnest($1::text[], $2::int[], $3::smallint[], $4::boolean[], $5::smallint[], $6::int[])`,
      [
        chunk.map(([, t]) => t.term),
        chunk.map(([id]) => id),
        chunk.map(([, t]) => t.field),
        chunk.map(([, t]) => t.inner),
        chunk.map(([, , tier]) => tier),
        chunk.map(([, , , p]) => p),
      ],
    )
  }
}

async function insertFuzzyRows(db: Queryable, rows: Array<[number, FuzzyRow, number]>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT)
    await db.query(
      `insert into search_fuzzy (variant, term, broker_id, popularity)
       select * from unnest($1::text[], $2::text[], $3::int[], $4::int[])`,
      [chunk.map(([, f]) => f.variant), chunk.map(([, f]) => f.term), chunk.map(([id]) => id), chunk.map(([, , p]) => p)],
    )
  }
}

/**
 * Recomputes every broker's popularity tier from the whole directory and copies tier and popularity
 * into the index where they changed (after a seed, an import or a change of popularity).
 */
export async function refreshTiers(db: Queryable): Promise<void> {
  await db.query(
    `with ranked as (
       select id, case when percent_rank() over (order by popularity desc) < 0.01 then 0
                       when percent_rank() over (order by popularity desc) < 0.10 then 1 else 2 end as tier
         from search_brokers where published)
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

/** Tier thresholds of a list of popularities, the same rule as refreshTiers, for loading in bulk. */
export function tierFunction(popularities: readonly number[]): (popularity: number) => number {
  const sorted = [...popularities].sort((a, b) => b - a)
  const n = sorted.length
  // percent_rank = (rank - 1) / (n - 1), rank = 1 + number strictly greater.
  const greater = (value: number) => {
    let low = 0
    let high = n
    while (low < high) {
      const mid = (low + high) >> 1
      if ((sorted[mid] as number) > value) low = mid + 1
      else high = mid
    }
    return low
  }
  return (popularity) => {
    const percentRank = n > 1 ? greater(popularity) / (n - 1) : 0
    return percentRank < 0.01 ? 0 : percentRank < 0.1 ? 1 : 2
  }
}
