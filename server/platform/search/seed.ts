import type { Queryable } from '../../db/client.ts'
import { type BrokerInput, generateBrokers } from './demo-brokers.ts'
import { normalise } from './normalise.ts'
import { addHotScore } from './statistics.repo.ts'
import type { SearchService } from './search.service.ts'
import { writeReferenceData } from './reference-data.ts'

export const DEMO_BROKER_COUNT = 300
export const DEMO_SEED = 2019

/** Logos of the demo brokers (public/demo/brokers, written by demo-logos.ts). */
export const demoLogo = (code: string) => `/demo/brokers/${code.toLowerCase()}.svg`

export function demoBrokers(): BrokerInput[] {
  return generateBrokers({ count: DEMO_BROKER_COUNT, seed: DEMO_SEED, logo: demoLogo })
}

/**
 * The demo directory: 300 brokers, eight recommended ones, three brand-zone campaigns and hot-search
 * counts that look like a few weeks of searching (the most popular brokers searched most; each
 * broker also in its home country's list).
 */
export async function seedSearch(service: SearchService, tx: Queryable): Promise<void> {
  await writeReferenceData(tx)
  const brokers = demoBrokers()
  const ids = await service.addBrokers(tx, brokers)
  const byPopularity = brokers.map((broker, index) => ({ broker, id: ids[index] as number })).sort((a, b) => b.broker.popularity - a.broker.popularity)

  const recommended = byPopularity.filter(({ broker }) => broker.label === 'regulated' && broker.traderCode && (broker.rating ?? 0) >= 7.5).slice(0, 8)
  for (const [position, { id }] of recommended.entries()) {
    await tx.query('insert into search_recommendations (project, position, broker_id) values ($1, $2, $3)', ['expo', position + 1, id])
  }

  // Brand zone: three regulated advertisers, each on its full name, its short name and its Chinese name.
  const advertisers = byPopularity.filter(({ broker }) => broker.label === 'regulated' && broker.traderCode).slice(1, 4)
  for (const { broker, id } of advertisers) {
    const keywords = new Set([broker.nameEn, broker.nameHans, ...broker.aliases].map(normalise).filter(Boolean))
    for (const keyword of keywords) {
      await tx.query(
        `insert into search_ad_keywords (keyword, placement, broker_id, starts_at, ends_at)
         values ($1, '', $2, now() - interval '1 day', now() + interval '365 days') on conflict do nothing`,
        [keyword, id],
      )
    }
  }

  for (const { broker, id } of byPopularity.slice(0, 60)) {
    await addHotScore(tx, id, '', Math.max(2, Math.round(broker.popularity / 2000)))
    if (broker.country) await addHotScore(tx, id, broker.country, Math.max(1, Math.round(broker.popularity / 5000)))
  }
}
