import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type StaticHandlerContext } from 'react-router'
import { ERROR_CODES } from '../../shared/functions/gateway.ts'
import { GatewayError } from '../api/gateway-error.ts'

/** A loader's error that says the platform's database is away (503): not a bug of the page, a moment to wait. */
export const isUnavailable = (error: unknown): boolean => error instanceof GatewayError && error.errorCode === ERROR_CODES.unavailable

/**
 * On the server, a loader that failed because the database is away becomes a 503 response error:
 * the page is the error page's "briefly unavailable" with status 503 (docs/product.md#error-pages),
 * and the browser hydrates the same answer (an Error's own text never crosses).
 */
export function answerUnavailableAs503(context: StaticHandlerContext): void {
  if (!context.errors) return
  let unavailable = false
  for (const [routeId, error] of Object.entries(context.errors)) {
    if (!isUnavailable(error)) continue
    context.errors[routeId] = new ErrorResponseImpl(ERROR_CODES.unavailable, 'Service Unavailable', null)
    unavailable = true
  }
  if (unavailable && context.statusCode >= 500) context.statusCode = ERROR_CODES.unavailable
}

/** The status an error boundary shows: a response's own, 503 for the database away, else 500. */
export function errorStatusOf(error: unknown, isResponse: (error: unknown) => error is { status: number }): number {
  return isResponse(error) ? error.status : isUnavailable(error) ? ERROR_CODES.unavailable : ERROR_CODES.unexpected
}
