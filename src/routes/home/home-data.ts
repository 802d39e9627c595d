import type { ArticleCard, Video } from '../../api/editorial.ts'
import type { Advert, BrandPartner, ExhibitionCard } from '../../api/exhibitions.ts'
import type { GatewayError } from '../../api/gateway-error.ts'

/** One section's data, or the translation key of why it could not be loaded: a failing section never takes the page down. */
export type Section<T> = { ok: true; data: T } | { ok: false; error: string; values: Record<string, string | number> }

/** What the home page shows of a video (its hydration data is downloaded by every visitor). */
export type VideoTeaser = Pick<Video, 'id' | 'title' | 'poster' | 'durationSeconds'>

export interface HomeData {
  adverts: Section<Advert[]>
  upcoming: Section<ExhibitionCard[]>
  recaps: Section<ExhibitionCard[]>
  partners: Section<BrandPartner[]>
  news: Section<ArticleCard[]>
  videos: Section<VideoTeaser[]>
}

export const settle = <T>(promise: Promise<T>): Promise<Section<T>> =>
  promise.then(
    (data) => ({ ok: true as const, data }),
    (error: GatewayError) => {
      const data = (error?.body as { data?: unknown } | null)?.data
      const values: Record<string, string | number> = {}
      if (data && typeof data === 'object') {
        for (const [key, value] of Object.entries(data)) if (typeof value === 'string' || typeof value === 'number') values[key] = value
      }
      return { ok: false as const, error: error?.code ?? 'errors.unexpected', values }
    },
  )
