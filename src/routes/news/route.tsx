import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, Link, redirect, useLoaderData, useLocation, useNavigation, useRevalidator } from 'react-router'
import { type ArticleCard, articleList } from '../../api/editorial.ts'
import { NEWS_PAGE_SIZE, NEWS_TAGS, type NewsTag } from '../../../shared/rules/editorial.ts'
import { useSite } from '../../app-state.ts'
import { LoadMore } from '../../components/editorial/load-more.tsx'
import { NewsCard } from '../../components/editorial/news-card.tsx'
import { loadPages, type PagedItems, pageWindow, parsePage } from '../../components/editorial/paging.ts'
import shared from '../../components/editorial/editorial.module.css'
import { articlePrefix, newsListPath, useNewsVariant } from '../../components/editorial/variant.ts'
import { NewsFeedLink } from '../../components/editorial/news-feed-link.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { EmptyState, ErrorState } from '../../components/state-views/state-views.tsx'
import { loaderContextOf } from '../route-kit.ts'
import styles from './news.module.css'

interface NewsData extends PagedItems<ArticleCard> {
  tag: NewsTag | null
  /** When the data was read; relative times count from it until the browser takes over. */
  renderedAt: string
}

/** The list's variants: the site's own, the app web view (h5) and pop-ups and embeds (pop). */
export async function loader(args: LoaderFunctionArgs): Promise<NewsData> {
  const { gateway, site } = loaderContextOf(args)
  const url = new URL(args.request.url)
  // docs/product.md#routes `/exhibition/{id?}` without an id: the news list lives at exhibition/news.html.
  if (/\/exhibition\/?$/.test(url.pathname)) throw redirect(`/${site.lang}/exhibition/news.html${url.search}`, 301)
  const tagParam = url.searchParams.get('tag')
  const tag = NEWS_TAGS.find((candidate) => candidate === tagParam) ?? null
  const { first, last } = pageWindow(parsePage(url.searchParams.get('page')))
  const pages = await loadPages(first, last, (page) => gateway.call(articleList, { page, pageSize: NEWS_PAGE_SIZE, ...(tag ? { tag } : {}) }))
  return { ...pages, tag, renderedAt: new Date().toISOString() }
}

/** A platform error code as a translation key (codes without a namespace live in common). */
const errorKey = (code: string | null) => (code?.includes(':') ? code : `common:${code ?? 'errors.unexpected'}`)

export function Component() {
  const { t } = useTranslation('news')
  const site = useSite()
  const data = useLoaderData() as NewsData
  const variant = useNewsVariant()
  const location = useLocation()
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const listPath = newsListPath(site.lang, variant)
  const articleHref = (id: number) => `${articlePrefix(site.lang, variant)}${id}`
  // A new topic (not "load more") is loading: the list says it is busy.
  const switching =
    navigation.state === 'loading' &&
    navigation.location?.pathname === location.pathname &&
    new URLSearchParams(navigation.location.search).get('tag') !== new URLSearchParams(location.search).get('tag')
  const failedFirst = data.error && data.items.length === 0

  return (
    <main id="main">
      <PageMeta
        title={data.tag ? t('meta.topicTitle', { topic: t(`editorial:tags.${data.tag}`) }) : t('meta.title')}
        description={t('meta.description', { brand: site.config.brandName })}
        noindex={variant !== 'site' || data.first > 1}
      />
      <NewsFeedLink />
      <header className={shared.pageHead}>
        <div className={shared.pageHeadInner}>
          <h1 className={shared.pageTitle}>{t('list.title')}</h1>
          <p className={shared.pageIntro}>{t('list.intro', { brand: site.config.brandName })}</p>
        </div>
      </header>

      <div className={`container ${shared.section}`}>
        <nav aria-label={t('list.topics')}>
          <ul className={shared.chips}>
            <li>
              <Link to={listPath} className={shared.chip} aria-current={data.tag === null ? 'page' : undefined}>
                {t('list.allTopics')}
              </Link>
            </li>
            {NEWS_TAGS.map((tag) => (
              <li key={tag}>
                <Link to={`${listPath}?tag=${tag}`} className={shared.chip} aria-current={data.tag === tag ? 'page' : undefined}>
                  {t(`editorial:tags.${tag}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        {data.first > 1 ? (
          <p className={styles.newer}>
            <Link to={`${listPath}${data.tag ? `?tag=${data.tag}` : ''}`}>{t('list.newest')}</Link>
          </p>
        ) : null}

        <div aria-busy={switching || undefined} className={switching ? shared.busy : undefined}>
          {failedFirst ? (
            <ErrorState message={t(errorKey(data.error))} onRetry={() => revalidator.revalidate()} retrying={revalidator.state === 'loading'} />
          ) : data.items.length === 0 ? (
            <EmptyState
              title={data.tag ? t('list.emptyTopic') : t('list.empty')}
              action={data.tag ? <Link to={listPath}>{t('list.allTopics')}</Link> : undefined}
            />
          ) : (
            <>
              <ol className={shared.list} aria-label={t('list.title')}>
                {data.items.map((article, index) => (
                  <li key={article.id}>
                    <NewsCard article={article} href={articleHref(article.id)} renderedAt={data.renderedAt} priority={index < 2 && data.first === 1} />
                  </li>
                ))}
              </ol>
              <LoadMore
                shown={data.items.length}
                total={data.total}
                hasMore={data.hasMore}
                lastPage={data.last}
                error={data.error}
                moreLabel={t('list.moreLabel')}
              />
            </>
          )}
        </div>
      </div>
    </main>
  )
}
