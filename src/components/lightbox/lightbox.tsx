import { type KeyboardEvent, useEffect, useRef } from 'react'
import { Picture } from '../image/picture.tsx'
import { PLACEHOLDER } from '../image/placeholders.tsx'
import styles from './lightbox.module.css'

export interface LightboxItem {
  src: string
  width: number
  height: number
  alt: string
  caption?: string
}

export interface LightboxLabels {
  /** Accessible name of the dialog, e.g. "Photo live". */
  dialog: string
  close: string
  previous: string
  next: string
  /** "Photo 3 of 8". */
  position: (number: number, total: number) => string
}

interface LightboxProps {
  items: LightboxItem[]
  /** The photo shown, or null when closed. */
  index: number | null
  onIndexChange: (index: number | null) => void
  labels: LightboxLabels
}

const FOCUSABLE = 'button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])'

/**
 * A photo viewer on the native modal <dialog>: the page behind is inert, Escape closes it, focus
 * returns to the thumbnail that opened it, and Tab stays inside (wrapped explicitly, so it never
 * leaves for the browser's own controls). Left and right arrows (and Home / End) move between
 * photos; the position is announced politely.
 */
export function Lightbox({ items, index, onIndexChange, labels }: LightboxProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const open = index !== null && items.length > 0
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      opener.current = document.activeElement
      element.showModal()
    }
    if (!open && element.open) element.close()
  }, [open])

  const current = open ? items[Math.min(index, items.length - 1)] : undefined
  const go = (step: number) => {
    if (index === null) return
    onIndexChange((index + step + items.length) % items.length)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight') go(1)
    else if (event.key === 'ArrowLeft') go(-1)
    else if (event.key === 'Home') onIndexChange(0)
    else if (event.key === 'End') onIndexChange(items.length - 1)
    else if (event.key === 'Tab') {
      const focusable = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])]
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (!first || !last) return
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
      return
    } else return
    event.preventDefault()
  }

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-label={labels.dialog}
      onKeyDown={onKeyDown}
      onClose={() => {
        onIndexChange(null)
        if (opener.current instanceof HTMLElement) opener.current.focus()
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onIndexChange(null)
      }}
    >
      {current && index !== null ? (
        <div className={styles.frame}>
          <div className={styles.bar}>
            <p className={styles.position} aria-live="polite">
              {labels.position(index + 1, items.length)}
            </p>
            <button type="button" className={styles.close} onClick={() => onIndexChange(null)} aria-label={labels.close}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </div>
          <figure className={styles.figure}>
            <Picture
              key={current.src}
              src={current.src}
              alt={current.alt}
              width={current.width}
              height={current.height}
              placeholder={PLACEHOLDER.article}
              fit="contain"
              priority
              className={styles.image}
            />
            {current.caption ? <figcaption className={styles.caption}>{current.caption}</figcaption> : null}
          </figure>
          {items.length > 1 ? (
            <div className={styles.nav}>
              <button type="button" className={styles.step} onClick={() => go(-1)} aria-label={labels.previous}>
                <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                  <path d="m15 5-7 7 7 7" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
              <button type="button" className={styles.step} onClick={() => go(1)} aria-label={labels.next}>
                <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                  <path d="m9 5 7 7-7 7" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  )
}
