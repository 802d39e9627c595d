import { type InputHTMLAttributes, type Ref, useId } from 'react'
import styles from './ui.module.css'

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> {
  label: string
  hint?: string
  /** The translated error of this field, if any. */
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({ label, hint, error, ...input }: TextFieldProps) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input {...input} id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} />
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
