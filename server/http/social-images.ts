import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { extname, join, resolve, sep } from 'node:path'
import type express from 'express'
import type { Request, Response } from 'express'
import type { Logger } from 'pino'
import sharp from 'sharp'
import { isMediaPath } from '../../shared/rules/media.ts'
import { parseSocialImagePath, SOCIAL_IMAGE, type SocialImageRequest, type SocialImageSource, socialImageVersion } from '../../shared/rules/social-images.ts'
import { isUrlLanguage, type Locale, localeOf } from '../../shared/languages.ts'
import type { MediaStorage } from '../platform/media/storage.ts'
import { mediaKeyOf } from '../platform/media/storage.ts'
import type { Platform } from '../platform/platform.ts'
import { createRenderLimiter, LimiterBusy } from '../platform/render-limiter.ts'

export interface SocialImageDeps {
  platform: Platform | null
  /** Generated images are kept under DATA_DIR/social-images. */
  dataDir: string
  /** Where the site's public files are (covers are site paths like /demo/news/x.svg). */
  staticDir: string
  brandName: string
  logger: Logger
  /** At most this many renders at once; a crawler asking for hundreds waits or is told to come back. */
  concurrency?: number
  queueLimit?: number
}

/** Bump when the drawing changes, so images on disk are made anew. */
const DRAWING_REVISION = 2
const COVER_TYPES = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp'])
/** An editor's 8000×8000 photo is fine; a decompression bomb is not. */
const MAX_INPUT_PIXELS = 64_000_000
const YEAR = 'public, max-age=31536000, immutable'
const HOUR = 'public, max-age=3600'

/** `GET /social-images/{lang}/{kind}/{id}.png?v=`: an item's cover as a 1200×630 PNG with its title. */
export function socialImages(deps: SocialImageDeps): express.RequestHandler {
  const folder = join(deps.dataDir, 'social-images')
  const staticRoot = resolve(deps.staticDir)
  const limit = createRenderLimiter(deps.concurrency ?? 2, deps.queueLimit ?? 16)
  /** Two crawlers asking for one new image make it once. */
  const inFlight = new Map<string, Promise<Buffer>>()
  let defaultImage: Promise<Buffer> | undefined

  const sendDefault = async (res: Response) => {
    defaultImage ??= readFile(join(staticRoot, 'images', 'og-default.png'))
    res.setHeader('Cache-Control', HOUR)
    res.type('png').send(await defaultImage)
  }

  const handle = async (req: Request, res: Response) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return res.status(405).setHeader('Allow', 'GET, HEAD').end()
    const extra = Object.keys(req.query).filter((name) => name !== 'v')
    const wanted = extra.length ? null : parseSocialImagePath(req.path, req.query.v)
    if (!wanted)
      return res
        .status(extra.length ? 400 : 404)
        .type('text/plain')
        .send(extra.length ? 'Bad Request' : 'Not Found')
    if (!isUrlLanguage(wanted.lang)) return res.status(404).type('text/plain').send('Not Found')
    if (!deps.platform) return sendDefault(res)
    const locale = localeOf(wanted.lang)
    const source = await sourceOf(deps.platform, wanted, locale)
    if (!source) return res.status(404).type('text/plain').send('Not Found')
    const cover = (await mediaCover(deps.platform.services.media?.storage, source.cover)) ?? (await coverFile(staticRoot, source.cover))
    if (!cover) return sendDefault(res)

    const version = socialImageVersion(source)
    const key = createHash('sha256')
      .update(JSON.stringify([DRAWING_REVISION, deps.brandName, wanted.lang, version, cover.path, cover.mtimeMs, cover.size]))
      .digest('hex')
      .slice(0, 32)
    const etag = `"${key}"`
    res.setHeader('ETag', etag)
    res.setHeader('Cache-Control', wanted.version === version ? YEAR : HOUR)
    if (req.get('if-none-match') === etag) return res.status(304).end()

    const file = join(folder, `${key}.png`)
    const stored = await readFile(file).catch(() => null)
    if (stored) return res.type('png').send(stored)
    let job = inFlight.get(key)
    if (!job) {
      job = limit(async () => {
        const image = await drawSocialImage({ cover: await cover.read(), title: source.title, brand: deps.brandName, locale })
        await mkdir(folder, { recursive: true })
        const temporary = `${file}.${process.pid}.tmp`
        await writeFile(temporary, image)
        await rename(temporary, file)
        return image
      }).finally(() => inFlight.delete(key))
      inFlight.set(key, job)
    }
    try {
      res.type('png').send(await job)
    } catch (error) {
      if (error instanceof LimiterBusy) {
        res.removeHeader('ETag')
        return res.status(503).setHeader('Retry-After', '10').setHeader('Cache-Control', 'no-store').type('text/plain').send('Busy')
      }
      deps.logger.warn({ err: error, key, cover: source.cover }, 'social image could not be drawn; the default picture is sent')
      res.removeHeader('ETag')
      return sendDefault(res)
    }
  }

  return (req, res, next) => {
    handle(req, res).catch(next)
  }
}

async function sourceOf(platform: Platform, wanted: SocialImageRequest, locale: Locale): Promise<SocialImageSource | null> {
  if (wanted.kind === 'exhibition') {
    const exhibition = await platform.services.exhibitions.getById(wanted.id, locale)
    return exhibition ? { title: exhibition.title, cover: exhibition.cover } : null
  }
  if (wanted.kind === 'article') {
    const article = await platform.services.editorial.article(wanted.id, locale)
    return article ? { title: article.title, cover: article.cover?.src ?? null } : null
  }
  const video = await platform.services.editorial.video(wanted.id, locale)
  return video ? { title: video.title, cover: video.poster?.src ?? null } : null
}

