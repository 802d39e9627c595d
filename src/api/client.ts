import axios, { type AxiosAdapter, type AxiosInstance } from 'axios'
import type { TokenResult, TokenSource } from '../../shared/contracts/tokens.ts'
import { GatewayError } from './gateway-error.ts'
import { ENDPOINTS, ERROR_CODES, type Envelope, type FieldErrors, type FunctionRef, type RefPayload, type RefResult } from '../../shared/functions/gateway.ts'

/** docs/product.md#limits: HTTP timeout. */
export const GATEWAY_TIMEOUT_MS = 20_000
/** docs/product.md#limits: the fingerprint sent when the visitor has no BasicData cookie yet. */
export const DEFAULT_FINGERPRINT = 'expo-web-default-fingerprint'

/** The per-visitor values of the docs/product.md#headers, read at call time. */
export interface GatewayHeaderValues {
  countryCode: string
  languageCode: string
  environment: string
  userIp?: string | undefined
  fingerprint?: string | undefined
}

export { GatewayError }
export type { TokenResult, TokenSource } from '../../shared/contracts/tokens.ts'

/** One call as the client sends it, whatever carries it. */
export interface GatewayRequest {
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  /** Query parameters of a GET, body of a POST. */
  payload: unknown
  signal?: AbortSignal
}

/**
 * Carries calls without HTTP: the embedded platform in the server's own process during SSR, with no
 * loopback hop and none of axios's per-call work (about a third of a page's loader CPU).
 */
export type GatewayTransport = (request: GatewayRequest) => Promise<{ status: number; data: Envelope }>

export interface GatewayClientOptions {
  /** Origin of the platform; '' for the same origin. Ignored when an adapter or a transport is given. */
  baseURL?: string
  /** Replaces HTTP altogether (see GatewayTransport). */
  transport?: GatewayTransport
  /** Replaces axios's HTTP adapter only (tests). */
  adapter?: AxiosAdapter
  headers: () => GatewayHeaderValues
  tokens: TokenSource
  timeoutMs?: number
}

export interface CallOptions {
  signal?: AbortSignal
}

export interface GatewayClient {
  /** Calls a platform function; `ref` is a FunctionRef (src/api/<service>.ts) or a full contract. */
  call<R extends FunctionRef>(ref: R, payload: RefPayload<R>, options?: CallOptions): Promise<RefResult<R>>
}

/**
 * The one client of the platform, made per request on the server and once per page in the browser
 * (never at module level: its token and headers belong to one visitor).
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const transport = options.transport ?? httpTransport(options)

  // Requests wait while the token is being fetched (docs/product.md#access-token): one fetch at a time, shared by all callers.
  let pendingToken: Promise<TokenResult> | null = null
  const refreshToken = (): Promise<TokenResult> => {
    pendingToken ??= options.tokens.obtain().finally(() => {
      pendingToken = null
    })
    return pendingToken
  }
  const tokenForCall = async (): Promise<string> => {
    if (pendingToken) return (await pendingToken).token
    const current = options.tokens.current()
    if (current) return current
    return (await refreshToken()).token
  }

  const send = async (contract: FunctionRef, payload: unknown, token: string, signal?: AbortSignal) => {
    const endpoint = ENDPOINTS[contract.endpoint]
    const values = options.headers()
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      CountryCode: values.countryCode,
      ENVIRONMENT: values.environment,
      LanguageCode: values.languageCode,
      BasicData: values.fingerprint || DEFAULT_FINGERPRINT,
    }
    if (values.userIp) headers['x-forword-for'] = values.userIp
    if (token) headers.Authorization = `Bearer ${token}`
    if (contract.route) headers.Routes = contract.route
    return transport({ method: endpoint.method, path: endpoint.path, headers, payload, ...(signal ? { signal } : {}) })
  }

  return {
    async call(contract, payload, callOptions = {}) {
      const needsToken = contract.access !== 'public'
      let token = needsToken ? await tokenForCall() : ''
      let response: Awaited<ReturnType<typeof send>>
      try {
        response = await send(contract, payload, token, callOptions.signal)
        // docs/product.md#access-token: on a 401 obtain a new token and retry once; if that fails, reject.
        if (needsToken && (response.status === 401 || response.data?.ErrorCode === ERROR_CODES.token)) {
          const renewed = await refreshToken()
          if (!renewed.token) throw new GatewayError(ERROR_CODES.token, 'errors.session', response.data)
          token = renewed.token
          response = await send(contract, payload, token, callOptions.signal)
        }
      } catch (error) {
        throw normaliseError(error)
      }
      const body = response.data
      if (body && typeof body === 'object' && body.ErrorCode === ERROR_CODES.ok && body.succeed === true) {
        return body.data as RefResult<typeof contract>
      }
      const errorCode = typeof body?.ErrorCode === 'number' ? body.ErrorCode : response.status || ERROR_CODES.unexpected
      const fields =
        errorCode === ERROR_CODES.invalid && body?.data && typeof body.data === 'object' ? (body.data as { fields?: FieldErrors }).fields : undefined
      throw new GatewayError(errorCode, body?.message || 'errors.unexpected', body, fields ?? {})
    },
  }
}

function httpTransport(options: GatewayClientOptions): GatewayTransport {
  const http: AxiosInstance = axios.create({
    baseURL: options.baseURL ?? '',
    timeout: options.timeoutMs ?? GATEWAY_TIMEOUT_MS,
    ...(options.adapter ? { adapter: options.adapter } : {}),
    // The envelope, not the HTTP status, decides; 401 is handled by the client.
    validateStatus: () => true,
  })
  return async ({ method, path, headers, payload, signal }) => {
    const response = await http.request<Envelope>({
      method,
      url: path,
      headers,
      ...(method === 'GET' ? { params: payload } : { data: payload ?? {} }),
      ...(signal ? { signal } : {}),
    })
    return { status: response.status, data: response.data }
  }
}

/** Generic error normalisation (docs/product.md#errors): anything that is not a GatewayError gets status 500, or 0 offline. */
function normaliseError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error
  if (axios.isCancel(error)) return new GatewayError(0, 'errors.cancelled', null)
  if (axios.isAxiosError(error)) {
    if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return new GatewayError(0, 'errors.timeout', null)
    if (!error.response) return new GatewayError(0, 'errors.network', null)
    return new GatewayError(error.response.status || ERROR_CODES.unexpected, 'errors.unexpected', error.response.data)
  }
  return new GatewayError(ERROR_CODES.unexpected, 'errors.unexpected', null)
}
