import type { ReactNode } from 'react'
import ui from './ui.module.css'

interface RadioFieldProps<V extends string> {
  legend: string
  name: string
  /** The chosen value ('' or another: none chosen yet). */
  value: string
  /** [value, label] pairs, in the order shown. */
  options: ReadonlyArray<readonly [V, string]>
  onChange(value: NoInfer<V>): void
  /** What follows the choices inside the group: what the chosen one means, or the field it opens. */
  children?: ReactNode
}

/** One choice of a few, all in sight as radio buttons in a named group (a select hides them behind a click). */
export function RadioField<V extends string>({ legend, name, value, options, onChange, children }: RadioFieldProps<V>) {
  return (
    <fieldset className={ui.fieldset}>
      <legend className={ui.legend}>{legend}</legend>
      <div className={ui.choices}>
        {options.map(([option, label]) => (
          <label key={option} className={ui.choice}>
            <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} />
            {label}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  )
}
