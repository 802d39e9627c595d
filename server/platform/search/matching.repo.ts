import type { Queryable } from '../../db/client.ts'
import type { BrokerRow } from './brokers.repo.ts'

/** SQL that reads the term index: what the search box suggests and the search finds. Every statement runs unchanged on PGlite and PostgreSQL. */

/** Below every code point a normalised term can hold: `term < prefix || TOP` bounds a prefix range. */
const TOP = '\u{10FFFF}'
/**
 * Tiers of popularity (search_brokers.tier) by rank: the 1,000 most popular brokers, the next
 * 9,000, the next 90,000, the rest. Sizes rather than shares, so that the top tier a broad prefix
 * reads holds 1,000 brokers whether the directory has a hundred thousand or a million
 * (docs/decisions/0005-broker-search-index.md).
 */
export const TIER_RANKS = [1_000, 10_000, 100_000] as const
export const TIERS = [0, 1, 2, 3] as const

/** Branches of a UNION ALL, one per tier, most popular tier first: `where` holds the other conditions, `limit` the parameter of rows per branch. */
const perTier = (cls: number, where: string, limit = '$3') =>
  TIERS.map(
    (tier) => `(select broker_id, ${cls} as cls, popularity from search_terms where tier = ${tier} and ${where} order by popularity desc limit ${limit})`,
  )

export interface MatchRow {
  broker_id: number
  cls: number
  popularity: number
}

/**
 * Exact, prefix and contains matches of a normalised query, in rank order: class (exact 0, prefix 1,
 * contains 2), then popularity. Each class is read tier by tier, most popular first, and the outer
 * LIMIT stops the scan as soon as enough rows have arrived, so a one-letter query reads the index
 * entries of the 1,000 most popular brokers instead of sorting tens of thousands, at any size.
 * A broker can come more than once (several names share a prefix): callers keep the first.
 */
function matchBranches(): string {
  // A whole name shared by many brokers (an alias of initials, at a million) is read tier by tier too.
  return [
    ...perTier(0, 'inner_term = false and term = $1'),
    ...perTier(1, 'inner_term = false and term > $1 and term < $2'),
    ...perTier(2, 'inner_term = true and term >= $1 and term < $2'),
  ].join(' union all ')
}
const MATCH_BRANCHES = matchBranches()
const EXACT_BRANCHES = perTier(0, 'inner_term = false and term = $1', '1').join(' union all ')

export async function matchTerms(db: Queryable, query: string, perBranch: number, total: number): Promise<MatchRow[]> {
  const result = await db.query<MatchRow>(`select broker_id, cls, popularity from (${MATCH_BRANCHES}) as matches limit $4`, [
    query,
    `${query}${TOP}`,
    perBranch,
    total,
  ])
  return result.rows
}

export interface SuggestionRow extends Omit<BrokerRow, 'regulators' | 'rating' | 'country'> {
  cls: number
}

/** `locale` names the query parameter that holds the locale. */
const suggestionColumns = (
  locale: string,
) => `b.id, b.code, b.trader_code, b.name_en, b.name_hans, b.name_hant, b.aliases, b.logo, b.label, b.popularity, l.color,
  coalesce(l.texts ->> ${locale}, l.texts ->> 'en', b.label) as annotation`

/**
 * The suggestion query in one round trip: the ranked term matches of matchTerms, each broker once
 * with its best class, joined to what the dropdown shows, in rank order.
 */
export async function matchBrokers(db: Queryable, query: string, limit: number, locale: string, traderOnly: boolean): Promise<SuggestionRow[]> {
  const result = await db.query<SuggestionRow>(
    `with matches as (select broker_id, cls from (${MATCH_BRANCHES}) as branches limit $4),
          best as (select broker_id, min(cls) as cls from matches group by broker_id)
     select ${suggestionColumns('$5')}, best.cls
       from best join search_brokers b on b.id = best.broker_id and b.published ${traderOnly ? 'and b.trader_code is not null' : ''}
       join search_labels l on l.key = b.label
      order by best.cls, b.popularity desc, b.id limit $6`,
    [query, `${query}${TOP}`, limit * 3, limit * 4, locale, limit],
  )
  return result.rows
}

/** What the dropdown shows of these brokers (typo-tolerant matches found after matchBrokers). */
export async function suggestionRowsByIds(db: Queryable, ids: number[], locale: string, traderOnly: boolean): Promise<SuggestionRow[]> {
  if (!ids.length) return []
  const result = await db.query<SuggestionRow>(
    `select ${suggestionColumns('$2')}, 3 as cls from search_brokers b join search_labels l on l.key = b.label
      where b.id = any($1::int[]) and b.published ${traderOnly ? 'and b.trader_code is not null' : ''}`,
    [ids, locale],
  )
  return result.rows
}

export interface FuzzyCandidate {
  broker_id: number
  term: string
  popularity: number
}

/** Terms sharing a deletion variant with the query, the most popular first for each variant. */
export async function fuzzyCandidates(db: Queryable, variants: string[], perVariant: number): Promise<FuzzyCandidate[]> {
  const result = await db.query<FuzzyCandidate>(
    `select s.broker_id, s.term, s.popularity
       from unnest($1::text[]) as v(variant)
       cross join lateral (
         select f.broker_id, f.term, f.popularity from search_fuzzy f
          where f.variant = v.variant collate "C"
          order by f.popularity desc limit $2
       ) as s`,
    [variants, perVariant],
  )
  return result.rows
}

/** The published broker a normalised text names exactly (a whole name, alias or code), the most popular if several. */
export async function exactBroker(db: Queryable, query: string): Promise<number | null> {
  const result = await db.query<{ broker_id: number }>(`select broker_id from (${EXACT_BRANCHES}) as exact limit 1`, [query])
  return result.rows[0]?.broker_id ?? null
}
