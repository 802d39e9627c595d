import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Form, Link, type LoaderFunctionArgs, useLoaderData, useLocation, useNavigation, useSubmit } from 'react-router'
import { type ExhibitorDirectory, exhibitionFloorPlan, exhibitorDirectory, type FloorPlanView } from '../../../api/exhibitors.ts'
import { GatewayError } from '../../../api/gateway-error.ts'
import { EXHIBITOR_KINDS, type ExhibitorKind, hasForbiddenCharacters } from '../../../../shared/rules/exhibitors.ts'
import { useSite } from '../../../app-state.ts'
import { formatDateRange } from '../../../components/event-dates/format.ts'
import { PageMeta } from '../../../components/page-meta/page-meta.tsx'
import { EmptyState } from '../../../components/state-views/state-views.tsx'
import { numberFormat } from '../../../i18n/intl.ts'
import { loaderContextOf } from '../../route-kit.ts'
import styles from '../directory.module.css'
import { boothLink, boothsBySlug, FloorPlanSection, highlightOf, LookingFor } from '../floor-plan-section.tsx'
import { countryName, directoryPath, ExhibitorLogo, exhibitorPath, KindBadge, textLangOf } from '../parts.tsx'

/** The search box's length (the platform's limit). */
const SEARCH_MAX = 100

interface Filters {
  q: string
  kind: ExhibitorKind | ''
  country: string
}

interface DirectoryData {
  exhibitionId: number
  filters: Filters
  directory: ExhibitorDirectory
  /**
   * The filter's countries by name in the page's language, named where the loader runs: the
   * server's ICU and the browser's name some places differently ("Hong Kong SAR China" and "Hong
   * Kong"), and a name made again while hydrating would not match the server's.
   */
  countries: Array<{ code: string; name: string }>
  plan: FloorPlanView
  /** The booth a link asked to be shown (`?booth=B12`). */
  highlight: string | null
}

/** The query as the directory reads it: a kind or country it does not know is no filter (shared/query-params.ts lists them). */
function readFilters(query: URLSearchParams): Filters {
  // Cut to the platform's limit (UTF-16 units, as it counts), never through the middle of a character.
  const q = (query.get('q') ?? '')
    .trim()
    .replace(/\s+/g, ' ')
    .slice(0, SEARCH_MAX)
    .replace(/[\ud800-\udbff]$/, '')
    .trim()
  const kind = query.get('kind') ?? ''
  const country = (query.get('country') ?? '').toUpperCase()
  return {
    q,
    kind: (EXHIBITOR_KINDS as readonly string[]).includes(kind) ? (kind as ExhibitorKind) : '',
    country: /^[A-Z]{2}$/.test(country) ? country : '',
  }
}

const hasFilters = (filters: Filters) => Boolean(filters.q || filters.kind || filters.country)

export async function loader(args: LoaderFunctionArgs): Promise<DirectoryData> {
  const raw = args.params.id ?? ''
  if (!/^[1-9]\d{0,9}$/.test(raw)) throw data(null, { status: 404, statusText: 'Not Found' })
  const { gateway, site } = loaderContextOf(args)
  const filters = readFilters(new URL(args.request.url).searchParams)
  // No name holds a control character: such a search matches nothing (the platform would refuse it).
  const unsearchable = hasForbiddenCharacters(filters.q)
  try {
    const [directory, plan] = await Promise.all([
      gateway.call(
        exhibitorDirectory,
        {
          exhibitionId: Number(raw),
          ...(filters.q && !unsearchable ? { search: filters.q } : {}),
          ...(filters.kind ? { kind: filters.kind } : {}),
          ...(filters.country ? { country: filters.country } : {}),
        },
        { signal: args.request.signal },
      ),
      gateway.call(exhibitionFloorPlan, { exhibitionId: Number(raw) }, { signal: args.request.signal }),
    ])
    const collator = new Intl.Collator(site.htmlLang)
    const countries = [
      ...new Set([
        ...directory.countries,
        ...directory.items.flatMap((item) => (item.country ? [item.country] : [])),
        ...(filters.country ? [filters.country] : []),
      ]),
    ]
      .map((code) => ({ code, name: countryName(code, site.htmlLang) }))
      .sort((a, b) => collator.compare(a.name, b.name))
    return {
      exhibitionId: Number(raw),
      filters,
      directory: unsearchable ? { ...directory, items: [], total: 0 } : directory,
      countries,
      plan,
      highlight: highlightOf(args.request),
    }
  } catch (error) {
    if (error instanceof GatewayError && (error.errorCode === 404 || error.errorCode === 400)) throw data(null, { status: 404, statusText: 'Not Found' })
    throw error
  }
}

