import type { Domain } from '../platform.ts'
import { registerSearchFunctions } from './search.functions.ts'
import { createSearchService, type SearchService } from './search.service.ts'
import { seedSearch } from './seed.ts'

declare module '../platform.ts' {
  interface Services {
    search: SearchService
  }
}

/**
 * Broker search (docs/product.md#search-box): the broker directory and its index, suggestions, hot searches,
 * recommendations, brand-zone checks, the results page, broker profiles and the ranking.
 */
export const domain: Domain = {
  name: 'search',
  setup(platform) {
    const service = createSearchService(platform)
    platform.services.search = service
    registerSearchFunctions(platform, service)
  },
  async seed(platform, tx) {
    await seedSearch(platform.services.search, tx)
  },
  /** Broker profiles are this site's pages only when no external broker site serves them. */
  async sitemap(platform) {
    if (platform.config.BROKER_SITE_URL) return []
    const rows = await platform.db.query<{ trader_code: string; updated_at: Date }>(
      'select trader_code, updated_at from search_brokers where published and trader_code is not null order by trader_code limit 40000',
    )
    return rows.rows.map((row) => ({ path: `/dealer/${row.trader_code}.html`, lastModified: new Date(row.updated_at) }))
  },
}
