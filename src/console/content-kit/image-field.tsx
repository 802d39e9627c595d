import { useId } from 'react'
import ui from '../ui/ui.module.css'
import styles from './content-kit.module.css'

interface ImageFieldProps {
  label: string
  value: string | null
  onChange(src: string | null): void
  error?: string | undefined
  hint?: string
}

/** An image by its address (an uploaded /media/... picture, a site file or https), shown small beside the field. */
export function ImageField({ label, value, onChange, error, hint }: ImageFieldProps) {
  const id = useId()
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ')
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={ui.input}
        value={value ?? ''}
        inputMode="url"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onChange(event.target.value.trim() || null)}
      />
      {hint ? (
        <p className={ui.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={ui.fieldError} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {value && /^(\/(?!\/)|https:\/\/)/.test(value) ? <img className={styles.thumb} src={value} alt="" /> : null}
    </div>
  )
}
