import type { ArticleCard, Video } from '../../api/editorial.ts'
import type { Advert, BrandPartner } from '../../api/exhibitions.ts'
import type { GatewayError } from '../../api/gateway-error.ts'
import type { ExhibitionCardView } from '../../components/exhibition-card/exhibition-card.tsx'

/** One section's data, or the translation key of why it could not be loaded: a failing section never takes the page down. */
export type Section<T> = { ok: true; data: T } | { ok: false; error: string; values: Record<string, string | number> }

// What the home page shows of each item: its hydration data is downloaded by every visitor, so the
// loader keeps only these fields (docs/product.md#performance).
export type AdvertSlide = Pick<Advert, 'slug' | 'title' | 'text' | 'cta' | 'alt' | 'image' | 'href'>
export type NewsTeaser = Pick<ArticleCard, 'id' | 'title' | 'summary' | 'cover' | 'publishedAt'>
export type PartnerLogo = Pick<BrandPartner, 'name' | 'logo' | 'url'>
export type VideoTeaser = Pick<Video, 'id' | 'title' | 'poster' | 'durationSeconds'>

export const advertSlide = ({ slug, title, text, cta, alt, image, href }: Advert): AdvertSlide => ({ slug, title, text, cta, alt, image, href })
export const newsTeaser = ({ id, title, summary, cover, publishedAt }: ArticleCard): NewsTeaser => ({ id, title, summary, cover, publishedAt })
export const partnerLogo = ({ name, logo, url }: BrandPartner): PartnerLogo => ({ name, logo, url })
export const videoTeaser = ({ id, title, poster, durationSeconds }: Video): VideoTeaser => ({ id, title, poster, durationSeconds })

export interface HomeData {
  adverts: Section<AdvertSlide[]>
  upcoming: Section<ExhibitionCardView[]>
  recaps: Section<ExhibitionCardView[]>
  partners: Section<PartnerLogo[]>
  news: Section<NewsTeaser[]>
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
