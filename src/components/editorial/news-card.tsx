import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ArticleCard } from '../../api/editorial.ts'
import { PLACEHOLDER } from '../image/placeholders.tsx'
import { Picture } from '../image/picture.tsx'
import { RelativeTime } from '../relative-time/relative-time.tsx'
import { FallbackNote, fallbackLang } from './fallback-note.tsx'
import styles from './editorial.module.css'

interface NewsCardProps {
  article: ArticleCard
  /** Where the article opens: `/{lang}/exhibition/{id}`, or its h5 / pop variant. */
  href: string
  renderedAt: string
  /** 'row' in the news list (picture beside the text on wide screens), 'tile' in grids. */
  layout?: 'row' | 'tile'
  headingLevel?: 'h2' | 'h3'
  /** The first cards of a list are above the fold: their pictures load at once. */
  priority?: boolean
}

/** One news article in a list: picture, title (the link), summary, time, reading time and topics. */
export function NewsCard({ article, href, renderedAt, layout = 'row', headingLevel = 'h2', priority = false }: NewsCardProps) {
  const { t } = useTranslation('editorial')
  const Heading = headingLevel
  const lang = fallbackLang(article.fellBackTo)
  return (
    <article className={layout === 'row' ? styles.cardRow : styles.cardTile}>
      <div className={styles.cardMedia}>
        <Picture
          src={article.cover?.src}
          alt=""
          width={article.cover?.width ?? 1200}
          height={article.cover?.height ?? 630}
          placeholder={PLACEHOLDER.article}
          priority={priority}
          className={styles.cardPicture}
        />
      </div>
      <div className={styles.cardText}>
        <Heading className={styles.cardTitle} lang={lang}>
          <Link to={href} className={styles.cardLink}>
            {article.title}
          </Link>
        </Heading>
        <p className={styles.cardSummary} lang={lang}>
          {article.summary}
        </p>
        <p className={styles.cardMeta}>
          <RelativeTime date={article.publishedAt} renderedAt={renderedAt} withDate />
          <span aria-hidden="true">·</span>
          <span>{t('reading', { count: article.readingMinutes })}</span>
        </p>
        {article.tags.length ? (
          <ul className={styles.tags} aria-label={t('topics')}>
            {article.tags.map((tag) => (
              <li key={tag} className={styles.tag}>
                {t(`tags.${tag}`)}
              </li>
            ))}
          </ul>
        ) : null}
        <FallbackNote locale={article.fellBackTo} what="article" compact />
      </div>
    </article>
  )
}
