import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  type LoaderFunctionArgs,
  Link,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from 'react-router'
import { getVideo, listVideos, type Video, type VideoListResult } from '../../api/editorial.ts'
import { HLS_TYPE, VIDEO_CATEGORIES, VIDEOS_PAGE_SIZE, type VideoCategory } from '../../api/rules/editorial.ts'
import { useSite } from '../../app-state.ts'
import { FallbackNote, fallbackLang } from '../../components/editorial/fallback-note.tsx'
import { LoadMore } from '../../components/editorial/load-more.tsx'
import { loadPages, type PagedItems, pageWindow, parsePage } from '../../components/editorial/paging.ts'
import shared from '../../components/editorial/editorial.module.css'
import { JsonLd } from '../../components/json-ld/json-ld.tsx'
import { PageMeta } from '../../components/page-meta/page-meta.tsx'
import { RelativeTime } from '../../components/relative-time/relative-time.tsx'
import { EmptyState, ErrorState } from '../../components/state-views/state-views.tsx'
import { formatDuration, isoDuration, VideoPlayer } from '../../components/video-player/video-player.tsx'
import { loaderContextOf } from '../route-kit.ts'
import { VideoCard } from './video-card.tsx'
import styles from './videos.module.css'

interface VideosData extends PagedItems<Video> {
  category: VideoCategory | null
  categories: VideoListResult['categories']
  /** The video in the player when the page loads: `?v=` or the newest of the list. */
  selected: Video | null
  renderedAt: string
}

const videoIdOf = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null)

export async function loader(args: LoaderFunctionArgs): Promise<VideosData> {
  const { gateway } = loaderContextOf(args)
  const url = new URL(args.request.url)
  const categoryParam = url.searchParams.get('category')
  const category = VIDEO_CATEGORIES.find((candidate) => candidate === categoryParam) ?? null
  const { first, last } = pageWindow(parsePage(url.searchParams.get('page')))
  let categories: VideoListResult['categories'] = []
  const pages = await loadPages(first, last, async (page) => {
    const result = await gateway.call(listVideos, { page, pageSize: VIDEOS_PAGE_SIZE, ...(category ? { category } : {}) })
    if (page === first) categories = result.categories
    return result
  })
  const wanted = videoIdOf(url.searchParams.get('v'))
  let selected = pages.items.find((video) => video.id === wanted) ?? null
  if (wanted && !selected) selected = await gateway.call(getVideo, { id: wanted }).catch(() => null)
  return { ...pages, category, categories, selected: selected ?? pages.items[0] ?? null, renderedAt: new Date().toISOString() }
}

