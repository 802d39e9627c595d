import sanitizeHtml from 'sanitize-html'
import type { Queryable } from '../../db/client.ts'
import type { AdvertFile, ExhibitionFile } from './content-schema.ts'

/**
 * Writes one content file into the database, idempotently: rows are matched by slug (exhibitions,
 * adverts) or by (exhibition, key) (their parts), updated only when something differs, and parts
 * no longer in the file are removed. Importing the same folder twice changes nothing, ids included.
 */

/** Only what an editor needs for a description; everything else (scripts, styles, handlers) goes. */
export function sanitiseBody(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'br'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['https', 'http', 'mailto'],
    transformTags: { b: 'strong', i: 'em' },
  }).trim()
}

type Values = Record<string, unknown>

/**
 * insert ... on conflict (keys) do update ... where something differs; returns the row's id either way.
 * Table and column names come from this file only, never from content.
 */
async function upsert(
  tx: Queryable,
  table: string,
  conflict: string[],
  values: Values,
  options: { touch?: boolean; id?: boolean } = {},
): Promise<number | null> {
  const columns = Object.keys(values)
  const updatable = columns.filter((column) => !conflict.includes(column))
  const placeholders = columns.map((_, index) => `$${index + 1}`)
  const sets = updatable.map((column) => `${column} = excluded.${column}`)
  if (options.touch) sets.push('updated_at = now()')
  const differs = updatable.length
    ? `where (${updatable.map((column) => `${table}.${column}`).join(', ')}) is distinct from (${updatable.map((column) => `excluded.${column}`).join(', ')})`
    : ''
  const action = updatable.length ? `do update set ${sets.join(', ')} ${differs}` : 'do nothing'
  await tx.query(
    `insert into ${table} (${columns.join(', ')}) values (${placeholders.join(', ')}) on conflict (${conflict.join(', ')}) ${action}`,
    Object.values(values),
  )
  if (!options.id) return null
  const where = conflict.map((column, index) => `${column} = $${index + 1}`).join(' and ')
  const row = await tx.query<{ id: number }>(
    `select id from ${table} where ${where}`,
    conflict.map((column) => values[column]),
  )
  return row.rows[0]?.id ?? null
}

const json = (value: unknown) => JSON.stringify(value)

export async function importExhibition(tx: Queryable, file: ExhibitionFile): Promise<number> {
  if (file.campaign) {
    const holder = await tx.query<{ slug: string }>('select slug from exhibitions where campaign = $1 and slug <> $2', [file.campaign, file.slug])
    if (holder.rows[0]) throw new Error(`exhibitions/${file.slug}.json: campaign: "${file.campaign}" already belongs to ${holder.rows[0].slug}`)
  }
  const id = await upsert(
    tx,
    'exhibitions',
    ['slug'],
    {
      slug: file.slug,
      kind: file.type,
      starts_at: file.startsAt,
      ends_at: file.endsAt,
      time_zone: file.timeZone,
      sales_open_at: file.salesOpenAt,
      sales_close_at: file.salesCloseAt,
      city: file.city,
      country_code: file.countryCode,
      region: file.region,
      venue_lat: file.venue.lat,
      venue_lng: file.venue.lng,
      cover_image: file.cover,
      map_image: file.venue.mapImage,
      map_zoom: file.venue.mapZoom,
      applications_open: file.applicationsOpen,
      published: file.published,
      recap_figures: json(file.recapFigures),
      campaign: file.campaign,
      sort: file.sort,
    },
    { touch: true, id: true },
  )
  if (id === null) throw new Error(`exhibitions/${file.slug}.json could not be stored`)

  const locales = Object.keys(file.texts)
  for (const [locale, texts] of Object.entries(file.texts)) {
    if (!texts) continue
    await upsert(tx, 'exhibition_texts', ['exhibition_id', 'locale'], {
      exhibition_id: id,
      locale,
      title: texts.title,
      tagline: texts.tagline,
      summary: texts.summary,
      city: texts.city,
      venue_name: texts.venueName,
      address: texts.address,
      body_html: sanitiseBody(texts.bodyHtml),
      highlights: json(texts.highlights),
      recap_summary: texts.recapSummary,
      campaign: texts.campaign ? json(texts.campaign) : null,
    })
  }
  await tx.query('delete from exhibition_texts where exhibition_id = $1 and locale <> all($2::text[])', [id, locales])

  await importSpeakers(tx, id, file.speakers)
  await importAgenda(tx, id, file.agenda)
  await importPartners(tx, id, file.partners)
  await importPhotos(tx, id, file.photos)
  await importVideos(tx, id, file.videos)
  return id
}

/*
 * One part of an exhibition each, written the way a content file writes it. The console's content
 * editor saves through these too, so what it writes is exactly what an export reads back.
 */

export async function importSpeakers(tx: Queryable, id: number, speakers: ExhibitionFile['speakers']): Promise<void> {
  await replaceChildren(tx, id, 'exhibition_speakers', speakers, (speaker, sort) => ({
    name: speaker.name,
    company: speaker.company,
    photo: speaker.photo,
    sort,
    texts: json(speaker.texts),
  }))
}

