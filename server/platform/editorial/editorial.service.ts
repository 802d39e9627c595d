import type { z } from 'zod'
import type * as contracts from '../../../shared/contracts/editorial.ts'
import type { BulletinKind, NewsTag, VideoCategory, VideoSourceType } from '../../../shared/rules/editorial.ts'
import { VIDEO_CATEGORIES } from '../../../shared/rules/editorial.ts'
import { contentFallbackChain, type Locale } from '../../../shared/languages.ts'
import type { Queryable } from '../../db/client.ts'
import type { SitemapEntry } from '../platform.ts'
import {
  type ArticleFilter,
  type ArticleRow,
  articleDetailRow,
  articleNeighbours,
  exhibitionLink,
  listArticleRows,
  listBulletinRows,
  listVideoRows,
  relatedArticleRows,
  sitemapArticles,
  type VideoRow,
  videoCategoryCounts,
  videoRowsBy,
} from './editorial.repo.ts'
import { sanitiseArticleHtml, sanitiseBulletinHtml } from './html.ts'
import { escapeHtml } from '../kit/escape.ts'

export type ArticleCard = z.output<typeof contracts.articleCard>
export type ArticleDetail = z.output<typeof contracts.articleDetail>
export type ArticleList = z.output<typeof contracts.articleList.result>
export type Video = z.output<typeof contracts.video>
export type VideoList = z.output<typeof contracts.listVideos.result>
export type BulletinList = z.output<typeof contracts.listBulletins.result>

export interface Paging {
  page: number
  pageSize: number
}

/** What pages and other domains may ask of the editorial content (platform.services.editorial). */
export interface EditorialService {
  listArticles(query: Paging & ArticleFilter, locale: Locale): Promise<ArticleList>
  /** A published article in a language (with fallback), or null when there is none with this id. */
  article(id: number, locale: Locale): Promise<ArticleDetail | null>
  listVideos(query: Paging & { category?: VideoCategory | undefined; exhibition?: string | undefined }, locale: Locale): Promise<VideoList>
  video(id: number, locale: Locale): Promise<Video | null>
  /** Library videos by slug (exhibition recaps refer to them), in the order asked; unknown slugs are left out. */
  videosBySlugs(slugs: string[], locale: Locale): Promise<Video[]>
  listBulletins(query: Paging, locale: Locale): Promise<BulletinList>
  /** Article pages for sitemap.xml. */
  sitemap(): Promise<SitemapEntry[]>
}

export interface ServiceDeps {
  db: Queryable
  /** Replaces `{{brand}}` in texts, so content files do not repeat the configured brand name (BRAND_NAME). */
  brandName: string
  /** The clock: items whose published time is ahead of it are scheduled and not shown. */
  now?: () => Date
}

const RELATED_ARTICLES = 3
const BRAND = /\{\{\s*brand\s*\}\}/g

/** Puts the brand name into texts (plain) and HTML (escaped). */
function brander(brandName: string) {
  const html = escapeHtml(brandName)
  return {
    text: (value: string) => value.replace(BRAND, brandName),
    html: (value: string) => value.replace(BRAND, html),
  }
}
type Brand = ReturnType<typeof brander>
const fellBackTo = (asked: Locale, used: Locale): Locale | null => (used === asked ? null : used)
const iso = (value: Date) => new Date(value).toISOString()

function articleCard(row: ArticleRow, locale: Locale, brand: Brand): ArticleCard {
  return {
    id: row.id,
    slug: row.slug,
    title: brand.text(row.title),
    summary: brand.text(row.summary),
    cover:
      row.cover_image && row.cover_width && row.cover_height
        ? { src: row.cover_image, width: row.cover_width, height: row.cover_height, alt: brand.text(row.cover_alt) }
        : null,
    publishedAt: iso(row.published_at),
    tags: row.tags as NewsTag[],
    exhibitionSlug: row.exhibition_slug,
    readingMinutes: row.reading_minutes,
    fellBackTo: fellBackTo(locale, row.locale),
  }
}

