import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ArticleDetail } from '../../api/editorial.ts'
import shared from '../../components/editorial/editorial.module.css'
import { FallbackNote, fallbackLang } from '../../components/editorial/fallback-note.tsx'
import { RelativeTime } from '../../components/relative-time/relative-time.tsx'
import styles from './article.module.css'

interface ArticleHeadProps {
  article: ArticleDetail
  renderedAt: string
  listHref: string
}

/** The article's topics (each a link to the list of that topic), title, date and reading time. */
export function ArticleHead({ article, renderedAt, listHref }: ArticleHeadProps) {
  const { t } = useTranslation('news')
  const lang = fallbackLang(article.fellBackTo)
  return (
    <header className={styles.head}>
      {article.tags.length ? (
        <ul className={styles.tags} aria-label={t('editorial:topics')}>
          {article.tags.map((tag) => (
            <li key={tag}>
              <Link to={`${listHref}?tag=${tag}`} className={shared.tag}>
                {t(`editorial:tags.${tag}`)}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <h1 id="article-title" className={styles.title} lang={lang}>
        {article.title}
      </h1>
      <p className={styles.meta}>
        <span>
          <span className="visually-hidden">{t('article.published')} </span>
          <RelativeTime date={article.publishedAt} renderedAt={renderedAt} />
        </span>
        <span aria-hidden="true">·</span>
        <span>{t('editorial:reading', { count: article.readingMinutes })}</span>
      </p>
      <FallbackNote locale={article.fellBackTo} what="article" />
    </header>
  )
}
