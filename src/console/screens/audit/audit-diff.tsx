import { useTranslation } from 'react-i18next'
import { diffEntries } from '../../lib/diff.ts'
import styles from './audit.module.css'

/** Before and after of one audit record as the changed values only, each old value struck through and the new one beside it. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t, i18n } = useTranslation()
  const entries = diffEntries(before, after)
  // Fields the console knows read in the member's language; others keep the name they were recorded with.
  const label = (path: string) => (i18n.exists(`audit.fields.${path}`) ? t(`audit.fields.${path}`) : path)
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
