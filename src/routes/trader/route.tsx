import { useTranslation } from 'react-i18next'
import { data, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigation, useRevalidator } from 'react-router'
import { type RankingPage, ranking } from '../../api/search.ts'
import { useSite } from '../../app-state.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { BrokerList } from '../../components/search-box/broker-list.tsx'
import lists from '../../components/search-box/lists.module.css'
import { Pagination } from '../../components/search-box/pagination.tsx'
import { SearchField } from '../../components/search-box/search-box.tsx'
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views/state-views.tsx'
import { useDelayedLoading } from '../../lib/loading-delay.ts'
import { loaderContextOf } from '../route-kit.ts'

const PAGE_SIZE = 20

interface TraderData {
  page: number
  ranking: RankingPage | null
}

/** `?page=` as a page number; anything else is not a page of this list. */
function parsePage(value: string | null): number | null {
  if (value === null) return 1
  return /^[1-9]\d{0,2}$/.test(value) && Number(value) <= 500 ? Number(value) : null
}

export async function loader(args: LoaderFunctionArgs) {
  const { gateway } = loaderContextOf(args)
  const page = parsePage(new URL(args.request.url).searchParams.get('page'))
  if (page === null) throw data(null, { status: 404 })
  let result: RankingPage
  try {
    result = await gateway.call(ranking, { page, pageSize: PAGE_SIZE })
  } catch {
    // Shown with a retry; 503 keeps the failure out of the page cache.
    return data({ page, ranking: null } satisfies TraderData, { status: 503 })
  }
  if (page > 1 && page > result.pages) throw data(null, { status: 404 })
  return { page, ranking: result } satisfies TraderData
}

/** trader.html: the broker ranking, from the ranking endpoint, paged, with the search box. */
export function Component() {
  const { t } = useTranslation('search')
  const site = useSite()
  const loaded = useLoaderData() as TraderData
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const location = useLocation()
  const changingPage = navigation.state === 'loading' && navigation.location?.pathname === location.pathname
  const busy = useDelayedLoading(changingPage)
  const result = loaded.ranking
  return (
    <main id="main">
      <PageMeta
        title={loaded.page > 1 ? t('trader.meta.titlePage', { page: loaded.page }) : t('trader.meta.title')}
        description={t('trader.meta.description', { brand: site.config.brandName })}
      />
      <header className={lists.head}>
        <div className={lists.headInner}>
          <h1 className={lists.title}>{t('trader.title')}</h1>
          <p className={lists.intro}>{t('trader.intro')}</p>
          <div className={lists.headSearch}>
            <SearchField variant="page" placement="expo-trader" />
          </div>
        </div>
      </header>
      <div className={lists.body}>
        {!result ? (
          <ErrorState message={t('trader.failed')} onRetry={() => revalidator.revalidate()} retrying={revalidator.state === 'loading'} />
        ) : result.items.length === 0 ? (
          <EmptyState title={t('trader.empty')} />
        ) : (
          <>
            <p className={lists.summary} aria-live="polite">
              {t('pagination.summary', { page: result.page, pages: result.pages, total: result.total })}
            </p>
            {busy ? <LoadingState label={t('trader.loading')} layout="rows" items={1} /> : null}
            <div className={changingPage ? lists.busy : undefined} aria-busy={changingPage}>
              <BrokerList items={result.items} ranked label={t('trader.listLabel')} />
            </div>
            <Pagination page={result.page} pages={result.pages} hrefFor={(page) => `/${site.lang}/trader.html${page > 1 ? `?page=${page}` : ''}`} />
          </>
        )}
      </div>
    </main>
  )
}
