import type { DemoContentKind } from '../../content/content-folder.ts'
import type { Queryable } from '../../db/client.ts'
import type { ContentFile } from '../platform.ts'
import { importAdvert, importExhibition } from './content-import.ts'
import { exhibitionYears, redateAdvert, redateExhibition } from './demo/redate.ts'
import { type AdvertFile, type ExhibitionFile, type ExhibitionTextsFile, validateAdvertFile, validateExhibitionFile } from './content-schema.ts'
import {
  type AdvertRow,
  allAdvertRows,
  allExhibitionRows,
  type ExhibitionRow,
  type ExhibitionTextRow,
  exhibitionChildren,
  exhibitionTexts,
} from './exhibitions.repo.ts'
import { localDate, toZonedIso } from '../../../shared/zoned-time.ts'

/**
 * The content kinds of this domain (docs/CONVENTIONS.md#content-folders-and-demo-content): `exhibitions/<slug>.json`
 * and `adverts/<slug>.json`. Export writes exactly the format import reads, so a folder survives
 * export -> import -> export unchanged.
 */
export const exhibitionsKind: DemoContentKind = {
  name: 'exhibitions',
  folder: 'exhibitions',
  redate: redateExhibition,
  years: exhibitionYears,
  validate: (file) => validateExhibitionFile(file.name, file.data).problems,
  async importFile(tx, file) {
    const { file: parsed, problems } = validateExhibitionFile(file.name, file.data)
    if (!parsed) throw new Error(`exhibitions/${file.name} is not valid: ${JSON.stringify(problems)}`)
    await importExhibition(tx, parsed)
  },
  exportAll: exportExhibitions,
}

export const advertsKind: DemoContentKind = {
  name: 'adverts',
  folder: 'adverts',
  redate: redateAdvert,
  after: ['exhibitions'],
  validate: (file) => validateAdvertFile(file.name, file.data).problems,
  async importFile(tx, file) {
    const { file: parsed, problems } = validateAdvertFile(file.name, file.data)
    if (!parsed) throw new Error(`adverts/${file.name} is not valid: ${JSON.stringify(problems)}`)
    await importAdvert(tx, parsed)
  },
  exportAll: exportAdverts,
}

const iso = (value: Date | null, timeZone: string) => (value ? toZonedIso(value, timeZone) : null)

/** Texts by locale in the fixed order of the rows (alphabetical), so exports are stable. */
function byLocale<T>(texts: Partial<Record<string, T>>): Partial<Record<string, T>> {
  return Object.fromEntries(Object.entries(texts).sort(([a], [b]) => a.localeCompare(b)))
}

function textsFile(row: ExhibitionTextRow): ExhibitionTextsFile {
  return {
    title: row.title,
    tagline: row.tagline,
    summary: row.summary,
    city: row.city,
    venueName: row.venue_name,
    address: row.address,
    bodyHtml: row.body_html,
    highlights: row.highlights,
    recapSummary: row.recap_summary,
    campaign: row.campaign,
  }
}

async function exportExhibitions(db: Queryable): Promise<ContentFile[]> {
  const files: ContentFile[] = []
  for (const row of await allExhibitionRows(db)) files.push({ name: `${row.slug}.json`, data: await exhibitionFileOf(db, row) })
  return files
}

/** One exhibition as its content file; the console's content editor reads its parts from here too. */
export async function exhibitionFileOf(db: Queryable, row: ExhibitionRow): Promise<ExhibitionFile> {
  const zone = row.time_zone
  const texts = await exhibitionTexts(db, [row.id], null)
  const children = await exhibitionChildren(db, row.id)
  const speakerKey = new Map(children.speakers.map((speaker) => [speaker.id, speaker.key]))
  const data: ExhibitionFile = {
    slug: row.slug,
    type: row.kind,
    published: row.published,
    campaign: row.campaign as ExhibitionFile['campaign'],
    sort: row.sort,
    region: row.region,
    countryCode: row.country_code,
    city: row.city,
    timeZone: zone,
    startsAt: toZonedIso(row.starts_at, zone),
    endsAt: toZonedIso(row.ends_at, zone),
    salesOpenAt: iso(row.sales_open_at, zone),
    salesCloseAt: iso(row.sales_close_at, zone),
    applicationsOpen: row.applications_open,
    cover: row.cover_image,
    venue: { lat: row.venue_lat, lng: row.venue_lng, mapImage: row.map_image, mapZoom: row.map_zoom },
    recapFigures: row.recap_figures,
    texts: byLocale(Object.fromEntries(texts.map((text) => [text.locale, textsFile(text)]))),
    speakers: children.speakers.map((speaker) => ({
      key: speaker.key,
      name: speaker.name,
      company: speaker.company,
      photo: speaker.photo,
      texts: byLocale(speaker.texts) as ExhibitionFile['speakers'][number]['texts'],
    })),
    agenda: children.days.map((day) => ({
      date: day.day,
      texts: byLocale(day.texts) as ExhibitionFile['agenda'][number]['texts'],
      sessions: children.sessions
        .filter((session) => localDate(session.starts_at, zone) === day.day)
        .sort((a, b) => a.sort - b.sort)
        .map((session) => ({
          key: session.key,
          startsAt: toZonedIso(session.starts_at, zone),
          endsAt: toZonedIso(session.ends_at, zone),
          kind: session.kind as ExhibitionFile['agenda'][number]['sessions'][number]['kind'],
          room: session.room,
          speakers: children.sessionSpeakers
            .filter((link) => link.session_id === session.id)
            .map((link) => speakerKey.get(link.speaker_id))
            .filter((key): key is string => Boolean(key)),
          texts: byLocale(session.texts) as ExhibitionFile['agenda'][number]['sessions'][number]['texts'],
        })),
    })),
    partners: [...children.partners]
      .sort((a, b) => a.sort - b.sort)
      .map((partner) => ({
        key: partner.key,
        name: partner.name,
        role: partner.role as ExhibitionFile['partners'][number]['role'],
        tier: partner.tier as ExhibitionFile['partners'][number]['tier'],
        logo: partner.logo,
        url: partner.url,
        booth: partner.booth,
      })),
    photos: children.photos.map((photo) => ({
      key: photo.key,
      src: photo.src,
      width: photo.width,
      height: photo.height,
      takenAt: iso(photo.taken_at, zone),
      texts: byLocale(photo.texts) as ExhibitionFile['photos'][number]['texts'],
    })),
    videos: children.videos.map((video) => ({
      key: video.key,
      src: video.src,
      videoSlug: video.video_slug,
      poster: video.poster,
      durationSeconds: video.duration_seconds,
      texts: byLocale(video.texts) as ExhibitionFile['videos'][number]['texts'],
    })),
  }
  return data
}

async function exportAdverts(db: Queryable): Promise<ContentFile[]> {
  return (await allAdvertRows(db)).map((row) => ({ name: `${row.slug}.json`, data: advertFileOf(row) }))
}

/** One advert as its content file (the console edits adverts in this shape too). */
export function advertFileOf(row: AdvertRow): AdvertFile {
  return {
    slug: row.slug,
    placement: row.placement as AdvertFile['placement'],
    published: row.published,
    sort: row.sort,
    image: row.image,
    width: row.image_width,
    height: row.image_height,
    link: row.link,
    exhibition: row.exhibition_slug,
    showsFrom: row.shows_from ? row.shows_from.toISOString() : null,
    showsUntil: row.shows_until ? row.shows_until.toISOString() : null,
    texts: byLocale(row.texts) as AdvertFile['texts'],
  }
}
