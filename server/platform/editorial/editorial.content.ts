import { LOCALES, type Locale } from '../../../shared/languages.ts'
import type { Queryable } from '../../db/client.ts'
import type { DemoContentKind } from '../../content/content-folder.ts'
import type { ContentFile } from '../platform.ts'
import { type ArticleFile, type BulletinFile, validateArticleFile, validateBulletinFile, validateVideoFile, type VideoFile } from './content-schema.ts'
import { redateArticle, redatePublishedJson } from './demo/redate.ts'
import { deleteTextsExcept, exportArticleRows, exportBulletinRows, exportVideoRows, touch, upsert } from './editorial.repo.ts'
import { markdownToHtml, readingMinutes, sanitiseArticleHtml, sanitiseBulletinHtml } from './html.ts'

/**
 * The content kinds `news`, `videos` and `bulletins` (npm run content; the demo folder). Import is
 * idempotent by slug: rows and texts are written only where they differ, and the texts of
 * languages a file no longer has are removed.
 */

function invalid(kind: string, name: string, problems: Record<string, string>): Error {
  return new Error(
    `${kind}/${name}: ${Object.entries(problems)
      .map(([field, message]) => `${field}: ${message}`)
      .join('; ')}`,
  )
}

const ordered = <T>(texts: Partial<Record<Locale, T>>): Array<[Locale, T]> =>
  LOCALES.filter((locale) => texts[locale] !== undefined).map((locale) => [locale, texts[locale] as T])

const iso = (value: Date | string) => new Date(value).toISOString()

// ---------------------------------------------------------------------------------------------

async function importArticle(tx: Queryable, article: ArticleFile): Promise<void> {
  const { id, changed } = await upsert(
    tx,
    'news_articles',
    ['slug'],
    {
      slug: article.slug,
      published_at: article.publishedAt,
      published: article.published,
      cover_image: article.cover?.src ?? null,
      cover_width: article.cover?.width ?? null,
      cover_height: article.cover?.height ?? null,
      tags: article.tags,
      exhibition_slug: article.exhibition,
    },
    { touch: true, returnId: true },
  )
  let textsChanged = false
  const texts = ordered(article.texts)
  for (const [locale, text] of texts) {
    const bodyHtml = sanitiseArticleHtml(markdownToHtml(text.bodyMarkdown))
    const written = await upsert(tx, 'news_article_texts', ['article_id', 'locale'], {
      article_id: id,
      locale,
      title: text.title,
      summary: text.summary,
      cover_alt: text.coverAlt,
      body_markdown: text.bodyMarkdown,
      body_html: bodyHtml,
      reading_minutes: readingMinutes(bodyHtml),
    })
    textsChanged ||= written.changed
  }
  if (
    await deleteTextsExcept(
      tx,
      'news_article_texts',
      'article_id',
      id,
      texts.map(([locale]) => locale),
    )
  )
    textsChanged = true
  if (textsChanged && !changed) await touch(tx, 'news_articles', id)
}

export const newsKind: DemoContentKind = {
  name: 'news',
  folder: 'news',
  redate: redateArticle,
  validate: (file) => validateArticleFile(file.name, file.data).problems,
  async importFile(tx, file) {
    const { file: article, problems } = validateArticleFile(file.name, file.data)
    if (!article) throw invalid('news', file.name, problems)
    await importArticle(tx, article)
  },
  async exportAll(db) {
    const rows = await exportArticleRows(db)
    return rows.map((row): ContentFile => {
      const texts = new Map(row.texts.map((text) => [text.locale, text]))
      const frontMatter: Record<string, unknown> = {
        publishedAt: iso(row.published_at),
        published: row.published,
        cover: row.cover_image,
        coverWidth: row.cover_width,
        coverHeight: row.cover_height,
        tags: row.tags,
        exhibition: row.exhibition_slug,
      }
      const sections: string[] = []
      for (const locale of LOCALES) {
        const text = texts.get(locale)
        if (!text) continue
        frontMatter[`title.${locale}`] = text.title
        frontMatter[`summary.${locale}`] = text.summary
        if (text.cover_alt) frontMatter[`coverAlt.${locale}`] = text.cover_alt
        sections.push(`<!-- lang: ${locale} -->\n${text.body_markdown}\n`)
      }
      return { name: `${row.slug}.md`, data: { frontMatter, body: sections.join('\n') } }
    })
  },
}

// ---------------------------------------------------------------------------------------------

