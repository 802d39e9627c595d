import { type ReactNode, useId } from 'react'
import styles from './ui.module.css'

/** What a field row hands its control: the id its label points at, and its description and error state for screen readers. */
export interface ControlProps {
  id: string
  className: string
  'aria-describedby': string | undefined
  'aria-invalid': true | undefined
}

interface FieldRowProps {
  label: string
  hint?: string | undefined
  /** The translated error of this field, if any. */
  error?: string | undefined
  /** The control (input, select, textarea), given the ids and states it must carry. */
  children(control: ControlProps): ReactNode
}

/**
 * One row of a console form: the label, the control, its hint and its error under it, the hint and the
 * error tied to the control (aria-describedby) and an error marking it invalid, so a screen reader
 * reads them with the field. Every form field of the console is one (ui/text-field.tsx, ui/select-field.tsx).
 */
export function FieldRow({ label, hint, error, children }: FieldRowProps) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, className: styles.input ?? '', 'aria-describedby': described || undefined, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={styles.fieldError} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}