interface Cover {
  /** What names this cover's content in the cache key. */
  path: string
  mtimeMs: number
  size: number
  read(): Promise<string | Buffer>
}

/**
 * An uploaded cover (`/media/...`), read through the media storage (disk or S3) from its raster copy,
 * so an article with an uploaded picture gets its preview on any instance. Its address names its
 * content, so the address alone keys the cache.
 */
async function mediaCover(storage: MediaStorage | undefined, cover: string | null): Promise<Cover | null> {
  if (!storage || !isMediaPath(cover)) return null
  const key = mediaKeyOf(cover.split(/[?#]/, 1)[0] ?? '')
  if (!key || !/\.(jpg|png)$/.test(key)) return null
  const info = await storage.head(key)
  if (!info) return null
  return {
    path: cover,
    mtimeMs: 0,
    size: info.size,
    read: async () => {
      const object = await storage.get(key)
      if (!object) throw new Error(`media cover ${key} is gone`)
      const chunks: Buffer[] = []
      for await (const chunk of object.body) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    },
  }
}

/** A cover that is a file of this site; never a remote address (no fetching on a stranger's behalf). */
async function coverFile(root: string, cover: string | null): Promise<Cover | null> {
  if (!cover?.startsWith('/') || cover.startsWith('//')) return null
  let pathname: string
  try {
    pathname = decodeURIComponent(new URL(cover, 'http://site.invalid').pathname)
  } catch {
    return null
  }
  const path = resolve(root, `.${pathname}`)
  if (!path.startsWith(root + sep) || !COVER_TYPES.has(extname(path).toLowerCase())) return null
  const info = await stat(path).catch(() => null)
  return info?.isFile() ? { path, mtimeMs: info.mtimeMs, size: info.size, read: async () => path } : null
}

/** Pango markup is XML: a title with `<` or `&` must stay text. */
function markupText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Han characters take their regional forms from the first family named. */
const FONT_FAMILIES: Partial<Record<Locale, string>> = {
  'zh-cn': 'Noto Sans CJK SC,sans-serif',
  'zh-tw': 'Noto Sans CJK TC,sans-serif',
  'zh-hk': 'Noto Sans CJK HK,sans-serif',
  ja: 'Noto Sans CJK JP,sans-serif',
  th: 'Noto Sans Thai,sans-serif',
}

/**
 * Thai is shipped with the site (47 KB, OFL): common server images have no Thai font, and a title
 * of boxes is worse than none. Latin, Cyrillic, Vietnamese and CJK come from the system's fonts.
 */
const FONT_FILES: Partial<Record<Locale, string>> = {
  th: createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf'),
}

const MARGIN = 64
const TEXT_WIDTH = SOCIAL_IMAGE.width - 2 * MARGIN
/** Three lines at the largest size; a phone feed shows the picture about 350 px wide, so 44 px is the floor. */
const TITLE_SIZES = [64, 56, 50, 44]
const TITLE_MAX_HEIGHT = 270

interface Font {
  family: string
  file: string | undefined
}

async function textImage(text: string, font: Font, weight: string, size: number, colour: string) {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${colour}">${markupText(text)}</span>`,
      font: `${font.family} ${weight} ${size}`,
      ...(font.file ? { fontfile: font.file } : {}),
      width: TEXT_WIDTH,
      wrap: 'word-char',
      rgba: true,
      spacing: Math.round(size * 0.1),
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
  return { data, height: info.height }
}

/** The title at the largest size that fits three lines; past that, squeezed into the box so nothing is cut. */
async function titleImage(title: string, font: Font) {
  for (const size of TITLE_SIZES) {
    const image = await textImage(title, font, 'Bold', size, '#ffffff')
    if (image.height <= TITLE_MAX_HEIGHT) return image
  }
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="#ffffff">${markupText(title)}</span>`,
      font: `${font.family} Bold`,
      ...(font.file ? { fontfile: font.file } : {}),
      width: TEXT_WIDTH,
      height: TITLE_MAX_HEIGHT,
      wrap: 'word-char',
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true })
  return { data, height: info.height }
}

/** A dark fade at the bottom, so white text reads on any cover. */
const SHADE = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SOCIAL_IMAGE.width}" height="${SOCIAL_IMAGE.height}">` +
    '<defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">' +
    '<stop offset="0" stop-color="#0b1020" stop-opacity=".2"/><stop offset=".3" stop-color="#0b1020" stop-opacity=".3"/>' +
    '<stop offset=".55" stop-color="#0b1020" stop-opacity=".7"/><stop offset="1" stop-color="#0b1020" stop-opacity=".92"/></linearGradient></defs>' +
    `<rect width="100%" height="100%" fill="url(#shade)"/><rect x="${MARGIN}" y="${MARGIN}" width="72" height="8" rx="4" fill="#e0b25a"/></svg>`,
)

export async function drawSocialImage(input: { cover: string | Buffer; title: string; brand: string; locale: Locale }): Promise<Buffer> {
  const font = { family: FONT_FAMILIES[input.locale] ?? 'sans-serif', file: FONT_FILES[input.locale] }
  const background = await sharp(input.cover, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize(SOCIAL_IMAGE.width, SOCIAL_IMAGE.height, { fit: 'cover', position: 'centre' })
    .toBuffer()
  const title = await titleImage(input.title, font)
  const brand = await textImage(input.brand, font, 'Bold', 28, '#f3d9a4')
  const brandTop = SOCIAL_IMAGE.height - MARGIN + 8 - brand.height
  const titleTop = brandTop - 36 - title.height
  return sharp(background)
    .composite([
      { input: SHADE, left: 0, top: 0 },
      { input: title.data, left: MARGIN, top: titleTop },
      { input: brand.data, left: MARGIN, top: brandTop },
    ])
    .flatten({ background: '#0b1020' })
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer()
}
