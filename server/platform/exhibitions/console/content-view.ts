import { createHash } from 'node:crypto'
import type { z } from 'zod'
import type * as contracts from '../../../../shared/contracts/console-content.ts'
import { CONTENT_PARTS, type ContentPart } from '../../../../shared/rules/exhibition-content.ts'
import { RECAP_FIGURES } from '../../../../shared/rules/exhibitions.ts'
import { LOCALES, type Locale } from '../../../../shared/languages.ts'
import type { Queryable } from '../../../db/client.ts'
import { toVenueTime } from '../../../../shared/venue-time.ts'
import { notFound } from '../../errors.ts'
import type { ExhibitionFile } from '../content-schema.ts'
import { exhibitionFileOf } from '../exhibitions.content.ts'
import { exhibitionById, type ExhibitionRow } from '../exhibitions.repo.ts'
import { localDate } from '../../../../shared/zoned-time.ts'
import { lockExhibition, type Scope } from './content.repo.ts'

export type ContentView = z.output<typeof contracts.exhibitionContentView>
type Parts = Omit<ContentView, 'exhibition' | 'versions'>

export const exhibitionNotFound = () => notFound('console:errors.exhibitionNotFound')

/** An exhibition outside the member's limits does not exist for them. */
export async function exhibitionInScope(db: Queryable, scope: Scope, id: number): Promise<ExhibitionRow> {
  const row = scope === null || scope.includes(id) ? await exhibitionById(db, id, true) : null
  if (!row) throw exhibitionNotFound()
  return row
}

/** The same, locked for a save before it is read (a manager's change of its zone or days lands before or after, not during). */
export async function lockedExhibition(tx: Queryable, scope: Scope, id: number): Promise<ExhibitionRow> {
  const locked = (scope === null || scope.includes(id)) && (await lockExhibition(tx, id))
  const row = locked ? await exhibitionById(tx, id, true) : null
  if (!row) throw exhibitionNotFound()
  return row
}

const venueTime = (iso: string | null, zone: string) => (iso ? toVenueTime(new Date(iso), zone) : null)

/** A part's version: a digest of what the editor was shown, so any change to it (console or import) moves it. */
export const versionOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 22)

/** The editable parts of a content file, times on the venue's wall clock. */
function partsOf(file: ExhibitionFile): Parts {
  const zone = file.timeZone
  return {
    recap: {
      figures: Object.fromEntries(RECAP_FIGURES.map((name) => [name, file.recapFigures[name] ?? null])),
      texts: Object.fromEntries(Object.entries(file.texts).map(([locale, texts]) => [locale, texts?.recapSummary ?? ''])),
    },
    speakers: file.speakers,
    agenda: file.agenda.map((day) => ({
      date: day.date,
      texts: day.texts,
      sessions: day.sessions.map((session) => ({
        ...session,
        startsAt: venueTime(session.startsAt, zone) as string,
        endsAt: venueTime(session.endsAt, zone) as string,
      })),
    })),
    partners: file.partners,
    photos: file.photos.map((photo) => ({ ...photo, takenAt: venueTime(photo.takenAt, zone) })),
    videos: file.videos,
    map: file.venue,
  }
}

/** What the editor shows of an exhibition: every part with its version. */
export async function contentView(db: Queryable, row: ExhibitionRow): Promise<ContentView> {
  const file = await exhibitionFileOf(db, row)
  const parts = partsOf(file)
  const locales = LOCALES.filter((locale) => file.texts[locale])
  const english = file.texts.en ?? file.texts[locales[0] as Locale]
  return {
    exhibition: {
      id: row.id,
      slug: row.slug,
      title: english?.title ?? row.slug,
      published: row.published,
      timeZone: row.time_zone,
      firstDay: localDate(row.starts_at, row.time_zone),
      lastDay: localDate(row.ends_at, row.time_zone),
      locales,
    },
    ...parts,
    versions: Object.fromEntries(CONTENT_PARTS.map((part) => [part, versionOf(parts[part])])) as Record<ContentPart, string>,
  }
}
