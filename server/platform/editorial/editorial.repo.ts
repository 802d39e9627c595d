import type { Locale } from '../../../shared/languages.ts'
import type { Queryable } from '../../db/client.ts'

/**
 * SQL of the editorial tables (migration 0020). Readers take the fallback chain as an array and
 * pick, per item, the first of its languages that has texts (a lateral join ordered by the
 * position in the chain), so one query answers a whole page in any language. Only published items
 * whose time has come are read (`published_at <= now`): a later time means scheduled.
 */

type Values = Record<string, unknown>

/**
 * insert ... on conflict do update ... only where something differs (so importing the same file
 * twice changes nothing, `updated_at` included). Answers whether a row was written and, with
 * `returnId`, the row's id. Table and column names come from this file only, never from content.
 */
export async function upsert(
  tx: Queryable,
  table: string,
  conflict: string[],
  values: Values,
  options: { touch?: boolean; returnId?: boolean } = {},
): Promise<{ id: number; changed: boolean }> {
  const columns = Object.keys(values)
  const updatable = columns.filter((column) => !conflict.includes(column))
  const sets = updatable.map((column) => `${column} = excluded.${column}`)
  if (options.touch) sets.push('updated_at = now()')
  const differs = `(${updatable.map((column) => `${table}.${column}`).join(', ')}) is distinct from (${updatable.map((column) => `excluded.${column}`).join(', ')})`
  const action = updatable.length ? `do update set ${sets.join(', ')} where ${differs}` : 'do nothing'
  const written = await tx.query(
    `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')}) on conflict (${conflict.join(', ')}) ${action}`,
    Object.values(values),
  )
  const changed = written.rowCount > 0
  if (!options.returnId) return { id: 0, changed }
  const where = conflict.map((column, index) => `${column} = $${index + 1}`).join(' and ')
  const row = await tx.query<{ id: number }>(
    `select id from ${table} where ${where}`,
    conflict.map((column) => values[column]),
  )
  return { id: row.rows[0]?.id ?? 0, changed }
}

/** Removes the texts of languages a file no longer has; answers whether any went. */
export async function deleteTextsExcept(
  tx: Queryable,
  table: 'news_article_texts' | 'video_texts' | 'bulletin_texts',
  key: string,
  id: number,
  locales: string[],
): Promise<boolean> {
  const deleted = await tx.query(`delete from ${table} where ${key} = $1 and not (locale = any($2::text[]))`, [id, locales])
  return deleted.rowCount > 0
}

/** A parent row is "updated" when one of its texts changed, so caches and sitemaps see it. */
export async function touch(tx: Queryable, table: 'news_articles' | 'videos' | 'bulletins', id: number) {
  await tx.query(`update ${table} set updated_at = now() where id = $1`, [id])
}

/** The texts of the first language of `chain` that has any, as `t`. */
const pickText = (table: string, key: string, owner: string, chainParam: string) => `join lateral (
    select * from ${table} x where x.${key} = ${owner}.id and x.locale = any(${chainParam}::text[])
    order by array_position(${chainParam}::text[], x.locale) limit 1
  ) t on true`

// ---------------------------------------------------------------------------------------------
// Articles

export interface ArticleRow {
  id: number
  slug: string
  published_at: Date
  updated_at: Date
  cover_image: string | null
  cover_width: number | null
  cover_height: number | null
  tags: string[]
  exhibition_slug: string | null
  locale: Locale
  title: string
  summary: string
  cover_alt: string
  reading_minutes: number
}

export interface ArticleDetailRow extends ArticleRow {
  body_html: string
}

const ARTICLE_COLUMNS = `a.id, a.slug, a.published_at, a.updated_at, a.cover_image, a.cover_width, a.cover_height, a.tags,
  a.exhibition_slug, t.locale, t.title, t.summary, t.cover_alt, t.reading_minutes`

export interface ArticleFilter {
  tag?: string | undefined
  exhibition?: string | undefined
}

export async function listArticleRows(
  db: Queryable,
  query: ArticleFilter & { chain: Locale[]; now: Date; limit: number; offset: number },
): Promise<{ rows: ArticleRow[]; total: number }> {
  // $n numbering: the page query passes the chain first, the count query does not.
  const filter = (first: number) =>
    `a.published and a.published_at <= $${first} and ($${first + 1}::text is null or $${first + 1} = any(a.tags))
     and ($${first + 2}::text is null or a.exhibition_slug = $${first + 2})`
  const params = [query.now, query.tag ?? null, query.exhibition ?? null]
  const [rows, total] = await Promise.all([
    db.query<ArticleRow>(
      `select ${ARTICLE_COLUMNS} from news_articles a ${pickText('news_article_texts', 'article_id', 'a', '$1')}
       where ${filter(2)} order by a.published_at desc, a.id desc limit $5 offset $6`,
      [query.chain, ...params, query.limit, query.offset],
    ),
    db.query<{ count: number }>(`select count(*)::int as count from news_articles a where ${filter(1)}`, params).then((result) => result.rows[0]?.count ?? 0),
  ])
  return { rows: rows.rows, total }
}

