import type { Queryable } from '../../db/client.ts'
import type { ExhibitionState, ExhibitionType, Region } from '../../../shared/rules/exhibitions.ts'
import { stateSql } from './state.ts'

/** SQL of the exhibitions domain: reads for the pages and other domains. Writes are in content-import.ts. */

export interface ExhibitionRow {
  id: number
  slug: string
  kind: ExhibitionType
  starts_at: Date
  ends_at: Date
  time_zone: string
  sales_open_at: Date | null
  sales_close_at: Date | null
  city: string
  country_code: string
  region: Region
  venue_lat: number | null
  venue_lng: number | null
  cover_image: string | null
  map_image: string | null
  map_zoom: number
  campaign: string | null
  recap_figures: Record<string, number>
  published: boolean
  applications_open: boolean
  sort: number
}

export interface ExhibitionTextRow {
  exhibition_id: number
  locale: string
  title: string
  tagline: string
  summary: string
  city: string
  venue_name: string
  address: string
  body_html: string
  highlights: string[]
  recap_summary: string
  campaign: { headline: string; pitch: string; benefits: Array<{ title: string; text: string }> } | null
}

export type LocalisedJson<T> = Partial<Record<string, T>>

export interface SpeakerRow {
  id: number
  key: string
  name: string
  company: string
  photo: string | null
  sort: number
  texts: LocalisedJson<{ title: string; bio: string }>
}

export interface AgendaDayRow {
  day: string
  texts: LocalisedJson<{ title: string }>
}

export interface SessionRow {
  id: number
  key: string
  starts_at: Date
  ends_at: Date
  kind: string
  room: string
  sort: number
  texts: LocalisedJson<{ title: string; description: string }>
}

export interface SessionSpeakerRow {
  session_id: number
  speaker_id: number
  sort: number
}

export interface PartnerRow {
  id: number
  key: string
  name: string
  role: string
  tier: string
  logo: string | null
  url: string | null
  booth: string
  sort: number
}

export interface PhotoRow {
  id: number
  key: string
  src: string
  width: number
  height: number
  taken_at: Date | null
  sort: number
  texts: LocalisedJson<{ caption: string }>
}

export interface VideoRow {
  id: number
  key: string
  src: string | null
  video_slug: string | null
  poster: string | null
  duration_seconds: number | null
  sort: number
  texts: LocalisedJson<{ title: string }>
}

export interface AdvertRow {
  id: number
  slug: string
  placement: string
  image: string
  image_width: number
  image_height: number
  link: string | null
  exhibition_id: number | null
  exhibition_slug: string | null
  shows_from: Date | null
  shows_until: Date | null
  sort: number
  published: boolean
  texts: LocalisedJson<{ title: string; text: string; cta: string; alt: string }>
}

export interface ListFilter {
  year?: number | undefined
  region?: Region | undefined
  state?: ExhibitionState | undefined
  type?: ExhibitionType | undefined
  when?: 'upcoming' | 'past' | undefined
}

const EXHIBITION_COLUMNS = `e.id, e.slug, e.kind, e.starts_at, e.ends_at, e.time_zone, e.sales_open_at, e.sales_close_at, e.city,
  e.country_code, e.region, e.venue_lat, e.venue_lng, e.cover_image, e.map_image, e.map_zoom, e.campaign, e.recap_figures,
  e.published, e.applications_open, e.sort`

/**
 * Published exhibitions matching the filter, upcoming first: those not ended (in progress, then
 * soonest), then the ended ones (latest first). The year is the venue's calendar year.
 */
export async function listExhibitionRows(
  db: Queryable,
  filter: ListFilter,
  now: Date,
  page: { limit: number; offset: number },
): Promise<{ rows: ExhibitionRow[]; total: number }> {
  const conditions = ['e.published']
  const params: unknown[] = [now]
  const add = (sql: (parameter: string) => string, value: unknown) => {
    params.push(value)
    conditions.push(sql(`$${params.length}`))
  }
  if (filter.year !== undefined) add((p) => `extract(year from e.starts_at at time zone e.time_zone) = ${p}`, filter.year)
  if (filter.region) add((p) => `e.region = ${p}`, filter.region)
  if (filter.type) add((p) => `e.kind = ${p}`, filter.type)
  if (filter.state) add((p) => `(${stateSql('$1::timestamptz')}) = ${p}`, filter.state)
  if (filter.when === 'upcoming') conditions.push('e.ends_at > $1::timestamptz')
  if (filter.when === 'past') conditions.push('e.ends_at <= $1::timestamptz')
  params.push(page.limit, page.offset)
  const result = await db.query<ExhibitionRow & { total: number }>(
    `select ${EXHIBITION_COLUMNS}, count(*) over () as total
       from exhibitions e
      where ${conditions.join(' and ')}
      order by (e.ends_at <= $1::timestamptz),
               case when e.ends_at > $1::timestamptz then e.starts_at end asc,
               e.starts_at desc, e.sort, e.id
      limit $${params.length - 1} offset $${params.length}`,
    params,
  )
  return { rows: result.rows, total: Number(result.rows[0]?.total ?? 0) }
}

