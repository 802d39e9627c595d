import { useEffect, useId, useRef } from 'react'
import styles from './confirm-dialog.module.css'

interface ConfirmDialogProps {
  open: boolean
  title: string
  text: string
  confirmLabel: string
  cancelLabel: string
  /** While the confirmed action runs: both buttons wait. */
  busy?: boolean
  onConfirm(): void
  onCancel(): void
}

/**
 * "Are you sure?" before an action that cannot be taken back, on the native modal <dialog>: the
 * browser keeps focus inside, closes it on Escape, makes the page behind inert and gives focus back to
 * the button that opened it. Cancel has the focus first, so Enter never confirms by accident.
 */
export function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  const id = useId()
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      element.showModal()
      cancel.current?.focus()
    }
    if (!open && element.open) element.close()
  }, [open])
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        event.preventDefault()
        if (!busy) onCancel()
      }}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      <p id={`${id}-text`} className={styles.text}>
        {text}
      </p>
      <div className={styles.actions}>
        <button ref={cancel} type="button" className={styles.cancel} onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className={styles.confirm} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
