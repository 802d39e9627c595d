import type { DemoShift } from '../../../content/demo-dates.ts'
import type { ContentFile } from '../../platform.ts'
import { isTimeZone, localDate, offsetMinutes, toZonedIso, wallClock } from '../../../../shared/zoned-time.ts'

/**
 * The demo shift (server/content/demo-dates.ts) for the files of the exhibitions and adverts
 * kinds. It works on the files as read, before validation, so that the shifted file is what gets
 * checked; a field it does not understand stays as written and validation reports it.
 */

const DAY_MS = 86_400_000

type Fields = Record<string, unknown>
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value)
const isInstant = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))

/**
 * An instant moved by whole days at the same wall-clock time of the venue: a 09:00 opening stays
 * at 09:00 when the shift crosses a change to or from summer time (London, Sydney).
 */
export function shiftAtVenue(value: unknown, days: number, timeZone: string): unknown {
  if (!isInstant(value)) return value
  const instant = new Date(value)
  const clock = wallClock(instant, timeZone)
  const wall = Date.UTC(clock.year, clock.month - 1, clock.day + days, clock.hour, clock.minute, clock.second)
  // The offset at the target moment; asked twice because the first guess may sit on the other side of a change.
  let at = wall - offsetMinutes(new Date(instant.getTime() + days * DAY_MS), timeZone) * 60_000
  at = wall - offsetMinutes(new Date(at), timeZone) * 60_000
  return toZonedIso(new Date(at), timeZone)
}

/** Applies `move` to the named fields that the object has (absent fields stay absent, so defaults still apply). */
function moveFields(fields: Fields, names: string[], move: (value: unknown) => unknown): Fields {
  const moved = { ...fields }
  for (const name of names) if (name in moved) moved[name] = move(moved[name])
  return moved
}

const mapList = (value: unknown, each: (item: Fields) => Fields) => (Array.isArray(value) ? value.map((item) => (isFields(item) ? each(item) : item)) : value)

const venueZone = (data: Fields) => (typeof data.timeZone === 'string' && isTimeZone(data.timeZone) ? data.timeZone : 'UTC')

/** The year of the start at the venue: what `{{year}}` means in an exhibition's texts. */
function startYear(startsAt: unknown, timeZone: string): number | null {
  return isInstant(startsAt) ? Number(localDate(new Date(startsAt), timeZone).slice(0, 4)) : null
}

export function redateExhibition(file: ContentFile, shift: DemoShift): ContentFile {
  if (!isFields(file.data)) return file
  const zone = venueZone(file.data)
  const atVenue = (value: unknown) => shiftAtVenue(value, shift.days, zone)
  const data = moveFields(file.data, ['startsAt', 'endsAt', 'salesOpenAt', 'salesCloseAt'], atVenue)
  data.agenda = mapList(data.agenda, (day) => {
    const moved = moveFields(day, ['date'], (value) => shift.day(value))
    moved.sessions = mapList(moved.sessions, (session) => moveFields(session, ['startsAt', 'endsAt'], atVenue))
    return moved
  })
  data.photos = mapList(data.photos, (photo) => moveFields(photo, ['takenAt'], atVenue))
  for (const list of ['agenda', 'photos']) if (data[list] === undefined) delete data[list]
  return { name: file.name, data: shift.fillYears(data, startYear(data.startsAt, zone)) }
}

/** `{{year:<slug>}}` in any demo text: the year the exhibition starts once shifted. */
export function exhibitionYears(file: ContentFile, shift: DemoShift): Array<[string, number]> {
  if (!isFields(file.data) || typeof file.data.slug !== 'string') return []
  const zone = venueZone(file.data)
  const year = startYear(shiftAtVenue(file.data.startsAt, shift.days, zone), zone)
  return year === null ? [] : [[file.data.slug, year]]
}

/** An advert's `{{year}}` is the year of the exhibition it advertises (or of its first day on show). */
export function redateAdvert(file: ContentFile, shift: DemoShift): ContentFile {
  if (!isFields(file.data)) return file
  const data = moveFields(file.data, ['showsFrom', 'showsUntil'], (value) => shift.instant(value))
  const year = shift.namedYear(data.exhibition) ?? shift.yearOf(file.data.showsFrom)
  return { name: file.name, data: shift.fillYears(data, year) }
}