export async function listFacets(db: Queryable): Promise<{ years: number[]; regions: Region[] }> {
  const years = await db.query<{ year: number }>(
    'select distinct extract(year from starts_at at time zone time_zone)::int as year from exhibitions where published order by year desc',
  )
  const regions = await db.query<{ region: Region }>('select distinct region from exhibitions where published order by region')
  return { years: years.rows.map((row) => Number(row.year)), regions: regions.rows.map((row) => row.region) }
}

export async function exhibitionById(db: Queryable, id: number, includeUnpublished = false): Promise<ExhibitionRow | null> {
  const result = await db.query<ExhibitionRow>(
    `select ${EXHIBITION_COLUMNS} from exhibitions e where e.id = $1${includeUnpublished ? '' : ' and e.published'}`,
    [id],
  )
  return result.rows[0] ?? null
}

/** docs/product.md#refund-policy: the organiser's cut-off and refund policy of an exhibition, published or not. */
export async function attendeePolicyOf(
  db: Queryable,
  id: number,
): Promise<{
  attendee_changes_until: Date | null
  self_cancel: boolean
  refund_full_until: Date | null
  refund_partial_until: Date | null
  refund_partial_percent: number | null
} | null> {
  const result = await db.query<{
    attendee_changes_until: Date | null
    self_cancel: boolean
    refund_full_until: Date | null
    refund_partial_until: Date | null
    refund_partial_percent: number | null
  }>('select attendee_changes_until, self_cancel, refund_full_until, refund_partial_until, refund_partial_percent from exhibitions where id = $1', [id])
  return result.rows[0] ?? null
}

export async function exhibitionByCampaign(db: Queryable, campaign: string): Promise<ExhibitionRow | null> {
  const result = await db.query<ExhibitionRow>(`select ${EXHIBITION_COLUMNS} from exhibitions e where e.campaign = $1 and e.published`, [campaign])
  return result.rows[0] ?? null
}

export async function exhibitionBySlug(db: Queryable, slug: string): Promise<ExhibitionRow | null> {
  const result = await db.query<ExhibitionRow>(`select ${EXHIBITION_COLUMNS} from exhibitions e where e.slug = $1`, [slug])
  return result.rows[0] ?? null
}

export async function allExhibitionRows(db: Queryable): Promise<ExhibitionRow[]> {
  return (await db.query<ExhibitionRow>(`select ${EXHIBITION_COLUMNS} from exhibitions e order by e.slug`)).rows
}

/** Texts of these exhibitions in the given locales (a fallback chain), or in all when `locales` is null. */
export async function exhibitionTexts(db: Queryable, ids: number[], locales: readonly string[] | null): Promise<ExhibitionTextRow[]> {
  if (!ids.length) return []
  const result = await db.query<ExhibitionTextRow>(
    `select exhibition_id, locale, title, tagline, summary, city, venue_name, address, body_html, highlights, recap_summary, campaign
       from exhibition_texts
      where exhibition_id = any($1::int[])${locales ? ' and locale = any($2::text[])' : ''}
      order by exhibition_id, locale`,
    locales ? [ids, locales] : [ids],
  )
  return result.rows
}

export interface ExhibitionChildren {
  speakers: SpeakerRow[]
  days: AgendaDayRow[]
  sessions: SessionRow[]
  sessionSpeakers: SessionSpeakerRow[]
  partners: PartnerRow[]
  photos: PhotoRow[]
  videos: VideoRow[]
}

