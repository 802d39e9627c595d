import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { useToast } from '../../components/toast/toast.tsx'
import { type Refusal, refusalOf } from './refusal.ts'

/** What an action returns to keep its button busy (the browser is leaving for the payment page). */
export const STAY_BUSY = 'stayBusy'

interface Options {
  /** Also show a refusal as a toast (the screens where the message may be out of sight). */
  toast?: boolean
  /** A refusal the screen shows in its own way; return true when it did. */
  onRefusal?(refusal: Refusal): boolean
  /** What to keep in view at the step, when it is more precise than the refusal's own text. */
  errorText?(refusal: Refusal): string
}

/**
 * One step's action on an order (confirm, pay, cancel, save): one at a time, busy while it runs, and
 * a refusal as the buyer should read it. An order that changed meanwhile (409) or whose time ran out
 * (410) is loaded again, so the screen shows where it stands now.
 */
export function useOrderAction(options: Options = {}) {
  const { t } = useTranslation('tickets')
  const toast = useToast()
  const revalidator = useRevalidator()
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const run = async (action: () => Promise<unknown>) => {
    if (pending) return
    setPending(true)
    setError(null)
    let busy = false
    try {
      busy = (await action()) === STAY_BUSY
    } catch (failure) {
      const refusal = refusalOf(t, failure)
      if (options.onRefusal?.(refusal)) return
      setError(options.errorText?.(refusal) ?? refusal.text)
      if (options.toast !== false) toast.show(refusal.text, { tone: 'error', duration: 4000 })
      if (refusal.status === 409 || refusal.status === 410) void revalidator.revalidate()
    } finally {
      if (!busy) setPending(false)
    }
  }

  return { pending, error, setError, run }
}