/** Days, their sessions and who speaks at each; speakers are named by key and must exist already. */
export async function importAgenda(tx: Queryable, id: number, agenda: ExhibitionFile['agenda']): Promise<void> {
  for (const day of agenda) {
    await upsert(tx, 'exhibition_agenda_days', ['exhibition_id', 'day'], { exhibition_id: id, day: day.date, texts: json(day.texts) })
  }
  await tx.query('delete from exhibition_agenda_days where exhibition_id = $1 and day <> all($2::date[])', [id, agenda.map((day) => day.date)])
  const sessions = agenda.flatMap((day) => day.sessions)
  await replaceChildren(tx, id, 'exhibition_sessions', sessions, (session, sort) => ({
    starts_at: session.startsAt,
    ends_at: session.endsAt,
    kind: session.kind,
    room: session.room,
    sort,
    texts: json(session.texts),
  }))
  await linkSessionSpeakers(tx, id, sessions)
}

export async function importPartners(tx: Queryable, id: number, partners: ExhibitionFile['partners']): Promise<void> {
  await replaceChildren(tx, id, 'exhibition_partners', partners, (partner, sort) => ({
    name: partner.name,
    role: partner.role,
    tier: partner.tier,
    logo: partner.logo,
    url: partner.url,
    booth: partner.booth,
    sort,
  }))
}

export async function importPhotos(tx: Queryable, id: number, photos: ExhibitionFile['photos']): Promise<void> {
  await replaceChildren(tx, id, 'exhibition_photos', photos, (photo, sort) => ({
    src: photo.src,
    width: photo.width,
    height: photo.height,
    taken_at: photo.takenAt,
    sort,
    texts: json(photo.texts),
  }))
}

export async function importVideos(tx: Queryable, id: number, videos: ExhibitionFile['videos']): Promise<void> {
  await replaceChildren(tx, id, 'exhibition_videos', videos, (video, sort) => ({
    src: video.src,
    video_slug: video.videoSlug,
    poster: video.poster,
    duration_seconds: video.durationSeconds,
    sort,
    texts: json(video.texts),
  }))
}

async function replaceChildren<T extends { key: string }>(
  tx: Queryable,
  exhibitionId: number,
  table: string,
  items: T[],
  columns: (item: T, sort: number) => Values,
): Promise<void> {
  for (const [index, item] of items.entries()) {
    await upsert(tx, table, ['exhibition_id', 'key'], { exhibition_id: exhibitionId, key: item.key, ...columns(item, index) })
  }
  await tx.query(`delete from ${table} where exhibition_id = $1 and key <> all($2::text[])`, [exhibitionId, items.map((item) => item.key)])
}

async function linkSessionSpeakers(tx: Queryable, exhibitionId: number, sessions: ExhibitionFile['agenda'][number]['sessions']): Promise<void> {
  const ids = async (table: string) =>
    new Map(
      (await tx.query<{ id: number; key: string }>(`select id, key from ${table} where exhibition_id = $1`, [exhibitionId])).rows.map((row) => [
        row.key,
        row.id,
      ]),
    )
  const sessionIds = await ids('exhibition_sessions')
  const speakerIds = await ids('exhibition_speakers')
  const wanted: Array<{ session: number; speaker: number; sort: number }> = []
  for (const session of sessions) {
    const sessionId = sessionIds.get(session.key)
    session.speakers.forEach((key, sort) => {
      const speakerId = speakerIds.get(key)
      if (sessionId !== undefined && speakerId !== undefined) wanted.push({ session: sessionId, speaker: speakerId, sort })
    })
  }
  await tx.query(
    `delete from exhibition_session_speakers ss using exhibition_sessions s
      where ss.session_id = s.id and s.exhibition_id = $1
        and (ss.session_id, ss.speaker_id) not in (select * from unnest($2::int[], $3::int[]))`,
    [exhibitionId, wanted.map((link) => link.session), wanted.map((link) => link.speaker)],
  )
  for (const link of wanted) {
    await upsert(tx, 'exhibition_session_speakers', ['session_id', 'speaker_id'], { session_id: link.session, speaker_id: link.speaker, sort: link.sort })
  }
}

export async function importAdvert(tx: Queryable, file: AdvertFile): Promise<void> {
  let exhibitionId: number | null = null
  if (file.exhibition) {
    const found = await tx.query<{ id: number }>('select id from exhibitions where slug = $1', [file.exhibition])
    if (!found.rows[0]) throw new Error(`adverts/${file.slug}.json: exhibition: there is no exhibition "${file.exhibition}"`)
    exhibitionId = found.rows[0].id
  }
  await upsert(
    tx,
    'adverts',
    ['slug'],
    {
      slug: file.slug,
      placement: file.placement,
      image: file.image,
      image_width: file.width,
      image_height: file.height,
      link: file.link,
      exhibition_id: exhibitionId,
      shows_from: file.showsFrom,
      shows_until: file.showsUntil,
      sort: file.sort,
      published: file.published,
      texts: json(file.texts),
    },
    { touch: true },
  )
}
