import { useTranslation } from 'react-i18next'
import { data, type LoaderFunctionArgs, redirect, useLoaderData, useLocation, useNavigation, useRevalidator } from 'react-router'
import { type ResultsPage, rankingHomeClient, type Suggestion, searchResults } from '../../api/search.ts'
import { cutKeyword, RESULTS_MAX_PAGE } from '../../../shared/rules/search.ts'
import { useSite } from '../../app-state.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { BrokerLink, BrokerList } from '../../components/search-box/broker-list.tsx'
import { BrokerLabel, BrokerLogo } from '../../components/search-box/broker-parts.tsx'
import lists from '../../components/search-box/lists.module.css'
import { Pagination } from '../../components/search-box/pagination.tsx'
import { SearchField } from '../../components/search-box/search-box.tsx'
import { resultsHref } from '../../components/search-box/targets.ts'
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views/state-views.tsx'
import { useDelayedLoading } from '../../lib/loading-delay.ts'
import { loaderContextOf } from '../route-kit.ts'
import styles from './search-results.module.css'

const PAGE_SIZE = 20

interface ResultsData {
  keyword: string
  page: number
  results: ResultsPage | null
  /** For an empty keyword or no match: brokers worth a look. */
  recommended: Suggestion[]
  failed: boolean
}

export async function loader(args: LoaderFunctionArgs) {
  const { gateway, site } = loaderContextOf(args)
  const query = new URL(args.request.url).searchParams
  const keyword = cutKeyword(query.get('keyword') ?? '')
  // With a broker site configured, full searches happen there (docs/product.md#search-box); a form sent without JavaScript lands here first.
  if (site.config.brokerSiteUrl) throw redirect(resultsHref({ lang: site.lang, brokerSiteUrl: site.config.brokerSiteUrl }, keyword))
  const pageText = query.get('page') ?? '1'
  const page = /^[1-9]\d{0,1}$/.test(pageText) ? Number(pageText) : 0
  if (page < 1 || page > RESULTS_MAX_PAGE) throw data(null, { status: 404 })
  try {
    const results = keyword ? await gateway.call(searchResults, { keyword, page, pageSize: PAGE_SIZE }) : null
    if (results && page > 1 && page > results.pages) throw data(null, { status: 404 })
    const recommended = !results || results.total === 0 ? await gateway.call(rankingHomeClient, { content: '', project: 'expo', type: 'recommended' }) : []
    return { keyword, page, results, recommended, failed: false } satisfies ResultsData
  } catch (error) {
    if (!(error instanceof Error)) throw error
    return data({ keyword, page, results: null, recommended: [], failed: true } satisfies ResultsData, { status: 503 })
  }
}

/** search.html: the full search, paged, when no external broker site is configured. */
export function Component() {
  const { t } = useTranslation('search')
  const site = useSite()
  const loaded = useLoaderData() as ResultsData
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const location = useLocation()
  const changing = navigation.state === 'loading' && navigation.location?.pathname === location.pathname
  const busy = useDelayedLoading(changing)
  const { keyword, results } = loaded
  const targets = { lang: site.lang, brokerSiteUrl: null }
  return (
    <main id="main">
      <PageMeta
        title={keyword ? t('results.meta.title', { keyword }) : t('results.meta.titleEmpty')}
        description={t('results.meta.description', { brand: site.config.brandName })}
        noindex
      />
      <header className={lists.head}>
        <div className={lists.headInner}>
          <h1 className={lists.title}>{keyword ? t('results.title', { keyword }) : t('results.titleEmpty')}</h1>
          <div className={lists.headSearch}>
            {/* A new keyword remounts the box with it. */}
            <SearchField key={keyword} variant="page" placement="expo-results" initialText={keyword} />
          </div>
        </div>
      </header>
      <div className={lists.body}>
        {loaded.failed ? (
          <ErrorState message={t('results.failed')} onRetry={() => revalidator.revalidate()} retrying={revalidator.state === 'loading'} />
        ) : !keyword ? (
          <p className={lists.summary}>{t('results.prompt')}</p>
        ) : results && results.total > 0 ? (
          <>
            {results.brandZone ? (
              <section className={styles.zone} aria-labelledby="brand-zone">
                <p id="brand-zone" className={styles.zoneTag}>
                  {t('results.brandZone')}
                </p>
                <div className={styles.zoneBody}>
                  <BrokerLogo src={results.brandZone.ico} size={56} />
                  <div>
                    <h2 className={styles.zoneName}>
                      <BrokerLink broker={results.brandZone}>{results.brandZone.name}</BrokerLink>
                    </h2>
                    <BrokerLabel text={results.brandZone.annotation} color={results.brandZone.color} />
                  </div>
                </div>
              </section>
            ) : null}
            <p className={lists.summary} aria-live="polite">
              {results.capped ? t('results.countCapped', { total: results.total }) : t('results.count', { count: results.total })}
            </p>
            {busy ? <LoadingState label={t('trader.loading')} layout="rows" items={1} /> : null}
            <div className={changing ? lists.busy : undefined} aria-busy={changing}>
              <BrokerList items={results.items} label={t('results.listLabel', { keyword })} />
            </div>
            <Pagination page={results.page} pages={results.pages} hrefFor={(page) => resultsHref(targets, keyword, page)} />
          </>
        ) : (
          <EmptyState title={t('results.empty', { keyword })} text={t('results.emptyHint')} />
        )}
        {loaded.recommended.length ? (
          <section aria-labelledby="results-recommended">
            <h2 id="results-recommended" className={lists.sectionTitle}>
              {t('box.recommended')}
            </h2>
            <ul className={styles.recommended}>
              {loaded.recommended.map((broker) => (
                <li key={broker.code} className={styles.recommendedItem}>
                  <BrokerLogo src={broker.ico} size={40} />
                  <BrokerLink broker={broker} className={styles.recommendedLink}>
                    {broker.name}
                  </BrokerLink>
                  <BrokerLabel text={broker.annotation} color={broker.color} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </main>
  )
}
