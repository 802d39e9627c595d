import { useTranslation } from 'react-i18next'
import type { ExhibitionCard as Card } from '../../api/exhibitions.ts'
import { ExhibitionCard } from '../../components/exhibition-card/exhibition-card.tsx'
import styles from './exhibitions.module.css'

interface ExhibitionGroupProps {
  kind: 'upcoming' | 'past'
  items: Card[]
  /** The first group on the page: its first card's image loads with priority. */
  first: boolean
}

/** Upcoming or past exhibitions under their heading; nothing when there are none. */
export function ExhibitionGroup({ kind, items, first }: ExhibitionGroupProps) {
  const { t } = useTranslation('exhibitions')
  return items.length ? (
    <section className={styles.group} aria-labelledby={`group-${kind}`}>
      <h2 id={`group-${kind}`} className={styles.groupTitle}>
        {t(`list.${kind}`)}
      </h2>
      <ul className={styles.grid}>
        {items.map((item, index) => (
          <li key={item.id}>
            <ExhibitionCard exhibition={item} priority={first && index === 0} />
          </li>
        ))}
      </ul>
    </section>
  ) : null
}
