import { useTranslation } from 'react-i18next'
import type { ConsoleLanguage } from '../../../../shared/rules/console-access.ts'
import { isCurrency } from '../../../../shared/rules/money.ts'
import { diffEntries } from '../../lib/diff.ts'
import { formatMoney } from '../../lib/money.ts'
import styles from './audit.module.css'

const objectOf = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

/** The currency a record's amounts are in (orders record it beside their minor units). */
function currencyOf(before: unknown, after: unknown): string | null {
  const currency = objectOf(after).currency ?? objectOf(before).currency
  return typeof currency === 'string' && isCurrency(currency) ? currency : null
}

/** Before and after of one audit record as the changed values only, each old value struck through and the new one beside it. */
export function AuditDiff({ before, after, language }: { before: unknown; after: unknown; language: ConsoleLanguage }) {
  const { t, i18n } = useTranslation()
  const entries = diffEntries(before, after)
  const currency = currencyOf(before, after)
  // Fields the console knows read in the member's language (a nested one by its own name); others keep the name they were recorded with.
  const label = (path: string) => {
    const leaf = path.split('.').pop() ?? path
    if (i18n.exists(`audit.fields.${path}`)) return t(`audit.fields.${path}`)
    return i18n.exists(`audit.fields.${leaf}`) ? t(`audit.fields.${leaf}`) : path
  }
  // Amounts are stored in minor units; people read them as money in the record's currency.
  const value = (path: string, text: string) =>
    currency && path.endsWith('Minor') && /^-?\d+$/.test(text) ? formatMoney(Number(text), currency, language) : text
  if (!entries.length) return <span className={styles.none}>{t('audit.noChange')}</span>
  return (
    <dl className={styles.diff}>
      {entries.map((entry) => (
        <div key={entry.path} className={styles.diffRow}>
          <dt className={styles.path}>{label(entry.path)}</dt>
          <dd className={styles.values}>
            {entry.before !== null ? (
              <del className={styles.before}>
                <span className="visually-hidden">{t('audit.before')} </span>
                {value(entry.path, entry.before)}
              </del>
            ) : null}
            {entry.after !== null ? (
              <ins className={styles.after}>
                <span className="visually-hidden">{t('audit.after')} </span>
                {value(entry.path, entry.after)}
              </ins>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}
