import type { Queryable } from '../../../db/client.ts'
import type { Locale } from '../../../../shared/languages.ts'
import type { AdvertRow } from '../exhibitions.repo.ts'

/**
 * SQL of the console's content editor that the content import does not already write: the recap and
 * map fields of an exhibition, the exhibitions an editor may work on, and adverts by id.
 */

export type Scope = readonly number[] | null

export interface ContentListRow {
  id: number
  slug: string
  starts_at: Date
  published: boolean
  title: string | null
  speakers: number
  sessions: number
  partners: number
  photos: number
}

/** The exhibitions in the member's scope, newest first, with their title in the member's locale (else English, else any) and how much content each has. */
export async function contentList(db: Queryable, scope: Scope, locale: Locale): Promise<ContentListRow[]> {
  const result = await db.query<ContentListRow>(
    `select e.id, e.slug, e.starts_at, e.published,
            (select t.title from exhibition_texts t where t.exhibition_id = e.id order by t.locale <> $2, t.locale <> 'en', t.locale limit 1) as title,
            (select count(*)::int from exhibition_speakers s where s.exhibition_id = e.id) as speakers,
            (select count(*)::int from exhibition_sessions s where s.exhibition_id = e.id) as sessions,
            (select count(*)::int from exhibition_partners p where p.exhibition_id = e.id) as partners,
            (select count(*)::int from exhibition_photos p where p.exhibition_id = e.id) as photos
       from exhibitions e
      where $1::int[] is null or e.id = any($1::int[])
      order by e.starts_at desc, e.id desc`,
    [scope, locale],
  )
  return result.rows
}

/**
 * Locks the exhibition for one save: of two saves of its content (or a manager's save of its facts)
 * the second waits, then compares the version it was given with what the first left.
 */
export async function lockExhibition(tx: Queryable, id: number): Promise<boolean> {
  return (await tx.query('select id from exhibitions where id = $1 for update', [id])).rows.length > 0
}

/** The sitemap's last-modified of the exhibition's pages. */
export async function touchExhibition(tx: Queryable, id: number): Promise<void> {
  await tx.query('update exhibitions set updated_at = now() where id = $1', [id])
}

export async function writeRecap(tx: Queryable, id: number, figures: Record<string, number>, texts: Record<string, string>): Promise<void> {
  await tx.query('update exhibitions set recap_figures = $2 where id = $1', [id, JSON.stringify(figures)])
  await tx.query(
    `update exhibition_texts t set recap_summary = coalesce(($2::jsonb) ->> t.locale, '')
      where t.exhibition_id = $1 and t.recap_summary is distinct from coalesce(($2::jsonb) ->> t.locale, '')`,
    [id, JSON.stringify(texts)],
  )
}

export async function writeMap(
  tx: Queryable,
  id: number,
  map: { lat: number | null; lng: number | null; mapImage: string | null; mapZoom: number },
): Promise<void> {
  await tx.query('update exhibitions set venue_lat = $2, venue_lng = $3, map_image = $4, map_zoom = $5 where id = $1', [
    id,
    map.lat,
    map.lng,
    map.mapImage,
    map.mapZoom,
  ])
}

const ADVERT_COLUMNS = `a.id, a.slug, a.placement, a.image, a.image_width, a.image_height, a.link, a.exhibition_id, x.slug as exhibition_slug,
  a.shows_from, a.shows_until, a.sort, a.published, a.texts`

/** Adverts an editor may see: all of them, or for a member limited to some exhibitions, only those exhibitions' adverts. */
export async function advertRows(db: Queryable, scope: Scope): Promise<AdvertRow[]> {
  const result = await db.query<AdvertRow>(
    `select ${ADVERT_COLUMNS} from adverts a left join exhibitions x on x.id = a.exhibition_id
      where $1::int[] is null or a.exhibition_id = any($1::int[])
      order by a.placement, a.sort, a.id`,
    [scope],
  )
  return result.rows
}

export async function advertById(db: Queryable, id: number, lock = false): Promise<AdvertRow | null> {
  const result = await db.query<AdvertRow>(
    `select ${ADVERT_COLUMNS} from adverts a left join exhibitions x on x.id = a.exhibition_id where a.id = $1${lock ? ' for update of a' : ''}`,
    [id],
  )
  return result.rows[0] ?? null
}

export async function advertBySlug(db: Queryable, slug: string): Promise<AdvertRow | null> {
  const result = await db.query<AdvertRow>(`select ${ADVERT_COLUMNS} from adverts a left join exhibitions x on x.id = a.exhibition_id where a.slug = $1`, [
    slug,
  ])
  return result.rows[0] ?? null
}

export async function exhibitionSlug(db: Queryable, id: number): Promise<string | null> {
  return (await db.query<{ slug: string }>('select slug from exhibitions where id = $1', [id])).rows[0]?.slug ?? null
}

export async function setAdvertPublished(tx: Queryable, id: number, published: boolean): Promise<void> {
  await tx.query('update adverts set published = $2, updated_at = clock_timestamp() where id = $1', [id, published])
}

/** Titles of exhibitions an advert may point at (the member's locale, else English, else any). */
export async function exhibitionTitles(db: Queryable, scope: Scope, locale: Locale): Promise<Array<{ id: number; title: string }>> {
  const result = await db.query<{ id: number; title: string }>(
    `select e.id, coalesce((select t.title from exhibition_texts t where t.exhibition_id = e.id order by t.locale <> $2, t.locale <> 'en', t.locale limit 1), e.slug) as title
       from exhibitions e where $1::int[] is null or e.id = any($1::int[]) order by e.starts_at desc, e.id desc`,
    [scope, locale],
  )
  return result.rows
}
