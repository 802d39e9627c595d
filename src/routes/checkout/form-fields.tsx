import type { ReactNode } from 'react'
import { checkoutStyles as ui } from './checkout-page.tsx'

/**
 * The checkout forms' controls (attendees, the company invoice): a visible label marked required
 * unless the field is optional, and the field's error under it, tied to the control with
 * aria-describedby (`${id}-error`) and aria-invalid.
 */
function Field({ id, label, error, optional, children }: { id: string; label: string; error: string | undefined; optional?: boolean; children: ReactNode }) {
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
        {optional ? null : (
          <span className={ui.required} aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className={ui.error}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

const invalid = (id: string, error: string | undefined) => ({
  'aria-invalid': error ? true : undefined,
  'aria-describedby': error ? `${id}-error` : undefined,
})

interface TextFieldProps {
  id: string
  label: string
  value: string
  error: string | undefined
  onChange(value: string): void
  type?: 'text' | 'email'
  placeholder?: string
  autoComplete?: string
  maxLength?: number
  optional?: boolean
  /** Several lines (an address). */
  multiline?: boolean
  /** Shown, not typed: a value the form cannot change (a transfer's address). */
  readOnly?: boolean
}

export function TextField({
  id,
  label,
  value,
  error,
  onChange,
  type = 'text',
  placeholder,
  autoComplete,
  maxLength,
  optional,
  multiline,
  readOnly,
}: TextFieldProps) {
  const control = {
    id,
    className: ui.input,
    value,
    placeholder,
    autoComplete,
    maxLength,
    readOnly,
    required: !optional,
    ...invalid(id, error),
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  }
  return (
    <Field id={id} label={label} error={error} optional={optional}>
      {multiline ? <textarea rows={3} {...control} /> : <input type={type} {...control} />}
    </Field>
  )
}

interface SelectFieldProps {
  id: string
  label: string
  placeholder: string
  value: string
  options: Array<{ value: string; label: string }>
  error: string | undefined
  onChange(value: string): void
}

export function SelectField({ id, label, placeholder, value, options, error, onChange }: SelectFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <select id={id} className={ui.select} value={value} required {...invalid(id, error)} onChange={(event) => onChange(event.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  )
}
