import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSite } from '../../app-state.ts'
import { isRelativeForm, relativeTime } from '../../lib/relative-time.ts'
import { dateFormat } from '../../i18n/intl.ts'

interface RelativeTimeProps {
  /** ISO 8601 instant. */
  date: string
  /**
   * When the page's data was read (from its loader). The server and the first browser render both
   * count from it in UTC, so hydration sees the same text; the browser then counts from its own
   * clock in the visitor's time zone and keeps the text current.
   */
  renderedAt: string
  className?: string
  /** Lists: after a relative text ("Within a week"), the exact date too. */
  withDate?: boolean
}

const REFRESH_MS = 60_000

/**
 * docs/product.md#relative-time ("just now", "5m", "Yesterday 14:05", "2 days ago", "Within a week",
 * "11-14", "2025-11-14") in a `<time dateTime>` element; the full local date and time is its
 * title and, for screen readers, part of its accessible text once the page runs.
 */
export function RelativeTime({ date, renderedAt, className, withDate = false }: RelativeTimeProps) {
  const { t } = useTranslation()
  const site = useSite()
  const [clock, setClock] = useState<{ now: number; timeZone: string } | null>(null)
  useEffect(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
    const tick = () => setClock({ now: Date.now(), timeZone })
    tick()
    const timer = setInterval(tick, REFRESH_MS)
    return () => clearInterval(timer)
  }, [])
  const translate = (key: string, options: Record<string, unknown> = {}) => t(key, options)
  const text = clock
    ? relativeTime(date, clock.now, { t: translate, timeZone: clock.timeZone })
    : relativeTime(date, new Date(renderedAt), { t: translate, timeZone: 'UTC' })
  const full = clock ? dateFormat(site.htmlLang, { dateStyle: 'long', timeStyle: 'short', timeZone: clock.timeZone }).format(new Date(date)) : undefined
  const zone = clock?.timeZone ?? 'UTC'
  const exact =
    withDate && isRelativeForm(date, clock?.now ?? new Date(renderedAt), zone)
      ? dateFormat(site.htmlLang, { dateStyle: 'medium', timeZone: zone }).format(new Date(date))
      : null
  return (
    <time dateTime={date} title={full} className={className}>
      {exact ? t('time.withDate', { text, date: exact }) : text}
    </time>
  )
}
