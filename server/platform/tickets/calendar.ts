/**
 * The exhibition as an iCalendar file (RFC 5545) for the confirmation e-mail and the success page:
 * one VEVENT in UTC, text escaped (§3.3.11) and lines folded at 75 octets (§3.1), CRLF line ends.
 */
export interface CalendarEvent {
  uid: string
  title: string
  startsAt: Date
  endsAt: Date
  location: string
  description: string
  url: string
  organizer: { name: string; email: string }
  stamp?: Date
}

const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

export function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

/** Folds a content line so that no line passes 75 octets, never splitting a UTF-8 character. */
export function fold(line: string): string {
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const character of line) {
    const bytes = Buffer.byteLength(character)
    const limit = parts.length === 0 ? 75 : 74
    if (size + bytes > limit) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += character
    size += bytes
  }
  parts.push(current)
  return parts.join('\r\n ')
}

export function calendarFile(event: CalendarEvent, productName: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(productName)}//Tickets//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utc(event.stamp ?? new Date())}`,
    `DTSTART:${utc(event.startsAt)}`,
    `DTEND:${utc(event.endsAt)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(event.location)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    `ORGANIZER;CN="${event.organizer.name.replace(/["\\\r\n]/g, '')}":mailto:${event.organizer.email}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.map(fold).join('\r\n')}\r\n`
}
