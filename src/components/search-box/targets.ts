import type { UrlLanguage } from '../../../shared/languages.ts'

/**
 * Where the search leads (docs/product.md#search-box): with a broker site configured, its profile and results pages;
 * without one, this site's own. Pure, so that both are unit tested.
 */
export interface SearchSite {
  lang: UrlLanguage
  brokerSiteUrl: string | null
}

const base = (site: SearchSite) => (site.brokerSiteUrl ? site.brokerSiteUrl.replace(/\/+$/, '') : '')

/** /{lang}/dealer/{code}.html, on the broker site when there is one. */
export function profileHref(site: SearchSite, traderCode: string): string {
  return `${base(site)}/${site.lang}/dealer/${encodeURIComponent(traderCode)}.html`
}

/**
 * /{lang}/search.html?keyword={text}&SearchPosition=1 (docs/product.md#search-box), on the broker site when there is
 * one, this site's results page otherwise; pages after the first only on this site.
 */
export function resultsHref(site: SearchSite, keyword: string, page = 1): string {
  const query = new URLSearchParams({ keyword, SearchPosition: '1' })
  if (!site.brokerSiteUrl && page > 1) query.set('page', String(page))
  return `${base(site)}/${site.lang}/search.html?${query.toString()}`
}

/** Whether a target leaves this site (a full page load, never the router). */
export const isExternal = (site: SearchSite) => Boolean(site.brokerSiteUrl)
