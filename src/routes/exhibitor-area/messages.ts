import { useState } from 'react'
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

/**
 * One call at a time from a part of the area: `busy` while it runs, a polite `notice` after it, the
 * refusal as `problem` (each clears the other).
 */
export function useAreaAction() {
  const messageOf = useFailureMessage()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [notice, setNotice] = useState('')
  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    setProblem(null)
    setNotice('')
    try {
      await action()
    } catch (error) {
      setProblem(messageOf(error))
    } finally {
      setBusy(false)
    }
  }
  return { busy, problem, setProblem, notice, setNotice, run }
}
