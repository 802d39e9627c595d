import type { EditorialKind, EditorialState } from '../../../../shared/rules/console-editorial.ts'
import type { Locale } from '../../../../shared/languages.ts'
import type { Queryable } from '../../../db/client.ts'

/**
 * SQL of the console's content editor over the editorial tables (0020, 0180). Table and column
 * names come from TABLES only, never from a caller.
 */

interface Table {
  table: 'news_articles' | 'bulletins' | 'videos'
  texts: 'news_article_texts' | 'bulletin_texts' | 'video_texts'
  key: 'article_id' | 'bulletin_id' | 'video_id'
}

export const TABLES: Record<EditorialKind, Table> = {
  news: { table: 'news_articles', texts: 'news_article_texts', key: 'article_id' },
  bulletin: { table: 'bulletins', texts: 'bulletin_texts', key: 'bulletin_id' },
  video: { table: 'videos', texts: 'video_texts', key: 'video_id' },
}

/** The state of a row at `$now` (see 0180_editorial_console.sql). */
const stateOf = (alias: string, now: string) =>
  `case when ${alias}.published then (case when ${alias}.published_at > ${now} then 'scheduled' else 'published' end)
        when ${alias}.unpublished_at is not null then 'unpublished' else 'draft' end`

/**
 * The version a change names: the console's revision and updated_at to the microsecond (an import
 * moves only the latter), as text: a JavaScript Date keeps milliseconds only.
 */
const versionOf = (alias: string) => `${alias}.revision || '.' || to_char(${alias}.updated_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`

export interface ListRow {
  kind: EditorialKind
  id: number
  slug: string
  state: EditorialState
  title: string
  locales: Locale[]
  published_at: Date
  updated_at: Date
}

function listSelect(kind: EditorialKind): string {
  const { table, texts, key } = TABLES[kind]
  return `select '${kind}'::text as kind, i.id, i.slug, ${stateOf('i', '$1')} as state, i.published_at, i.updated_at,
      coalesce((select t.title from ${texts} t where t.${key} = i.id order by (t.locale = 'en') desc, t.locale limit 1), '') as title,
      coalesce((select array_agg(t.locale order by t.locale) from ${texts} t where t.${key} = i.id), '{}') as locales,
      exists (select 1 from ${texts} t where t.${key} = i.id and t.title ilike $3) as title_matches
    from ${table} i`
}

/** One page of items of every kind (or one), newest change first. */
export async function listPage(
  db: Queryable,
  query: { now: Date; kind: EditorialKind | null; state: EditorialState | null; search: string | null; limit: number; offset: number },
): Promise<{ rows: ListRow[]; total: number }> {
  const kinds = query.kind ? [query.kind] : (['news', 'bulletin', 'video'] as const)
  const like = query.search ? `%${query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%` : null
  const filtered = `select * from (${kinds.map(listSelect).join(' union all ')}) x
    where ($2::text is null or x.state = $2) and ($3::text is null or x.slug ilike $3 or x.title_matches)`
  const params = [query.now, query.state, like]
  const [rows, total] = await Promise.all([
    db.query<ListRow>(`${filtered} order by x.updated_at desc, x.kind, x.id desc limit $4 offset $5`, [...params, query.limit, query.offset]),
    db.query<{ count: number }>(`select count(*)::int as count from (${filtered}) y`, params),
  ])
  return { rows: rows.rows, total: total.rows[0]?.count ?? 0 }
}

export interface ItemRow {
  id: number
  slug: string
  state: EditorialState
  published: boolean
  published_at: Date
  unpublished_at: Date | null
  updated_at: Date
  version: string
  image_src: string | null
  image_width: number | null
  image_height: number | null
  tags: string[] | null
  exhibition_slug: string | null
  bulletin_kind: string | null
  pinned: boolean | null
  category: string | null
  duration_seconds: number | null
  sources: Array<{ src: string; type: string }> | null
  captions: Array<{ src: string; locale: string }> | null
  texts: Array<{ locale: Locale; title: string; summary: string; alt: string; body: string }>
}

/** The kind's own columns under common names. */
const ITEM_COLUMNS: Record<EditorialKind, string> = {
  news: `i.cover_image as image_src, i.cover_width as image_width, i.cover_height as image_height, i.tags, i.exhibition_slug,
    null as bulletin_kind, null as pinned, null as category, null as duration_seconds, null as sources, null as captions`,
  bulletin: `null as image_src, null as image_width, null as image_height, null as tags, null as exhibition_slug,
    i.kind as bulletin_kind, i.pinned, null as category, null as duration_seconds, null as sources, null as captions`,
  video: `i.poster_image as image_src, i.poster_width as image_width, i.poster_height as image_height, null as tags, i.exhibition_slug,
    null as bulletin_kind, null as pinned, i.category, i.duration_seconds, i.sources, i.captions`,
}

