import { Link } from 'react-router'
import { useSite } from '../../app-state.ts'
import { Picture } from '../../components/image/picture.tsx'
import { PLACEHOLDER } from '../../components/image/placeholders.tsx'
import styles from './home.module.css'
import type { VideoTeaser } from './home-data.ts'

/** The latest videos: poster, duration and title, each opening the video page with it in the player. */
export function VideoList({ videos }: { videos: VideoTeaser[] }) {
  const site = useSite()
  return (
    <ul className={styles.videos}>
      {videos.map((video) => (
        <li key={video.id}>
          <Link to={`/${site.lang}/video.html?v=${video.id}`} className={styles.video}>
            <span className={styles.videoFrame}>
              <Picture
                src={video.poster?.src}
                alt=""
                width={video.poster?.width ?? 640}
                height={video.poster?.height ?? 360}
                placeholder={PLACEHOLDER.banner}
                className={styles.videoImage}
              />
              <span className={styles.play} aria-hidden="true" />
              <span className={styles.duration}>
                {Math.floor(video.durationSeconds / 60)}:{String(video.durationSeconds % 60).padStart(2, '0')}
              </span>
            </span>
            <span className={styles.videoTitle}>{video.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
