import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-content.ts'
import type { FieldErrors } from '../../../../shared/contracts/define.ts'
import { CONTENT_LIMITS } from '../../../../shared/rules/exhibition-content.ts'
import type { Queryable } from '../../../db/client.ts'
import { fromVenueTime, isVenueTime } from '../../../../shared/venue-time.ts'
import { conflict, invalid } from '../../errors.ts'
import type { Platform } from '../../platform.ts'
import type { StaffActor } from '../../staff-actor.ts'
import { importAgenda, importPartners, importPhotos, importSpeakers, importVideos } from '../content-import.ts'
import type { ExhibitionFile } from '../content-schema.ts'
import type { ExhibitionRow } from '../exhibitions.repo.ts'
import { localDate, toZonedIso } from '../../../../shared/zoned-time.ts'
import * as repo from './content.repo.ts'
import { type ContentView, contentView, lockedExhibition } from './content-view.ts'

type SaveInput = z.output<typeof contracts.saveExhibitionContent.payload>
type Of<P extends SaveInput['part']> = Extract<SaveInput, { part: P }>

/**
 * Saves one part of an exhibition's content: the exhibition is locked, the part's version compared
 * with the one the editor read (a part changed meanwhile is refused with a conflict, never overwritten),
 * the part written through the content import's own writers, and the audit row (the part before and
 * after) committed with it. Pages, search and the sitemap hear of it after the commit.
 */
export async function saveExhibitionContent(platform: Platform, actor: StaffActor, input: SaveInput): Promise<ContentView> {
  const row = await platform.db.transaction(async (tx) => {
    const row = await lockedExhibition(tx, actor.scope, input.id)
    const before = await contentView(tx, row)
    if (before.versions[input.part] !== input.version) throw conflict('console:errors.contentChanged')
    await writePart(tx, row, before, input)
    await repo.touchExhibition(tx, row.id)
    const after = await contentView(tx, row)
    await platform.services.staff.audit(
      tx,
      { staffId: actor.staffId, address: actor.address },
      { function: 'console$saveExhibitionContent', target: `exhibition:${row.id}:${input.part}`, before: before[input.part], after: after[input.part] },
    )
    return row
  })
  platform.contentChanged({ scope: 'exhibitions' })
  return contentView(platform.db, row)
}

async function writePart(tx: Queryable, row: ExhibitionRow, before: ContentView, input: SaveInput): Promise<void> {
  switch (input.part) {
    case 'recap':
      return writeRecap(tx, row, before, input)
    case 'speakers':
      return importSpeakers(
        tx,
        row.id,
        withKeys(input.speakers, 'speakers', (speaker) => speaker.name, 'speaker'),
      )
    case 'agenda':
      return importAgenda(tx, row.id, agendaOf(row, before, input))
    case 'partners':
      return importPartners(
        tx,
        row.id,
        withKeys(input.partners, 'partners', (partner) => partner.name, 'partner'),
      )
    case 'photos':
      return importPhotos(tx, row.id, photosOf(row, input))
    case 'videos':
      return importVideos(
        tx,
        row.id,
        withKeys(input.videos, 'videos', (video) => video.texts.en?.title ?? '', 'video'),
      )
    case 'map':
      return repo.writeMap(tx, row.id, input.map)
  }
}

async function writeRecap(tx: Queryable, row: ExhibitionRow, before: ContentView, input: Of<'recap'>): Promise<void> {
  const fields: FieldErrors = {}
  const texts: Record<string, string> = {}
  for (const [locale, text] of Object.entries(input.recap.texts)) {
    if (!text) continue
    // A recap is part of an exhibition's texts of a language; a language the exhibition has no title in has none.
    if (!before.exhibition.locales.includes(locale as never)) fields[`recap.texts.${locale}`] = 'console:errors.contentNoLanguage'
    texts[locale] = text
  }
  if (Object.keys(fields).length) throw invalid(fields)
  const figures = Object.fromEntries(Object.entries(input.recap.figures).filter(([, value]) => value !== null && value !== undefined)) as Record<string, number>
  await repo.writeRecap(tx, row.id, figures, texts)
}

/** Lower-case ASCII of a name for a new item's key ("Dr. Jane Roe" -> "dr-jane-roe"); empty for a name in another script. */
const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)