export async function articleDetailRow(db: Queryable, id: number, chain: Locale[], now: Date): Promise<ArticleDetailRow | null> {
  const result = await db.query<ArticleDetailRow>(
    `select ${ARTICLE_COLUMNS}, t.body_html from news_articles a ${pickText('news_article_texts', 'article_id', 'a', '$1')}
     where a.id = $2 and a.published and a.published_at <= $3`,
    [chain, id, now],
  )
  return result.rows[0] ?? null
}

export interface ArticleLinkRow {
  id: number
  title: string
}

/** The next older (previous) and next newer (next) article in the order of the news list. */
export async function articleNeighbours(
  db: Queryable,
  article: { id: number; published_at: Date },
  chain: Locale[],
  now: Date,
): Promise<{ previous: ArticleLinkRow | null; next: ArticleLinkRow | null }> {
  const neighbour = (comparison: '<' | '>', order: 'desc' | 'asc') =>
    db
      .query<ArticleLinkRow>(
        `select a.id, t.title from news_articles a ${pickText('news_article_texts', 'article_id', 'a', '$1')}
         where a.published and a.published_at <= $2 and (a.published_at, a.id) ${comparison} ($3, $4)
         order by a.published_at ${order}, a.id ${order} limit 1`,
        [chain, now, article.published_at, article.id],
      )
      .then((result) => result.rows[0] ?? null)
  const [previous, next] = await Promise.all([neighbour('<', 'desc'), neighbour('>', 'asc')])
  return { previous, next }
}

/** Articles sharing the exhibition or topics with this one: most in common first, then newest. */
export async function relatedArticleRows(
  db: Queryable,
  article: { id: number; tags: string[]; exhibition_slug: string | null },
  chain: Locale[],
  now: Date,
  limit: number,
): Promise<ArticleRow[]> {
  const result = await db.query<ArticleRow>(
    `select ${ARTICLE_COLUMNS} from news_articles a ${pickText('news_article_texts', 'article_id', 'a', '$1')}
     where a.published and a.published_at <= $2 and a.id <> $3
       and (a.tags && $4::text[] or (a.exhibition_slug is not null and a.exhibition_slug = $5))
     order by (case when a.exhibition_slug is not null and a.exhibition_slug = $5 then 2 else 0 end)
              + cardinality(array(select unnest(a.tags) intersect select unnest($4::text[]))) desc,
              a.published_at desc, a.id desc
     limit $6`,
    [chain, now, article.id, article.tags, article.exhibition_slug, limit],
  )
  return result.rows
}

/**
 * The exhibition an article is about, from the core `exhibitions` table every domain refers to
 * (0001_core.sql): its id for the link and its title in the reader's language.
 */
export async function exhibitionLink(db: Queryable, slug: string, chain: Locale[]): Promise<{ id: number; title: string } | null> {
  const result = await db.query<{ id: number; title: string }>(
    `select e.id, t.title from exhibitions e ${pickText('exhibition_texts', 'exhibition_id', 'e', '$1')}
     where e.slug = $2 and e.published`,
    [chain, slug],
  )
  return result.rows[0] ?? null
}

export async function sitemapArticles(db: Queryable, now: Date): Promise<Array<{ id: number; updated_at: Date }>> {
  const result = await db.query<{ id: number; updated_at: Date }>(
    'select id, updated_at from news_articles where published and published_at <= $1 order by published_at desc, id desc',
    [now],
  )
  return result.rows
}

export interface ArticleExportRow {
  id: number
  slug: string
  published_at: Date
  published: boolean
  cover_image: string | null
  cover_width: number | null
  cover_height: number | null
  tags: string[]
  exhibition_slug: string | null
  texts: Array<{ locale: Locale; title: string; summary: string; cover_alt: string; body_markdown: string }>
}

export async function exportArticleRows(db: Queryable): Promise<ArticleExportRow[]> {
  const result = await db.query<ArticleExportRow>(
    `select a.id, a.slug, a.published_at, a.published, a.cover_image, a.cover_width, a.cover_height, a.tags, a.exhibition_slug,
       coalesce((select json_agg(json_build_object('locale', t.locale, 'title', t.title, 'summary', t.summary, 'cover_alt', t.cover_alt,
         'body_markdown', t.body_markdown)) from news_article_texts t where t.article_id = a.id), '[]') as texts
     from news_articles a order by a.slug`,
  )
  return result.rows
}

// ---------------------------------------------------------------------------------------------
// Videos

export interface VideoRow {
  id: number
  slug: string
  category: string
  published_at: Date
  poster_image: string | null
  poster_width: number | null
  poster_height: number | null
  duration_seconds: number
  sources: Array<{ src: string; type: string }>
  captions: Array<{ src: string; locale: Locale }>
  exhibition_slug: string | null
  locale: Locale
  title: string
  description: string
  poster_alt: string
}

