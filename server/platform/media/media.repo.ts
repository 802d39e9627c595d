import type { Queryable } from '../../db/client.ts'

export interface MediaRow {
  id: string
  kind: 'image' | 'video'
  src: string
  width: number
  height: number
  storage_keys: string[]
  name: string
  bytes: string | number
  alt: Record<string, string>
  created_at: Date | string
}

const COLUMNS = 'id, kind, src, width, height, storage_keys, name, bytes, alt, created_at'

export async function mediaById(db: Queryable, id: string, lock = false): Promise<MediaRow | null> {
  const result = await db.query<MediaRow>(`select ${COLUMNS} from media_items where id = $1${lock ? ' for update' : ''}`, [id])
  return result.rows[0] ?? null
}

/** A new item, or null when one with this content hash was stored meanwhile (the same file twice). */
export async function insertMedia(
  db: Queryable,
  row: Pick<MediaRow, 'id' | 'kind' | 'src' | 'width' | 'height' | 'storage_keys' | 'name'> & { bytes: number; createdBy: string | null },
): Promise<MediaRow | null> {
  const result = await db.query<MediaRow>(
    `insert into media_items (id, kind, src, width, height, storage_keys, name, bytes, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (id) do nothing
     returning ${COLUMNS}`,
    [row.id, row.kind, row.src, row.width, row.height, row.storage_keys, row.name, row.bytes, row.createdBy],
  )
  return result.rows[0] ?? null
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`)

export async function mediaPage(db: Queryable, filter: { search: string; kind: 'image' | 'video' | undefined }, page: number, pageSize: number) {
  const where: string[] = []
  const values: unknown[] = []
  if (filter.search) {
    values.push(`%${escapeLike(filter.search)}%`)
    // The name, or an alt text in any language.
    where.push(`(name ilike $${values.length} or alt::text ilike $${values.length})`)
  }
  if (filter.kind) {
    values.push(filter.kind)
    where.push(`kind = $${values.length}`)
  }
  const clause = where.length ? `where ${where.join(' and ')}` : ''
  const total = await db.query<{ count: string }>(`select count(*) as count from media_items ${clause}`, values)
  const rows = await db.query<MediaRow>(
    `select ${COLUMNS} from media_items ${clause} order by created_at desc, id limit $${values.length + 1} offset $${values.length + 2}`,
    [...values, pageSize, (page - 1) * pageSize],
  )
  return { rows: rows.rows, total: Number(total.rows[0]?.count ?? 0) }
}

export async function updateMedia(db: Queryable, id: string, change: { alt: Record<string, string>; name: string }): Promise<MediaRow> {
  const result = await db.query<MediaRow>(`update media_items set alt = $2, name = $3 where id = $1 returning ${COLUMNS}`, [
    id,
    JSON.stringify(change.alt),
    change.name,
  ])
  return result.rows[0] as MediaRow
}

export async function deleteMedia(db: Queryable, id: string): Promise<void> {
  await db.query('delete from media_items where id = $1', [id])
}

export interface MediaUse {
  kind: 'exhibition' | 'article' | 'video' | 'bulletin' | 'advert'
  id: number
  /** The item's slug (what editors see in its address). */
  slug: string
}

/**
 * Where pages show an item: every column a media address can be written into (covers, photos, logos,
 * posters, video sources, and pictures inside rich text). Content tables are small, so a scan of each
 * is cheap enough for a console page.
 */
export async function mediaUses(db: Queryable, id: string): Promise<MediaUse[]> {
  const prefix = `/media/${id}/`
  const starts = `${escapeLike(prefix)}%`
  const inside = `%${escapeLike(prefix)}%`
  const result = await db.query<MediaUse>(
    `select distinct kind, id, slug from (
       select 'exhibition' as kind, e.id, e.slug from exhibitions e
        where e.cover_image like $1 or e.map_image like $1
           or exists (select 1 from exhibition_texts t where t.exhibition_id = e.id and t.body_html like $2)
           or exists (select 1 from exhibition_speakers s where s.exhibition_id = e.id and s.photo like $1)
           or exists (select 1 from exhibition_partners p where p.exhibition_id = e.id and p.logo like $1)
           or exists (select 1 from exhibition_photos p where p.exhibition_id = e.id and p.src like $1)
           or exists (select 1 from exhibition_videos v where v.exhibition_id = e.id and (v.src like $1 or v.poster like $1))
       union all
       select 'advert', a.id, a.slug from adverts a where a.image like $1
       union all
       select 'article', n.id, n.slug from news_articles n
        where n.cover_image like $1 or exists (select 1 from news_article_texts t where t.article_id = n.id and t.body_html like $2)
       union all
       select 'video', v.id, v.slug from videos v where v.poster_image like $1 or v.sources::text like $2
       union all
       select 'bulletin', b.id, b.slug from bulletins b
        where exists (select 1 from bulletin_texts t where t.bulletin_id = b.id and t.body_html like $2)
     ) uses order by kind, id`,
    [starts, inside],
  )
  return result.rows.map((row) => ({ kind: row.kind, id: Number(row.id), slug: row.slug }))
}
