/**
 * Social preview images: what pages put in `og:image` and what the server's
 * `/social-images/...` route answers. One module, so the page's URL and the server's parser agree.
 * Facebook, X and LinkedIn show no SVG; 1200×630 PNG is the size all three crop least.
 */
export const SOCIAL_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const

export const SOCIAL_IMAGE_KINDS = ['exhibition', 'article', 'video'] as const
export type SocialImageKind = (typeof SOCIAL_IMAGE_KINDS)[number]

export const SOCIAL_IMAGE_PREFIX = '/social-images'

/** What a social image is drawn from; its fingerprint changes whenever the picture would. */
export interface SocialImageSource {
  title: string
  cover: string | null
}

/** FNV-1a (32 bit) of the title and cover: short, stable, and the same on both sides. */
export function socialImageVersion(source: SocialImageSource): string {
  let hash = 0x811c9dc5
  const text = `${source.title}\n${source.cover ?? ''}`
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}

/** `/social-images/{lang}/{kind}/{id}.png?v={version}`: the version lets caches keep it for a year. */
export function socialImagePath(lang: string, kind: SocialImageKind, id: number, source: SocialImageSource): string {
  return `${SOCIAL_IMAGE_PREFIX}/${encodeURIComponent(lang)}/${kind}/${id}.png?v=${socialImageVersion(source)}`
}

const PATH = /^\/([a-z]{2,3}(?:-[a-z]{2})?)\/([a-z]+)\/([1-9]\d{0,8})\.png$/
const VERSION = /^[0-9a-f]{8}$/

export interface SocialImageRequest {
  lang: string
  kind: SocialImageKind
  id: number
  version: string | null
}

/** The path below the prefix and the `v` parameter, or null when it is not a social image address. */
export function parseSocialImagePath(path: string, version: unknown): SocialImageRequest | null {
  const match = PATH.exec(path)
  if (!match) return null
  const [, lang = '', kind = '', id = ''] = match
  if (!(SOCIAL_IMAGE_KINDS as readonly string[]).includes(kind)) return null
  if (version !== undefined && (typeof version !== 'string' || !VERSION.test(version))) return null
  return { lang, kind: kind as SocialImageKind, id: Number(id), version: typeof version === 'string' ? version : null }
}
