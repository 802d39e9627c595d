import { useTranslation } from 'react-i18next'
import type { Video } from '../../api/editorial.ts'
import type { ExhibitionDetail } from '../../api/exhibitions.ts'
import styles from './detail.module.css'

const typeOf = (src: string) => (src.endsWith('.webm') ? 'video/webm' : src.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp4')

/**
 * Recap clips of this exhibition, and the editorial library's videos about it. Native players,
 * nothing loaded until a visitor presses play (preload none, a poster in its place).
 */
export function Videos({ exhibition, libraryVideos }: { exhibition: ExhibitionDetail; libraryVideos: Video[] }) {
  const { t } = useTranslation('exhibitions')
  const own = exhibition.videos.filter((video) => video.src)
  const minutes = (seconds: number | null) => (seconds ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}` : null)
  return (
    <section id="videos" className={styles.section} aria-labelledby="videos-title">
      <h2 id="videos-title" className={styles.sectionTitle}>
        {t('detail.videos.title')}
      </h2>
      <ul className={styles.videos}>
        {own.map((video) => (
          <li key={`own-${video.id}`} className={styles.video}>
            {/* Recap clips are pictures without speech: the title describes them, so there is nothing to caption. */}
            <video controls preload="none" playsInline width={640} height={360} className={styles.player} {...(video.poster ? { poster: video.poster } : {})}>
              <source src={video.src ?? ''} type={typeOf(video.src ?? '')} />
            </video>
            <p className={styles.videoTitle}>
              {video.title}
              {minutes(video.durationSeconds) ? <span className={styles.duration}>{minutes(video.durationSeconds)}</span> : null}
            </p>
          </li>
        ))}
        {libraryVideos.map((video) => (
          <li key={`library-${video.id}`} className={styles.video}>
            <video
              controls
              preload="none"
              playsInline
              width={video.poster?.width ?? 640}
              height={video.poster?.height ?? 360}
              className={styles.player}
              {...(video.poster ? { poster: video.poster.src } : {})}
            >
              {video.sources.map((source) => (
                <source key={source.src} src={source.src} type={source.type} />
              ))}
              {video.captions.map((caption) => (
                <track key={caption.src} kind="captions" src={caption.src} srcLang={caption.locale} label={caption.locale} default={caption.default} />
              ))}
            </video>
            <p className={styles.videoTitle}>
              {video.title}
              <span className={styles.duration}>{minutes(video.durationSeconds)}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}
