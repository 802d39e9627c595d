import { type ReactNode, useEffect, useRef } from 'react'
import { useOpenedOnce } from '../../lib/use-opened-once.ts'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from '../icons/icons.tsx'
import styles from './side-panel.module.css'

interface SidePanelProps {
  open: boolean
  onClose: () => void
  title: string
  side?: 'left' | 'right'
  children: ReactNode
  id?: string
}

/**
 * A modal side panel on the native <dialog>: the browser traps focus, closes on Escape, makes the
 * page behind inert and returns focus to the opener. Its content is drawn the first time it opens:
 * only script opens a dialog, so markup sent before that is bytes and render time for nothing (the
 * header's two panels were an eighth of every page); once drawn it stays, so reopening is instant.
 */
export function SidePanel({ open, onClose, title, side = 'right', children, id }: SidePanelProps) {
  const { t } = useTranslation()
  const dialog = useRef<HTMLDialogElement>(null)
  const drawn = useOpenedOnce(open)
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])
  return (
    <dialog
      ref={dialog}
      id={id}
      className={`${styles.panel} ${side === 'left' ? styles.left : styles.right}`}
      aria-label={title}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === dialog.current) onClose()
      }}
    >
      <div className={styles.inner}>
        <div className={styles.head}>
          <h2 className={styles.title}>{title}</h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('nav.close')}>
            <CloseIcon />
          </button>
        </div>
        {drawn ? children : null}
      </div>
    </dialog>
  )
}
