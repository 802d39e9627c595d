import { useEffect, useState } from 'react'
import { dateFormat } from '../../i18n/intl.ts'

/**
 * An instant in the visitor's own time zone. The server cannot know that zone, so the first render
 * (server and hydration alike) gives the fallback (the venue's time, named); the browser then writes
 * its local time.
 */
export function useLocalTime(value: string | null, fallback: string, locale: string): string {
  const [text, setText] = useState(fallback)
  useEffect(() => {
    if (!value) return
    try {
      setText(dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value)))
    } catch {
      setText(fallback)
    }
  }, [value, locale, fallback])
  return text
}

/** The same as a `<time>` element. */
export function LocalTime({ value, fallback, locale }: { value: string; fallback: string; locale: string }) {
  return <time dateTime={value}>{useLocalTime(value, fallback, locale)}</time>
}
