import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './ui.module.css'

/**
 * A wide table's frame: on a narrow screen the table scrolls inside it (never the page), so the frame
 * is a named region that takes focus and scrolls with the arrow keys (WCAG 2.1.1). When the table is
 * wider than the frame a line above it says so, and shadows at the edges show where more columns
 * are: status, totals and actions sit at the ends of rows and must not hide unannounced.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation()
  const frame = useRef<HTMLElement>(null)
  const hintId = useId()
  const [wider, setWider] = useState(false)
  useEffect(() => {
    const element = frame.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const measure = () => setWider(element.scrollWidth > element.clientWidth + 1)
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    for (const child of element.children) observer.observe(child)
    measure()
    return () => observer.disconnect()
  }, [])
  return (
    <div className={styles.tableFrame}>
      {wider ? (
        <p id={hintId} className={styles.scrollHint}>
          {t('common.scrollSideways')}
        </p>
      ) : null}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section ref={frame} className={styles.tableWrap} aria-label={label} aria-describedby={wider ? hintId : undefined} tabIndex={0}>
        {children}
      </section>
    </div>
  )
}
