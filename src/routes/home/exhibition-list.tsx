import { ExhibitionCard, type ExhibitionCardView } from '../../components/exhibition-card/exhibition-card.tsx'
import styles from './home.module.css'

export function ExhibitionList({ exhibitions }: { exhibitions: ExhibitionCardView[] }) {
  return (
    <ul className={styles.cards}>
      {exhibitions.map((item) => (
        <li key={item.id}>
          <ExhibitionCard exhibition={item} />
        </li>
      ))}
    </ul>
  )
}
