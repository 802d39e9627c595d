import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData, useLocation, useNavigation, useRevalidator } from 'react-router'
import { type ExhibitionList, listExhibitions } from '../../api/exhibitions.ts'
import { EXHIBITIONS_PAGE_SIZE } from '../../../shared/rules/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { loaderContextOf } from '../route-kit.ts'
import { ExhibitionResults } from './exhibition-results.tsx'
import styles from './exhibitions.module.css'
import { FiltersForm } from './filters-form.tsx'
import { queryOf, readFilters } from './filters.ts'
import { type ListData, problemOf } from './list-data.ts'

/** Pages 1..page of the filtered list, fetched side by side (a shared `?page=3` shows all three). */
export async function loader(args: LoaderFunctionArgs): Promise<ListData> {
  const { gateway } = loaderContextOf(args)
  const { filters, page } = readFilters(new URL(args.request.url).searchParams)
  try {
    const pages = await Promise.all(
      Array.from({ length: page }, (_, index) =>
        gateway.call(listExhibitions, queryOf(filters, index + 1, EXHIBITIONS_PAGE_SIZE), { signal: args.request.signal }),
      ),
    )
    const first = pages[0] as ExhibitionList
    return { filters, page, items: pages.flatMap((result) => result.items), total: first.total, facets: first.facets, error: null }
  } catch (error) {
    return { filters, page, items: [], total: 0, facets: { years: [], regions: [] }, error: problemOf(error) }
  }
}

/** Brand exhibitions (docs/product.md#routes): every exhibition, upcoming first, filtered by year, region, state and type. */
export function Component() {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const data = useLoaderData() as ListData
  const navigation = useNavigation()
  const location = useLocation()
  const revalidator = useRevalidator()
  const listPath = `/${site.lang}/brandExhibition.html`
  const pending = (navigation.state === 'loading' && navigation.location.pathname === location.pathname) || revalidator.state === 'loading'

  return (
    <main id="main" className={styles.page}>
      <PageMeta title={t('list.meta.title')} description={t('list.meta.description', { brand: site.config.brandName })} />
      <header className={styles.head}>
        <div className="container">
          <h1 className={styles.title}>{t('list.title')}</h1>
          <p className={styles.intro}>{t('list.intro', { brand: site.config.brandName })}</p>
        </div>
      </header>
      <div className="container">
        <FiltersForm filters={data.filters} facets={data.facets} listPath={listPath} />
        <ExhibitionResults data={data} pending={pending} listPath={listPath} />
      </div>
    </main>
  )
}
