import ui from './ui.module.css'

/**
 * What refused an action or a form as a whole (not one field's), announced at once; nothing when all is
 * well. `beside` words it as small as a field's error, for a row of buttons (downloads) that it follows.
 */
export function Alert({ message, beside = false }: { message?: string | null | undefined; beside?: boolean }) {
  return message ? (
    <p className={beside ? ui.fieldError : ui.alert} role="alert">
      {message}
    </p>
  ) : null
}

interface Props {
  /** What refused the form as a whole (not one field's), or nothing. */
  message?: string | null | undefined
  busy: boolean
  save: string
  /** The button that leaves without sending, where the form has one (an editor; not an invitation, which stays). */
  cancel?: string | undefined
  onCancel?(): void
  /** The red button of a form that takes something away (a block). */
  danger?: boolean
}

/** The end of a console form: the refusal that is no field's, then Save (held while it is sent) and Cancel, if it has one. */
export function FormEnd({ message, busy, save, cancel, onCancel, danger = false }: Props) {
  return (
    <>
      <Alert message={message} />
      <div className={ui.actions}>
        <button type="submit" className={`${ui.button} ${danger ? ui.danger : ui.primary}`} disabled={busy}>
          {save}
        </button>
        {cancel ? (
          <button type="button" className={ui.button} onClick={onCancel}>
            {cancel}
          </button>
        ) : null}
      </div>
    </>
  )
}
