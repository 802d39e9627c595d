/**
 * Reminders before the exhibition (docs/product.md#reminders-before-the-exhibition): the limits both the
 * console and the server read, and when a reminder falls. Zod-free, so the console's screens import it.
 */
import { fromVenueTime, toVenueTime } from '../venue-time.ts'

export const REMINDER_LIMITS = {
  /** An hour before the opening at the least, 60 days at the most. */
  minHours: 1,
  maxHours: 60 * 24,
  count: 5,
  /** The organiser's extra paragraph, per language. */
  body: 2_000,
} as const

/** What the console offers when an exhibition has none yet: 7 days and 1 day before. */
export const DEFAULT_REMINDER_HOURS = [7 * 24, 24] as const

export const REMINDER_STATES = ['scheduled', 'sending', 'sent', 'missed'] as const
export type ReminderState = (typeof REMINDER_STATES)[number]

/** How the console writes an offset: whole days when it is some, else hours. */
export function offsetParts(hours: number): { amount: number; unit: 'days' | 'hours' } {
  return hours % 24 === 0 ? { amount: hours / 24, unit: 'days' } : { amount: hours, unit: 'hours' }
}

/**
 * When a reminder `offsetHours` before the opening goes: counted back on the venue's wall clock, so "7
 * days before" a 09:00 opening is 09:00 at the venue a week earlier, across a change of daylight saving too.
 */
export function reminderTime(startsAt: Date, timeZone: string, offsetHours: number): Date {
  const wall = new Date(`${toVenueTime(startsAt, timeZone)}:00Z`)
  const earlier = new Date(wall.getTime() - offsetHours * 3_600_000)
  return fromVenueTime(earlier.toISOString().slice(0, 16), timeZone)
}
