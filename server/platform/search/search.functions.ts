import {
  brokerProfile,
  checkPinzhuan,
  homeDropdown,
  ranking,
  rankingHomeClient,
  recordChoice,
  searchResults,
  searchSwitch,
  statisticsHotSearch,
  traderDropdown,
} from '../../../shared/contracts/search.ts'
import { LOCALES, type Locale } from '../../../shared/languages.ts'
import type { CallContext } from '../gateway.ts'
import type { Platform } from '../platform.ts'
import type { RateRule } from '../rate-limits.ts'
import type { SearchContext, SearchService } from './search.service.ts'

/**
 * Generous per-address limits: typing produces at most two suggestion calls a second (500 ms
 * debounce); a script that asks far more gets a 429 with a translated message.
 */
const LIMITS = {
  suggest: { name: 'search.suggest', points: 300, durationSeconds: 60 },
  lists: { name: 'search.lists', points: 300, durationSeconds: 60 },
  check: { name: 'search.check', points: 120, durationSeconds: 60 },
  results: { name: 'search.results', points: 120, durationSeconds: 60 },
  choice: { name: 'search.choice', points: 60, durationSeconds: 60 },
} satisfies Record<string, RateRule>

/** docs/product.md#headers LanguageCode in a payload: a locale (`zh-CN` and the URL language `zh` are understood), else the header's. */
function localeOf(value: string, fallback: Locale): Locale {
  const lower = value.toLowerCase().replace('_', '-')
  if (lower === 'zh') return 'zh-tw'
  return (LOCALES as readonly string[]).includes(lower) ? (lower as Locale) : fallback
}

/** Registrations of the search functions (thin: limit, call one verb). */
export function registerSearchFunctions(platform: Platform, service: SearchService): void {
  const { registry, rateLimits } = platform
  const limit = (rule: RateRule, context: CallContext) => rateLimits.consume(rule, context.ip || 'unknown')
  const visitor = (context: CallContext, country = ''): SearchContext => {
    const geo = country ? null : platform.geo.countryOf(context.ip)
    return { locale: context.locale, ip: context.ip, country: country || (geo?.known ? geo.alpha2.toUpperCase() : '') }
  }

  registry.implement(statisticsHotSearch, async (payload, context) => {
    await limit(LIMITS.lists, context)
    const { country } = visitor(context, payload.CountryCode)
    return service.hotSearches({ pageSize: payload.pageSize, content: payload.content, country, locale: localeOf(payload.LanguageCode, context.locale) })
  })
  registry.implement(checkPinzhuan, async (payload, context) => {
    await limit(LIMITS.check, context)
    return service.checkBrandZone({ content: payload.content, placement: payload.adPtn, context: visitor(context) })
  })
  registry.implement(rankingHomeClient, async (payload, context) => {
    await limit(LIMITS.lists, context)
    return service.recommended({ project: payload.project, type: payload.type, content: payload.content, locale: context.locale })
  })
  registry.implement(homeDropdown, async (payload, context) => {
    await limit(LIMITS.suggest, context)
    return service.suggest({ content: payload.content, locale: context.locale, traderOnly: payload.type === 'trader' })
  })
  registry.implement(traderDropdown, async (payload, context) => {
    await limit(LIMITS.suggest, context)
    return service.suggest({ content: payload.content, locale: context.locale, traderOnly: payload.type === 'trader', limit: payload.limit })
  })
  registry.implement(searchSwitch, async () => service.switches())
  registry.implement(ranking, async (payload, context) => {
    await limit(LIMITS.lists, context)
    return service.ranking({ page: payload.page, pageSize: payload.pageSize, locale: context.locale })
  })
  registry.implement(searchResults, async (payload, context) => {
    await limit(LIMITS.results, context)
    return service.results({ keyword: payload.keyword, page: payload.page, pageSize: payload.pageSize, locale: context.locale })
  })
  registry.implement(brokerProfile, async (payload, context) => service.profile({ traderCode: payload.traderCode, locale: context.locale }))
  registry.implement(recordChoice, async (payload, context) => {
    await limit(LIMITS.choice, context)
    return service.recordChoice({ code: payload.code, context: visitor(context) })
  })
}
