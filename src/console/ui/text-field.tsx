import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react'
import { FieldRow } from './field-row.tsx'

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> {
  label: string
  hint?: string
  /** The translated error of this field, if any. */
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({ label, hint, error, ...input }: TextFieldProps) {
  return (
    <FieldRow label={label} hint={hint} error={error}>
      {(control) => <input {...input} {...control} />}
    </FieldRow>
  )
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className' | 'id'> {
  label: string
  hint?: string
  /** The translated error of this field, if any. */
  error?: string | undefined
  /** A class of the screen's own beside the input's (its height, say). */
  className?: string
}

/** A labelled text area (a note, a reason) with its hint and error tied to it for screen readers. */
export function TextAreaField({ label, hint, error, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldRow label={label} hint={hint} error={error}>
      {(control) => <textarea {...textarea} {...control} className={className ? `${control.className} ${className}` : control.className} />}
    </FieldRow>
  )
}
