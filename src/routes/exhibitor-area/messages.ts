import { useTranslation } from 'react-i18next'
import { GatewayError } from '../../api/gateway-error.ts'

/** A refused or failed call as the member reads it: the platform's message key with its values (a wait in seconds). */
export function useFailureMessage(): (error: unknown) => string {
  const { t } = useTranslation('exhibitor')
  return (error) => {
    if (!(error instanceof GatewayError)) return t('errors.unexpected')
    const values = (error.body as { data?: Record<string, unknown> } | undefined)?.data
    return t(error.code, values && typeof values === 'object' ? values : {})
  }
}
