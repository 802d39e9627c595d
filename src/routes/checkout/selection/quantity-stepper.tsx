import { useId } from 'react'
import styles from './quantity-stepper.module.css'

interface QuantityStepperProps {
  value: number
  min?: number
  max: number
  /** The visible name of what is counted (the ticket type). */
  label: string
  decreaseLabel: string
  increaseLabel: string
  disabled?: boolean
  onChange(value: number): void
  /** Id of a text that explains a limit (aria-describedby). */
  describedBy?: string | undefined
  id?: string
  /** The field's name and form (its id) when a form posts it without JavaScript. */
  name?: string
  form?: string
}

/**
 * − [n] + for a quantity: the number is a native spin button (arrow keys, Page Up/Down, typing),
 * the two buttons are 44 px touch targets with their own names. Values outside min..max never leave.
 */
export function QuantityStepper({
  value,
  min = 0,
  max,
  label,
  decreaseLabel,
  increaseLabel,
  disabled,
  onChange,
  describedBy,
  id,
  name,
  form,
}: QuantityStepperProps) {
  const autoId = useId()
  const inputId = id ?? `${autoId}-quantity`
  const clamp = (next: number) => Math.min(max, Math.max(min, Number.isFinite(next) ? Math.round(next) : min))
  return (
    <div className={styles.stepper}>
      <button
        type="button"
        className={styles.button}
        onClick={() => onChange(clamp(value - 1))}
        disabled={disabled || value <= min}
        aria-label={decreaseLabel}
        aria-controls={inputId}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M5 12h14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
      <input
        id={inputId}
        name={name}
        form={form}
        className={styles.value}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        disabled={disabled}
        aria-label={label}
        aria-describedby={describedBy}
        onChange={(event) => onChange(clamp(Number(event.target.value)))}
        onFocus={(event) => event.target.select()}
      />
      <button
        type="button"
        className={styles.button}
        onClick={() => onChange(clamp(value + 1))}
        disabled={disabled || value >= max}
        aria-label={increaseLabel}
        aria-controls={inputId}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M5 12h14M12 5v14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  )
}
