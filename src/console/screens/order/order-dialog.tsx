import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import ui from '../../ui/ui.module.css'
import { useErrorText } from '../../ui/use-error-text.ts'
import styles from './order.module.css'

interface OrderDialogProps {
  title: string
  submitLabel: string
  danger?: boolean
  /** The form cannot be sent yet (nothing chosen). */
  disabled?: boolean
  children: ReactNode
  onClose(): void
  /** A text of its own for some errors (null: the error code's text). */
  describeError?(error: unknown): string | null
  /** Reads the form; throws the platform's error to show it in the dialog. */
  onSubmit(form: FormData): Promise<void>
}

/** A modal form (native <dialog>: focus stays inside, Escape closes) whose error shows inside it. */
export function OrderDialog({ title, submitLabel, danger = false, disabled = false, children, onClose, onSubmit, describeError }: OrderDialogProps) {
  const { t } = useTranslation()
  const errorText = useErrorText()
  const dialog = useRef<HTMLDialogElement>(null)
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')

  useEffect(() => {
    dialog.current?.showModal()
  }, [])

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
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="order-dialog-title" onClose={onClose}>
      <h2 id="order-dialog-title" className={styles.dialogTitle}>
        {title}
      </h2>
      <form className={ui.form} onSubmit={(event) => void submit(event)} noValidate>
        {children}
        {message ? (
          <p className={ui.alert} role="alert">
            {message}
          </p>
        ) : null}
        <div className={ui.actions}>
          <button type="submit" className={`${ui.button} ${danger ? ui.danger : ui.primary}`} disabled={busy || disabled}>
            {submitLabel}
          </button>
          <button type="button" className={ui.button} onClick={() => dialog.current?.close()}>
            {t('order.close')}
          </button>
        </div>
      </form>
    </dialog>
  )
}
