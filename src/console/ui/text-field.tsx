import type { InputHTMLAttributes, Ref } from 'react'
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
