import { DEFAULT_URL_LANGUAGE, isUrlLanguage, LANGUAGE_LIKE_SEGMENT, languageFromAcceptLanguage, type UrlLanguage } from '../../src/i18n/languages.ts'

export type LanguageDecision = { kind: 'ok'; lang: UrlLanguage } | { kind: 'redirect'; location: string }

/**
 * docs/product.md#language-resolution for a page URL:
 * 1. the URL language if it is live; 2. else the first live language of accept-language;
 * 3. else English. An unsupported URL language redirects to the same path with the chosen one;
 * a path without one gets it prefixed; `/` goes to the language home. The query is kept.
 */
export function resolvePageLanguage(rawUrl: string, acceptLanguage: string | undefined, live: readonly UrlLanguage[]): LanguageDecision {
  const queryStart = rawUrl.indexOf('?')
  const path = queryStart >= 0 ? rawUrl.slice(0, queryStart) : rawUrl
  const query = queryStart >= 0 ? rawUrl.slice(queryStart) : ''
  const chosen = () =>
    languageFromAcceptLanguage(acceptLanguage, live) ?? (live.includes(DEFAULT_URL_LANGUAGE) ? DEFAULT_URL_LANGUAGE : (live[0] as UrlLanguage))

  // Collapse leading slashes so that "//evil.example" can never become a protocol-relative Location.
  const cleanPath = `/${path.replace(/^\/+/, '')}`
  if (cleanPath === '/') return { kind: 'redirect', location: `/${chosen()}${query}` }

  const slash = cleanPath.indexOf('/', 1)
  const segment = slash > 0 ? cleanPath.slice(1, slash) : cleanPath.slice(1)
  const rest = slash > 0 ? cleanPath.slice(slash) : ''

  if (isUrlLanguage(segment) && live.includes(segment) && cleanPath === path) return { kind: 'ok', lang: segment }
  const lower = segment.toLowerCase()
  if (isUrlLanguage(lower) && live.includes(lower)) return { kind: 'redirect', location: `/${lower}${rest}${query}` }
  if (LANGUAGE_LIKE_SEGMENT.test(segment)) return { kind: 'redirect', location: `/${chosen()}${rest}${query}` }
  return { kind: 'redirect', location: `/${chosen()}${cleanPath}${query}` }
}
