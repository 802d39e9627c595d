import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import styles from './lists.module.css'

/** The page numbers to show: the first, the last, and two either side of the current one. */
export function pageNumbers(page: number, pages: number): Array<number | 'gap'> {
  const wanted = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2].filter((value) => value >= 1 && value <= pages))
  const sorted = [...wanted].sort((a, b) => a - b)
  const out: Array<number | 'gap'> = []
  for (const [index, value] of sorted.entries()) {
    if (index > 0 && value - (sorted[index - 1] as number) > 1) out.push('gap')
    out.push(value)
  }
  return out
}

/** Pages as links (page in the query string), so every page can be shared and crawled. */
export function Pagination({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  const { t } = useTranslation()
  if (pages <= 1) return null
  return (
    <nav className={styles.pagination} aria-label={t('search:pagination.label')}>
      {page > 1 ? (
        <Link className={styles.pageLink} to={hrefFor(page - 1)} rel="prev">
          <span aria-hidden="true">‹</span> {t('search:pagination.previous')}
        </Link>
      ) : null}
      <ul className={styles.pageList}>
        {pageNumbers(page, pages).map((value, index) =>
          value === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
            <li key={`gap-${index}`} className={styles.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={value}>
              <Link
                className={`${styles.pageLink} ${value === page ? styles.current : ''}`}
                to={hrefFor(value)}
                aria-current={value === page ? 'page' : undefined}
                aria-label={t('search:pagination.page', { page: value })}
              >
                {value}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < pages ? (
        <Link className={styles.pageLink} to={hrefFor(page + 1)} rel="next">
          {t('search:pagination.next')} <span aria-hidden="true">›</span>
        </Link>
      ) : null}
    </nav>
  )
}
