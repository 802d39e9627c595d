import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone.js'
import utc from 'dayjs/plugin/utc.js'

dayjs.extend(utc)
dayjs.extend(timezone)

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
 * Whether relativeTime shows a relative form ("2 days ago", "Within a week"...) rather than a date:
 * lists then add the exact date beside it, since "Within a week" alone does not say which day.
 */
export function isRelativeForm(date: Date | string | number, now: Date | number, timeZone = 'UTC'): boolean {
  return calendarDaysBetween(dayjs(date).tz(timeZone), dayjs(now).tz(timeZone)) <= 7
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
  const then = dayjs(date).tz(zone)
  const current = dayjs(now).tz(zone)
  const age = current.valueOf() - then.valueOf()
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
