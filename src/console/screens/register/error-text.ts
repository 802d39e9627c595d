import { useTranslation } from 'react-i18next'
import { GatewayError } from '../../../api/gateway-error.ts'

/** A refusal in the member's words, with what it names (the duplicate's value, the size limit). */
export function useRegisterErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation()
  return (error) => {
    const code = error instanceof GatewayError ? error.code : 'errors.unexpected'
    const data = error instanceof GatewayError ? (error.body as { data?: unknown } | null)?.data : null
    const params = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {}
    return i18n.exists(code) ? t(code, params) : t('errors.unexpected')
  }
}
