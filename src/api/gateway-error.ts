import type { FieldErrors } from '../../shared/functions/gateway.ts'

/**
 * A refused or failed platform call. Kept apart from the client, so a page can check for it
 * without pulling the HTTP library into its own chunk.
 */
export class GatewayError extends Error {
  override name = 'GatewayError'
  /** The envelope's ErrorCode, or the HTTP status, or 500 when neither is known (docs/product.md#errors). */
  readonly errorCode: number
  /** Translation key of the message. */
  readonly code: string
  readonly fields: FieldErrors
  readonly body: unknown
  constructor(errorCode: number, code: string, body: unknown, fields: FieldErrors = {}) {
    super(code)
    this.errorCode = errorCode
    this.code = code
    this.body = body
    this.fields = fields
  }
}
