import type { TFunction } from 'i18next'
import { GatewayError } from '../../api/gateway-error.ts'
import { messageKey } from '../../../shared/rules/tickets.ts'

export interface Refusal {
  /** The envelope's ErrorCode, 0 when offline. */
  status: number
  code: string
  /** Field path -> key of the tickets namespace (or errors.*). */
  fields: Record<string, string>
  /** What to show, translated with the parameters the platform sent (a ticket type's name, seconds to wait). */
  text: string
  params: Record<string, unknown>
}

/** A failed platform call as the buyer should read it. */
export function refusalOf(t: TFunction, error: unknown): Refusal {
  if (!(error instanceof GatewayError)) return { status: 500, code: 'errors.unexpected', fields: {}, params: {}, text: t('common:errors.unexpected') }
  const data = (error.body as { data?: unknown } | null)?.data
  const params = data && typeof data === 'object' ? (data as Record<string, unknown>) : {}
  const fields = error.fields && Object.keys(error.fields).length ? error.fields : ((params.fields as Record<string, string> | undefined) ?? {})
  return { status: error.errorCode, code: error.code, fields, params, text: t(messageKey(error.code), params) }
}

/** A field error key of the platform, translated (keys are of the tickets namespace or errors.*). */
export function fieldText(t: TFunction, key: string, params: Record<string, unknown> = {}): string {
  return t(messageKey(key), params)
}
