import { countryName as kitCountryName } from '../kit/country-names.ts'
import type { Queryable } from '../../db/client.ts'
import type { BrokerCard, BrokerProfile, HotItem, RankingPage, ResultsPage, SearchSwitches, Suggestion } from '../../../shared/contracts/search.ts'
import type { Locale } from '../../../shared/languages.ts'
import { notFound } from '../errors.ts'
import type { Platform } from '../platform.ts'
import type { BrokerInput } from './demo-brokers.ts'
import { allowedEdits, deletionVariants, FUZZY_MIN_LENGTH, prefixDistance } from './fuzzy.ts'
import { highlight, type Segment } from './highlight.ts'
import { normalise } from './normalise.ts'
import * as brokersRepo from './brokers.repo.ts'
import * as matchingRepo from './matching.repo.ts'
import * as searchIndexRepo from './search-index.repo.ts'
import * as statisticsRepo from './statistics.repo.ts'
import * as switchesRepo from './switches.repo.ts'

/** Suggestions shown in the dropdown (docs/product.md#search-box). */
export const SUGGESTION_LIMIT = 10
/** Results pages reach this many matching brokers; the count says "400+" beyond it. */
export const RESULTS_CAP = 400
/** Candidates read per typo variant before checking the whole query. */
const FUZZY_PER_VARIANT = 60

export interface Ranked {
  brokerId: number
  /** 0 exact, 1 prefix, 2 contains, 3 typo-tolerant. */
  cls: number
  popularity: number
}

/** The name a visitor reads: Simplified Chinese for zh-cn, Traditional for zh-tw/zh-hk, English otherwise. */
export function displayName(row: Pick<brokersRepo.BrokerRow, 'name_en' | 'name_hans' | 'name_hant'>, locale: Locale): string {
  if (locale === 'zh-cn') return row.name_hans
  if (locale === 'zh-tw' || locale === 'zh-hk') return row.name_hant
  return row.name_en
}

/**
 * The name to show with the typed text marked: the display name when the text is in it; otherwise
 * the name, alias or code that matched (a Chinese query on the English site shows the Chinese name).
 */
export function showName(row: matchingRepo.SuggestionRow | brokersRepo.BrokerRow, locale: Locale, query: string): Segment[] {
  const name = displayName(row, locale)
  if (!query) return [{ text: name, highlighted: false }]
  const candidates = [name, row.name_en, row.name_hans, row.name_hant, ...row.aliases, row.code, ...(row.trader_code ? [row.trader_code] : [])]
  for (const candidate of candidates) {
    const marked = highlight(candidate, query)
    if (marked.matched) return marked.segments
  }
  return [{ text: name, highlighted: false }]
}

/** A country's name in the visitor's language (the kit's, made here so that server HTML and browser agree). */
export function countryName(code: string | null, locale: Locale): string | null {
  return code ? kitCountryName(code, locale) : null
}

function rating(value: brokersRepo.BrokerRow['rating']): number | null {
  if (value === null) return null
  const number = Number(value)
  return Number.isFinite(number) ? number : null
}

function toSuggestion(row: matchingRepo.SuggestionRow | brokersRepo.BrokerRow, locale: Locale, query: string): Suggestion {
  return {
    code: row.code,
    name: displayName(row, locale),
    showname: showName(row, locale, query),
    ico: row.logo ?? '',
    traderCode: row.trader_code,
    annotation: row.annotation,
    color: row.color,
  }
}

function toCard(row: brokersRepo.BrokerRow, locale: Locale, query: string): BrokerCard {
  return {
    ...toSuggestion(row, locale, query),
    label: row.label as BrokerCard['label'],
    rating: rating(row.rating),
    country: row.country,
    countryName: countryName(row.country, locale),
    regulators: row.regulators,
  }
}

/** Keeps each broker's best (first) row, in order. */
function firstPerBroker(rows: Iterable<Ranked>): Ranked[] {
  const seen = new Set<number>()
  const kept: Ranked[] = []
  for (const row of rows) {
    if (seen.has(row.brokerId)) continue
    seen.add(row.brokerId)
    kept.push(row)
  }
  return kept
}

function inOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]))
  return ids.map((id) => byId.get(id)).filter((row): row is T => Boolean(row))
}

