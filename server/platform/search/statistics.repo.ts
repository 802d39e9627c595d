import type { Queryable } from '../../db/client.ts'

/** SQL of the search statistics (hot searches). Every statement runs unchanged on PGlite and PostgreSQL. */

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
