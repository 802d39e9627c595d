import { useTranslation } from 'react-i18next'
import { Link, useRevalidator } from 'react-router'
import { useSite } from '../../app-state.ts'
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views/state-views.tsx'
import { numberFormat } from '../../i18n/intl.ts'
import { useDelayedLoading } from '../../lib/loading-delay.ts'
import { ExhibitionGroup } from './exhibition-group.tsx'
import styles from './exhibitions.module.css'
import { filterSearch, hasFilters } from './filters.ts'
import type { ListData } from './list-data.ts'

interface ExhibitionResultsProps {
  data: ListData
  /** A new list is on its way (other filters, or a retry). */
  pending: boolean
  listPath: string
}

/** How many exhibitions match, then upcoming and past ones and the link to more; or loading, failed or empty. */
export function ExhibitionResults({ data, pending, listPath }: ExhibitionResultsProps) {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const revalidator = useRevalidator()
  const showLoading = useDelayedLoading(pending)
  const { filters, items, total } = data
  const upcoming = items.filter((item) => item.state !== 'ended')
  const past = items.filter((item) => item.state === 'ended')
  const number = numberFormat(site.htmlLang)

  return (
    <div className={styles.results} aria-busy={pending}>
      {data.error ? null : (
        <p className={styles.count} role="status">
          {t('list.count', { count: total, formatted: number.format(total) })}
        </p>
      )}
      {showLoading ? (
        <LoadingState label={t('list.loading')} items={3} />
      ) : data.error ? (
        <ErrorState message={t(data.error.code, data.error.values)} onRetry={() => revalidator.revalidate()} retrying={revalidator.state === 'loading'} />
      ) : items.length === 0 ? (
        <EmptyState
          title={hasFilters(filters) ? t('list.emptyFiltered') : t('list.empty')}
          text={hasFilters(filters) ? t('list.emptyFilteredHint') : undefined}
          action={
            hasFilters(filters) ? (
              <Link to={listPath} className={styles.clear}>
                {t('filters.clear')}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <>
          <ExhibitionGroup kind="upcoming" items={upcoming} first />
          <ExhibitionGroup kind="past" items={past} first={upcoming.length === 0} />
          <div className={styles.more}>
            {items.length < total ? (
              <Link to={`${listPath}${filterSearch(filters, data.page + 1)}`} className={styles.moreLink} preventScrollReset>
                {t('list.more')}
              </Link>
            ) : (
              <p className={styles.end}>{t('common:common.noMoreData')}</p>
            )}
          </div>
        </>
      )}
    </div>
  )
}