/**
 * Items as the content file has them: each keeps its key, a new one gets one from its name (or the
 * kind and a number), and a key given twice is refused where the second one is.
 */
function withKeys<T extends { key?: string | null | undefined }>(
  items: T[],
  list: string,
  nameOf: (item: T) => string,
  kind: string,
  taken = new Set<string>(),
): Array<T & { key: string }> {
  const fields: FieldErrors = {}
  items.forEach((item, index) => {
    if (!item.key) return
    if (taken.has(item.key)) fields[`${list}.${index}.key`] = 'console:errors.contentKeyTwice'
    taken.add(item.key)
  })
  if (Object.keys(fields).length) throw invalid(fields)
  return items.map((item) => {
    if (item.key) return item as T & { key: string }
    const base = slugOf(nameOf(item)) || kind
    let key = base
    for (let counter = 2; taken.has(key); counter++) key = `${base}-${counter}`
    taken.add(key)
    return { ...item, key }
  })
}

/** A venue wall-clock time checked and written as the content file writes instants (with the venue's offset). */
function instant(local: string, zone: string, path: string, fields: FieldErrors): string {
  if (!isVenueTime(local)) {
    fields[path] = 'console:errors.localTime'
    return ''
  }
  return toZonedIso(fromVenueTime(local, zone), zone)
}

/** Days within the exhibition, each once; sessions on their day, ending after they start, with speakers the exhibition has. */
function agendaOf(row: ExhibitionRow, before: ContentView, input: Of<'agenda'>): ExhibitionFile['agenda'] {
  const zone = row.time_zone
  const fields: FieldErrors = {}
  const speakerKeys = new Set(before.speakers.map((speaker) => speaker.key))
  const days = new Set<string>()
  const sessionKeys = new Set<string>()
  let sessionCount = 0
  const agenda = input.agenda.map((day, dayIndex) => {
    const path = `agenda.${dayIndex}`
    if (days.has(day.date)) fields[`${path}.date`] = 'console:errors.contentDayTwice'
    days.add(day.date)
    if (day.date < before.exhibition.firstDay || day.date > before.exhibition.lastDay) fields[`${path}.date`] = 'console:errors.contentDayOutside'
    sessionCount += day.sessions.length
    const sessions = withKeys(day.sessions, `${path}.sessions`, (session) => session.texts.en?.title ?? '', 'session', sessionKeys).map((session, index) => {
      const at = `${path}.sessions.${index}`
      const startsAt = instant(session.startsAt, zone, `${at}.startsAt`, fields)
      const endsAt = instant(session.endsAt, zone, `${at}.endsAt`, fields)
      if (startsAt && localDate(new Date(startsAt), zone) !== day.date) fields[`${at}.startsAt`] = 'console:errors.contentSessionDay'
      if (startsAt && endsAt && Date.parse(endsAt) < Date.parse(startsAt)) fields[`${at}.endsAt`] = 'console:errors.endBeforeStart'
      session.speakers.forEach((speaker, speakerIndex) => {
        if (!speakerKeys.has(speaker)) fields[`${at}.speakers.${speakerIndex}`] = 'console:errors.contentNoSpeaker'
      })
      if (new Set(session.speakers).size !== session.speakers.length) fields[`${at}.speakers`] = 'console:errors.contentKeyTwice'
      return { ...session, startsAt, endsAt }
    })
    return { date: day.date, texts: { en: { title: '' }, ...day.texts }, sessions }
  })
  if (sessionCount > CONTENT_LIMITS.sessions) fields.agenda = 'console:errors.contentTooMany'
  if (Object.keys(fields).length) throw invalid(fields)
  return agenda
}

function photosOf(row: ExhibitionRow, input: Of<'photos'>): ExhibitionFile['photos'] {
  const fields: FieldErrors = {}
  const photos = withKeys(input.photos, 'photos', () => '', 'photo').map((photo, index) => ({
    ...photo,
    takenAt: photo.takenAt ? instant(photo.takenAt, row.time_zone, `photos.${index}.takenAt`, fields) : null,
    texts: { en: { caption: '' }, ...photo.texts },
  }))
  if (Object.keys(fields).length) throw invalid(fields)
  return photos
}
