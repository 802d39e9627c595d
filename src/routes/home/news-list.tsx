import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import { dateFormat } from '../../i18n/intl.ts'
import type { NewsTeaser } from './home-data.ts'
import styles from './home.module.css'

/** The latest news as cards: cover, date, title and summary. */
export function NewsList({ articles }: { articles: NewsTeaser[] }) {
  const site = useSite()
  const dateOf = (instant: string) => dateFormat(site.htmlLang, { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(instant))
  return (
    <ul className={styles.cards}>
      {articles.map((article) => (
        <li key={article.id}>
          <article className={styles.article}>
            <Picture
              src={article.cover?.src}
              alt=""
              width={article.cover?.width ?? 640}
              height={article.cover?.height ?? 360}
              placeholder={PLACEHOLDER.article}
              className={styles.articleImage}
            />
            <div className={styles.articleBody}>
              <time dateTime={article.publishedAt} className={styles.articleDate}>
                {dateOf(article.publishedAt)}
              </time>
              <h3 className={styles.articleTitle}>
                <Link to={`/${site.lang}/exhibition/${article.id}`} className={styles.cardLink}>
                  {article.title}
                </Link>
              </h3>
              <p className={styles.articleSummary}>{article.summary}</p>
            </div>
          </article>
        </li>
      ))}
    </ul>
  )
}
