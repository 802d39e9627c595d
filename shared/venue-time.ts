import { offsetMinutes, wallClock } from './zoned-time.ts'

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

/** An instant as the venue's wall clock, YYYY-MM-DDTHH:mm (how the console shows and edits it). */
export function toVenueTime(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone)
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}`
}

/**
 * The instant a venue's wall clock shows `local` (YYYY-MM-DDTHH:mm). The offset is looked up at the
 * first guess and again at the result, so a time next to a daylight-saving change lands right; a wall
 * time that does not exist (skipped forward) maps to the instant an hour later, as clocks do.
 */
export function fromVenueTime(local: string, timeZone: string): Date {
  const [date = '', time = ''] = local.split('T')
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  const guess = new Date(asUtc - offsetMinutes(new Date(asUtc), timeZone) * 60_000)
  return new Date(asUtc - offsetMinutes(guess, timeZone) * 60_000)
}

/** Whether `local` names a real calendar moment (2026-02-30T10:00 does not). */
export function isVenueTime(local: string): boolean {
  const parsed = new Date(`${local}:00Z`)
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 16) === local
}
