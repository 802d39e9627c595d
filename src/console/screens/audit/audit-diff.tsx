import { useTranslation } from 'react-i18next'
import { diffEntries } from '../../lib/diff.ts'
import styles from './audit.module.css'

/** Before and after of one audit record as the changed values only, each old value struck through and the new one beside it. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation()
  const entries = diffEntries(before, after)
  if (!entries.length) return <span className={styles.none}>{t('audit.noChange')}</span>
  return (
    <dl className={styles.diff}>
      {entries.map((entry) => (
        <div key={entry.path} className={styles.diffRow}>
          <dt className={styles.path}>{entry.path}</dt>
          <dd className={styles.values}>
            {entry.before !== null ? (
              <del className={styles.before}>
                <span className="visually-hidden">{t('audit.before')} </span>
                {entry.before}
              </del>
            ) : null}
            {entry.after !== null ? (
              <ins className={styles.after}>
                <span className="visually-hidden">{t('audit.after')} </span>
                {entry.after}
              </ins>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  )
}
