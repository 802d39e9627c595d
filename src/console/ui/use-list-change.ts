import { useState } from 'react'
import { useErrorText } from './use-error-text.ts'

/**
 * One change at a time to an ordered list that the server answers with the whole list (survey
 * questions, the exhibitors' checklist): `busy` while it runs, the refusal as `error`, the new list
 * and a status line handed on.
 */
export function useListChange<T>(onChanged: (next: T, status: string) => void) {
  const errorText = useErrorText()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const run = async (work: () => Promise<T>, status: string) => {
    setBusy(true)
    setError('')
    try {
      onChanged(await work(), status)
    } catch (caught) {
      setError(errorText(caught))
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, run }
}

/** The ids with the one at `index` moved one place up (-1) or down (1). */
export function movedIds(ids: readonly number[], index: number, by: -1 | 1): number[] {
  const next = [...ids]
  const [moved] = next.splice(index, 1)
  next.splice(index + by, 0, moved as number)
  return next
}
