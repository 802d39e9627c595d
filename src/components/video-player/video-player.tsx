import { useEffect, useRef, useState } from 'react'
import type { Video } from '../../api/editorial.ts'
import { HLS_TYPE } from '../../../shared/rules/editorial.ts'
import { LANGUAGE_INFO, type Locale, urlLanguageOfLocale } from '../../../shared/languages.ts'
import styles from './video-player.module.css'

export interface VideoPlayerProps {
  video: Video
  /** Start playing once ready (the visitor has just chosen this video: a user gesture). */
  autoPlay?: boolean
  /** Accessible name of the player, e.g. "Video: <title>". */
  label: string
  /** Shown when no source can be played at all. */
  unsupportedText: string
  /** Called once with 'native', 'hls.js' or 'file' when the player knows how it plays (tests and analytics). */
  onEngine?: (engine: PlaybackEngine) => void
}

export type PlaybackEngine = 'native-hls' | 'hls.js' | 'file'

/** Whether this browser can play HLS itself (Safari, iOS, recent Chrome on some platforms). */
export function canPlayHlsNatively(element: HTMLMediaElement): boolean {
  return element.canPlayType(HLS_TYPE) !== ''
}

function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window)
}

/**
 * An in-page player on the native `<video>` element (keyboard operable and announced by screen
 * readers as the browser's own controls), with WebVTT caption tracks in every language the video
 * has, the visitor's own (or nearest) on by default.
 *
 * Sources are listed in order, so a browser that plays HLS natively takes the playlist and any
 * other skips to the files after it. Only when the video has an HLS playlist, the browser cannot
 * play it natively and Media Source Extensions exist is hls.js (its light build) loaded, on
 * demand, into its own chunk: no page pays for it otherwise.
 */
export function VideoPlayer({ video, autoPlay = false, label, unsupportedText, onEngine }: VideoPlayerProps) {
  const element = useRef<HTMLVideoElement>(null)
  const [engine, setEngine] = useState<PlaybackEngine | null>(null)
  const hls = video.sources.find((source) => source.type === HLS_TYPE)

  // A new video is a new player (the parent keys it by id); autoPlay only matters at the start.
  // biome-ignore lint/correctness/useExhaustiveDependencies: set up once per mounted video
  useEffect(() => {
    const media = element.current
    if (!media) return
    let cancelled = false
    let destroy: (() => void) | null = null
    const settle = (chosen: PlaybackEngine) => {
      if (cancelled) return
      setEngine(chosen)
      onEngine?.(chosen)
      if (autoPlay) media.play().catch(() => {})
    }
    if (!hls) settle('file')
    else if (canPlayHlsNatively(media)) settle('native-hls')
    else if (!hasMediaSource()) settle('file')
    else {
      import('hls.js/light')
        .then(({ default: Hls }) => {
          if (cancelled) return
          if (!Hls.isSupported()) return settle('file')
          const player = new Hls({ capLevelToPlayerSize: true, startLevel: -1 })
          destroy = () => player.destroy()
          player.on(Hls.Events.ERROR, (_event, data) => {
            if (!data.fatal) return
            // Give the browser its files back (the MP4 or WebM after the playlist).
            player.destroy()
            destroy = null
            media.removeAttribute('src')
            media.load()
          })
          player.loadSource(hls.src)
          player.attachMedia(media)
          settle('hls.js')
        })
        .catch(() => settle('file'))
    }
    return () => {
      cancelled = true
      destroy?.()
    }
  }, [])

  return (
    <div className={styles.frame}>
      {/* biome-ignore lint/a11y/useMediaCaption: caption tracks are rendered from the video's list below */}
      <video
        ref={element}
        className={styles.video}
        controls
        playsInline
        preload="metadata"
        poster={video.poster?.src}
        width={video.poster?.width ?? 1280}
        height={video.poster?.height ?? 720}
        aria-label={label}
        data-engine={engine ?? undefined}
      >
        {video.sources.map((source) => (
          <source key={source.src} src={source.src} type={source.type} />
        ))}
        {video.captions.map((caption) => {
          const info = LANGUAGE_INFO[urlLanguageOfLocale(caption.locale as Locale)]
          return <track key={caption.src} kind="captions" src={caption.src} srcLang={info.htmlLang} label={info.nativeName} default={caption.default} />
        })}
        <p>
          {unsupportedText}{' '}
          {video.sources
            .filter((source) => source.type !== HLS_TYPE)
            .slice(0, 1)
            .map((source) => (
              <a key={source.src} href={source.src}>
                {source.src.split('/').at(-1)}
              </a>
            ))}
        </p>
      </video>
    </div>
  )
}

/** 75 -> "1:15", 3725 -> "1:02:05". */
export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = String(whole % 60).padStart(2, '0')
  return hours ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`
}

/** ISO 8601 duration for `<time dateTime>`: 75 -> "PT1M15S". */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = whole % 60
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${rest || (!hours && !minutes) ? `${rest}S` : ''}`
}
