import { ERROR_CODES, type FieldErrors } from '../../shared/contracts/define.ts'

type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]

/**
 * A refusal the visitor should read. `code` is also the translation key (docs/product.md#domain-errors), so the
 * browser shows it in the visitor's language; `errorCode` is the envelope's ErrorCode.
 */
export class DomainError extends Error {
  override name = 'DomainError'
  readonly code: string
  readonly errorCode: ErrorCode
  readonly params: Record<string, string | number>
  readonly fields: FieldErrors | undefined
  constructor(code: string, errorCode: ErrorCode, params: Record<string, string | number> = {}, fields?: FieldErrors) {
    super(code)
    this.code = code
    this.errorCode = errorCode
    this.params = params
    this.fields = fields
  }
}

export const invalid = (fields: FieldErrors, code = 'errors.invalid') => new DomainError(code, ERROR_CODES.invalid, {}, fields)
export const notFound = (code = 'errors.notFound') => new DomainError(code, ERROR_CODES.notFound)
export const conflict = (code: string, params: Record<string, string | number> = {}) => new DomainError(code, ERROR_CODES.conflict, params)
export const gone = (code: string) => new DomainError(code, ERROR_CODES.gone)
export const forbidden = (code = 'errors.forbidden') => new DomainError(code, ERROR_CODES.forbidden)
export const rateLimited = (retryAfterSeconds: number) =>
  new DomainError('errors.rateLimited', ERROR_CODES.rateLimited, { seconds: Math.max(1, Math.ceil(retryAfterSeconds)) })