function video(row: VideoRow, locale: Locale, brand: Brand): Video {
  const chain = contentFallbackChain(locale)
  const preferred = chain.find((candidate) => row.captions.some((caption) => caption.locale === candidate))
  return {
    id: row.id,
    slug: row.slug,
    category: row.category as VideoCategory,
    title: brand.text(row.title),
    description: brand.text(row.description),
    poster:
      row.poster_image && row.poster_width && row.poster_height
        ? { src: row.poster_image, width: row.poster_width, height: row.poster_height, alt: brand.text(row.poster_alt) }
        : null,
    durationSeconds: row.duration_seconds,
    publishedAt: iso(row.published_at),
    sources: row.sources.map((source) => ({ src: source.src, type: source.type as VideoSourceType })),
    captions: row.captions.map((caption) => ({ src: caption.src, locale: caption.locale, default: caption.locale === preferred })),
    exhibitionSlug: row.exhibition_slug,
    fellBackTo: fellBackTo(locale, row.locale),
  }
}

const paging = (query: Paging, total: number) => ({
  total,
  page: query.page,
  pageSize: query.pageSize,
  hasMore: query.page * query.pageSize < total,
})

export function createEditorialService(deps: ServiceDeps): EditorialService {
  const { db } = deps
  const now = deps.now ?? (() => new Date())
  const brand = brander(deps.brandName)

  return {
    async listArticles(query, locale) {
      const { rows, total } = await listArticleRows(db, {
        chain: contentFallbackChain(locale),
        now: now(),
        tag: query.tag,
        exhibition: query.exhibition,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      })
      return { items: rows.map((row) => articleCard(row, locale, brand)), ...paging(query, total) }
    },

    async article(id, locale) {
      const chain = contentFallbackChain(locale)
      const at = now()
      const row = await articleDetailRow(db, id, chain, at)
      if (!row) return null
      const [neighbours, related, exhibition] = await Promise.all([
        articleNeighbours(db, row, chain, at),
        relatedArticleRows(db, row, chain, at, RELATED_ARTICLES),
        row.exhibition_slug ? exhibitionLink(db, row.exhibition_slug, chain) : Promise.resolve(null),
      ])
      return {
        ...articleCard(row, locale, brand),
        // Sanitised at import, and again here: nothing in the database is trusted on the way out.
        bodyHtml: brand.html(sanitiseArticleHtml(row.body_html)),
        updatedAt: iso(row.updated_at),
        previous: neighbours.previous && { ...neighbours.previous, title: brand.text(neighbours.previous.title) },
        next: neighbours.next && { ...neighbours.next, title: brand.text(neighbours.next.title) },
        related: related.map((item) => articleCard(item, locale, brand)),
        exhibition,
      }
    },

    async listVideos(query, locale) {
      const at = now()
      const [{ rows, total }, counts] = await Promise.all([
        listVideoRows(db, {
          chain: contentFallbackChain(locale),
          now: at,
          category: query.category,
          exhibition: query.exhibition,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        videoCategoryCounts(db, at, query.exhibition),
      ])
      const byCategory = new Map(counts.map((count) => [count.category, count.count]))
      return {
        items: rows.map((row) => video(row, locale, brand)),
        ...paging(query, total),
        categories: VIDEO_CATEGORIES.filter((key) => byCategory.has(key)).map((key) => ({ key, count: byCategory.get(key) ?? 0 })),
      }
    },

    async video(id, locale) {
      const [row] = await videoRowsBy(db, { ids: [id] }, contentFallbackChain(locale), now())
      return row ? video(row, locale, brand) : null
    },

    async videosBySlugs(slugs, locale) {
      if (!slugs.length) return []
      const rows = await videoRowsBy(db, { slugs }, contentFallbackChain(locale), now())
      const bySlug = new Map(rows.map((row) => [row.slug, row]))
      return slugs.flatMap((slug) => {
        const row = bySlug.get(slug)
        return row ? [video(row, locale, brand)] : []
      })
    },

    async listBulletins(query, locale) {
      const { rows, total } = await listBulletinRows(db, {
        chain: contentFallbackChain(locale),
        now: now(),
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      })
      return {
        items: rows.map((row) => ({
          id: row.id,
          slug: row.slug,
          kind: row.kind as BulletinKind,
          title: brand.text(row.title),
          bodyHtml: brand.html(sanitiseBulletinHtml(row.body_html)),
          publishedAt: iso(row.published_at),
          pinned: row.pinned,
          fellBackTo: fellBackTo(locale, row.locale),
        })),
        ...paging(query, total),
      }
    },

    async sitemap() {
      const rows = await sitemapArticles(db, now())
      return rows.map((row) => ({ path: `/exhibition/${row.id}`, lastModified: new Date(row.updated_at) }))
    },
  }
}
