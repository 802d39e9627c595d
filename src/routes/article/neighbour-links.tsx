import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ArticleDetail } from '../../api/editorial.ts'
import styles from './article.module.css'

/** The previous and the next article; nothing when there is neither. */
export function NeighbourLinks({ article, prefix }: { article: ArticleDetail; prefix: string }) {
  const { t } = useTranslation('news')
  if (!article.previous && !article.next) return null
  return (
    <nav className={styles.neighbours} aria-label={t('article.moreNews')}>
      {article.previous ? (
        <Link to={`${prefix}${article.previous.id}`} className={styles.neighbour} rel="prev">
          <span className={styles.neighbourLabel}>{t('article.previous')}</span>
          <span className={styles.neighbourTitle}>{article.previous.title}</span>
        </Link>
      ) : (
        <span />
      )}
      {article.next ? (
        <Link to={`${prefix}${article.next.id}`} className={`${styles.neighbour} ${styles.next}`} rel="next">
          <span className={styles.neighbourLabel}>{t('article.next')}</span>
          <span className={styles.neighbourTitle}>{article.next.title}</span>
        </Link>
      ) : null}
    </nav>
  )
}
