import { z } from 'zod'
import { SITE } from '../functions/site.ts'
import type { Locale, UrlLanguage } from '../languages.ts'
import type { UserInfo } from './accounts.ts'
import { defineContract } from './define.ts'

/** IP geo (docs/product.md#endpoints "Home getipgeo" and GET /api/v1/getipgeo): country of an address, 'cn' on failure. */
export const ipGeoResult = z.object({
  country_code: z.string(),
  /** ISO 3166 numeric, three digits; 156 when unknown (docs/product.md#limits). */
  numeric_code: z.string().regex(/^\d{3}$/),
  /** False for private, loopback and unknown addresses. */
  known: z.boolean(),
})

export const getIpGeo = defineContract({
  ...SITE.getIpGeo,
  payload: z.object({ ip: z.string().trim().max(64) }),
  result: ipGeoResult,
})

export const homeGetIpGeo = defineContract({
  ...SITE.homeGetIpGeo,
  payload: z.object({ ip: z.string().trim().max(64), uparm2: z.string().max(200).optional() }),
  result: ipGeoResult,
})

/** The browser-visible configuration (server/config.ts `publicConfig`); never a secret. */
export interface PublicConfig {
  brandName: string
  contactEmail: string
  qaEmail: string
  socialLinks: Array<{ name: string; url: string }>
  publicOrigin: string
  languages: UrlLanguage[]
  brokerSiteUrl: string | null
  gatewayUrl: string | null
  loginOrigin: string
  environment: string
  uploadMaxMb: number
  analyticsScriptUrl: string | null
  tagScriptUrl: string | null
  tcPlay: { licenceKey: string | null; licenceURL: string | null }
  /** Which wallets' buttons tickets show (docs/product.md#wallet-passes). */
  wallets: { apple: boolean; google: boolean }
}

/**
 * docs/product.md#site-state global state, made per request on the server and handed to the browser. It goes into
 * cacheable HTML, so it holds only what the page cache keys on (language, device class, notice
 * state) and what every visitor shares; per-visitor values (IP, country, token) travel elsewhere.
 */
export interface SiteState {
  lang: UrlLanguage
  locale: Locale
  htmlLang: string
  /** Live URL languages (docs/product.md#site-state langList). */
  languages: UrlLanguage[]
  config: PublicConfig
  /** docs/product.md#limits mobile detection from the user agent. */
  mobile: boolean
  /** docs/product.md#china-notice: shown when true. */
  riskShow: boolean
  /** The database holds demo content: every page says so (the same for every visitor of an instance). */
  demoContent: boolean
  nodeEnv: string
  /** Only on uncached pages of a logged-in visitor. */
  user: UserInfo | null
  /**
   * The server's calendar year (UTC) when the page was made: the footer shows it on both sides, so a
   * visitor already in another year (New Year's Eve east of UTC) hydrates the same text.
   */
  year: number
}
