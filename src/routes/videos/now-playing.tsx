import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import type { Video } from '../../api/editorial.ts'
import { FallbackNote, fallbackLang } from '../../components/editorial/fallback-note.tsx'
import { RelativeTime } from '../../components/relative-time/relative-time.tsx'
import { formatDuration, isoDuration, VideoPlayer } from '../../components/video-player/video-player.tsx'
import styles from './videos.module.css'

interface NowPlayingProps {
  video: Video
  renderedAt: string
  /** Whether the visitor has chosen a video: the player then starts by itself and the choice is announced. */
  playRequested: boolean
  sectionRef: RefObject<HTMLElement | null>
}

/** The player with what is playing: title, category, duration, date, description and captions. */
export function NowPlaying({ video, renderedAt, playRequested, sectionRef }: NowPlayingProps) {
  const { t } = useTranslation('media')
  const lang = fallbackLang(video.fellBackTo)
  return (
    <section ref={sectionRef} className={styles.stage} aria-labelledby="now-playing-title">
      <VideoPlayer
        key={video.id}
        video={video}
        autoPlay={playRequested}
        label={t('player.label', { title: video.title })}
        unsupportedText={t('player.unsupported')}
      />
      <div className={styles.nowPlaying}>
        <p className={styles.eyebrow}>{t('player.nowPlaying')}</p>
        <h2 id="now-playing-title" className={styles.playingTitle} lang={lang}>
          {video.title}
        </h2>
        <p className={styles.playingMeta}>
          <span>{t(`categories.${video.category}`)}</span>
          <span aria-hidden="true">·</span>
          <span>
            <span className="visually-hidden">{t('duration')} </span>
            <time dateTime={isoDuration(video.durationSeconds)}>{formatDuration(video.durationSeconds)}</time>
          </span>
          <span aria-hidden="true">·</span>
          <RelativeTime date={video.publishedAt} renderedAt={renderedAt} />
        </p>
        {video.description ? (
          <p className={styles.description} lang={lang}>
            {video.description}
          </p>
        ) : null}
        {video.captions.length ? <p className={styles.captionsNote}>{t('player.captions', { count: video.captions.length })}</p> : null}
        <FallbackNote locale={video.fellBackTo} what="video" />
      </div>
      <p className="visually-hidden" aria-live="polite">
        {playRequested ? t('player.announce', { title: video.title }) : ''}
      </p>
    </section>
  )
}
