import type { z } from 'zod'
import {
  ENDPOINTS,
  ERROR_CODES,
  type Access,
  type Contract,
  type Envelope,
  type EndpointName,
  type FieldErrors,
  type ParsedPayloadOf,
  type ResultOf,
} from '../../shared/contracts/define.ts'
import { controlCharacterFields } from '../../shared/rules/text.ts'
import { CONSOLE_REQUEST_HEADER, type ConsoleLanguage, mayCall, type StaffRole } from '../../shared/rules/console-access.ts'
import { LOCALES, type Locale } from '../../shared/languages.ts'
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.ts'
import { DomainError } from './errors.ts'
import type { Principal, TokenSigner } from './tokens.ts'

/** Everything a function may know about its caller. */
export interface CallContext {
  principal: Principal | null
  /** Set for `user` functions: the caller's account id. */
  userId: string | null
  locale: Locale
  /** ISO 3166 numeric from the CountryCode header, '156' when absent (docs/product.md#limits). */
  countryCode: string
  ip: string
  fingerprint: string
  requestId: string
  /** Set for `staff` functions: the signed-in staff member (console endpoint). */
  staff?: StaffCaller | null
  /** The request's cookies (the console reads its staff cookie). */
  cookies?: Record<string, string>
  /** `Set-Cookie` values the answer carries (the console's sign-in and sign-out push to it). */
  setCookies?: string[]
  /** The browser's User-Agent, for the console's list of sessions. */
  userAgent?: string
}

/** A signed-in staff member, as the console gateway found them behind the staff cookie. */
export interface StaffCaller {
  staffId: string
  sessionId: string
  roles: readonly StaffRole[]
  /** The exhibitions this member may work on; null: all. */
  exhibitionIds: readonly number[] | null
  /** The member's console language (names of exhibitions, export headers). */
  language: ConsoleLanguage
}

/** How the console gateway finds the staff member of a request (server/platform/staff fills it in). */
export interface StaffGate {
  /** The member behind the staff cookie, or null when there is none, or it ended, idled out or was disabled. */
  resolve(cookies: Record<string, string>): Promise<StaffCaller | null>
}

export type Handler<C extends Contract> = (payload: ParsedPayloadOf<C>, context: CallContext) => Promise<ResultOf<C>>

export interface PlatformRequest {
  method: string
  path: string
  headers: Record<string, string | undefined>
  query: Record<string, unknown>
  body: unknown
  ip: string
  requestId: string
  /** True only for the in-process transport of this very server: it acts with server rights. */
  trustedServer?: boolean
}

export interface PlatformResponse {
  status: number
  body: Envelope
  headers?: Record<string, string>
  /** `Set-Cookie` values (the console's staff cookie: one per path). */
  cookies?: string[]
}

interface Registration {
  contract: Contract
  handler: Handler<Contract>
}

export interface GatewayObserver {
  onCall(name: string, outcome: 'ok' | 'client_error' | 'server_error', seconds: number): void
  onError(error: unknown, request: PlatformRequest): void
}

/**
 * Functions by endpoint and `Routes` name. The same registry answers the CV3/V3 gateways, the invoke
 * endpoints and the GET endpoints, over HTTP or in-process.
 */
export class Registry {
  readonly #byKey = new Map<string, Registration>()

