import { useEffect, useRef, useState } from 'react'
import { mediaSources } from '../../../shared/rules/media.ts'
import { type PlaceholderType, placeholderGlyph } from './placeholders.tsx'
import styles from './picture.module.css'

export interface PictureSource {
  src: string
  /** Intrinsic width of this file in pixels (the `w` descriptor of srcset). */
  width: number
}

export interface PictureProps {
  /** null or empty: the placeholder is shown at once. */
  src: string | null | undefined
  /** Empty for a decorative image. */
  alt: string
  /** The rendered box (or the intrinsic size): always set, so nothing shifts while it loads. */
  width: number
  height: number
  /** docs/product.md#placeholders type shown when the image is missing or fails. */
  placeholder: PlaceholderType
  /** Larger and smaller files of the same picture, for srcset. Uploaded media (`/media/...`) find theirs from `src`. */
  sources?: PictureSource[]
  /**
   * The sizes attribute that goes with `sources`, e.g. "(min-width: 800px) 33vw, 100vw". Uploaded media
   * without it are taken to show at `width` CSS pixels, or the viewport's width when that is narrower.
   */
  sizes?: string
  /** Above the fold (the first hero image): loaded eagerly with high priority. Otherwise lazy. */
  priority?: boolean
  fit?: 'cover' | 'contain'
  /** Round (avatars). */
  round?: boolean
  className?: string
}

/**
 * One image, the same on every screen: width and height always set, lazy below the fold, a
 * responsive srcset where the sources allow, and the docs/product.md#placeholders placeholder when the picture is
 * missing or fails to load (also when it failed before the page was hydrated).
 */
export function Picture({ src, alt, width, height, placeholder, sources, sizes, priority = false, fit = 'cover', round = false, className }: PictureProps) {
  const [failed, setFailed] = useState(false)
  const image = useRef<HTMLImageElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new src gets a new chance
  useEffect(() => {
    setFailed(false)
    const element = image.current
    // An error before hydration fired no React event: check what the browser knows.
    if (element?.complete && element.naturalWidth === 0) setFailed(true)
  }, [src])
  const classes = [styles.picture, fit === 'contain' ? styles.contain : '', round ? styles.round : '', className ?? ''].filter(Boolean).join(' ')
  if (!src || failed) {
    return (
      <span className={`${classes} ${styles.placeholder}`} {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}>
        <svg
          viewBox="0 0 100 100"
          width={width}
          height={height}
          preserveAspectRatio="xMidYMid meet"
          className={styles.glyph}
          focusable="false"
          aria-hidden="true"
        >
          <g fill="currentColor">{placeholderGlyph(placeholder)}</g>
        </svg>
      </span>
    )
  }
  const fromMedia = sources?.length ? [] : mediaSources(src)
  const srcSetOf = (list: readonly PictureSource[]) => list.map((source) => `${source.src} ${source.width}w`).join(', ')
  // An uploaded picture: AVIF and WebP for the browsers that take them, its JPEG/PNG raster for the rest.
  const mediaSizes = fromMedia.length ? (sizes ?? `(max-width: ${width}px) 100vw, ${width}px`) : undefined
  const raster = fromMedia.filter((source) => source.type === 'image/jpeg' || source.type === 'image/png')
  const srcSet = fromMedia.length ? srcSetOf(raster) : sources?.length ? srcSetOf(sources) : undefined
  const img = (
    <img
      ref={image}
      className={classes}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      {...(srcSet ? { srcSet, sizes: mediaSizes ?? sizes ?? '100vw' } : {})}
      onError={() => setFailed(true)}
    />
  )
  if (!mediaSizes) return img
  const ofType = (type: string) => srcSetOf(fromMedia.filter((source) => source.type === type))
  return (
    <picture className={styles.frame}>
      <source type="image/avif" srcSet={ofType('image/avif')} sizes={mediaSizes} />
      <source type="image/webp" srcSet={ofType('image/webp')} sizes={mediaSizes} />
      {img}
    </picture>
  )
}
