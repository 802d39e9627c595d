import styles from './logo.module.css'

/** The brand mark: a gold ring with a rising bar chart; the brand name comes from configuration. */
export function Logo({ brandName, inverted = false }: { brandName: string; inverted?: boolean }) {
  return (
    <span className={`${styles.logo} ${inverted ? styles.inverted : ''}`}>
      <svg className={styles.mark} width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="14" fill="none" stroke="#c9a227" strokeWidth="3" />
        <rect x="9" y="16" width="3.5" height="7" rx="1" fill="#c9a227" />
        <rect x="14.25" y="12" width="3.5" height="11" rx="1" fill="#e0bc4a" />
        <rect x="19.5" y="8" width="3.5" height="15" rx="1" fill="#c9a227" />
      </svg>
      <span className={styles.name}>{brandName}</span>
    </span>
  )
}