  implement<C extends Contract>(contract: C, handler: Handler<C>): void {
    const key = registryKey(contract.endpoint, contract.route)
    if (this.#byKey.has(key)) throw new Error(`function registered twice: ${key}`)
    this.#byKey.set(key, { contract, handler: handler as unknown as Handler<Contract> })
  }

  find(endpoint: EndpointName, route: string | undefined): Registration | undefined {
    return this.#byKey.get(registryKey(endpoint, route))
  }

  names(): string[] {
    return [...this.#byKey.keys()]
  }

  contracts(): Contract[] {
    return [...this.#byKey.values()].map((registration) => registration.contract)
  }
}

const registryKey = (endpoint: EndpointName, route: string | undefined) => (route ? `${endpoint}:${route}` : endpoint)

const endpointByPath = new Map<string, EndpointName>(
  (Object.entries(ENDPOINTS) as Array<[EndpointName, (typeof ENDPOINTS)[EndpointName]]>).map(([name, endpoint]) => [endpoint.path.toLowerCase(), name]),
)

export function endpointForPath(path: string): EndpointName | undefined {
  return endpointByPath.get(path.toLowerCase())
}

export interface DispatchDeps {
  registry: Registry
  tokens: TokenSigner
  /** Whether a user's session is still live (logout revokes it). */
  isSessionActive(sessionId: string): Promise<boolean>
  observer?: GatewayObserver
  /** Results are checked against their schema outside production, to catch a handler's mistakes early. */
  checkResults: boolean
  /** Answers of functions whose contract has cacheSeconds (caller-independent reads). */
  readCache?: ReadCache
  /** The console's staff sessions; without it every `staff` function answers 401. */
  staff?: StaffGate | null
  /** The site's origin (PUBLIC_ORIGIN): console calls must come from a page of it. */
  siteOrigin: string
}

/**
 * Answers of read functions that depend only on payload, language and country, kept briefly and
 * dropped on any content change. Bounded: least recently used entries go first.
 */
export function createReadCache(maxEntries = 5000, now: () => number = () => Date.now()) {
  const entries = new Map<string, { value: unknown; expires: number }>()
  return {
    get(key: string): { value: unknown } | undefined {
      const entry = entries.get(key)
      if (!entry) return undefined
      if (entry.expires <= now()) {
        entries.delete(key)
        return undefined
      }
      entries.delete(key)
      entries.set(key, entry)
      return { value: entry.value }
    },
    set(key: string, value: unknown, seconds: number) {
      entries.set(key, { value, expires: now() + seconds * 1000 })
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string)
    },
    clear() {
      entries.clear()
    },
    get size() {
      return entries.size
    },
  }
}

export type ReadCache = ReturnType<typeof createReadCache>

const envelope = <T>(status: number, data: T, message?: string, requestId?: string): PlatformResponse => ({
  status,
  body: { succeed: status === ERROR_CODES.ok, ErrorCode: status, data, ...(message ? { message } : {}), ...(requestId ? { requestId } : {}) },
})

export async function dispatch(deps: DispatchDeps, request: PlatformRequest): Promise<PlatformResponse> {
  const response = await answer(deps, request)
  // Console answers are one staff member's, refusals included: never kept by a browser or a proxy.
  if (endpointForPath(request.path) === 'console') response.headers = { ...response.headers, 'Cache-Control': 'private, no-store' }
  return response
}

async function answer(deps: DispatchDeps, request: PlatformRequest): Promise<PlatformResponse> {
  const started = performance.now()
  const endpointName = endpointForPath(request.path)
  if (!endpointName) return envelope(ERROR_CODES.notFound, null, 'errors.unknownEndpoint', request.requestId)
  const endpoint = ENDPOINTS[endpointName]
  if (request.method.toUpperCase() !== endpoint.method) {
    const response = envelope(ERROR_CODES.methodNotAllowed, null, 'errors.methodNotAllowed', request.requestId)
    return { ...response, headers: { Allow: endpoint.method } }
  }
  const route = endpoint.method === 'POST' ? headerValue(request.headers, 'routes') : undefined
  if (endpoint.method === 'POST' && !route) return envelope(ERROR_CODES.invalid, null, 'errors.missingRoutes', request.requestId)
  const registration = deps.registry.find(endpointName, route)
  const name = route ?? endpointName
  if (!registration) {
    return envelope(ERROR_CODES.notFound, null, 'errors.unknownFunction', request.requestId)
  }
  const isConsole = endpointName === 'console'
  const cookies = isConsole ? parseCookies(headerValue(request.headers, 'cookie')) : {}
  const setCookies: string[] = []
  const finish = (response: PlatformResponse) => {
    const outcome = response.status < 400 ? 'ok' : response.status < 500 ? 'client_error' : 'server_error'
    deps.observer?.onCall(name, outcome, (performance.now() - started) / 1000)
    if (setCookies.length) response.cookies = setCookies
    return response
  }
  try {
    if (isConsole && !request.trustedServer && !fromConsolePage(request, deps.siteOrigin)) {
      return finish(envelope(ERROR_CODES.forbidden, null, 'errors.consoleRequest', request.requestId))
    }
    const principal = registration.contract.access === 'staff' ? null : await authorise(deps, registration.contract.access, request)
    if (principal === 'token') return finish(envelope(ERROR_CODES.token, null, 'errors.token', request.requestId))
    if (principal === 'login') return finish(envelope(ERROR_CODES.token, null, 'errors.loginRequired', request.requestId))
    if (principal === 'forbidden') return finish(envelope(ERROR_CODES.forbidden, null, 'errors.forbidden', request.requestId))
    let staff: StaffCaller | null = null
    if (registration.contract.access === 'staff') {
      staff = (await deps.staff?.resolve(cookies)) ?? null
      if (!staff) return finish(envelope(ERROR_CODES.token, null, 'errors.staffLoginRequired', request.requestId))
      if (!mayCall(staff.roles, (route ?? '').replace(/^console\$/, ''))) {
        return finish(envelope(ERROR_CODES.forbidden, null, 'errors.forbidden', request.requestId))
      }
    }
    const input = endpoint.method === 'GET' ? request.query : request.body
    // Before any query: PostgreSQL refuses NUL in text, and no person types the other controls. A field
    // its schema refused keeps the schema's own message (a single-line field says more than this rule).
    const controls = controlCharacterFields(input)
    const parsed = registration.contract.payload.safeParse(input ?? {})
    if (!parsed.success || Object.keys(controls).length) {
      const fields = { ...controls, ...(parsed.success ? {} : fieldErrors(parsed.error)) }
      return finish(envelope(ERROR_CODES.invalid, { fields }, 'errors.invalid', request.requestId))
    }
    const context: CallContext = {
      principal,
      userId: principal?.kind === 'user' ? principal.userId : null,
      locale: localeFromHeader(headerValue(request.headers, 'languagecode')),
      countryCode: /^\d{3}$/.test(headerValue(request.headers, 'countrycode') ?? '') ? (headerValue(request.headers, 'countrycode') as string) : '156',
      ip: request.ip,
      fingerprint: (headerValue(request.headers, 'basicdata') ?? '').slice(0, 200),
      requestId: request.requestId,
      ...(isConsole ? { staff, cookies, setCookies, userAgent: (headerValue(request.headers, 'user-agent') ?? '').slice(0, 300) } : {}),
    }
    const cacheSeconds = registration.contract.cacheSeconds
    const cacheKey = cacheSeconds && deps.readCache ? `${name}|${context.locale}|${context.countryCode}|${JSON.stringify(parsed.data)}` : null
    const cached = cacheKey ? deps.readCache?.get(cacheKey) : undefined
    if (cached) return finish(envelope(ERROR_CODES.ok, cached.value ?? null, undefined, request.requestId))
    const result = await registration.handler(parsed.data, context)
    if (deps.checkResults) {
      const checked = registration.contract.result.safeParse(result)
      if (!checked.success) throw new Error(`result of ${name} does not match its contract: ${checked.error.message}`)
    }
    if (cacheKey && cacheSeconds) deps.readCache?.set(cacheKey, result, cacheSeconds)
    return finish(envelope(ERROR_CODES.ok, result ?? null, undefined, request.requestId))
  } catch (error) {
    if (error instanceof DomainError) {
      const data = error.fields ? { fields: error.fields, ...error.params } : Object.keys(error.params).length ? error.params : null
      const response = envelope(error.errorCode, data, error.code, request.requestId)
      if (error.errorCode === ERROR_CODES.rateLimited && error.params.seconds) {
        response.headers = { 'Retry-After': String(error.params.seconds) }
      }
      return finish(response)
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing to fix in the request and no bug to log at length: the same call works once the database is back.
      const response = envelope(ERROR_CODES.unavailable, { seconds: DATABASE_RETRY_AFTER_SECONDS }, 'errors.unavailable', request.requestId)
      response.headers = { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) }
      return finish(response)
    }
    deps.observer?.onError(error, request)
    return finish(envelope(ERROR_CODES.unexpected, null, 'errors.unexpected', request.requestId))
  }
}

async function authorise(deps: DispatchDeps, access: Access, request: PlatformRequest): Promise<Principal | null | 'token' | 'login' | 'forbidden'> {
  if (access === 'public') return null
  if (access === 'server' && request.trustedServer) return { kind: 'server', clientId: 'in-process' }
  const authorization = headerValue(request.headers, 'authorization') ?? ''
  const token = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1]
  const verified = deps.tokens.verify(token)
  if (!verified.ok) return 'token'
  const principal = verified.principal
  if (principal.kind === 'user' && !(await deps.isSessionActive(principal.sessionId))) return 'token'
  if (access === 'user' && principal.kind !== 'user') return 'login'
  if (access === 'server' && principal.kind !== 'server') return 'forbidden'
  return principal
}

