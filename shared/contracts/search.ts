import { z } from 'zod'
import { cutKeyword, HOT_SEARCH_PAGE_SIZE, KEYWORD_INPUT_MAX, LABEL_KEYS, RESULTS_MAX_PAGE } from '../rules/search.ts'
import { SEARCH } from '../functions/search.ts'
import { defineContract } from './define.ts'

/**
 * Broker search (docs/product.md#search-box).
 * Search text is trimmed and cut to 30 characters here, so every function sees the same keyword
 * the search box sends; anything absurdly long is refused rather than cut.
 */

const keyword = z
  .string({ error: 'errors.invalid' })
  .max(KEYWORD_INPUT_MAX, 'errors.tooLong')
  .transform((value) => cutKeyword(value))

/** An advertising placement ("adPtn"), e.g. `expo-header`; '' for none. */
const placement = z
  .string({ error: 'errors.invalid' })
  .trim()
  .max(40, 'errors.tooLong')
  .regex(/^[A-Za-z0-9_.-]*$/, 'errors.invalid')
  .default('')

/** A client project asking (recommendations are kept per project); unknown ones get the site's. */
const project = z
  .string({ error: 'errors.invalid' })
  .trim()
  .max(40, 'errors.tooLong')
  .regex(/^[A-Za-z0-9_.-]*$/, 'errors.invalid')
  .default('expo')

const count = (min: number, max: number, fallback: number) =>
  z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(min, 'errors.invalid').max(max, 'errors.invalid').default(fallback)

/** A run of a name: shown as text, highlighted runs inside <mark>; never HTML. */
export const segment = z.object({ text: z.string(), highlighted: z.boolean() })

