import { z } from 'zod'

/**
 * The platform's HTTP surface (SPEC §7). A contract names one of these endpoints; on the POST
 * gateways the `Routes` header picks the function, on the GET endpoints the path alone does.
 */
export const ENDPOINTS = {
  cv3: { method: 'POST', path: '/gateway/cv3' },
  v3: { method: 'POST', path: '/gateway/v3' },
  expo: { method: 'POST', path: '/wikifxweb-v1/wikiexpo/invoke-v1' },
  survey: { method: 'POST', path: '/wikifxweb-v1/wikisurvey/invoke-v1' },
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
 * user's token, `server` the site's own server (V3, client credentials), `public` no token at all.
 */
export type Access = 'public' | 'visitor' | 'user' | 'server'

export interface Contract<
  Payload extends z.ZodType = z.ZodType,
  Result extends z.ZodType = z.ZodType,
  Endpoint extends EndpointName = EndpointName,
  Route extends string | undefined = string | undefined,
  Who extends Access = Access,
> {
  endpoint: Endpoint
  /** The `Routes` header value (`service$function`) on POST gateways; absent on GET endpoints. */
  route?: Route
  access: Who
  payload: Payload
  result: Result
  /**
   * The answer depends only on the payload, the language and the country, never on the caller:
   * the platform may keep it this many seconds (dropped at once when content changes), so pages
   * that show it cost no database round trip (issue 2, ARCHITECTURE.md "Performance design").
   */
  cacheSeconds?: number
}

/**
 * What the browser needs to call a function: where and as whom, with the contract's types but
 * none of its zod schemas, so pages do not ship a validation library (issue 6 bundle budget).
 * Made with `fn` in src/api/<service>.ts; the platform registers the full contract.
 */
export interface FunctionRef<C extends Contract = Contract> {
  endpoint: C['endpoint']
  route?: C['route']
  access: C['access']
  /** Phantom: carries the payload and result types only. */
  readonly types?: { payload: z.input<C['payload']>; result: z.output<C['result']> }
}

export function fn<C extends Contract>(endpoint: C['endpoint'], route: C['route'], access: C['access']): FunctionRef<C> {
  return route ? { endpoint, route, access } : { endpoint, access }
}

export type PayloadOf<C extends Contract> = z.input<C['payload']>
export type ParsedPayloadOf<C extends Contract> = z.output<C['payload']>
export type ResultOf<C extends Contract> = z.output<C['result']>

export type RefPayload<R extends FunctionRef> = NonNullable<R['types']>['payload']
export type RefResult<R extends FunctionRef> = NonNullable<R['types']>['result']

export function defineContract<
  Payload extends z.ZodType,
  Result extends z.ZodType,
  const Endpoint extends EndpointName,
  const Route extends string | undefined,
  const Who extends Access,
>(contract: Contract<Payload, Result, Endpoint, Route, Who>): Contract<Payload, Result, Endpoint, Route, Who> {
  if ((ENDPOINTS[contract.endpoint].method === 'POST') !== Boolean(contract.route)) {
    throw new Error(`contract on ${contract.endpoint}: a POST gateway needs a Routes name, a GET endpoint must not have one`)
  }
  return contract
}

/** The response envelope of every platform answer (SPEC §7 "Response handling"). */
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
 * ErrorCodes (ARCHITECTURE.md "Spec gaps decided here"). The HTTP status of a platform answer is the
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
} as const

/** A string field that is trimmed and whose length is bounded; messages are translation keys. */
export const text = (options: { min?: number; max: number; required?: string }) =>
  z
    .string({ error: options.required ?? 'errors.required' })
    .trim()
    .min(options.min ?? 0, options.required ?? 'errors.required')
    .max(options.max, 'errors.tooLong')