export interface SearchContext {
  locale: Locale
  ip: string
  /** The visitor's ISO alpha-2 country, or '' when unknown. */
  country: string
}

/** Switches change rarely: read at most this often (a change through the service applies at once, here and on other instances). */
const SWITCHES_TTL_MS = 10_000

export function createSearchService(platform: Pick<Platform, 'db' | 'rateLimits' | 'logger' | 'contentChanged' | 'onContentChanged'>) {
  const db = platform.db
  let switchesCache: { value: Promise<switchesRepo.Switches>; at: number } | null = null
  const readSwitches = (): Promise<switchesRepo.Switches> => {
    if (!switchesCache || Date.now() - switchesCache.at > SWITCHES_TTL_MS) {
      const value = switchesRepo.readSwitches(db)
      switchesCache = { value, at: Date.now() }
      value.catch(() => {
        switchesCache = null
      })
    }
    return switchesCache.value
  }
  platform.onContentChanged((change) => {
    if (change.scope === 'search' || change.scope === '*') switchesCache = null
  })

  /** Typo-tolerant matches of a normalised query, not among `found`, most popular first. */
  async function fuzzyMatches(chars: string[], found: Set<number>, handle: Queryable): Promise<Ranked[]> {
    const candidates = await matchingRepo.fuzzyCandidates(handle, deletionVariants(chars), FUZZY_PER_VARIANT)
    const edits = allowedEdits(chars.length)
    const fuzzy = new Map<number, Ranked>()
    for (const candidate of candidates) {
      if (found.has(candidate.broker_id) || fuzzy.has(candidate.broker_id)) continue
      if (prefixDistance(chars, [...candidate.term], edits) <= edits) {
        fuzzy.set(candidate.broker_id, { brokerId: candidate.broker_id, cls: 3, popularity: candidate.popularity })
      }
    }
    return [...fuzzy.values()].sort((a, b) => b.popularity - a.popularity || a.brokerId - b.brokerId)
  }

  /**
   * Brokers matching a keyword, ranked exact > prefix > contains > typo-tolerant, then popularity.
   * `limit` brokers at most; typo tolerance is tried only when the other classes leave room.
   */
  async function match(keyword: string, limit: number, options: { fuzzy: boolean; tx?: Queryable }): Promise<Ranked[]> {
    const query = normalise(keyword)
    if (!query) return []
    const handle = options.tx ?? db
    // A broker may match through several names, so read three rows per wanted broker.
    const rows = await matchingRepo.matchTerms(handle, query, limit * 3, limit * 4)
    let ranked = firstPerBroker(rows.map((row) => ({ brokerId: row.broker_id, cls: row.cls, popularity: row.popularity })))
    const chars = [...query]
    if (options.fuzzy && ranked.length < limit && chars.length >= FUZZY_MIN_LENGTH) {
      ranked = [...ranked, ...(await fuzzyMatches(chars, new Set(ranked.map((row) => row.brokerId)), handle))]
    }
    return ranked
  }

  async function cards<T>(ranked: Ranked[], locale: Locale, convert: (row: brokersRepo.BrokerRow) => T): Promise<T[]> {
    const ids = ranked.map((row) => row.brokerId)
    return inOrder(ids, await brokersRepo.brokersByIds(db, ids, locale)).map(convert)
  }

  const service = {
    async switches(): Promise<SearchSwitches> {
      return readSwitches()
    },

    async setSwitch(feature: keyof SearchSwitches, enabled: boolean): Promise<void> {
      await switchesRepo.writeSwitch(db, feature, enabled)
      switchesCache = null
      platform.contentChanged({ scope: 'search' })
    },

    /** docs/product.md#search-box suggestions: matching brokers with the typed text highlighted. */
    async suggest(input: { content: string; locale: Locale; limit?: number; traderOnly?: boolean }): Promise<Suggestion[]> {
      const switches = await readSwitches()
      const query = normalise(input.content)
      if (!switches.suggestions || !query) return []
      const limit = input.limit ?? SUGGESTION_LIMIT
      const traderOnly = Boolean(input.traderOnly)
      // One round trip for the usual case; typo tolerance only when the other classes leave room.
      let rows = await matchingRepo.matchBrokers(db, query, limit, input.locale, traderOnly)
      const chars = [...query]
      if (switches.typoTolerance && rows.length < limit && chars.length >= FUZZY_MIN_LENGTH) {
        const fuzzy = await fuzzyMatches(chars, new Set(rows.map((row) => row.id)), db)
        const ids = fuzzy.slice(0, limit - rows.length).map((row) => row.brokerId)
        rows = [...rows, ...inOrder(ids, await matchingRepo.suggestionRowsByIds(db, ids, input.locale, traderOnly))]
      }
      return rows.slice(0, limit).map((row) => toSuggestion(row, input.locale, input.content))
    },

    /** The full search, paged (the results page). */
    async results(input: { keyword: string; page: number; pageSize: number; locale: Locale; placement?: string }): Promise<ResultsPage> {
      const { keyword, page, pageSize, locale } = input
      const empty = { keyword, items: [], total: 0, capped: false, page, pageSize, pages: 0, brandZone: null }
      const query = normalise(keyword)
      if (!query) return empty
      const switches = await readSwitches()
      // One more than the cap tells whether the count is capped.
      const ranked = await match(keyword, RESULTS_CAP + 1, { fuzzy: switches.typoTolerance })
      const total = Math.min(ranked.length, RESULTS_CAP)
      const slice = ranked.slice((page - 1) * pageSize, Math.min(page * pageSize, RESULTS_CAP))
      const adBroker = switches.brandZone ? await brokersRepo.activeAdBroker(db, query, input.placement ?? '') : null
      const [items, zone] = await Promise.all([
        cards(slice, locale, (row) => toCard(row, locale, keyword)),
        adBroker ? cards([{ brokerId: adBroker, cls: 0, popularity: 0 }], locale, (row) => toCard(row, locale, keyword)) : Promise.resolve([]),
      ])
      return {
        keyword,
        items,
        total,
        capped: ranked.length > RESULTS_CAP,
        page,
        pageSize,
        pages: Math.ceil(total / pageSize),
        brandZone: zone[0] ?? null,
      }
    },

    /** Recommended brokers (rankinghomeClient), optionally only those whose names contain `content`. */
    async recommended(input: {
      project: string
      type: 'recommended' | 'rating' | 'popular'
      content: string
      locale: Locale
      limit?: number
    }): Promise<Suggestion[]> {
      const switches = await readSwitches()
      if (!switches.recommendations) return []
      const limit = input.limit ?? SUGGESTION_LIMIT
      const ids = await brokersRepo.recommendedIds(db, input.project, input.type, input.content ? 200 : limit)
      const rows = inOrder(ids, await brokersRepo.brokersByIds(db, ids, input.locale))
      const wanted = normalise(input.content)
      const kept = wanted ? rows.filter((row) => showName(row, input.locale, input.content).some((segment) => segment.highlighted)) : rows
      return kept.slice(0, limit).map((row) => toSuggestion(row, input.locale, input.content))
    },

    /** docs/product.md#limits: the 15 hot searches, from what people searched lately (worldwide and in their country). */
    async hotSearches(input: { pageSize: number; content: string; country: string; locale: Locale }): Promise<HotItem[]> {
      const switches = await readSwitches()
      if (!switches.hotSearch) return []
      const scores = await statisticsRepo.hotScores(db, input.country, Math.max(60, input.pageSize * 4))
      const ids = scores.map((row) => row.broker_id)
      const rows = inOrder(ids, await brokersRepo.brokersByIds(db, ids, input.locale))
      const kept = input.content ? rows.filter((row) => showName(row, input.locale, input.content).some((segment) => segment.highlighted)) : rows
      return kept.slice(0, input.pageSize).map((row) => ({ code: row.code, showName: displayName(row, input.locale) }))
    },

    /**
     * docs/product.md#search-box check before a full search (search$checkpinzhuan): adFlag when the keyword is a
     * brand-zone keyword of a live campaign. The search is also counted for the hot searches when it
     * names a broker exactly.
     */
    async checkBrandZone(input: { content: string; placement: string; context: SearchContext }): Promise<{ adFlag: boolean }> {
      const query = normalise(input.content)
      if (!query) return { adFlag: false }
      const switches = await readSwitches()
      const adBroker = switches.brandZone ? await brokersRepo.activeAdBroker(db, query, input.placement) : null
      if (switches.statistics) {
        const brokerId = await matchingRepo.exactBroker(db, query)
        if (brokerId !== null) await count(brokerId, input.context)
      }
      return { adFlag: adBroker !== null }
    },

    /** A broker picked in the search box counts as a search for it. */
    async recordChoice(input: { code: string; context: SearchContext }): Promise<{ recorded: boolean }> {
      const switches = await readSwitches()
      if (!switches.statistics) return { recorded: false }
      const ids = await brokersRepo.brokerIdsByCodes(db, [input.code])
      const brokerId = ids.get(input.code)
      if (brokerId === undefined) throw notFound('search:errors.brokerNotFound')
      return { recorded: await count(brokerId, input.context) }
    },

    async ranking(input: { page: number; pageSize: number; locale: Locale }): Promise<RankingPage> {
      const offset = (input.page - 1) * input.pageSize
      const { rows, total } = await brokersRepo.rankingPage(db, input.locale, offset, input.pageSize)
      return {
        items: rows.map((row, index) => ({ ...toCard(row, input.locale, ''), rank: offset + index + 1 })),
        page: input.page,
        pageSize: input.pageSize,
        total,
        pages: Math.ceil(total / input.pageSize),
      }
    },

    /** Each licence with the profile of the broker in the directory that holds it, or null. */
    async profilesOfLicences<T extends { regulator: string; number: string }>(licences: readonly T[]): Promise<Array<T & { traderCode: string | null }>> {
      const codes = await brokersRepo.traderCodesByLicence(db, licences)
      return licences.map((licence) => ({ ...licence, traderCode: codes.get(brokersRepo.licenceKey(licence.regulator, licence.number)) ?? null }))
    },

    async profile(input: { traderCode: string; locale: Locale }): Promise<BrokerProfile> {
      const row = await brokersRepo.profileByTraderCode(db, input.traderCode, input.locale)
      if (!row?.trader_code) throw notFound('search:errors.brokerNotFound')
      const [licences, warnings] = await Promise.all([brokersRepo.licencesOf(db, row.id, input.locale), brokersRepo.warningsOf(db, row.id)])
      return {
        code: row.code,
        traderCode: row.trader_code,
        name: displayName(row, input.locale),
        names: { en: row.name_en, hans: row.name_hans, hant: row.name_hant },
        aliases: row.aliases,
        ico: row.logo ?? '',
        label: row.label as BrokerProfile['label'],
        annotation: row.annotation,
        color: row.color,
        rating: rating(row.rating),
        country: row.country,
        countryName: countryName(row.country, input.locale),
        founded: row.founded,
        website: row.website,
        licences: licences.map((licence) => ({
          regulator: licence.regulator,
          regulatorName: licence.regulator_name,
          regulatorCountry: licence.regulator_country,
          regulatorCountryName: countryName(licence.regulator_country, input.locale) ?? licence.regulator_country,
          licenceNo: licence.licence_no,
          licenceType: licence.licence_type as BrokerProfile['licences'][number]['licenceType'],
          status: licence.status as BrokerProfile['licences'][number]['status'],
        })),
        warnings: warnings.map((warning) => ({ kind: warning.kind as BrokerProfile['warnings'][number]['kind'], notedOn: warning.noted_on })),
      }
    },

    /** Adds brokers with their index rows and recomputes the popularity tiers (seed, imports, tests). */
    async addBrokers(tx: Queryable, brokers: readonly BrokerInput[]): Promise<number[]> {
      const ids = await searchIndexRepo.insertBrokers(tx, brokers)
      await searchIndexRepo.refreshTiers(tx)
      return ids
    },

    /** For the benchmark and tests: the ranked broker ids for a keyword. */
    match,
  }

  /**
   * One search counts once per visitor address and broker per half hour, so that reloading or a
   * script cannot push a broker up the hot list; the count is worldwide and for the visitor's country.
   */
  async function count(brokerId: number, context: SearchContext): Promise<boolean> {
    try {
      await platform.rateLimits.consume({ name: 'search.count', points: 1, durationSeconds: 1800 }, `${context.ip}|${brokerId}`)
    } catch {
      return false
    }
    await statisticsRepo.addHotScore(db, brokerId, '')
    if (context.country) await statisticsRepo.addHotScore(db, brokerId, context.country)
    return true
  }

  return service
}

export type SearchService = ReturnType<typeof createSearchService>
