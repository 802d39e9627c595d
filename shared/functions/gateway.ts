import type { z } from 'zod'

/**
 * The platform's HTTP surface (docs/product.md#endpoints) and how a page names a function on it, without zod at run
 * time: pages import this module and the tables beside it, the contracts add their schemas on top
 * (docs/decisions/0002-function-refs-keep-zod-out-of-pages.md).
 *
 * On the POST gateways the `Routes` header picks the function, on the GET endpoints the path alone does.
 */
export const ENDPOINTS = {
  cv3: { method: 'POST', path: '/gateway/cv3' },
  v3: { method: 'POST', path: '/gateway/v3' },
  expo: { method: 'POST', path: '/wikifxweb-v1/wikiexpo/invoke-v1' },
  survey: { method: 'POST', path: '/wikifxweb-v1/wikisurvey/invoke-v1' },
  /** The organiser's console (docs/product.md#console): staff cookie, console header and matching Origin. */
  console: { method: 'POST', path: '/gateway/console' },
  attention: { method: 'POST', path: '/wikibitweb-v1/wikibit/usercenter/attentionevaluation-v1' },
  advertisement: { method: 'GET', path: '/wikifxweb-v1/index/advertisement/init-v1' },
  dropdown: { method: 'GET', path: '/wikifxweb-v1/trader/dropdown-v1' },
  searchSwitch: { method: 'GET', path: '/wikifxweb-v1/search/detail/switch-v1' },
  ranking: { method: 'GET', path: '/wikifxweb-v1/ranking/init-v1' },
  articleList: { method: 'GET', path: '/api/Article/webarticle' },
  articleInfo: { method: 'GET', path: '/api/Article/articleinfo' },
  ipGeo: { method: 'GET', path: '/api/v1/getipgeo' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string }>

export type EndpointName = keyof typeof ENDPOINTS

/**
 * Who may call: `visitor` needs any valid access token (visitor or user), `user` a logged-in
 * user's token, `server` the site's own server (V3, client credentials), `public` no token at all,
 * `staff` a signed-in staff member holding a role the console's access table allows
 * (shared/rules/console-access.ts).
 */
export type Access = 'public' | 'visitor' | 'user' | 'server' | 'staff'

/**
 * Where a function is reached and who may call it. Written once per function, in the table of its
 * service (shared/functions/<service>.ts); the contract and the browser reference both take it from there.
 */
export interface FunctionAddress<
  Endpoint extends EndpointName = EndpointName,
  Route extends string | undefined = string | undefined,
  Who extends Access = Access,
> {
  endpoint: Endpoint
  /** The `Routes` header value (`service$function`) on POST gateways; absent on GET endpoints. */
  route?: Route
  access: Who
}

/** The functions of one service by name: the same names as their contracts. */
export type FunctionTable = Record<string, FunctionAddress>

/** What a contract adds to the address: the schemas (only their types are used here). */
interface Schemas {
  payload: z.ZodType
  result: z.ZodType
}

/**
 * What the browser needs to call a function: where and as whom, with the contract's types but
 * none of its zod schemas, so pages do not ship a validation library (docs/product.md#performance).
 */
export interface FunctionRef<C extends FunctionAddress & Schemas = FunctionAddress & Schemas> {
  endpoint: C['endpoint']
  route?: C['route']
  access: C['access']
  /** Phantom: carries the payload and result types only. */
  readonly types?: { payload: z.input<C['payload']>; result: z.output<C['result']> }
}

/** A browser reference: the function's address from its table, typed by its contract (`fn<typeof contracts.x>(TABLE.x)`). */
export function fn<C extends FunctionAddress & Schemas>(address: FunctionAddress<C['endpoint'], C['route'], C['access']>): FunctionRef<C> {
  return address
}

export type RefPayload<R extends FunctionRef> = NonNullable<R['types']>['payload']
export type RefResult<R extends FunctionRef> = NonNullable<R['types']>['result']

/** The response envelope of every platform answer (docs/product.md#envelope). */
export interface Envelope<T = unknown> {
  succeed: boolean
  ErrorCode: number
  data: T
  /** A translation key (also the DomainError code) when the call failed. */
  message?: string
  requestId?: string
}

/** Field errors of a 400 answer: field path -> translation key. */
export type FieldErrors = Record<string, string>

/**
 * ErrorCodes (docs/product.md#error-codes). The HTTP status of a platform answer is the
 * same number, so that proxies, logs and the token refresh see it too.
 */
export const ERROR_CODES = {
  ok: 200,
  invalid: 400,
  token: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  gone: 410,
  tooLarge: 413,
  unsupportedType: 415,
  rateLimited: 429,
  unexpected: 500,
  /** The platform cannot reach its database right now; `Retry-After` says when to try again. */
  unavailable: 503,
} as const
