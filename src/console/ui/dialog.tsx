import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './ui.module.css'
import { useErrorText } from './use-error-text.ts'

const WIDTHS = { narrow: styles.dialogNarrow, normal: '', wide: styles.dialogWide }

interface DialogProps {
  /** The dialog's title: the member sees it at the top, a screen reader names the dialog by it. */
  title: string
  children: ReactNode
  onClose(): void
  width?: keyof typeof WIDTHS
  /** The id of the text that says what the dialog is about (a confirmation's question). */
  describedBy?: string
  /** Lets the content close the dialog (a Cancel button, a link that leaves). */
  dialogRef?: RefObject<HTMLDialogElement | null>
}

/**
 * A modal dialog, shown as soon as it is rendered. The native <dialog> keeps focus inside (the page
 * behind is inert) and closes on Escape; it is named by its title; when it goes, focus goes back to
 * what had it before (the button that opened it), so a keyboard member carries on where they were.
 * `onClose` runs however it closes, and the owner then stops rendering it.
 */
export function Dialog({ title, children, onClose, width = 'normal', describedBy, dialogRef }: DialogProps) {
  const own = useRef<HTMLDialogElement>(null)
  const dialog = dialogRef ?? own
  const titleId = useId()
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    dialog.current?.showModal()
    return () => {
      if (opener?.isConnected) opener.focus()
    }
  }, [dialog])
  return (
    <dialog ref={dialog} className={`${styles.dialog} ${WIDTHS[width]}`} aria-labelledby={titleId} aria-describedby={describedBy} onClose={onClose}>
      <h2 id={titleId} className={styles.dialogTitle}>
        {title}
      </h2>
      {children}
    </dialog>
  )
}

interface FormDialogProps {
  title: string
  submitLabel: string
  /** The button that leaves without sending (Close, Cancel). */
  closeLabel: string
  danger?: boolean
  /** The form cannot be sent yet (nothing chosen). */
  disabled?: boolean
  width?: DialogProps['width']
  children: ReactNode
  onClose(): void
  /** A text of its own for some errors (null: the error code's text). */
  describeError?(error: unknown): string | null
  /** Reads the form; throws the platform's error, or a FormMessage (use-error-text.ts), to show it in the dialog. */
  onSubmit(form: FormData): Promise<void>
}

/** A modal form whose error shows inside it (role="alert"), its buttons disabled while it is being sent. */
export function FormDialog({ submitLabel, closeLabel, danger = false, disabled = false, children, onSubmit, describeError, ...dialog }: FormDialogProps) {
  const errorText = useErrorText()
  const ref = useRef<HTMLDialogElement>(null)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setMessage('')
    try {
      await onSubmit(new FormData(event.currentTarget))
    } catch (error) {
      setMessage(describeError?.(error) ?? errorText(error))
      setBusy(false)
    }
  }

  return (
    <Dialog {...dialog} dialogRef={ref}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        {children}
        {message ? (
          <p className={styles.alert} role="alert">
            {message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <button type="submit" className={`${styles.button} ${danger ? styles.danger : styles.primary}`} disabled={busy || disabled}>
            {submitLabel}
          </button>
          <button type="button" className={styles.button} onClick={() => ref.current?.close()}>
            {closeLabel}
          </button>
        </div>
      </form>
    </Dialog>
  )
}

interface ConfirmDialogProps {
  title: string
  /** What will happen, in a sentence (the dialog's description). */
  message: string
  confirmLabel: string
  /** The action cannot be undone (disable, reset, delete): the button is red. */
  danger?: boolean
  onConfirm(): Promise<void> | void
  onClose(): void
}

/**
 * "Are you sure?" before an action that is hard to take back, in the console's own dialog rather than
 * the browser's (it speaks the member's language, has the console's look, and names what it acts on).
 * Cancel has focus first, so Enter pressed by mistake does nothing harmful.
 */
export function ConfirmDialog({ title, message, confirmLabel, danger = false, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDialogElement>(null)
  const messageId = useId()
  const cancel = useRef<HTMLButtonElement>(null)
  const [busy, setBusy] = useState(false)
  // After the dialog's own effect has opened it (a child's effect runs first): React's autoFocus would
  // focus before showModal, which then moves focus to the first button, and the opener would be lost.
  useEffect(() => cancel.current?.focus(), [])
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
    } finally {
      setBusy(false)
      ref.current?.close()
    }
  }
  return (
    <Dialog title={title} onClose={onClose} width="narrow" describedBy={messageId} dialogRef={ref}>
      <p id={messageId}>{message}</p>
      <div className={styles.actions}>
        <button type="button" className={`${styles.button} ${danger ? styles.danger : styles.primary}`} disabled={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </button>
        <button ref={cancel} type="button" className={styles.button} onClick={() => ref.current?.close()}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  )
}
