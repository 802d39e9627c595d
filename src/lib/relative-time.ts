import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc.js'
import { wallClock } from '../../shared/zoned-time.ts'

dayjs.extend(utc)

export type Translate = (key: string, options?: Record<string, unknown>) => string

export interface RelativeTimeOptions {
  t: Translate
  /** IANA zone whose calendar decides "yesterday" and "same year"; the viewer's own in the browser. */
  timeZone?: string
  /** docs/product.md#relative-time shows two forms for the first row: 'just now' (text) and '1m' (compact). */
  style?: 'text' | 'compact'
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

const calendarDaysBetween = (then: dayjs.Dayjs, current: dayjs.Dayjs) => current.startOf('day').diff(then.startOf('day'), 'day')

/**
 * The wall clock of an instant in a zone, held as a UTC dayjs so that its calendar arithmetic and
 * formatting are the zone's. The zone itself comes from shared/zoned-time.ts, the one time-zone
 * engine of the server and the pages (docs/CONVENTIONS.md#imports-and-files).
 */
function inZone(date: Date | string | number, timeZone: string): dayjs.Dayjs {
  const clock = wallClock(new Date(date), timeZone)
  return dayjs.utc(Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second))
}

/**
 * Whether relativeTime shows a relative form ("2 days ago", "Within a week"...) rather than a date:
 * lists then add the exact date beside it, since "Within a week" alone does not say which day.
 */
export function isRelativeForm(date: Date | string | number, now: Date | number, timeZone = 'UTC'): boolean {
  return calendarDaysBetween(inZone(date, timeZone), inZone(now, timeZone)) <= 7
}

/**
 * docs/product.md#relative-time, row by row:
 * under 11 min -> just now / 1m; under 60 min -> {n}m; under 24 h -> {n}h; calendar yesterday ->
 * yesterday HH:mm; 2 or 3 calendar days -> {n} days ago; 4 to 7 days -> within a week;
 * same year -> MM-DD; otherwise YYYY-MM-DD. Words come from the `time.*` keys of each locale.
 */
export function relativeTime(date: Date | string | number, now: Date | number, options: RelativeTimeOptions): string {
  const { t, style = 'text' } = options
  const zone = options.timeZone ?? 'UTC'
  const then = inZone(date, zone)
  const current = inZone(now, zone)
  // The age between the instants themselves: wall clocks jump at a change of summer time.
  const age = new Date(now).getTime() - new Date(date).getTime()
  // A date slightly in the future (clocks differ) reads as just now.
  if (age < 11 * MINUTE) return style === 'compact' ? t('time.minutes', { count: 1 }) : t('time.justNow')
  if (age < HOUR) return t('time.minutes', { count: Math.floor(age / MINUTE) })
  if (age < 24 * HOUR) return t('time.hours', { count: Math.floor(age / HOUR) })
  const calendarDays = calendarDaysBetween(then, current)
  if (calendarDays <= 1) return t('time.yesterday', { time: then.format('HH:mm') })
  if (calendarDays <= 3) return t('time.daysAgo', { count: calendarDays })
  if (calendarDays <= 7) return t('time.withinWeek')
  if (then.year() === current.year()) return then.format('MM-DD')
  return then.format('YYYY-MM-DD')
}
