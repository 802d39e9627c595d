import type { ReactNode } from 'react'
import { useHydrated } from './use-hydrated.ts'

interface MenuControlProps {
  /** Where the control leads while scripts are off: a footer section (SHELL_ANCHORS) or a page. */
  href: string
  onOpen: () => void
  expanded?: boolean
  className: string | undefined
  label?: string
  popup?: 'dialog' | 'true'
  controls?: string
  children: ReactNode
}

/**
 * A header control that opens a menu or panel. The server renders a link to the footer section or the
 * page with the same content, so it works without JavaScript; once React runs it becomes the button that opens the menu
 * in place. Until then the link is also what a visitor on a slow network can use.
 */
export function MenuControl({ href, onOpen, expanded, className, label, popup, controls, children }: MenuControlProps) {
  if (!useHydrated()) {
    return (
      <a href={href} className={className} aria-label={label}>
        {children}
      </a>
    )
  }
  return (
    <button type="button" className={className} onClick={onOpen} aria-label={label} aria-haspopup={popup} aria-expanded={expanded} aria-controls={controls}>
      {children}
    </button>
  )
}
