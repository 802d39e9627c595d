import type { Queryable } from '../../db/client.ts'
import type { BrokerInput } from './demo-brokers.ts'
import { type FuzzyRow, fuzzyRowsOf, type TermRow, termsOf } from './terms.ts'

/** SQL of the search domain. Every statement runs unchanged on PGlite and PostgreSQL. */

/** Below every code point a normalised term can hold: `term < prefix || TOP` bounds a prefix range. */
const TOP = '\u{10FFFF}'
/** Tiers of popularity (search_brokers.tier): the top 1 %, the next 9 %, the rest. */
export const TIERS = [0, 1, 2] as const

export interface MatchRow {
  broker_id: number
  cls: number
  popularity: number
}

/**
 * Exact, prefix and contains matches of a normalised query, in rank order: class (exact 0, prefix 1,
 * contains 2), then popularity. Each class is read tier by tier, most popular first, and the outer
 * LIMIT stops the scan as soon as enough rows have arrived, so a one-letter query over 100,000
 * brokers reads a few hundred index entries of the top tier instead of sorting tens of thousands.
 * A broker can come more than once (several names share a prefix): callers keep the first.
 */
function matchBranches(): string {
  const branches: string[] = [
    '(select broker_id, 0 as cls, popularity from search_terms where inner_term = false and tier in (0, 1, 2) and term = $1 order by popularity desc limit $3)',
  ]
  for (const inner of [false, true]) {
    for (const tier of TIERS) {
      const lower = inner ? 'term >= $1' : 'term > $1'
      branches.push(
        `(select broker_id, ${inner ? 2 : 1} as cls, popularity from search_terms where inner_term = ${inner} and tier = ${tier} and ${lower} and term < $2 order by popularity desc limit $3)`,
      )
    }
  }
  return branches.join(' union all ')
}
const MATCH_BRANCHES = matchBranches()

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

export interface BrokerRow {
  id: number
  code: string
  trader_code: string | null
  name_en: string
  name_hans: string
  name_hant: string
  aliases: string[]
  logo: string | null
  label: string
  rating: string | number | null
  country: string | null
  popularity: number
  color: string
  annotation: string
  regulators: string[]
}

const BROKER_COLUMNS = `b.id, b.code, b.trader_code, b.name_en, b.name_hans, b.name_hant, b.aliases, b.logo, b.label, b.rating, b.country, b.popularity,
  l.color, coalesce(l.texts ->> $2, l.texts ->> 'en', b.label) as annotation,
  coalesce((select array_agg(distinct x.regulator order by x.regulator) from search_licences x
             where x.broker_id = b.id and x.status in ('regulated', 'offshore')), '{}') as regulators`

export async function brokersByIds(db: Queryable, ids: number[], locale: string): Promise<BrokerRow[]> {
  if (!ids.length) return []
  const result = await db.query<BrokerRow>(
    `select ${BROKER_COLUMNS} from search_brokers b join search_labels l on l.key = b.label where b.id = any($1::int[]) and b.published`,
    [ids, locale],
  )
  return result.rows
}

export async function brokerIdsByCodes(db: Queryable, codes: string[]): Promise<Map<string, number>> {
  const result = await db.query<{ id: number; code: string }>('select id, code from search_brokers where code = any($1::text[]) and published', [codes])
  return new Map(result.rows.map((row) => [row.code, row.id]))
}

export async function rankingPage(db: Queryable, locale: string, offset: number, limit: number): Promise<{ rows: BrokerRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.query<BrokerRow>(
      `select ${BROKER_COLUMNS} from search_brokers b join search_labels l on l.key = b.label
        where b.published order by b.rating desc nulls last, b.popularity desc, b.id offset $1 limit $3`,
      [offset, locale, limit],
    ),
    db.query<{ total: number }>('select count(*)::int as total from search_brokers where published'),
  ])
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 }
}

/** Recommended brokers of a project, or, for the other list types, the best rated or most searched. */
export async function recommendedIds(db: Queryable, project: string, type: 'recommended' | 'rating' | 'popular', limit: number): Promise<number[]> {
  if (type === 'recommended') {
    const own = await db.query<{ broker_id: number }>(
      `select r.broker_id from search_recommendations r join search_brokers b on b.id = r.broker_id and b.published
        where r.project = coalesce((select project from search_recommendations where project = $1 limit 1), 'expo')
        order by r.position limit $2`,
      [project, limit],
    )
    return own.rows.map((row) => row.broker_id)
  }
  const order = type === 'rating' ? 'rating desc nulls last, popularity desc, id' : 'popularity desc, id'
  const result = await db.query<{ id: number }>(`select id from search_brokers where published order by ${order} limit $1`, [limit])
  return result.rows.map((row) => row.id)
}

/** The published broker a normalised text names exactly (a whole name, alias or code), the most popular if several. */
export async function exactBroker(db: Queryable, query: string): Promise<number | null> {
  const result = await db.query<{ broker_id: number }>(
    'select broker_id from search_terms where inner_term = false and tier in (0, 1, 2) and term = $1 order by popularity desc limit 1',
    [query],
  )
  return result.rows[0]?.broker_id ?? null
}

