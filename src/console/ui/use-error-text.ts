import { useTranslation } from 'react-i18next'
import { GatewayError } from '../../api/gateway-error.ts'
import { useMisplacedOrigin } from '../shell/origin-notice.tsx'

/**
 * A platform error code is its translation key (`errors.*`, `console:*`); a code this console has
 * no text for yet reads as the generic failure rather than as a raw key. A call refused because the
 * page is open at another address says which address works (reloading would not help).
 */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation()
  const origin = useMisplacedOrigin()
  return (error) => {
    const code = error instanceof GatewayError ? error.code : 'errors.unexpected'
    if (code === 'errors.consoleRequest' && origin) return t('origin.wrong', { origin })
    return i18n.exists(code) ? t(code) : t('errors.unexpected')
  }
}