export async function exhibitionChildren(db: Queryable, id: number): Promise<ExhibitionChildren> {
  const [speakers, days, sessions, sessionSpeakers, partners, photos, videos] = await Promise.all([
    db.query<SpeakerRow>('select id, key, name, company, photo, sort, texts from exhibition_speakers where exhibition_id = $1 order by sort, id', [id]),
    db.query<AgendaDayRow>(`select to_char(day, 'YYYY-MM-DD') as day, texts from exhibition_agenda_days where exhibition_id = $1 order by day`, [id]),
    db.query<SessionRow>(
      'select id, key, starts_at, ends_at, kind, room, sort, texts from exhibition_sessions where exhibition_id = $1 order by starts_at, sort, id',
      [id],
    ),
    db.query<SessionSpeakerRow>(
      `select ss.session_id, ss.speaker_id, ss.sort
         from exhibition_session_speakers ss join exhibition_sessions s on s.id = ss.session_id
        where s.exhibition_id = $1 order by ss.session_id, ss.sort, ss.speaker_id`,
      [id],
    ),
    db.query<PartnerRow>(
      `select id, key, name, role, tier, logo, url, booth, sort from exhibition_partners where exhibition_id = $1
        order by array_position(array['headline','platinum','gold','silver','bronze','exhibitor','media']::text[], tier), sort, id`,
      [id],
    ),
    db.query<PhotoRow>('select id, key, src, width, height, taken_at, sort, texts from exhibition_photos where exhibition_id = $1 order by sort, id', [id]),
    db.query<VideoRow>(
      'select id, key, src, video_slug, poster, duration_seconds, sort, texts from exhibition_videos where exhibition_id = $1 order by sort, id',
      [id],
    ),
  ])
  return {
    speakers: speakers.rows,
    days: days.rows,
    sessions: sessions.rows,
    sessionSpeakers: sessionSpeakers.rows,
    partners: partners.rows,
    photos: photos.rows,
    videos: videos.rows,
  }
}

/** Sponsors across published exhibitions, one per name: best tier, then how often, then name. */
export async function brandPartners(
  db: Queryable,
  limit: number,
): Promise<Array<{ name: string; logo: string | null; url: string | null; tier: string; exhibitions: number }>> {
  const result = await db.query<{ name: string; logo: string | null; url: string | null; tier: string; exhibitions: number }>(
    `with ranked as (
       select p.*, array_position(array['headline','platinum','gold','silver','bronze','exhibitor','media']::text[], p.tier) as rank, e.starts_at
         from exhibition_partners p join exhibitions e on e.id = p.exhibition_id
        where e.published and p.role = 'sponsor'
     )
     select (array_agg(name order by starts_at desc))[1] as name,
            (array_agg(logo order by starts_at desc))[1] as logo,
            (array_agg(url order by starts_at desc))[1] as url,
            (array_agg(tier order by rank))[1] as tier,
            count(distinct exhibition_id)::int as exhibitions,
            min(rank) as best
       from ranked
      group by lower(name)
      order by best, exhibitions desc, lower(name)
      limit $1`,
    [limit],
  )
  return result.rows.map((row) => ({ name: row.name, logo: row.logo, url: row.url, tier: row.tier, exhibitions: Number(row.exhibitions) }))
}

const ADVERT_COLUMNS = `a.id, a.slug, a.placement, a.image, a.image_width, a.image_height, a.link, a.exhibition_id, x.slug as exhibition_slug,
  a.shows_from, a.shows_until, a.sort, a.published, a.texts`

/** Adverts shown now: published, inside their window, and not for an exhibition that is over or hidden. */
export async function liveAdverts(db: Queryable, placement: string, now: Date): Promise<AdvertRow[]> {
  const result = await db.query<AdvertRow>(
    `select ${ADVERT_COLUMNS}
       from adverts a left join exhibitions x on x.id = a.exhibition_id
      where a.placement = $1 and a.published
        and (a.shows_from is null or a.shows_from <= $2::timestamptz)
        and (a.shows_until is null or a.shows_until > $2::timestamptz)
        and (a.exhibition_id is null or (x.published and x.ends_at > $2::timestamptz))
      order by a.sort, a.id`,
    [placement, now],
  )
  return result.rows
}

export async function allAdvertRows(db: Queryable): Promise<AdvertRow[]> {
  return (await db.query<AdvertRow>(`select ${ADVERT_COLUMNS} from adverts a left join exhibitions x on x.id = a.exhibition_id order by a.slug`)).rows
}

/** Public exhibition pages for sitemap.xml. */
export async function sitemapRows(db: Queryable): Promise<Array<{ id: number; campaign: string | null; updated_at: Date }>> {
  return (
    await db.query<{ id: number; campaign: string | null; updated_at: Date }>('select id, campaign, updated_at from exhibitions where published order by id')
  ).rows
}
