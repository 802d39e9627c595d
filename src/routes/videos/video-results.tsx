import { useTranslation } from 'react-i18next'
import { Link, useRevalidator, useSearchParams } from 'react-router'
import { useSite } from '../../app-state.ts'
import { LoadMore } from '../../components/editorial/load-more.tsx'
import { EmptyState, ErrorState } from '../../components/state-views/state-views.tsx'
import { VideoCard } from './video-card.tsx'
import type { VideosData } from './videos-data.ts'
import styles from './videos.module.css'

interface VideoResultsProps {
  data: VideosData
  /** The video in the player. */
  playingId: number | undefined
  onChoose: (id: number) => void
}

/** The list of the chosen category with "load more", or why it is empty. */
export function VideoResults({ data, playingId, onChoose }: VideoResultsProps) {
  const { t } = useTranslation('media')
  const site = useSite()
  const [searchParams] = useSearchParams()
  const revalidator = useRevalidator()
  const listPath = `/${site.lang}/video.html`
  const videoHref = (id: number) => {
    const params = new URLSearchParams(searchParams)
    params.set('v', String(id))
    return `?${params.toString()}`
  }

  if (data.error && data.items.length === 0) {
    return (
      <ErrorState
        message={t(data.error.includes(':') ? data.error : `common:${data.error}`)}
        onRetry={() => revalidator.revalidate()}
        retrying={revalidator.state === 'loading'}
      />
    )
  }
  if (data.items.length === 0) {
    return <EmptyState title={t('empty')} action={data.category ? <Link to={listPath}>{t('allCategories')}</Link> : undefined} />
  }
  return (
    <>
      <h2 className={styles.listTitle}>{data.category ? t(`categories.${data.category}`) : t('allVideos')}</h2>
      <ul className={styles.grid}>
        {data.items.map((video) => (
          <li key={video.id}>
            <VideoCard
              video={video}
              href={videoHref(video.id)}
              current={video.id === playingId}
              renderedAt={data.renderedAt}
              onChoose={() => onChoose(video.id)}
            />
          </li>
        ))}
      </ul>
      <LoadMore shown={data.items.length} total={data.total} hasMore={data.hasMore} lastPage={data.last} error={data.error} moreLabel={t('moreLabel')} />
    </>
  )
}
