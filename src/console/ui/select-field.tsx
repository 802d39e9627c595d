import { useId } from 'react'
import ui from './ui.module.css'

/** A labelled choice from a short list of [value, label] pairs. */
interface SelectFieldProps {
  label: string
  name: string
  defaultValue: string
  options: Array<[string, string]>
  onChange?(value: string): void
}

export function SelectField({ label, name, defaultValue, options, onChange }: SelectFieldProps) {
  const id = useId()
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <select id={id} name={name} className={ui.input} defaultValue={defaultValue} onChange={onChange ? (event) => onChange(event.target.value) : undefined}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}
