import { useEffect, useRef, useState } from 'react'

/** docs/product.md#limits: a loading state appears no sooner than 200 ms... */
export const LOADING_DELAY_MS = 200
/** ...and, once shown, stays long enough not to flicker. */
export const LOADING_MIN_VISIBLE_MS = 400

/**
 * Whether to show a loading indicator for `pending` work: only if it lasts past the delay, and then
 * for at least the minimum time, so fast answers show nothing and slow ones do not blink.
 */
export function useDelayedLoading(pending: boolean, delay = LOADING_DELAY_MS, minVisible = LOADING_MIN_VISIBLE_MS): boolean {
  const [visible, setVisible] = useState(false)
  const shownAt = useRef(0)
  useEffect(() => {
    if (pending) {
      if (visible) return
      const timer = setTimeout(() => {
        shownAt.current = Date.now()
        setVisible(true)
      }, delay)
      return () => clearTimeout(timer)
    }
    if (!visible) return
    const remaining = Math.max(0, minVisible - (Date.now() - shownAt.current))
    const timer = setTimeout(() => setVisible(false), remaining)
    return () => clearTimeout(timer)
  }, [pending, visible, delay, minVisible])
  return visible
}
