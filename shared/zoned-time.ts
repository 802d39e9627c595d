/**
 * Calendar arithmetic in a venue's IANA time zone with the platform's own ICU data (Intl), so no
 * date library is needed on the server: exhibitions store instants (timestamptz) and show them in
 * the zone of the venue.
 */

const formatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(value) && value !== 'UTC') return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value })
    return true
  } catch {
    return false
  }
}

interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

export function wallClock(instant: Date, timeZone: string): WallClock {
  const values: Record<string, number> = {}
  for (const part of partsFormatter(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value)
  }
  return {
    year: values.year ?? 0,
    month: values.month ?? 0,
    day: values.day ?? 0,
    hour: values.hour ?? 0,
    minute: values.minute ?? 0,
    second: values.second ?? 0,
  }
}

/** Minutes east of UTC of `timeZone` at `instant` (+240 in Dubai, -180 in São Paulo). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const clock = wallClock(instant, timeZone)
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second)
  const whole = Math.floor(instant.getTime() / 1000) * 1000
  return Math.round((asUtc - whole) / 60_000)
}

const pad = (value: number, length = 2) => String(Math.abs(value)).padStart(length, '0')

/** The calendar day at the venue, YYYY-MM-DD. */
export function localDate(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone)
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`
}

/** ISO 8601 with the venue's offset, e.g. 2026-11-21T09:00:00+04:00 (how content files write instants). */
export function toZonedIso(instant: Date, timeZone: string): string {
  const clock = wallClock(instant, timeZone)
  const offset = offsetMinutes(instant, timeZone)
  const sign = offset < 0 ? '-' : '+'
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}T${pad(clock.hour)}:${pad(clock.minute)}:${pad(clock.second)}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`
}

/** A calendar day of the venue's zone as a YYYY-MM-DD string (dates from the database come as Date at UTC midnight or as strings). */
export function dayString(value: Date | string): string {
  if (typeof value === 'string') return value.slice(0, 10)
  return `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`
}
