import type { ReactNode } from 'react'
import ui from '../../ui/ui.module.css'

/** A labelled field of the content editor with its hint and error (ids `<id>-hint` and `<id>-error`, for aria-describedby). */
export function Field({ label, error, hint, children, id }: { label: string; error?: string | undefined; hint?: string; children: ReactNode; id: string }) {
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      {children}
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
    </div>
  )
}
