/**
 * The one table of paths that are never pages, and the coarse kind of every request. Express
 * answers these itself or with a plain 404 (never a language redirect), the page cache never
 * stores them, metrics and logs label by kind, robots.txt keeps crawlers off the marked ones.
 * The gateway paths of docs/product.md#endpoints are `ENDPOINTS` in shared/contracts/define.ts (paths.test.ts
 * checks that each of them is reserved here as `platform`).
 */
export type RouteKind = 'health' | 'metrics' | 'asset' | 'platform' | 'api' | 'console' | 'page'

interface ReservedPath {
  /** The first segment(s) of the path, matched case-insensitively up to a `/` or the end. */
  prefix: string
  kind: RouteKind
  /** The `Disallow:` line robots.txt gives crawlers for it, if any. */
  robots?: string
}

const RESERVED: readonly ReservedPath[] = [
  { prefix: 'api', kind: 'api', robots: '/api/' },
  { prefix: 'api/Article', kind: 'platform' },
  { prefix: 'api/v1', kind: 'platform' },
  { prefix: 'gateway', kind: 'platform', robots: '/gateway/' },
  // The organiser's console gateway: staff cookie, its own CSRF check (docs/product.md#console).
  { prefix: 'gateway/console', kind: 'platform' },
  { prefix: 'wikifxweb-v1', kind: 'platform' },
  { prefix: 'wikibitweb-v1', kind: 'platform' },
  { prefix: 'oauth2', kind: 'platform', robots: '/oauth2/' },
  // The embedded login page and the sandbox payment page render their own small templates.
  { prefix: 'login', kind: 'platform', robots: '/login' },
  { prefix: 'pay', kind: 'platform', robots: '/pay/' },
  { prefix: 'uploads', kind: 'asset' },
  { prefix: 'assets', kind: 'asset' },
  { prefix: 'flags', kind: 'asset' },
  { prefix: 'social-images', kind: 'asset' },
  // Uploaded pictures and videos (docs/product.md#console-media), from the media storage.
  { prefix: 'media', kind: 'asset' },
  { prefix: 'HealthCheck', kind: 'health' },
  { prefix: 'metrics', kind: 'metrics' },
  // The organiser's console pages: rendered, but personal (never page-cached) and kept from crawlers.
  { prefix: 'console', kind: 'console', robots: '/console' },
]

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** Longest prefix first, so `api/v1` wins over `api`. */
const MATCHERS = [...RESERVED]
  .sort((a, b) => b.prefix.length - a.prefix.length)
  .map((entry) => ({ kind: entry.kind, pattern: new RegExp(`^/${escapeRegExp(entry.prefix)}(/|$)`, 'i') }))

/** A path that names a file (`/favicon.svg`, `/en/x.webmanifest`); `.html` paths are pages (docs/product.md#routes). */
const FILE_LIKE = /\.(?!html$)[a-z0-9]{2,12}$/i
/** Pages live under their language (`/en`, `/zh-cn/about.html`); `/` is a language redirect. */
const LANGUAGE_FIRST = /^\/[a-z]{2,3}(-[a-z]{2})?(\/|$)/

function reservedKindOf(path: string): RouteKind | null {
  for (const matcher of MATCHERS) if (matcher.pattern.test(path)) return matcher.kind
  return null
}

/** Never a page: answered by the platform, the probes, the metrics or the static files, or a 404. */
export function isReservedPath(path: string): boolean {
  const kind = reservedKindOf(path)
  return kind !== null && kind !== 'console'
}

/** The metrics label and log filter of a request path; bounded, never the raw path. */
export function routeKindOf(path: string): RouteKind {
  return reservedKindOf(path) ?? 'page'
}

/** Whether the path looks like a file, so only those cost a look on the disk. */
export function looksLikeFile(path: string): boolean {
  return FILE_LIKE.test(path)
}

/** A path the page cache may hold: a page under its language, not reserved, not a file, not one that moves to its slashless URL. */
export function isCacheablePagePath(path: string): boolean {
  return LANGUAGE_FIRST.test(path) && !isReservedPath(path) && !looksLikeFile(path) && !path.endsWith('/')
}

/** Requests of these kinds are not worth a log line each (probes and scrapers call them all day). */
export function isQuietPath(path: string): boolean {
  const kind = routeKindOf(path)
  return kind === 'health' || kind === 'metrics'
}

/** robots.txt `Disallow:` values, in table order. */
export const ROBOTS_DISALLOW: readonly string[] = RESERVED.flatMap((entry) => (entry.robots ? [entry.robots] : []))

/**
 * Where a page URL with a trailing slash (`/en/backDetail/2/?tab=1`) moves for good: the same page
 * without it, query kept, so that search engines see one URL per page. Null for `/` and for paths
 * without one. Leading slashes collapse, so `//evil.example/` never becomes a protocol-relative Location.
 */
export function slashlessLocation(originalUrl: string): string | null {
  const mark = originalUrl.indexOf('?')
  const path = mark >= 0 ? originalUrl.slice(0, mark) : originalUrl
  if (path.length < 2 || !path.endsWith('/')) return null
  return `/${path.replace(/^\/+/, '').replace(/\/+$/, '')}${mark >= 0 ? originalUrl.slice(mark) : ''}`
}
