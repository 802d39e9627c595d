import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Video } from '../../api/editorial.ts'
import { fallbackLang } from '../../components/editorial/fallback-note.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import { Picture } from '../../components/image/picture.tsx'
import { RelativeTime } from '../../components/relative-time/relative-time.tsx'
import { formatDuration, isoDuration } from '../../components/video-player/video-player.tsx'
import styles from './videos.module.css'

interface VideoCardProps {
  video: Video
  href: string
  /** The video in the player. */
  current: boolean
  renderedAt: string
  onChoose: () => void
}

/** A video of the list: its poster, duration, title and date; choosing it plays it in the player above. */
export function VideoCard({ video, href, current, renderedAt, onChoose }: VideoCardProps) {
  const { t } = useTranslation('media')
  const lang = fallbackLang(video.fellBackTo)
  return (
    <article className={`${styles.card} ${current ? styles.current : ''}`}>
      <div className={styles.thumb}>
        <Picture
          src={video.poster?.src}
          alt=""
          width={video.poster?.width ?? 1280}
          height={video.poster?.height ?? 720}
          placeholder={PLACEHOLDER.article}
          className={styles.thumbPicture}
        />
        <span className={styles.playBadge} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="22" height="22" focusable="false" aria-hidden="true">
            <path d="M8 5v14l11-7z" fill="currentColor" />
          </svg>
        </span>
        <time className={styles.duration} dateTime={isoDuration(video.durationSeconds)}>
          <span className="visually-hidden">{t('duration')} </span>
          {formatDuration(video.durationSeconds)}
        </time>
      </div>
      <div className={styles.cardText}>
        <h3 className={styles.cardTitle} lang={lang}>
          <Link to={href} preventScrollReset className={styles.cardLink} aria-current={current ? 'true' : undefined} onClick={onChoose}>
            {video.title}
          </Link>
        </h3>
        <p className={styles.cardMeta}>
          <span>{t(`categories.${video.category}`)}</span>
          <span aria-hidden="true">·</span>
          <RelativeTime date={video.publishedAt} renderedAt={renderedAt} />
          {current ? <span className={styles.playingBadge}>{t('player.playing')}</span> : null}
        </p>
      </div>
    </article>
  )
}