/**
 * The console's CSRF check (docs/product.md#console): its pages send a header no form or image can
 * send, from an Origin of this site. The staff cookie's SameSite=Strict is the first line; this the second.
 */
export function fromConsolePage(request: PlatformRequest, siteOrigin: string): boolean {
  return (
    headerValue(request.headers, CONSOLE_REQUEST_HEADER.name.toLowerCase()) === CONSOLE_REQUEST_HEADER.value &&
    headerValue(request.headers, 'origin') === siteOrigin
  )
}

export function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {}
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at < 1) continue
    const name = part.slice(0, at).trim()
    if (name in cookies) continue
    try {
      cookies[name] = decodeURIComponent(part.slice(at + 1).trim())
    } catch {
      // A value that is not valid percent-encoding is nobody's session.
    }
  }
  return cookies
}

function headerValue(headers: Record<string, string | undefined>, name: string): string | undefined {
  const direct = headers[name]
  if (direct !== undefined) return direct
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name)
  return key ? headers[key] : undefined
}

function localeFromHeader(value: string | undefined): Locale {
  const lower = (value ?? '').toLowerCase()
  return (LOCALES as readonly string[]).includes(lower) ? (lower as Locale) : 'en'
}

/** zod issues -> { 'attendees.0.email': 'errors.email' }; messages are translation keys set in the contracts. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_'
    if (fields[path]) continue
    // A translation key: `errors.x`, `group.key`, or namespaced `tickets:errors.x`; anything else is zod's own English.
    fields[path] = /^([a-z][a-zA-Z0-9-]*:)?[a-zA-Z][a-zA-Z0-9]*(\.[a-zA-Z0-9_]+)+$/.test(issue.message) ? issue.message : 'errors.invalid'
  }
  return fields
}