/** Choosing another video only changes `?v=`: the list stays, nothing is fetched again. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
  const current = new URLSearchParams(currentUrl.search)
  const next = new URLSearchParams(nextUrl.search)
  current.delete('v')
  next.delete('v')
  return current.toString() !== next.toString() ? defaultShouldRevalidate : false
}

export function Component() {
  const { t } = useTranslation('media')
  const site = useSite()
  const data = useLoaderData() as VideosData
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const playerSection = useRef<HTMLElement>(null)
  // Each choice of a video (even the one already in the player) is a request to play it.
  const [playRequest, setPlayRequest] = useState<{ id: number; count: number } | null>(null)
  const playRequested = playRequest !== null
  const wanted = videoIdOf(searchParams.get('v'))
  const playing = data.items.find((video) => video.id === wanted) ?? (data.selected?.id === wanted ? data.selected : null) ?? data.selected

  // After a choice, the player comes into view with the keyboard focus on it and plays. A player
  // that has just been mounted for a new video starts itself once it knows how (autoPlay); the one
  // already on screen (its engine chosen) is started here.
  useEffect(() => {
    if (!playRequest || playRequest.id !== playing?.id) return
    const section = playerSection.current
    if (!section) return
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    section.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' })
    const media = section.querySelector('video')
    media?.focus({ preventScroll: true })
    if (media?.dataset.engine && media.paused) media.play().catch(() => {})
  }, [playRequest, playing?.id])

  const listPath = `/${site.lang}/video.html`
  const switching =
    navigation.state === 'loading' &&
    navigation.location?.pathname === location.pathname &&
    new URLSearchParams(navigation.location.search).get('category') !== searchParams.get('category')
  const allCount = data.categories.reduce((sum, category) => sum + category.count, 0)
  const videoHref = (id: number) => {
    const params = new URLSearchParams(searchParams)
    params.set('v', String(id))
    return `?${params.toString()}`
  }
  const lang = playing ? fallbackLang(playing.fellBackTo) : undefined
  const file = playing?.sources.find((source) => source.type !== HLS_TYPE)

  return (
    <main id="main">
      <PageMeta
        title={data.category ? t('meta.categoryTitle', { category: t(`categories.${data.category}`) }) : t('meta.title')}
        description={t('meta.description', { brand: site.config.brandName })}
        {...(playing?.poster ? { image: playing.poster.src } : {})}
        noindex={data.first > 1}
      />
      {playing ? (
        <JsonLd
          data={{
            '@type': 'VideoObject',
            name: playing.title,
            description: playing.description || playing.title,
            ...(playing.poster ? { thumbnailUrl: [new URL(playing.poster.src, site.config.publicOrigin).href] } : {}),
            uploadDate: playing.publishedAt,
            duration: isoDuration(playing.durationSeconds),
            ...(file ? { contentUrl: new URL(file.src, site.config.publicOrigin).href } : {}),
            inLanguage: lang ?? site.htmlLang,
          }}
        />
      ) : null}
      <header className={shared.pageHead}>
        <div className={shared.pageHeadInner}>
          <h1 className={shared.pageTitle}>{t('title')}</h1>
          <p className={shared.pageIntro}>{t('intro', { brand: site.config.brandName })}</p>
        </div>
      </header>

      <div className={`container ${shared.section}`}>
        {playing ? (
          <section ref={playerSection} className={styles.stage} aria-labelledby="now-playing-title">
            <VideoPlayer
              key={playing.id}
              video={playing}
              autoPlay={playRequested}
              label={t('player.label', { title: playing.title })}
              unsupportedText={t('player.unsupported')}
            />
            <div className={styles.nowPlaying}>
              <p className={styles.eyebrow}>{t('player.nowPlaying')}</p>
              <h2 id="now-playing-title" className={styles.playingTitle} lang={lang}>
                {playing.title}
              </h2>
              <p className={styles.playingMeta}>
                <span>{t(`categories.${playing.category}`)}</span>
                <span aria-hidden="true">·</span>
                <span>
                  <span className="visually-hidden">{t('duration')} </span>
                  <time dateTime={isoDuration(playing.durationSeconds)}>{formatDuration(playing.durationSeconds)}</time>
                </span>
                <span aria-hidden="true">·</span>
                <RelativeTime date={playing.publishedAt} renderedAt={data.renderedAt} />
              </p>
              {playing.description ? (
                <p className={styles.description} lang={lang}>
                  {playing.description}
                </p>
              ) : null}
              {playing.captions.length ? <p className={styles.captionsNote}>{t('player.captions', { count: playing.captions.length })}</p> : null}
              <FallbackNote locale={playing.fellBackTo} what="video" />
            </div>
            <p className="visually-hidden" aria-live="polite">
              {playRequested ? t('player.announce', { title: playing.title }) : ''}
            </p>
          </section>
        ) : null}

        <nav aria-label={t('categoriesLabel')} className={styles.categories}>
          <ul className={shared.chips}>
            <li>
              <Link to={listPath} className={shared.chip} aria-current={data.category === null ? 'page' : undefined}>
                {t('allCategories')} <span className={shared.chipCount}>({allCount})</span>
              </Link>
            </li>
            {data.categories.map((category) => (
              <li key={category.key}>
                <Link to={`${listPath}?category=${category.key}`} className={shared.chip} aria-current={data.category === category.key ? 'page' : undefined}>
                  {t(`categories.${category.key}`)} <span className={shared.chipCount}>({category.count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div aria-busy={switching || undefined} className={switching ? shared.busy : undefined}>
          {data.error && data.items.length === 0 ? (
            <ErrorState
              message={t(data.error.includes(':') ? data.error : `common:${data.error}`)}
              onRetry={() => revalidator.revalidate()}
              retrying={revalidator.state === 'loading'}
            />
          ) : data.items.length === 0 ? (
            <EmptyState title={t('empty')} action={data.category ? <Link to={listPath}>{t('allCategories')}</Link> : undefined} />
          ) : (
            <>
              <h2 className={styles.listTitle}>{data.category ? t(`categories.${data.category}`) : t('allVideos')}</h2>
              <ul className={styles.grid}>
                {data.items.map((video) => (
                  <li key={video.id}>
                    <VideoCard
                      video={video}
                      href={videoHref(video.id)}
                      current={video.id === playing?.id}
                      renderedAt={data.renderedAt}
                      onChoose={() => setPlayRequest((previous) => ({ id: video.id, count: (previous?.count ?? 0) + 1 }))}
                    />
                  </li>
                ))}
              </ul>
              <LoadMore
                shown={data.items.length}
                total={data.total}
                hasMore={data.hasMore}
                lastPage={data.last}
                error={data.error}
                moreLabel={t('moreLabel')}
              />
            </>
          )}
        </div>
      </div>
    </main>
  )
}
