import { useState } from 'react'
import { useErrorText } from './use-error-text.ts'

/**
 * A console action that is one call (block, end sessions, download a copy): held while it runs, so a
 * second click sends nothing twice, and its refusal as a translated message for an `Alert`.
 */
export function useAction() {
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true)
    setError('')
    try {
      await call()
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, setError, run }
}
