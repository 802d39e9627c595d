import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router'
import { type Bulletin, listBulletins } from '../../api/editorial.ts'
import { BULLETINS_PAGE_SIZE } from '../../../shared/rules/editorial.ts'
import { useSite } from '../../app-state.ts'
import { ArticleBody } from '../../components/article-body/article-body.tsx'
import { FallbackNote, fallbackLang } from '../../components/editorial/fallback-note.tsx'
import { LoadMore } from '../../components/editorial/load-more.tsx'
import { loadPages, type PagedItems, pageWindow, parsePage } from '../../components/editorial/paging.ts'
import shared from '../../components/editorial/editorial.module.css'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { RelativeTime } from '../../components/relative-time/relative-time.tsx'
import { EmptyState, ErrorState } from '../../components/state-views/state-views.tsx'
import { loaderContextOf } from '../route-kit.ts'
import styles from './bulletins.module.css'

interface BulletinsData extends PagedItems<Bulletin> {
  renderedAt: string
}

export async function loader(args: LoaderFunctionArgs): Promise<BulletinsData> {
  const { gateway } = loaderContextOf(args)
  const url = new URL(args.request.url)
  const { first, last } = pageWindow(parsePage(url.searchParams.get('page')))
  const pages = await loadPages(first, last, (page) => gateway.call(listBulletins, { page, pageSize: BULLETINS_PAGE_SIZE }))
  return { ...pages, renderedAt: new Date().toISOString() }
}

export function Component() {
  const { t } = useTranslation('bulletins')
  const site = useSite()
  const data = useLoaderData() as BulletinsData
  const revalidator = useRevalidator()

  return (
    <main id="main">
      <PageMeta title={t('meta.title')} description={t('meta.description', { brand: site.config.brandName })} noindex={data.first > 1} />
      <header className={shared.pageHead}>
        <div className={shared.pageHeadInner}>
          <h1 className={shared.pageTitle}>{t('title')}</h1>
          <p className={shared.pageIntro}>{t('intro', { brand: site.config.brandName })}</p>
        </div>
      </header>

      <div className={`container ${shared.section} ${styles.column}`}>
        {data.error && data.items.length === 0 ? (
          <ErrorState
            message={t(data.error.includes(':') ? data.error : `common:${data.error}`)}
            onRetry={() => revalidator.revalidate()}
            retrying={revalidator.state === 'loading'}
          />
        ) : data.items.length === 0 ? (
          <EmptyState title={t('empty')} />
        ) : (
          <>
            <ol className={styles.list} aria-label={t('title')}>
              {data.items.map((bulletin) => {
                const lang = fallbackLang(bulletin.fellBackTo)
                return (
                  <li key={bulletin.id}>
                    <article
                      id={`bulletin-${bulletin.slug}`}
                      className={`${styles.item} ${bulletin.pinned ? styles.pinned : ''}`}
                      aria-labelledby={`bulletin-${bulletin.id}-title`}
                    >
                      <p className={styles.labels}>
                        {bulletin.pinned ? (
                          <span className={styles.pin}>
                            <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                              <path d="M15 3l6 6-3 1-4 4 1 5-2 2-4-5-5 5-1-1 5-5-5-4 2-2 5 1 4-4z" fill="currentColor" />
                            </svg>
                            {t('pinned')}
                          </span>
                        ) : null}
                        <span className={`${styles.kind} ${styles[bulletin.kind] ?? ''}`}>{t(`kinds.${bulletin.kind}`)}</span>
                        <RelativeTime date={bulletin.publishedAt} renderedAt={data.renderedAt} className={styles.time} withDate />
                      </p>
                      <h2 id={`bulletin-${bulletin.id}-title`} className={styles.title} lang={lang}>
                        {bulletin.title}
                      </h2>
                      <ArticleBody html={bulletin.bodyHtml} lang={lang} className={styles.body} />
                      <FallbackNote locale={bulletin.fellBackTo} what="bulletin" compact />
                    </article>
                  </li>
                )
              })}
            </ol>
            <LoadMore shown={data.items.length} total={data.total} hasMore={data.hasMore} lastPage={data.last} error={data.error} moreLabel={t('moreLabel')} />
          </>
        )}
      </div>
    </main>
  )
}
