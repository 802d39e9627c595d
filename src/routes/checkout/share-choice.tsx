import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { LEAD_FIELDS, type LeadField } from '../../../shared/rules/leads.ts'
import styles from './share-choice.module.css'

/**
 * What exhibitors who scan this badge may receive (docs/product.md#leads): each field ticked on its own,
 * nothing by default, with the one sentence that says so. The attendee form and My tickets both use it.
 */
export function ShareChoice({ value, onChange, disabled = false }: { value: readonly LeadField[]; onChange(next: LeadField[]): void; disabled?: boolean }) {
  const { t } = useTranslation('tickets')
  const id = useId()
  return (
    <fieldset className={styles.shares} aria-describedby={`${id}-explain`}>
      <legend className={styles.legend}>{t('shares.legend')}</legend>
      <p id={`${id}-explain`} className={styles.explain}>
        {t('shares.explain')}
      </p>
      <div className={styles.choices}>
        {LEAD_FIELDS.map((field) => (
          <label key={field} className={styles.choice}>
            <input
              type="checkbox"
              name={`${id}-${field}`}
              checked={value.includes(field)}
              disabled={disabled}
              onChange={(event) => onChange(LEAD_FIELDS.filter((each) => (each === field ? event.target.checked : value.includes(each))))}
            />
            {t(`shares.${field}`)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