const VIDEO_COLUMNS = `v.id, v.slug, v.category, v.published_at, v.poster_image, v.poster_width, v.poster_height, v.duration_seconds,
  v.sources, v.captions, v.exhibition_slug, t.locale, t.title, t.description, t.poster_alt`

export async function listVideoRows(
  db: Queryable,
  query: { chain: Locale[]; now: Date; category?: string | undefined; exhibition?: string | undefined; limit: number; offset: number },
): Promise<{ rows: VideoRow[]; total: number }> {
  const filter = (first: number) =>
    `v.published and v.published_at <= $${first} and ($${first + 1}::text is null or v.category = $${first + 1})
     and ($${first + 2}::text is null or v.exhibition_slug = $${first + 2})`
  const params = [query.now, query.category ?? null, query.exhibition ?? null]
  const [rows, total] = await Promise.all([
    db.query<VideoRow>(
      `select ${VIDEO_COLUMNS} from videos v ${pickText('video_texts', 'video_id', 'v', '$1')}
       where ${filter(2)} order by v.published_at desc, v.id desc limit $5 offset $6`,
      [query.chain, ...params, query.limit, query.offset],
    ),
    db.query<{ count: number }>(`select count(*)::int as count from videos v where ${filter(1)}`, params).then((result) => result.rows[0]?.count ?? 0),
  ])
  return { rows: rows.rows, total }
}

export async function videoCategoryCounts(db: Queryable, now: Date, exhibition?: string): Promise<Array<{ category: string; count: number }>> {
  const result = await db.query<{ category: string; count: number }>(
    `select category, count(*)::int as count from videos where published and published_at <= $1 and ($2::text is null or exhibition_slug = $2)
     group by category`,
    [now, exhibition ?? null],
  )
  return result.rows
}

export async function videoRowsBy(db: Queryable, by: { ids?: number[]; slugs?: string[] }, chain: Locale[], now: Date): Promise<VideoRow[]> {
  const result = await db.query<VideoRow>(
    `select ${VIDEO_COLUMNS} from videos v ${pickText('video_texts', 'video_id', 'v', '$1')}
     where v.published and v.published_at <= $2 and (v.id = any($3::int[]) or v.slug = any($4::text[]))
     order by v.published_at desc, v.id desc`,
    [chain, now, by.ids ?? [], by.slugs ?? []],
  )
  return result.rows
}

export interface VideoExportRow {
  slug: string
  category: string
  published_at: Date
  published: boolean
  poster_image: string | null
  poster_width: number | null
  poster_height: number | null
  duration_seconds: number
  sources: Array<{ src: string; type: string }>
  captions: Array<{ src: string; locale: string }>
  exhibition_slug: string | null
  texts: Array<{ locale: Locale; title: string; description: string; poster_alt: string }>
}

export async function exportVideoRows(db: Queryable): Promise<VideoExportRow[]> {
  const result = await db.query<VideoExportRow>(
    `select v.slug, v.category, v.published_at, v.published, v.poster_image, v.poster_width, v.poster_height, v.duration_seconds,
       v.sources, v.captions, v.exhibition_slug,
       coalesce((select json_agg(json_build_object('locale', t.locale, 'title', t.title, 'description', t.description,
         'poster_alt', t.poster_alt)) from video_texts t where t.video_id = v.id), '[]') as texts
     from videos v order by v.slug`,
  )
  return result.rows
}

// ---------------------------------------------------------------------------------------------
// Bulletins

export interface BulletinRow {
  id: number
  slug: string
  kind: string
  published_at: Date
  pinned: boolean
  locale: Locale
  title: string
  body_html: string
}

export async function listBulletinRows(
  db: Queryable,
  query: { chain: Locale[]; now: Date; limit: number; offset: number },
): Promise<{ rows: BulletinRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.query<BulletinRow>(
      `select b.id, b.slug, b.kind, b.published_at, b.pinned, t.locale, t.title, t.body_html
       from bulletins b ${pickText('bulletin_texts', 'bulletin_id', 'b', '$1')}
       where b.published and b.published_at <= $2
       order by b.pinned desc, b.published_at desc, b.id desc limit $3 offset $4`,
      [query.chain, query.now, query.limit, query.offset],
    ),
    db
      .query<{ count: number }>('select count(*)::int as count from bulletins where published and published_at <= $1', [query.now])
      .then((result) => result.rows[0]?.count ?? 0),
  ])
  return { rows: rows.rows, total }
}

export interface BulletinExportRow {
  slug: string
  kind: string
  published_at: Date
  published: boolean
  pinned: boolean
  texts: Array<{ locale: Locale; title: string; body_markdown: string }>
}

export async function exportBulletinRows(db: Queryable): Promise<BulletinExportRow[]> {
  const result = await db.query<BulletinExportRow>(
    `select b.slug, b.kind, b.published_at, b.published, b.pinned,
       coalesce((select json_agg(json_build_object('locale', t.locale, 'title', t.title, 'body_markdown', t.body_markdown))
         from bulletin_texts t where t.bulletin_id = b.id), '[]') as texts
     from bulletins b order by b.slug`,
  )
  return result.rows
}
