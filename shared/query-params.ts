/**
 * The query parameters each page reads, by its route path under `/:lang` exactly as written in
 * ./index.ts (`''` is the home page). The page cache (server/http/page-cache.ts) keys a page by
 * these alone and renders it from a URL that carries only these, so a tracking parameter
 * (`utm_*`, `fbclid`, ...) or any other unread one never makes a new copy. A page that reads a
 * parameter the table does not list would show every visitor the copy made without it: a new
 * `searchParams.get` in a loader or component goes here too. `'any'`: the page passes its whole
 * query on (a redirect) or is personal and never stored; it is keyed by its full URL.
 *
 * Plain data and one pure function: the server imports this file (biome.json allows it).
 */
export type QueryDeclaration = readonly string[] | 'any'

export const ROUTE_QUERY_PARAMS: Readonly<Record<string, QueryDeclaration>> = {
  '': [],
  'brandExhibition.html': ['year', 'region', 'state', 'type', 'page'],
  'backDetail/:id?': [],
  'backDetail/:id/exhibitors': ['q', 'kind', 'country', 'booth'],
  'backDetail/:id/exhibitors/:slug': [],
  'active/europeanPremium.html': [],
  'exhibition/news.html': ['tag', 'page'],
  // Redirects to exhibition/news.html with its query.
  exhibition: 'any',
  'exhibition/h5': ['tag', 'page'],
  'exhibition/h5/:id': [],
  'exhibition/:id': [],
  'video.html': ['category', 'page', 'v'],
  'bulletin.html': ['page'],
  'about.html': [],
  'legal/:document': [],
  'trader.html': ['page'],
  'dealer/:file': [],
  'search.html': ['keyword', 'page'],
  'info.html': 'any',
  // Personal (never stored): one exhibitor of the member's, or an invitation link from the mail.
  'exhibitor.html': ['id', 'invitation'],
  // Personal (never stored): the exhibitor whose leads a member captures (docs/product.md#leads).
  'exhibitor/leads': ['id'],
  // Personal (never stored): the exhibitor whose CRM webhook an admin sets (docs/product.md#lead-webhooks).
  'exhibitor/crm': ['id'],
  'apply/registration': 'any',
  'apply/infoPage': 'any',
  'apply/sureInfo': 'any',
  'apply/payment': 'any',
  'apply/unpaid': 'any',
  'apply/successPage': 'any',
  'apply/order': 'any',
  'apply/orderCancel': 'any',
  'apply/cancelled': 'any',
  // Personal (never stored): a ticket transfer's link (docs/product.md#ticket-transfer) reads no parameter.
  'apply/transfer/:token': [],
  apply: ['tab', 'exhibition'],
  'apply/h5Index': ['tab', 'exhibition'],
  'verify.html': ['value', 'tab'],
  // Personal (never stored): prefilled with a value, or a refused form post's `draft`; the reference.
  'verify/report.html': 'any',
  'verify/report/thanks.html': 'any',
  'verify/alerts.html': ['q', 'before'],
  // Personal (never stored); a form post without JavaScript comes back with `sent`, `errors` or `failed`.
  'survey/:token': 'any',
  // Personal (never stored): a marketing mail's unsubscribe link and its outcome (docs/product.md#unsubscribe).
  'unsubscribe/:token': ['done', 'invalid', 'failed'],
  // Personal (never stored): the console's signed preview link.
  'preview/:token': 'any',
  'exhibition/pop': ['tag', 'page'],
  'exhibition/pop/:id': [],
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** React Router's matching for these paths: case-insensitive, an optional trailing slash, `:name?` optional. */
function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? (segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : `/${escapeRegExp(segment)}`))
  return new RegExp(`^/[^/]+${segments.join('')}/?$`, 'i')
}

/** Static paths before dynamic ones, as React Router ranks `exhibition/h5` above `exhibition/:id`. */
const MATCHERS = Object.entries(ROUTE_QUERY_PARAMS)
  .map(([path, params]) => ({ pattern: patternOf(path), params, dynamic: path.split(':').length - 1 }))
  .sort((a, b) => a.dynamic - b.dynamic)

/** The parameters the page at this path (language segment included) reads; none for a path no route matches (the 404 page). */
export function queryParamsOfPath(pathname: string): QueryDeclaration {
  for (const matcher of MATCHERS) if (matcher.pattern.test(pathname)) return matcher.params
  return []
}
