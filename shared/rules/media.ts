import type { Locale } from '../languages.ts'

/**
 * Uploaded media (docs/product.md#console-media): what the console, the pages and the server agree on.
 * Zod-free and server-free, so pages and the console import it directly.
 *
 * An image's address says everything the pages need to make it responsive, so no page looks anything
 * up: `/media/{hash}/{W}x{H}/{w}.{ext}`, where `hash` is the content hash of the uploaded file, `W`×`H`
 * the picture's size after its EXIF orientation, `w` the width of this copy and `ext` its format. The
 * widths that exist follow from `W` alone (mediaWidths). A video is `/media/{hash}/video.{mp4|webm}`.
 */

export const MEDIA_PREFIX = '/media'

/**
 * The widths copies are made in: avatars and logos (88–210 px, twice for dense screens), cards
 * (380–640 px), the article and campaign pictures (720 px), the exhibition hero (1600 px) and dense
 * desktop screens. A picture narrower than a width is never enlarged: its own width is the last copy.
 */
export const MEDIA_WIDTHS = [160, 320, 640, 960, 1280, 1920] as const

/** Formats of each copy: the modern ones the browser picks from, and the raster every client shows (Open Graph too). */
export const MEDIA_IMAGE_TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' } as const
export type MediaImageFormat = keyof typeof MEDIA_IMAGE_TYPES
/** The raster of a picture: PNG when it has transparency, JPEG otherwise. */
export type MediaRasterFormat = 'jpg' | 'png'
export const MEDIA_VIDEO_TYPES = { mp4: 'video/mp4', webm: 'video/webm' } as const
export type MediaVideoFormat = keyof typeof MEDIA_VIDEO_TYPES

export const MEDIA_LIMITS = {
  /** An image upload (a camera's JPEG is 5–12 MB). */
  imageMb: 15,
  /** A video upload, streamed to storage, never held in memory. */
  videoMb: 500,
  /** Decoded pixels an image may have (8000×8000 is fine; a decompression bomb is not). */
  maxPixels: 64_000_000,
  name: 200,
  alt: 300,
  search: 100,
  pageSizeMax: 60,
  pageSizeDefault: 24,
} as const

/** The console's multipart upload route (not a gateway function: a file is larger than a JSON call may be). */
export const MEDIA_UPLOAD_PATH = '/gateway/console/media-upload'

export interface MediaSource {
  src: string
  /** The intrinsic width (the `w` descriptor of srcset). */
  width: number
  type: (typeof MEDIA_IMAGE_TYPES)[MediaImageFormat]
}

export type MediaKind = 'image' | 'video'

export interface MediaItem {
  /** The content hash: the same file uploaded twice is the same item. */
  id: string
  kind: MediaKind
  /** The raster fallback (JPEG, or PNG when the image has transparency) at its largest width; for a video, the file. */
  src: string
  /** After the EXIF orientation; 0 for a video. */
  width: number
  height: number
  /** Every copy, modern formats first (mediaSources(src)); empty for a video. */
  sources: MediaSource[]
  /** The default alt text per language; a use may override it. */
  alt: Partial<Record<Locale, string>>
  /** The file name as uploaded (shown to editors only). */
  name: string
  /** Size of the uploaded file. */
  bytes: number
  createdAt: string
}

const HASH = '[0-9a-f]{32}'
const IMAGE_PATH = new RegExp(`^/media/(${HASH})/([1-9]\\d{0,4})x([1-9]\\d{0,4})/([1-9]\\d{0,4})\\.(avif|webp|jpg|png)$`)
const VIDEO_PATH = new RegExp(`^/media/(${HASH})/video\\.(mp4|webm)$`)

/** The widths copies of a picture `width` pixels wide exist in, smallest first. */
export function mediaWidths(width: number): number[] {
  const largest = Math.min(width, MEDIA_WIDTHS[MEDIA_WIDTHS.length - 1] as number)
  const widths: number[] = MEDIA_WIDTHS.filter((candidate) => candidate < largest)
  widths.push(largest)
  return widths
}

export function mediaImagePath(hash: string, width: number, height: number, copyWidth: number, format: MediaImageFormat): string {
  return `${MEDIA_PREFIX}/${hash}/${width}x${height}/${copyWidth}.${format}`
}

export function mediaVideoPath(hash: string, format: MediaVideoFormat): string {
  return `${MEDIA_PREFIX}/${hash}/video.${format}`
}

export interface ParsedMediaImage {
  kind: 'image'
  hash: string
  width: number
  height: number
  copyWidth: number
  format: MediaImageFormat
}
export interface ParsedMediaVideo {
  kind: 'video'
  hash: string
  format: MediaVideoFormat
}

/** A media address (a path, possibly with a query or fragment, which are ignored), or null when it is not one that can exist. */
export function parseMediaPath(src: string): ParsedMediaImage | ParsedMediaVideo | null {
  const path = src.split(/[?#]/, 1)[0] ?? ''
  const image = IMAGE_PATH.exec(path)
  if (image) {
    const [, hash, width, height, copyWidth, format] = image as unknown as [string, string, string, string, string, MediaImageFormat]
    const parsed = { kind: 'image' as const, hash, width: Number(width), height: Number(height), copyWidth: Number(copyWidth), format }
    return mediaWidths(parsed.width).includes(parsed.copyWidth) ? parsed : null
  }
  const video = VIDEO_PATH.exec(path)
  if (video) return { kind: 'video', hash: video[1] as string, format: video[2] as MediaVideoFormat }
  return null
}

export function isMediaPath(src: string | null | undefined): src is string {
  return typeof src === 'string' && parseMediaPath(src) !== null
}

/**
 * Every copy of a stored picture, from its address alone: AVIF, then WebP, then the raster of the
 * address (JPEG or PNG; none when given a modern copy's address), each in every width, smallest first.
 * Empty when `src` is not a media picture.
 */
export function mediaSources(src: string): MediaSource[] {
  const parsed = parseMediaPath(src)
  if (parsed?.kind !== 'image') return []
  // Only an item's own src (its raster) tells whether the raster is JPEG or PNG.
  const formats: MediaImageFormat[] = ['avif', 'webp', ...(parsed.format === 'jpg' || parsed.format === 'png' ? [parsed.format] : [])]
  const widths = mediaWidths(parsed.width)
  return formats.flatMap((format) =>
    widths.map((width) => ({ src: mediaImagePath(parsed.hash, parsed.width, parsed.height, width, format), width, type: MEDIA_IMAGE_TYPES[format] })),
  )
}

/** The raster address of a picture at its largest copy (the item's `src`). */
export function mediaRasterPath(hash: string, width: number, height: number, raster: MediaRasterFormat): string {
  return mediaImagePath(hash, width, height, mediaWidths(width).at(-1) as number, raster)
}

/** The alt text of an item in a language, or '' when that language has none (a use may give its own). */
export function mediaAlt(item: Pick<MediaItem, 'alt'>, locale: Locale): string {
  return item.alt[locale] ?? ''
}
