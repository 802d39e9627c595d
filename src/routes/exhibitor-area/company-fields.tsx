import { useTranslation } from 'react-i18next'
import type { Country } from './area-load.ts'
import styles from './exhibitor-area.module.css'

/**
 * The company an invoice is made out to (docs/product.md#invoices): asked wherever the exhibitor buys,
 * a booth or a priced form, and read from the form by these names.
 */
export function CompanyFields({ countries }: { countries: Country[] }) {
  const { t } = useTranslation('exhibitor')
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t('booth.company')}</legend>
      <p className={styles.hint}>{t('booth.companyHint')}</p>
      <div className={styles.grid}>
        <label className={styles.field}>
          <span className={styles.label}>{t('booth.companyName')}</span>
          <input className={styles.input} name="companyName" autoComplete="organization" required />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('booth.taxId')}</span>
          <input className={styles.input} name="taxId" />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('booth.address')}</span>
          <textarea className={`${styles.input} ${styles.boothAddress}`} name="address" autoComplete="street-address" required />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('booth.country')}</span>
          <select className={styles.input} name="country" required defaultValue="">
            <option value="" disabled>
              {t('booth.countryPick')}
            </option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
        </label>
      </div>
    </fieldset>
  )
}
