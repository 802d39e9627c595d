import ui from './ui.module.css'

interface Props {
  /** What refused the form as a whole (not one field's), or nothing. */
  message?: string | null | undefined
  busy: boolean
  save: string
  cancel: string
  onCancel(): void
}

/** The end of a console form: the refusal that is no field's, then Save (held while it is sent) and Cancel. */
export function FormEnd({ message, busy, save, cancel, onCancel }: Props) {
  return (
    <>
      {message ? (
        <p className={ui.alert} role="alert">
          {message}
        </p>
      ) : null}
      <div className={ui.actions}>
        <button type="submit" className={`${ui.button} ${ui.primary}`} disabled={busy}>
          {save}
        </button>
        <button type="button" className={ui.button} onClick={onCancel}>
          {cancel}
        </button>
      </div>
    </>
  )
}