const color = z.string().regex(/^#[0-9a-f]{6}$/)

/** docs/product.md#reference-data search suggestion: `showname` is the name with the typed text marked, as segments. */
export const suggestion = z.object({
  code: z.string(),
  name: z.string(),
  showname: z.array(segment),
  /** Logo address; '' when the broker has none (the page shows the dealer placeholder). */
  ico: z.string(),
  /** The profile code; null when the broker has no profile yet (it then leads to the results page). */
  traderCode: z.string().nullable(),
  /** The label text in the caller's language. */
  annotation: z.string(),
  color,
})

/** docs/product.md#reference-data hot-search item. */
export const hotItem = z.object({ code: z.string(), showName: z.string() })

export const labelKey = z.enum(LABEL_KEYS)

/** A broker in a list (results page, ranking). */
export const brokerCard = suggestion.extend({
  label: labelKey,
  rating: z.number().nullable(),
  /** ISO 3166 alpha-2 of the broker's home country. */
  country: z.string().nullable(),
  /** Its name in the caller's language. */
  countryName: z.string().nullable(),
  /** Codes of the regulators that license it (FCA, ASIC...). */
  regulators: z.array(z.string()),
})

export const statisticsHotSearch = defineContract({
  ...SEARCH.statisticsHotSearch,
  payload: z.object({
    pageSize: count(1, 50, HOT_SEARCH_PAGE_SIZE),
    /** Optional: only hot searches whose name contains this text. */
    content: keyword.default(''),
    /** The visitor's country, ISO alpha-2 upper-case (lower-case is accepted); '' lets the platform use the address. */
    CountryCode: z
      .string({ error: 'errors.invalid' })
      .trim()
      .max(8, 'errors.invalid')
      .default('')
      .transform((value) => value.toUpperCase())
      .pipe(z.string().regex(/^([A-Z]{2})?$/, 'errors.invalid')),
    /** Language of the names; '' for the caller's LanguageCode header. */
    LanguageCode: z
      .string({ error: 'errors.invalid' })
      .trim()
      .max(16, 'errors.invalid')
      .regex(/^[A-Za-z_-]*$/, 'errors.invalid')
      .default(''),
    adPtn: placement,
  }),
  result: z.array(hotItem),
})

export const checkPinzhuan = defineContract({
  ...SEARCH.checkPinzhuan,
  payload: z.object({ content: keyword, adPtn: placement }),
  result: z.object({ adFlag: z.boolean() }),
})

const listPayload = z.object({
  content: keyword.default(''),
  project,
})

export const rankingHomeClient = defineContract({
  ...SEARCH.rankingHomeClient,
  cacheSeconds: 30,
  payload: listPayload.extend({ type: z.enum(['recommended', 'rating', 'popular'], { error: 'errors.invalid' }).default('recommended') }),
  result: z.array(suggestion),
})

export const homeDropdown = defineContract({
  ...SEARCH.homeDropdown,
  payload: listPayload.extend({ type: z.enum(['all', 'trader'], { error: 'errors.invalid' }).default('all') }),
  result: z.array(suggestion),
})

/** GET /wikifxweb-v1/trader/dropdown-v1: the same suggestions for clients that cannot POST. */
export const traderDropdown = defineContract({
  ...SEARCH.traderDropdown,
  payload: z.object({
    content: keyword.default(''),
    type: z.enum(['all', 'trader'], { error: 'errors.invalid' }).default('all'),
    limit: count(1, 20, 10),
  }),
  result: z.array(suggestion),
})

export const searchSwitches = z.object({
  hotSearch: z.boolean(),
  recommendations: z.boolean(),
  suggestions: z.boolean(),
  typoTolerance: z.boolean(),
  brandZone: z.boolean(),
  statistics: z.boolean(),
})

/** GET /wikifxweb-v1/search/detail/switch-v1: which search features are on. */
export const searchSwitch = defineContract({
  ...SEARCH.searchSwitch,
  cacheSeconds: 30,
  payload: z.object({}),
  result: searchSwitches,
})

/** GET /wikifxweb-v1/ranking/init-v1: brokers by rating, then popularity, paged. */
export const ranking = defineContract({
  ...SEARCH.ranking,
  cacheSeconds: 30,
  payload: z.object({ page: count(1, 500, 1), pageSize: count(1, 50, 20) }),
  result: z.object({
    items: z.array(brokerCard.extend({ rank: z.number().int() })),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
})

/** The full search (results page), paged; the first RESULTS_MAX_PAGE pages are reachable. */
export const searchResults = defineContract({
  ...SEARCH.searchResults,
  payload: z.object({ keyword, page: count(1, RESULTS_MAX_PAGE, 1), pageSize: count(1, 50, 20) }),
  result: z.object({
    keyword: z.string(),
    items: z.array(brokerCard),
    /** Matching brokers, counted up to a cap. */
    total: z.number().int(),
    /** True when there are more matches than `total` says (refine the search). */
    capped: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pages: z.number().int(),
    /** The sponsored broker of a brand-zone keyword, shown apart and marked as an advert. */
    brandZone: brokerCard.nullable(),
  }),
})

export const brokerProfile = defineContract({
  ...SEARCH.brokerProfile,
  payload: z.object({
    traderCode: z
      .string({ error: 'errors.invalid' })
      .trim()
      .regex(/^[0-9A-Za-z-]{1,32}$/, 'errors.invalid'),
  }),
  result: z.object({
    code: z.string(),
    traderCode: z.string(),
    name: z.string(),
    names: z.object({ en: z.string(), hans: z.string(), hant: z.string() }),
    aliases: z.array(z.string()),
    ico: z.string(),
    label: labelKey,
    annotation: z.string(),
    color,
    rating: z.number().nullable(),
    country: z.string().nullable(),
    countryName: z.string().nullable(),
    founded: z.number().int().nullable(),
    website: z.string().nullable(),
    licences: z.array(
      z.object({
        regulator: z.string(),
        regulatorName: z.string(),
        regulatorCountry: z.string(),
        regulatorCountryName: z.string(),
        licenceNo: z.string(),
        licenceType: z.enum(['marketMaking', 'straightThrough', 'retailForex', 'investmentAdvisory', 'commonBusiness']),
        status: z.enum(['regulated', 'offshore', 'exceeded', 'revoked', 'clone']),
      }),
    ),
    warnings: z.array(
      z.object({
        kind: z.enum(['clone', 'revoked', 'unregulated', 'complaints', 'highLeverage', 'suspiciousWebsite']),
        notedOn: z.string(),
      }),
    ),
  }),
})

/** A broker chosen in the search box counts towards the hot searches (once per visitor address per half hour). */
export const recordChoice = defineContract({
  ...SEARCH.recordChoice,
  payload: z.object({
    code: z
      .string({ error: 'errors.invalid' })
      .trim()
      .regex(/^[A-Z0-9]{1,16}$/, 'errors.invalid'),
  }),
  result: z.object({ recorded: z.boolean() }),
})

export type Suggestion = z.output<typeof suggestion>
export type HotItem = z.output<typeof hotItem>
export type BrokerCard = z.output<typeof brokerCard>
export type SearchSwitches = z.output<typeof searchSwitches>
export type BrokerProfile = z.output<typeof brokerProfile.result>
export type RankingPage = z.output<typeof ranking.result>
export type ResultsPage = z.output<typeof searchResults.result>
