import type { ReactNode } from 'react'
import styles from './facts.module.css'

/** A record's facts as label above value, as many per row as fit (an order, an application, a visitor). */
export function Facts({ rows }: { rows: ReadonlyArray<readonly [label: string, value: ReactNode]> }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}
