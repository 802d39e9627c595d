import type { ReactNode } from 'react'
import styles from './ui.module.css'

/**
 * A wide table's frame: on a narrow screen the table scrolls inside it, so the frame is a named
 * region that takes focus and scrolls with the arrow keys (WCAG 2.1.1).
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className={styles.tableWrap} aria-label={label} tabIndex={0}>
      {children}
    </section>
  )
}