export async function activeAdBroker(db: Queryable, keyword: string, placement: string): Promise<number | null> {
  const result = await db.query<{ broker_id: number }>(
    `select a.broker_id from search_ad_keywords a join search_brokers b on b.id = a.broker_id and b.published
      where a.keyword = $1 and a.placement in ($2, '') and now() >= a.starts_at and now() < a.ends_at
      order by (a.placement = $2) desc limit 1`,
    [keyword, placement],
  )
  return result.rows[0]?.broker_id ?? null
}

/** Decay of hot-search counts: a search weighs half as much after HALF_LIFE_DAYS. */
export const HALF_LIFE_DAYS = 7
const RATE = Math.LN2 / (HALF_LIFE_DAYS * 86_400)
const EPOCH = Date.UTC(2025, 0, 1) / 1000

/** ln of the weight of a search made now, in the units of rank_key. */
export function rankKeyNow(nowMs = Date.now()): number {
  return (nowMs / 1000 - EPOCH) * RATE
}

/**
 * Adds `weight` searches now: the stored count, decayed to now, plus the new ones, kept as
 * ln(count) + now·rate. `new_key = now + ln(weight + exp(old_key - now))`.
 */
export async function addHotScore(db: Queryable, brokerId: number, country: string, weight = 1, nowMs = Date.now()): Promise<void> {
  const now = rankKeyNow(nowMs)
  await db.query(
    `insert into search_hot_scores (broker_id, country, rank_key) values ($1, $2, $3 + ln($4::double precision))
     on conflict (broker_id, country) do update set rank_key = $3 + ln($4::double precision + exp(search_hot_scores.rank_key - $3))`,
    [brokerId, country, now, weight],
  )
}

export interface HotRow {
  broker_id: number
  score: number
}

/** Worldwide hot searches blended with the visitor country's (counted double), decayed to now. */
export async function hotScores(db: Queryable, country: string, limit: number, nowMs = Date.now()): Promise<HotRow[]> {
  const result = await db.query<HotRow>(
    `select broker_id, sum(exp(rank_key - $2) * case when country = '' then 1 else 2 end) as score
       from ((select broker_id, country, rank_key from search_hot_scores where country = '' order by rank_key desc limit $3)
             union all
             (select broker_id, country, rank_key from search_hot_scores where country = $1 and $1 <> '' order by rank_key desc limit $3)) as hot
      group by broker_id order by score desc, broker_id limit $3`,
    [country, rankKeyNow(nowMs), limit],
  )
  return result.rows
}

export interface Switches {
  hotSearch: boolean
  recommendations: boolean
  suggestions: boolean
  typoTolerance: boolean
  brandZone: boolean
  statistics: boolean
}

export const SWITCH_NAMES = ['hotSearch', 'recommendations', 'suggestions', 'typoTolerance', 'brandZone', 'statistics'] as const

export async function readSwitches(db: Queryable): Promise<Switches> {
  const result = await db.query<{ feature: string; enabled: boolean }>('select feature, enabled from search_switches')
  const switches = Object.fromEntries(SWITCH_NAMES.map((name) => [name, true])) as unknown as Switches
  for (const row of result.rows) if ((SWITCH_NAMES as readonly string[]).includes(row.feature)) switches[row.feature as keyof Switches] = row.enabled
  return switches
}

export async function writeSwitch(db: Queryable, feature: keyof Switches, enabled: boolean): Promise<void> {
  await db.query(
    'insert into search_switches (feature, enabled) values ($1, $2) on conflict (feature) do update set enabled = excluded.enabled, updated_at = now()',
    [feature, enabled],
  )
}

export interface ProfileRow extends BrokerRow {
  founded: number | null
  website: string | null
}

export async function profileByTraderCode(db: Queryable, traderCode: string, locale: string): Promise<ProfileRow | null> {
  const result = await db.query<ProfileRow>(
    `select ${BROKER_COLUMNS}, b.founded, b.website from search_brokers b join search_labels l on l.key = b.label
      where b.trader_code = $1 and b.published`,
    [traderCode, locale],
  )
  return result.rows[0] ?? null
}

export interface LicenceRow {
  regulator: string
  regulator_name: string
  regulator_country: string
  licence_no: string
  licence_type: string
  status: string
}

export async function licencesOf(db: Queryable, brokerId: number, locale: string): Promise<LicenceRow[]> {
  const result = await db.query<LicenceRow>(
    `select x.regulator, coalesce(r.names ->> $2, r.names ->> 'en', r.code) as regulator_name, r.country as regulator_country,
            x.licence_no, x.licence_type, x.status
       from search_licences x join search_regulators r on r.code = x.regulator
      where x.broker_id = $1
      order by case x.status when 'regulated' then 0 when 'offshore' then 1 when 'exceeded' then 2 else 3 end, x.regulator`,
    [brokerId, locale],
  )
  return result.rows
}

export async function warningsOf(db: Queryable, brokerId: number): Promise<Array<{ kind: string; noted_on: string }>> {
  const result = await db.query<{ kind: string; noted_on: string }>(
    "select kind, to_char(noted_on, 'YYYY-MM-DD') as noted_on from search_warnings where broker_id = $1 order by noted_on desc, kind",
    [brokerId],
  )
  return result.rows
}

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
