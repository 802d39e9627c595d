import { type RefObject, useEffect } from 'react'

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/**
 * Keeps keyboard focus inside `container` while `active`: Tab and Shift+Tab cycle through its
 * controls (or stay on the container when it has none), and focus that lands elsewhere (a banner
 * outside the inert page, a click) is brought back. When it ends, focus returns to where it was.
 */
export function useFocusTrap(container: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const element = container.current
    if (!active || !element) return
    const returnTo = document.activeElement instanceof HTMLElement && !element.contains(document.activeElement) ? document.activeElement : null
    element.focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return
      const controls = [...element.querySelectorAll<HTMLElement>(FOCUSABLE)]
      const first = controls[0]
      const last = controls.at(-1)
      const current = document.activeElement
      if (!first || !last) {
        event.preventDefault()
        element.focus()
      } else if (event.shiftKey && (current === first || current === element || !element.contains(current))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (current === last || !element.contains(current))) {
        event.preventDefault()
        first.focus()
      }
    }
    const onFocusIn = (event: FocusEvent) => {
      if (!element.contains(event.target as Node | null)) element.focus()
    }
    document.addEventListener('keydown', onKeyDown, true)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
      document.removeEventListener('focusin', onFocusIn)
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true })
    }
  }, [container, active])
}
