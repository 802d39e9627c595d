import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigation, useRevalidator } from 'react-router'
import { useDelayedLoading } from '../../lib/loading-delay.ts'
import { pageHref } from './paging.ts'
import styles from './editorial.module.css'

interface LoadMoreProps {
  /** Items on the page now and in all. */
  shown: number
  total: number
  hasMore: boolean
  /** The last page shown; "load more" links to the next. */
  lastPage: number
  /** Translation key of a failure while loading more, or null. */
  error: string | null
  /** The link's text, naming what the list holds ("Load more news"). */
  moreLabel: string
}

/**
 * The end of a paged list: "load more" (an ordinary link to `?page=N+1`, so it works before the
 * page's JavaScript and can be shared), a retry when loading failed, or docs/product.md#user-messages "No more data".
 */
export function LoadMore({ shown, total, hasMore, lastPage, error, moreLabel }: LoadMoreProps) {
  const { t } = useTranslation('editorial')
  const location = useLocation()
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const pending =
    (navigation.state === 'loading' && navigation.location?.pathname === location.pathname && navigation.location.search !== location.search) ||
    revalidator.state === 'loading'
  const loading = useDelayedLoading(pending)

  return (
    <div className={styles.loadMore}>
      {shown > 0 ? (
        <p className={styles.count} aria-live="polite">
          {t('list.showing', { shown, total })}
        </p>
      ) : null}
      {error ? (
        <div className={styles.loadError} role="alert">
          <p>{t(error.includes(':') ? error : `common:${error}`)}</p>
          <button type="button" className={styles.moreButton} onClick={() => revalidator.revalidate()} disabled={revalidator.state === 'loading'}>
            {revalidator.state === 'loading' ? t('common:common.loading') : t('common:common.retry')}
          </button>
        </div>
      ) : hasMore ? (
        <Link
          to={pageHref(location.search, lastPage + 1)}
          preventScrollReset
          className={styles.moreButton}
          aria-busy={loading || undefined}
          aria-disabled={loading || undefined}
        >
          {loading ? t('common:common.loading') : moreLabel}
        </Link>
      ) : shown > 0 ? (
        <p className={styles.noMore}>{t('common:common.noMoreData')}</p>
      ) : null}
    </div>
  )
}
