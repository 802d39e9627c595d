import { GatewayError } from '../api/gateway-error.ts'
import { ENDPOINTS, ERROR_CODES, type Envelope, type FieldErrors, type FunctionRef, type RefPayload, type RefResult } from '../../shared/functions/gateway.ts'
import { CONSOLE_REQUEST_HEADER } from '../../shared/rules/console-access.ts'

/** One console call on the wire: the browser's fetch, or the embedded platform in-process while rendering. */
export type ConsoleTransport = (request: { path: string; headers: Record<string, string>; body: unknown }) => Promise<{ status: number; body: unknown }>

export interface ConsoleClient {
  call<R extends FunctionRef>(ref: R, payload: RefPayload<R>): Promise<RefResult<R>>
}

/**
 * The console's own small client of POST /gateway/console (docs/product.md#console-access): the staff
 * cookie travels by itself, every call carries the console header (the CSRF check with Origin), and
 * no access token or axios is involved, so the console bundle stays small.
 */
export function createConsoleClient(transport: ConsoleTransport): ConsoleClient {
  return {
    async call(ref, payload) {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', [CONSOLE_REQUEST_HEADER.name]: CONSOLE_REQUEST_HEADER.value }
      if (ref.route) headers.Routes = ref.route
      let response: Awaited<ReturnType<ConsoleTransport>>
      try {
        response = await transport({ path: ENDPOINTS[ref.endpoint].path, headers, body: payload ?? {} })
      } catch {
        throw new GatewayError(0, 'errors.network', null)
      }
      const body = response.body as Envelope | null
      if (body && body.succeed === true && body.ErrorCode === ERROR_CODES.ok) return body.data as RefResult<typeof ref>
      const errorCode = typeof body?.ErrorCode === 'number' ? body.ErrorCode : response.status || ERROR_CODES.unexpected
      const fields =
        errorCode === ERROR_CODES.invalid && body?.data && typeof body.data === 'object' ? (body.data as { fields?: FieldErrors }).fields : undefined
      throw new GatewayError(errorCode, body?.message || 'errors.unexpected', body, fields ?? {})
    },
  }
}

/** The browser's transport: same origin, so the browser adds the Origin header and the staff cookie. */
export const fetchTransport: ConsoleTransport = async ({ path, headers, body }) => {
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body), credentials: 'same-origin' })
  return { status: response.status, body: await response.json().catch(() => null) }
}

/** The wait a throttled call must respect (the platform's rateLimited answer carries it as data.seconds). */
export function retryAfterSeconds(error: GatewayError): number {
  const data = (error.body as Envelope<{ seconds?: unknown }> | null)?.data
  return typeof data?.seconds === 'number' ? data.seconds : 60
}
