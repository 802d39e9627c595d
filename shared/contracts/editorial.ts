import { z } from 'zod'
import { LOCALES } from '../languages.ts'
import { BULLETIN_KINDS, BULLETINS_PAGE_SIZE, NEWS_PAGE_SIZE, NEWS_TAGS, VIDEO_CATEGORIES, VIDEO_SOURCE_TYPES, VIDEOS_PAGE_SIZE } from '../rules/editorial.ts'
import { EDITORIAL } from '../functions/editorial.ts'
import { defineContract } from './define.ts'

/**
 * Editorial content: news articles on the docs/product.md#endpoints article endpoints (GET /api/Article/webarticle and
 * /api/Article/articleinfo), videos and bulletins on the expo endpoint.
 *
 * Instants are ISO 8601 strings in UTC. Texts come in the caller's language (LanguageCode header)
 * or the next language of its fallback chain (docs/product.md#content-fallback: zh-hk -> zh-tw -> zh-cn -> en; others ->
 * en); `fellBackTo` then names the language used. HTML fields are sanitised by the platform (on
 * import and again on the way out) and safe to insert as they are.
 */

const instant = z.string()
const locale = z.enum(LOCALES)

const id = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').positive('errors.invalid').max(2_147_483_647, 'errors.invalid')
const page = z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(1000, 'errors.invalid').default(1)
const pageSize = (fallback: number) =>
  z.coerce.number({ error: 'errors.invalid' }).int('errors.invalid').min(1, 'errors.invalid').max(50, 'errors.invalid').default(fallback)
const slug = z.string({ error: 'errors.invalid' }).regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'errors.invalid')

/** An image served by this site (or https), with its intrinsic size so pages reserve its space. */
export const imageRef = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
})

const paging = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** More items after this page ("No more data" when false). */
  hasMore: z.boolean(),
}

export const articleCard = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: imageRef.nullable(),
  publishedAt: instant,
  tags: z.array(z.enum(NEWS_TAGS)),
  /** The exhibition the article is about, when there is one. */
  exhibitionSlug: z.string().nullable(),
  /** Estimated reading time of the body in whole minutes (at least 1). */
  readingMinutes: z.number().int(),
  fellBackTo: locale.nullable(),
})

const articleLink = z.object({ id: z.number().int(), title: z.string() })

export const articleDetail = articleCard.extend({
  /** Sanitised HTML: p, h2-h4, lists, blockquote, links, images with sizes, tables, code. */
  bodyHtml: z.string(),
  updatedAt: instant,
  /** The next older and next newer article of the news list. */
  previous: articleLink.nullable(),
  next: articleLink.nullable(),
  /** Up to 3 articles sharing the exhibition or a topic, most shared first. */
  related: z.array(articleCard),
  /** The exhibition the article is about, for a link to its page (`/backDetail/{id}`). */
  exhibition: z.object({ id: z.number().int(), title: z.string() }).nullable(),
})

export const articleList = defineContract({
  ...EDITORIAL.articleList,
  cacheSeconds: 30,
  payload: z.object({
    page,
    pageSize: pageSize(NEWS_PAGE_SIZE),
    tag: z.enum(NEWS_TAGS, { error: 'errors.invalid' }).optional(),
    /** Only articles about this exhibition (its slug). */
    exhibition: slug.optional(),
  }),
  result: z.object({ items: z.array(articleCard), ...paging }),
})

export const articleInfo = defineContract({
  ...EDITORIAL.articleInfo,
  cacheSeconds: 30,
  payload: z.object({ id }),
  result: articleDetail,
})

export const video = z.object({
  id: z.number().int(),
  slug: z.string(),
  category: z.enum(VIDEO_CATEGORIES),
  title: z.string(),
  description: z.string(),
  poster: imageRef.nullable(),
  durationSeconds: z.number().int(),
  publishedAt: instant,
  /** In order of preference; the player offers them all and the browser takes the first it can play. */
  sources: z.array(z.object({ src: z.string(), type: z.enum(VIDEO_SOURCE_TYPES) })),
  /** WebVTT caption tracks by language; `default` marks the one in (or nearest to) the caller's language. */
  captions: z.array(z.object({ src: z.string(), locale, default: z.boolean() })),
  exhibitionSlug: z.string().nullable(),
  fellBackTo: locale.nullable(),
})

export const listVideos = defineContract({
  ...EDITORIAL.listVideos,
  cacheSeconds: 30,
  payload: z.object({
    category: z.enum(VIDEO_CATEGORIES, { error: 'errors.invalid' }).optional(),
    exhibition: slug.optional(),
    page,
    pageSize: pageSize(VIDEOS_PAGE_SIZE),
  }),
  result: z.object({
    /** Newest first. */
    items: z.array(video),
    ...paging,
    /** Every category that has videos, in the order of VIDEO_CATEGORIES, with its count. */
    categories: z.array(z.object({ key: z.enum(VIDEO_CATEGORIES), count: z.number().int() })),
  }),
})

export const getVideo = defineContract({
  ...EDITORIAL.getVideo,
  cacheSeconds: 30,
  payload: z.object({ id }),
  result: video,
})

export const bulletin = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: z.enum(BULLETIN_KINDS),
  title: z.string(),
  /** Sanitised HTML: p, lists, strong, em, links. */
  bodyHtml: z.string(),
  publishedAt: instant,
  pinned: z.boolean(),
  fellBackTo: locale.nullable(),
})

export const listBulletins = defineContract({
  ...EDITORIAL.listBulletins,
  cacheSeconds: 30,
  payload: z.object({ page, pageSize: pageSize(BULLETINS_PAGE_SIZE) }),
  result: z.object({
    /** Pinned first, then newest first. */
    items: z.array(bulletin),
    ...paging,
  }),
})

/**
 * An item of any state shown through a preview link of the console (`/{lang}/preview/{token}`): the
 * token is signed and expires; the page is never cached and never indexed.
 */
export const editorialPreview = defineContract({
  ...EDITORIAL.editorialPreview,
  payload: z.object({ token: z.string({ error: 'editorial:preview.invalid' }).min(1, 'editorial:preview.invalid').max(1024, 'editorial:preview.invalid') }),
  result: z.object({
    kind: z.enum(['news', 'bulletin', 'video']),
    state: z.enum(['draft', 'scheduled', 'published', 'unpublished']),
    title: z.string(),
    summary: z.string(),
    /** Sanitised HTML, as the pages show it. */
    bodyHtml: z.string(),
    image: imageRef.nullable(),
    publishedAt: instant,
    fellBackTo: locale.nullable(),
    expiresAt: instant,
    /** A video's player data, as the video page plays it; null for news and bulletins. */
    video: video.nullable(),
  }),
})
