import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from './apply.module.css'

/**
 * Form controls of the sign-up forms. Every control has a visible label; a field's error is shown
 * under it, linked with aria-describedby and marked aria-invalid, so screen readers read it with the
 * field. The control's id is `${id}`, which is also where the focus goes when it has the first error.
 */

function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {children}
      {required ? (
        <span className={styles.required} aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </label>
  )
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null
  return (
    <p id={id} className={styles.error}>
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false" className={styles.errorIcon}>
        <circle cx="8" cy="8" r="7" fill="currentColor" />
        <path d="M8 4.2v4.6M8 10.9v.9" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <span>{message}</span>
    </p>
  )
}

const describedBy = (...ids: Array<string | false | undefined>) => ids.filter(Boolean).join(' ') || undefined

interface TextFieldProps {
  id: string
  label: string
  value: string
  onChange(value: string): void
  error?: string | undefined
  hint?: string | undefined
  required?: boolean
  optional?: boolean
  type?: 'text' | 'email' | 'url'
  inputMode?: 'text' | 'email' | 'url' | 'decimal'
  autoComplete?: string
  maxLength: number
  className?: string
}

export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  optional,
  type = 'text',
  inputMode,
  autoComplete,
  maxLength,
  className,
}: TextFieldProps) {
  const { t } = useTranslation('apply')
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <Label htmlFor={id} required={required}>
        {label}
        {optional ? <span className={styles.optional}>{t('form.optional')}</span> : null}
      </Label>
      <input
        id={id}
        name={id}
        className={`${styles.input} ${error ? styles.invalid : ''}`}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        // The address is typed as people know it; the form checks it, not the browser's bubbles.
        spellCheck={type === 'email' || type === 'url' ? false : undefined}
        autoCapitalize={type === 'email' || type === 'url' ? 'none' : undefined}
        value={value}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        aria-required={required ? true : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
      />
      {/* Under the control, so that controls side by side line up. */}
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

interface SelectFieldProps {
  id: string
  label: string
  placeholder: string
  value: string
  options: Array<{ value: string; label: string }>
  onChange(value: string): void
  error?: string | undefined
  required?: boolean
}

export function SelectField({ id, label, placeholder, value, options, onChange, error, required }: SelectFieldProps) {
  return (
    <div className={styles.field}>
      <Label htmlFor={id} required={required}>
        {label}
      </Label>
      <div className={styles.selectWrap}>
        <select
          id={id}
          name={id}
          className={`${styles.input} ${styles.select} ${error ? styles.invalid : ''}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-required={required ? true : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`)}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <svg className={styles.selectChevron} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

interface ChoiceFieldProps {
  id: string
  legend: string
  value: string
  options: Array<{ value: string; label: string; hint?: string }>
  onChange(value: string): void
  error?: string | undefined
  required?: boolean
  /** Cards in a grid (booth sizes) or a row of compact choices. */
  layout?: 'cards' | 'inline'
}

/** Radio buttons in a fieldset; the first one carries the field's id (for the focus on an error). */
export function ChoiceField({ id, legend, value, options, onChange, error, required, layout = 'inline' }: ChoiceFieldProps) {
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.label}>
        {legend}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </legend>
      <div className={layout === 'cards' ? styles.choiceCards : styles.choiceInline}>
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${id}-${option.value}`
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={`${styles.choice} ${value === option.value ? styles.choiceChecked : ''} ${error ? styles.choiceInvalid : ''}`}
            >
              <input
                id={optionId}
                type="radio"
                name={id}
                value={option.value}
                className={styles.radio}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-describedby={describedBy(error && `${id}-error`)}
              />
              <span className={styles.choiceText}>
                <span className={styles.choiceLabel}>{option.label}</span>
                {option.hint ? <span className={styles.choiceHint}>{option.hint}</span> : null}
              </span>
            </label>
          )
        })}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  )
}

/**
 * The honeypot: a field that people never see, never reach with the keyboard and that screen readers
 * skip; a bot that fills every field fills it too, and the platform then quietly drops the submission.
 */
export function Honeypot({ id, value, onChange }: { id: string; value: string; onChange(value: string): void }) {
  const { t } = useTranslation('apply')
  return (
    <div className={styles.trap} aria-hidden="true">
      <label htmlFor={id}>{t('form.honeypot')}</label>
      <input id={id} name="fax" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  )
}