const TEXT_COLUMNS: Record<EditorialKind, string> = {
  news: `'title', t.title, 'summary', t.summary, 'alt', t.cover_alt, 'body', t.body_markdown`,
  bulletin: `'title', t.title, 'summary', '', 'alt', '', 'body', t.body_markdown`,
  video: `'title', t.title, 'summary', t.description, 'alt', t.poster_alt, 'body', ''`,
}

/** One item with its texts; `lock` holds the row until the transaction ends (changes run one after the other). */
export async function itemById(db: Queryable, kind: EditorialKind, id: number, now: Date, lock = false): Promise<ItemRow | null> {
  const { table, texts, key } = TABLES[kind]
  if (lock) await db.query(`select 1 from ${table} where id = $1 for update`, [id])
  const result = await db.query<ItemRow>(
    `select i.id, i.slug, ${stateOf('i', '$2')} as state, i.published, i.published_at, i.unpublished_at, i.updated_at,
       ${versionOf('i')} as version, ${ITEM_COLUMNS[kind]},
       coalesce((select json_agg(json_build_object('locale', t.locale, ${TEXT_COLUMNS[kind]}) order by t.locale)
         from ${texts} t where t.${key} = i.id), '[]') as texts
     from ${table} i where i.id = $1`,
    [id, now],
  )
  return result.rows[0] ?? null
}

export async function slugTaken(db: Queryable, kind: EditorialKind, slug: string, exceptId: number | null): Promise<boolean> {
  const result = await db.query(`select 1 from ${TABLES[kind].table} where slug = $1 and ($2::int is null or id <> $2)`, [slug, exceptId])
  return result.rows.length > 0
}

/** The kind's own columns as written by a save. */
export type ItemColumns = Record<string, unknown>

export async function insertItem(db: Queryable, kind: EditorialKind, columns: ItemColumns, now: Date): Promise<number | null> {
  const names = Object.keys(columns)
  const result = await db.query<{ id: number }>(
    `insert into ${TABLES[kind].table} (${names.join(', ')}, published, published_at, created_at, updated_at)
     values (${names.map((_, index) => `$${index + 2}`).join(', ')}, false, $1, now(), now())
     on conflict (slug) do nothing returning id`,
    [now, ...Object.values(columns)],
  )
  return result.rows[0]?.id ?? null
}

/** Every write moves the version on. */
export async function updateItem(db: Queryable, kind: EditorialKind, id: number, columns: ItemColumns): Promise<void> {
  const names = Object.keys(columns)
  await db.query(
    `update ${TABLES[kind].table} set ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')}, revision = revision + 1, updated_at = now() where id = $1`,
    [id, ...Object.values(columns)],
  )
}

export async function replaceTexts(db: Queryable, kind: EditorialKind, id: number, rows: Array<Record<string, unknown>>): Promise<void> {
  const { texts, key } = TABLES[kind]
  await db.query(`delete from ${texts} where ${key} = $1`, [id])
  for (const row of rows) {
    const names = Object.keys(row)
    await db.query(`insert into ${texts} (${key}, ${names.join(', ')}) values ($1, ${names.map((_, index) => `$${index + 2}`).join(', ')})`, [
      id,
      ...Object.values(row),
    ])
  }
}

export async function deleteItem(db: Queryable, kind: EditorialKind, id: number): Promise<void> {
  await db.query(`delete from ${TABLES[kind].table} where id = $1`, [id])
}

/**
 * Claims the scheduler's row (another instance holding it skips this round) and answers whether an
 * item of any kind has come due since it last looked; moves its mark to `now`. Null: not claimed.
 */
export async function claimDue(db: Queryable, now: Date): Promise<boolean | null> {
  // The row comes with the migration; a database emptied since (tests) gets it back, looking from the start.
  await db.query("insert into editorial_schedule (id, checked_until) values (1, '-infinity') on conflict (id) do nothing")
  const claimed = await db.query<{ checked_until: Date }>('select checked_until from editorial_schedule where id = 1 for update skip locked')
  const mark = claimed.rows[0]?.checked_until
  if (!mark) return null
  const due = await db.query<{ due: boolean }>(
    `select exists (select 1 from news_articles where published and published_at > $1 and published_at <= $2)
         or exists (select 1 from videos where published and published_at > $1 and published_at <= $2)
         or exists (select 1 from bulletins where published and published_at > $1 and published_at <= $2) as due`,
    [mark, now],
  )
  await db.query('update editorial_schedule set checked_until = $1 where id = 1', [now])
  return due.rows[0]?.due ?? false
}
