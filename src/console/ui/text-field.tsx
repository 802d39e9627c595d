import type { InputHTMLAttributes, Ref, TextareaHTMLAttributes } from 'react'
import { type ControlProps, FieldRow } from './field-row.tsx'

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> {
  label: string
  hint?: string
  /** The translated error of this field, if any. */
  error?: string | undefined
  ref?: Ref<HTMLInputElement>
  /** A class of the screen's own beside the input's (a narrow date, say). */
  className?: string
}

const withClass = (control: ControlProps, className: string | undefined) =>
  className ? { ...control, className: `${control.className} ${className}` } : control

/** A labelled input with its hint and error tied to it for screen readers. */
export function TextField({ label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <FieldRow label={label} hint={hint} error={error}>
      {(control) => <input {...input} {...withClass(control, className)} />}
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
  ref?: Ref<HTMLTextAreaElement>
}

/** A labelled text area (a note, a reason) with its hint and error tied to it for screen readers. */
export function TextAreaField({ label, hint, error, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldRow label={label} hint={hint} error={error}>
      {(control) => <textarea {...textarea} {...withClass(control, className)} />}
    </FieldRow>
  )
}