async function importVideo(tx: Queryable, video: VideoFile): Promise<void> {
  const { id, changed } = await upsert(
    tx,
    'videos',
    ['slug'],
    {
      slug: video.slug,
      category: video.category,
      published_at: video.publishedAt,
      published: video.published,
      poster_image: video.poster?.src ?? null,
      poster_width: video.poster?.width ?? null,
      poster_height: video.poster?.height ?? null,
      duration_seconds: video.durationSeconds,
      sources: JSON.stringify(video.sources),
      captions: JSON.stringify(video.captions),
      exhibition_slug: video.exhibition,
    },
    { touch: true, returnId: true },
  )
  let textsChanged = false
  const texts = ordered(video.texts)
  for (const [locale, text] of texts) {
    const written = await upsert(tx, 'video_texts', ['video_id', 'locale'], {
      video_id: id,
      locale,
      title: text.title,
      description: text.description,
      poster_alt: text.posterAlt,
    })
    textsChanged ||= written.changed
  }
  if (
    await deleteTextsExcept(
      tx,
      'video_texts',
      'video_id',
      id,
      texts.map(([locale]) => locale),
    )
  )
    textsChanged = true
  if (textsChanged && !changed) await touch(tx, 'videos', id)
}

export const videosKind: DemoContentKind = {
  name: 'videos',
  folder: 'videos',
  redate: redatePublishedJson,
  validate: (file) => validateVideoFile(file.name, file.data).problems,
  async importFile(tx, file) {
    const { file: video, problems } = validateVideoFile(file.name, file.data)
    if (!video) throw invalid('videos', file.name, problems)
    await importVideo(tx, video)
  },
  async exportAll(db) {
    const rows = await exportVideoRows(db)
    return rows.map((row): ContentFile => {
      const texts: Record<string, { title: string; description: string; posterAlt: string }> = {}
      for (const text of [...row.texts].sort((a, b) => LOCALES.indexOf(a.locale) - LOCALES.indexOf(b.locale))) {
        texts[text.locale] = { title: text.title, description: text.description, posterAlt: text.poster_alt }
      }
      return {
        name: `${row.slug}.json`,
        data: {
          slug: row.slug,
          category: row.category,
          publishedAt: iso(row.published_at),
          published: row.published,
          durationSeconds: row.duration_seconds,
          poster: row.poster_image ? { src: row.poster_image, width: row.poster_width, height: row.poster_height } : null,
          sources: row.sources,
          captions: row.captions,
          exhibition: row.exhibition_slug,
          texts,
        },
      }
    })
  },
}

// ---------------------------------------------------------------------------------------------

async function importBulletin(tx: Queryable, bulletin: BulletinFile): Promise<void> {
  const { id, changed } = await upsert(
    tx,
    'bulletins',
    ['slug'],
    { slug: bulletin.slug, kind: bulletin.kind, published_at: bulletin.publishedAt, published: bulletin.published, pinned: bulletin.pinned },
    { touch: true, returnId: true },
  )
  let textsChanged = false
  const texts = ordered(bulletin.texts)
  for (const [locale, text] of texts) {
    const written = await upsert(tx, 'bulletin_texts', ['bulletin_id', 'locale'], {
      bulletin_id: id,
      locale,
      title: text.title,
      body_markdown: text.body,
      body_html: sanitiseBulletinHtml(markdownToHtml(text.body)),
    })
    textsChanged ||= written.changed
  }
  if (
    await deleteTextsExcept(
      tx,
      'bulletin_texts',
      'bulletin_id',
      id,
      texts.map(([locale]) => locale),
    )
  )
    textsChanged = true
  if (textsChanged && !changed) await touch(tx, 'bulletins', id)
}

export const bulletinsKind: DemoContentKind = {
  name: 'bulletins',
  folder: 'bulletins',
  redate: redatePublishedJson,
  validate: (file) => validateBulletinFile(file.name, file.data).problems,
  async importFile(tx, file) {
    const { file: bulletin, problems } = validateBulletinFile(file.name, file.data)
    if (!bulletin) throw invalid('bulletins', file.name, problems)
    await importBulletin(tx, bulletin)
  },
  async exportAll(db) {
    const rows = await exportBulletinRows(db)
    return rows.map((row): ContentFile => {
      const texts: Record<string, { title: string; body: string }> = {}
      for (const text of [...row.texts].sort((a, b) => LOCALES.indexOf(a.locale) - LOCALES.indexOf(b.locale))) {
        texts[text.locale] = { title: text.title, body: text.body_markdown }
      }
      return {
        name: `${row.slug}.json`,
        data: { slug: row.slug, kind: row.kind, publishedAt: iso(row.published_at), published: row.published, pinned: row.pinned, texts },
      }
    })
  },
}

export const EDITORIAL_KINDS = [newsKind, videosKind, bulletinsKind]