/** docs/product.md#exhibitor-directory: an exhibition's exhibitors, searched by name and filtered by kind and country. */
export function Component() {
  const { t } = useTranslation('directory')
  const site = useSite()
  const { exhibitionId, filters, directory, countries, plan, highlight } = useLoaderData() as DirectoryData
  const booths = boothsBySlug(plan)
  const nameOf = (code: string) => countries.find((country) => country.code === code)?.name ?? code
  const { exhibition, items, total } = directory
  const navigation = useNavigation()
  const location = useLocation()
  const pending = navigation.state === 'loading' && navigation.location.pathname === location.pathname
  const listPath = directoryPath(site.lang, exhibitionId)
  const number = numberFormat(site.htmlLang)
  const filtered = hasFilters(filters)

  return (
    <main id="main" className={styles.page}>
      <PageMeta
        title={t('list.meta.title', { exhibition: exhibition.title })}
        description={t('list.meta.description', { exhibition: exhibition.title, city: exhibition.city })}
      />
      <header className={styles.head}>
        <div className="container">
          <p className={styles.back}>
            <Link to={`/${site.lang}/backDetail/${exhibitionId}`} className={styles.backLink}>
              <span aria-hidden="true" className={styles.arrow}>
                ←
              </span>
              {exhibition.title}
            </Link>
          </p>
          <h1 className={styles.title}>{t('list.title')}</h1>
          <p className={styles.subtitle}>
            {formatDateRange(exhibition.startsAt, exhibition.endsAt, exhibition.timeZone, site.htmlLang)}
            {' · '}
            {exhibition.city}
          </p>
        </div>
      </header>
      <div className="container">
        <DirectoryFilters filters={filters} kinds={directory.kinds} countries={countries} listPath={listPath} />
        {highlight !== null && plan.halls.length ? <LookingFor plan={plan} number={highlight} /> : null}
        {items.some((item) => item.demo) ? (
          <p className={styles.demoNote} role="note">
            {t('list.demo')}
          </p>
        ) : null}
        <div className={styles.results} aria-busy={pending}>
          <p className={styles.count} role="status">
            {t('list.count', { count: total, formatted: number.format(total) })}
          </p>
          {items.length === 0 ? (
            <EmptyState
              title={filtered ? t('list.emptyFiltered') : t('list.empty')}
              text={filtered ? t('list.emptyFilteredHint') : t('list.emptyHint')}
              action={
                filtered ? (
                  <Link to={listPath} className={styles.clear}>
                    {t('filters.clear')}
                  </Link>
                ) : undefined
              }
            />
          ) : (
            <ul className={styles.grid} aria-label={t('list.listLabel', { exhibition: exhibition.title })}>
              {items.map((item) => {
                const lang = textLangOf(item.textLocale, site.locale)
                return (
                  <li key={item.slug} className={styles.card}>
                    <ExhibitorLogo entry={item} size="small" />
                    <div className={styles.cardMain}>
                      <h2 className={styles.cardName} lang={lang}>
                        <Link to={exhibitorPath(site.lang, exhibitionId, item.slug)} className={styles.cardLink}>
                          {item.name}
                        </Link>
                      </h2>
                      <p className={styles.cardFacts}>
                        <KindBadge kind={item.kind} />
                        {item.country ? <span>{nameOf(item.country)}</span> : null}
                      </p>
                      {booths.get(item.slug)?.length ? (
                        <p className={styles.cardBooths}>
                          {booths.get(item.slug)?.map((number) => (
                            <Link key={number} to={boothLink(site.lang, exhibitionId, number)}>
                              {t('plan.booth', { number })}
                            </Link>
                          ))}
                        </p>
                      ) : null}
                      {item.summary ? (
                        <p className={styles.cardSummary} lang={lang}>
                          {item.summary}
                        </p>
                      ) : null}
                    </div>
                  </li>
                )
              })}
            </ul>
          )}
        </div>
        {plan.halls.length ? <FloorPlanSection plan={plan} exhibitionId={exhibitionId} highlight={highlight} heading={t('plan.heading')} /> : null}
      </div>
    </main>
  )
}

/**
 * The search box and the two filters: a plain GET form, so it works before (or without) JavaScript;
 * once hydrated, a filter applies as soon as it changes.
 */
function DirectoryFilters({
  filters,
  kinds: present,
  countries,
  listPath,
}: {
  filters: Filters
  kinds: ExhibitorDirectory['kinds']
  countries: DirectoryData['countries']
  listPath: string
}) {
  const { t } = useTranslation('directory')
  const submit = useSubmit()
  const form = useRef<HTMLFormElement>(null)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const ids = { q: useId(), kind: useId(), country: useId() }
  const kinds = EXHIBITOR_KINDS.filter((kind) => present.includes(kind) || kind === filters.kind)
  const applyNow = () => {
    if (form.current) submit(form.current, { preventScrollReset: true })
  }

  return (
    <Form ref={form} method="get" action={listPath} role="search" className={styles.filters} aria-label={t('filters.label')} preventScrollReset>
      <div className={`${styles.field} ${styles.searchField}`}>
        <label htmlFor={ids.q} className={styles.label}>
          {t('search.label')}
        </label>
        <div className={styles.searchRow}>
          <input
            id={ids.q}
            name="q"
            type="search"
            className={styles.input}
            defaultValue={filters.q}
            key={filters.q}
            maxLength={SEARCH_MAX}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className={styles.submit}>
            {t('search.submit')}
          </button>
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.kind} className={styles.label}>
          {t('filters.kind')}
        </label>
        <select id={ids.kind} name="kind" className={styles.select} defaultValue={filters.kind} key={`kind-${filters.kind}`} onChange={applyNow}>
          <option value="">{t('filters.allKinds')}</option>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kinds.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.country} className={styles.label}>
          {t('filters.country')}
        </label>
        <select id={ids.country} name="country" className={styles.select} defaultValue={filters.country} key={`country-${filters.country}`} onChange={applyNow}>
          <option value="">{t('filters.allCountries')}</option>
          {countries.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.formActions}>
        {/* Without JavaScript the filters are sent with this button; with it, a change applies at once. */}
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
  )
}
