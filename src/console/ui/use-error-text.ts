import { useTranslation } from 'react-i18next'
import { GatewayError } from '../../api/gateway-error.ts'

/**
 * A platform error code is its translation key (`errors.*`, `console:*`); a code this console has
 * no text for yet reads as the generic failure rather than as a raw key.
 */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation()
  return (error) => {
    const code = error instanceof GatewayError ? error.code : 'errors.unexpected'
    return i18n.exists(code) ? t(code) : t('errors.unexpected')
  }
}
