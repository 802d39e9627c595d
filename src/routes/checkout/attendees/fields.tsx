import type { ReactNode } from 'react'
import { checkoutStyles as ui } from '../checkout-page.tsx'

/**
 * The attendee form's controls: a visible label marked required, and the field's error under it,
 * tied to the control with aria-describedby (`${id}-error`) and aria-invalid.
 */
function Field({ id, label, error, children }: { id: string; label: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
        <span className={ui.required} aria-hidden="true">
          {' *'}
        </span>
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
}

export function TextField({ id, label, value, error, onChange, type = 'text', placeholder, autoComplete, maxLength }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        id={id}
        className={ui.input}
        type={type}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        maxLength={maxLength}
        required
        {...invalid(id, error)}
        onChange={(event) => onChange(event.target.value)}
      />
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
