import { useTranslation } from 'react-i18next'
import { GatewayError } from '../../api/gateway-error.ts'
import { useMisplacedOrigin } from '../shell/origin-notice.tsx'

/**
 * A platform error code is its translation key (`errors.*`, `console:*`), filled in with what the
 * refusal names (the duplicate's value, the size limit, how many tickets are sold); a code this
 * console has no text for yet reads as the generic failure rather than as a raw key. A call refused
 * because the page is open at another address says which address works (reloading would not help).
 */
/** Thrown from a form's send: the form's own check of the whole failed (no status chosen, no role), and this is the text to show. */
export class FormMessage extends Error {}

export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation()
  const origin = useMisplacedOrigin()
  return (error) => {
    if (error instanceof FormMessage) return error.message
    const code = error instanceof GatewayError ? error.code : 'errors.unexpected'
    if (code === 'errors.consoleRequest' && origin) return t('origin.wrong', { origin })
    const data = error instanceof GatewayError ? (error.body as { data?: unknown } | null)?.data : null
    const values = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
    return i18n.exists(code) ? t(code, values) : t('errors.unexpected')
  }
}
