import { createHash } from 'node:crypto'
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp'
import {
  MEDIA_IMAGE_TYPES,
  MEDIA_LIMITS,
  type MediaImageFormat,
  type MediaRasterFormat,
  mediaImagePath,
  mediaRasterPath,
  mediaWidths,
} from '../../../shared/rules/media.ts'
import { ERROR_CODES } from '../../../shared/contracts/define.ts'
import { DomainError } from '../errors.ts'

/**
 * A picture checked by its content and made into the copies pages use (docs/product.md#console-media). Only what
 * sharp decodes as JPEG, PNG, WebP, AVIF or GIF (its first frame) is accepted, whatever the name says.
 *
 * SVG is refused rather than sanitised: an SVG is a document that can carry scripts, event handlers
 * and references to other addresses, a sanitiser is one more thing to get wrong on a path visitors'
 * browsers load, and Open Graph previews cannot show SVG anyway. Editors export a PNG instead.
 */

export const contentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32)

export interface MadeCopy {
  key: string
  bytes: Buffer
  contentType: string
}

export interface MadeImage {
  hash: string
  width: number
  height: number
  raster: MediaRasterFormat
  /** The raster at its largest width: the item's src. */
  src: string
  copies: MadeCopy[]
}

/** The tallest copy WebP can hold. */
const MAX_COPY_HEIGHT = 16_383

const refused = (code: string, params: Record<string, string | number> = {}) => new DomainError(code, ERROR_CODES.unsupportedType, params)

/** The formats sharp names that we take; AVIF is `heif` compressed with AV1 (HEIC, HEVC-compressed, is not). */
function accepted(metadata: Metadata): boolean {
  if (metadata.format === 'heif') return metadata.compression === 'av1'
  return metadata.format === 'jpeg' || metadata.format === 'png' || metadata.format === 'webp' || metadata.format === 'gif'
}

/** The first bytes of an SVG or other XML/HTML text (after a BOM and white space). */
function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase()
  return head.startsWith('<')
}

function encode(pipeline: Sharp, format: MediaImageFormat): Sharp {
  // No metadata call: sharp writes none (EXIF, GPS, XMP, comments) unless asked.
  switch (format) {
    case 'avif':
      // Effort 2 of 9: a fraction of the time of the default for a few per cent more bytes.
      return pipeline.avif({ quality: 52, effort: 2 })
    case 'webp':
      return pipeline.webp({ quality: 78, effort: 4 })
    case 'jpg':
      return pipeline.jpeg({ quality: 82, mozjpeg: true })
    case 'png':
      return pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
  }
}

/**
 * Checks `bytes` and makes every copy. Refusals are DomainErrors with translated codes (415 for what
 * is not an accepted picture, 413 for too many pixels); nothing is stored here.
 */
export async function makeImage(bytes: Buffer): Promise<MadeImage> {
  if (looksLikeMarkup(bytes)) {
    throw refused(/<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('utf8')) ? 'console:errors.mediaSvg' : 'console:errors.mediaNotImage')
  }
  const options = { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error' as const, pages: 1 }
  let metadata: Metadata
  try {
    // The header alone: the pixel limit is checked below with its own message.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata()
  } catch {
    throw refused('console:errors.mediaNotImage')
  }
  if (!accepted(metadata)) throw refused(metadata.format === 'svg' ? 'console:errors.mediaSvg' : 'console:errors.mediaNotImage')
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0)
  if (!pixels) throw refused('console:errors.mediaNotImage')
  if (pixels > MEDIA_LIMITS.maxPixels) {
    throw new DomainError('console:errors.mediaTooManyPixels', ERROR_CODES.tooLarge, { megapixels: MEDIA_LIMITS.maxPixels / 1_000_000 })
  }
  // The size a viewer sees: orientations 5–8 turn the picture a quarter.
  const turned = (metadata.orientation ?? 1) >= 5
  const width = turned ? (metadata.pageHeight ?? metadata.height ?? 0) : (metadata.width ?? 0)
  const height = turned ? (metadata.width ?? 0) : (metadata.pageHeight ?? metadata.height ?? 0)
  const widths = mediaWidths(width)
  const largest = widths.at(-1) as number
  // WebP (16383 px) and AVIF (16384 px) stop there: a copy that tall could not be made nor shown.
  if (Math.round((height * largest) / width) > MAX_COPY_HEIGHT) throw refused('console:errors.mediaTooTall')

  let base: { data: Buffer; info: OutputInfo }
  try {
    // Decoded once, turned upright and brought to the largest copy in sRGB; raw pixels carry no metadata.
    base = await sharp(bytes, options)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
  } catch {
    throw refused('console:errors.mediaNotImage')
  }
  const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels }
  const opaque = raw.channels < 4 || (await sharp(base.data, { raw }).stats()).isOpaque
  const raster: MediaRasterFormat = opaque ? 'jpg' : 'png'
  const hash = contentHash(bytes)
  const copies: MadeCopy[] = []
  for (const copyWidth of widths) {
    for (const format of ['avif', 'webp', raster] as const) {
      let pipeline = sharp(base.data, { raw })
      if (copyWidth !== raw.width) pipeline = pipeline.resize({ width: copyWidth })
      if (opaque) pipeline = pipeline.removeAlpha()
      const data = await encode(pipeline, format).toBuffer()
      copies.push({ key: mediaImagePath(hash, width, height, copyWidth, format).slice('/media/'.length), bytes: data, contentType: MEDIA_IMAGE_TYPES[format] })
    }
  }
  return { hash, width, height, raster, src: mediaRasterPath(hash, width, height, raster), copies }
}

/** A picture kept privately (docs/product.md#scam-reports): one upright copy, no metadata, no other bytes of the upload. */
export interface PrivatePicture {
  bytes: Buffer
  extension: 'jpg' | 'png'
  contentType: string
  width: number
  height: number
}

/**
 * Checks `bytes` as makeImage does (decoded by its content, markup refused, the pixel limit) and
 * re-encodes it once, at most `maxWidth` wide: what is stored is only the decoded pixels, so EXIF, GPS,
 * comments and anything appended to the file (a polyglot's second document) are gone. Answers why not
 * instead of throwing, so each caller words the refusal in its own texts.
 */
export async function privatePicture(
  bytes: Buffer,
  maxWidth: number,
  /** sharp's format names the caller takes; every one makeImage takes when not given. */
  formats?: readonly string[],
): Promise<PrivatePicture | 'notImage' | 'tooManyPixels'> {
  if (looksLikeMarkup(bytes)) return 'notImage'
  const options = { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error' as const, pages: 1 }
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata()
  } catch {
    return 'notImage'
  }
  if (!accepted(metadata) || (formats && !formats.includes(metadata.format ?? ''))) return 'notImage'
  const pixels = (metadata.width ?? 0) * (metadata.pageHeight ?? metadata.height ?? 0)
  if (!pixels) return 'notImage'
  if (pixels > MEDIA_LIMITS.maxPixels) return 'tooManyPixels'
  try {
    const base = await sharp(bytes, options)
      .rotate()
      .resize({ width: maxWidth, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true })
    const raw = { width: base.info.width, height: base.info.height, channels: base.info.channels }
    const opaque = raw.channels < 4 || (await sharp(base.data, { raw }).stats()).isOpaque
    const pipeline = sharp(base.data, { raw })
    const format = opaque ? 'jpg' : 'png'
    const data = await encode(opaque ? pipeline.removeAlpha() : pipeline, format).toBuffer()
    return { bytes: data, extension: format, contentType: MEDIA_IMAGE_TYPES[format], width: raw.width, height: raw.height }
  } catch {
    return 'notImage'
  }
}
