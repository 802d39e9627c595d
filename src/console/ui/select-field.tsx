import { FieldRow } from './field-row.tsx'

/** A labelled choice from a short list of [value, label] pairs. */
interface SelectFieldProps {
  label: string
  name: string
  defaultValue: string
  options: Array<[string, string]>
  hint?: string
  error?: string | undefined
  onChange?(value: string): void
}

export function SelectField({ label, name, defaultValue, options, hint, error, onChange }: SelectFieldProps) {
  return (
    <FieldRow label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} name={name} defaultValue={defaultValue} onChange={onChange ? (event) => onChange(event.target.value) : undefined}>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FieldRow>
  )
}
