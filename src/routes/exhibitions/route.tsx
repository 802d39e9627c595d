import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Form, Link, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigation, useRevalidator, useSubmit } from 'react-router'
import type { GatewayError } from '../../api/gateway-error.ts'
import { type ExhibitionCard as Card, type ExhibitionList, listExhibitions } from '../../api/exhibitions.ts'
import { EXHIBITION_STATES, EXHIBITION_TYPES, EXHIBITIONS_PAGE_SIZE } from '../../api/rules/exhibitions.ts'
import { useSite } from '../../app-state.ts'
import { ExhibitionCard } from '../../components/exhibition-card/exhibition-card.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { EmptyState, ErrorState, LoadingState } from '../../components/state-views/state-views.tsx'
import { useDelayedLoading } from '../../lib/loading-delay.ts'
import { loaderContextOf } from '../route-kit.ts'
import styles from './exhibitions.module.css'
import { type Filters, filterSearch, hasFilters, queryOf, readFilters } from './filters.ts'
import { numberFormat } from '../../i18n/intl.ts'

interface ListData {
  filters: Filters
  page: number
  items: Card[]
  total: number
  facets: ExhibitionList['facets']
  /** What went wrong (a translation key and its values), or null. */
  error: { code: string; values: Record<string, string | number> } | null
}

/** The key and the values of a failed call's message (e.g. the seconds of a rate limit). */
function problemOf(error: unknown): { code: string; values: Record<string, string | number> } {
  const failure = error as GatewayError
  const data = (failure?.body as { data?: unknown } | null)?.data
  const values: Record<string, string | number> = {}
  if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) if (typeof value === 'string' || typeof value === 'number') values[key] = value
  }
  return { code: failure?.code ?? 'errors.unexpected', values }
}

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

/** Brand exhibitions (PRODUCT.md): every exhibition, upcoming first, filtered by year, region, state and type. */
export function Component() {
  const { t } = useTranslation('exhibitions')
  const site = useSite()
  const data = useLoaderData() as ListData
  const navigation = useNavigation()
  const location = useLocation()
  const revalidator = useRevalidator()
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const listPath = `/${site.lang}/brandExhibition.html`
  const pending = (navigation.state === 'loading' && navigation.location.pathname === location.pathname) || revalidator.state === 'loading'
  const showLoading = useDelayedLoading(pending)
  const { filters, items, total, facets } = data
  const upcoming = items.filter((item) => item.state !== 'ended')
  const past = items.filter((item) => item.state === 'ended')
  const years = [...new Set([...facets.years, ...(filters.year ? [filters.year] : [])])].sort((a, b) => b - a)
  const regions = [...new Set([...facets.regions, ...(filters.region ? [filters.region] : [])])]
  const number = numberFormat(site.htmlLang)
  const ids = { year: useId(), region: useId(), state: useId(), type: useId() }

  const select = (name: keyof Filters, id: string, label: string, options: Array<{ value: string; label: string }>) => (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={styles.select}
        defaultValue={filters[name] ? String(filters[name]) : ''}
        key={`${name}-${filters[name] ?? ''}`}
        onChange={() => {
          if (form.current) submit(form.current, { preventScrollReset: true })
        }}
      >
        <option value="">{t('filters.all')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )

  const section = (key: 'upcoming' | 'past', list: Card[], first: boolean) =>
    list.length ? (
      <section className={styles.group} aria-labelledby={`group-${key}`}>
        <h2 id={`group-${key}`} className={styles.groupTitle}>
          {t(`list.${key}`)}
        </h2>
        <ul className={styles.grid}>
          {list.map((item, index) => (
            <li key={item.id}>
              <ExhibitionCard exhibition={item} priority={first && index === 0} />
            </li>
          ))}
        </ul>
      </section>
    ) : null

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
        <Form ref={form} method="get" action={listPath} className={styles.filters} aria-label={t('filters.label')} preventScrollReset>
          {select(
            'year',
            ids.year,
            t('filters.year'),
            years.map((year) => ({ value: String(year), label: String(year) })),
          )}
          {select(
            'region',
            ids.region,
            t('filters.region'),
            regions.map((region) => ({ value: region, label: t(`region.${region}`) })),
          )}
          {select(
            'state',
            ids.state,
            t('filters.state'),
            EXHIBITION_STATES.map((state) => ({ value: state, label: t(`state.${state}`) })),
          )}
          {select(
            'type',
            ids.type,
            t('filters.type'),
            EXHIBITION_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) })),
          )}
          <div className={styles.formActions}>
            {/* Without JavaScript the form is sent with this button; with it, every change applies at once. */}
            {hydrated ? null : (
              <button type="submit" className={styles.apply}>
                {t('filters.apply')}
              </button>
            )}
            {hasFilters(filters) ? (
              <Link to={listPath} className={styles.clear} preventScrollReset>
                {t('filters.clear')}
              </Link>
            ) : null}
          </div>
        </Form>

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
              {section('upcoming', upcoming, true)}
              {section('past', past, upcoming.length === 0)}
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
      </div>
    </main>
  )
}
