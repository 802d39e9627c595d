import { useTranslation } from 'react-i18next'
import type { ArticleDetail } from '../../api/editorial.ts'
import shared from '../../components/editorial/editorial.module.css'
import { NewsCard } from '../../components/editorial/news-card.tsx'
import styles from './article.module.css'

interface RelatedNewsProps {
  related: ArticleDetail['related']
  prefix: string
  renderedAt: string
}

/** Related articles as tiles; nothing when there are none. */
export function RelatedNews({ related, prefix, renderedAt }: RelatedNewsProps) {
  const { t } = useTranslation('news')
  if (!related.length) return null
  return (
    <section className={styles.related} aria-labelledby="related-title">
      <h2 id="related-title" className={styles.relatedTitle}>
        {t('article.related')}
      </h2>
      <ul className={shared.tiles}>
        {related.map((item) => (
          <li key={item.id}>
            <NewsCard article={item} href={`${prefix}${item.id}`} renderedAt={renderedAt} layout="tile" headingLevel="h3" />
          </li>
        ))}
      </ul>
    </section>
  )
}
