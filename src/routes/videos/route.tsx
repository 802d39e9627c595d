import { useTranslation } from 'react-i18next'
import { type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs, useLoaderData, useLocation, useNavigation, useSearchParams } from 'react-router'
import { getVideo, listVideos, type VideoListResult } from '../../api/editorial.ts'
import { VIDEO_CATEGORIES, VIDEOS_PAGE_SIZE } from '../../../shared/rules/editorial.ts'
import { useSite } from '../../app-state.ts'
import shared from '../../components/editorial/editorial.module.css'
import { loadPages, pageWindow, parsePage } from '../../components/editorial/paging.ts'
import { loaderContextOf } from '../route-kit.ts'
import { CategoryNav } from './category-nav.tsx'
import { NowPlaying } from './now-playing.tsx'
import { usePlayRequest } from './use-play-request.ts'
import { VideoResults } from './video-results.tsx'
import { type VideosData, videoIdOf } from './videos-data.ts'
import { VideosHead } from './videos-head.tsx'

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
  const wanted = videoIdOf(searchParams.get('v'))
  const playing = data.items.find((video) => video.id === wanted) ?? (data.selected?.id === wanted ? data.selected : null) ?? data.selected
  const { playerSection, playRequested, requestPlay } = usePlayRequest(playing?.id)

  const switching =
    navigation.state === 'loading' &&
    navigation.location?.pathname === location.pathname &&
    new URLSearchParams(navigation.location.search).get('category') !== searchParams.get('category')

  return (
    <main id="main">
      <VideosHead data={data} playing={playing} linked={wanted !== null && playing?.id === wanted} />
      <header className={shared.pageHead}>
        <div className={shared.pageHeadInner}>
          <h1 className={shared.pageTitle}>{t('title')}</h1>
          <p className={shared.pageIntro}>{t('intro', { brand: site.config.brandName })}</p>
        </div>
      </header>

      <div className={`container ${shared.section}`}>
        {playing ? <NowPlaying video={playing} renderedAt={data.renderedAt} playRequested={playRequested} sectionRef={playerSection} /> : null}
        <CategoryNav categories={data.categories} current={data.category} />
        <div aria-busy={switching || undefined} className={switching ? shared.busy : undefined}>
          <VideoResults data={data} playingId={playing?.id} onChoose={requestPlay} />
        </div>
      </div>
    </main>
  )
}
