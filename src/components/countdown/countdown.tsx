import { useEffect, useState } from 'react'
import styles from './countdown.module.css'
import { numberFormat } from '../../i18n/intl.ts'

const UNITS = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
] as const

/** Whole days, hours, minutes and seconds from `now` to `target` (zeros once it has passed). */
export function remaining(target: number, now: number): Record<(typeof UNITS)[number][0], number> {
  let left = Math.max(0, target - now)
  const parts = { day: 0, hour: 0, minute: 0, second: 0 }
  for (const [unit, size] of UNITS) {
    parts[unit] = Math.floor(left / size)
    left -= parts[unit] * size
  }
  return parts
}

interface CountdownProps {
  /** ISO instant the countdown runs to. */
  target: string
  /**
   * The time the page was made (loader data): the first render uses it on the server and in the
   * browser alike, so hydration sees the same numbers; the live clock takes over after mounting.
   */
  serverNow: number
  /** BCP 47 tag for the unit names (Intl gives "3 days", "3 дня", "3天"). */
  locale: string
  /** Accessible name, e.g. "Time until the exhibition opens". */
  label: string
  /** Shown instead once the target has passed. */
  doneText: string
  className?: string
}

/**
 * A countdown to an instant. Hydration-safe (see serverNow), quiet for screen readers (role timer
 * is not announced on every tick; the label and the current values are read on demand), and the
 * unit names come from the browser's own locale data, so no strings need translating.
 */
export function Countdown({ target, serverNow, locale, label, doneText, className }: CountdownProps) {
  const [now, setNow] = useState(serverNow)
  const targetMs = Date.parse(target)
  useEffect(() => {
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  if (now >= targetMs) return <p className={`${styles.done} ${className ?? ''}`}>{doneText}</p>
  const parts = remaining(targetMs, now)
  return (
    <div className={`${styles.countdown} ${className ?? ''}`} role="timer" aria-label={label}>
      {UNITS.map(([unit]) => {
        const formatted = numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).formatToParts(parts[unit])
        const value = formatted
          .filter((part) => part.type === 'integer' || part.type === 'group')
          .map((part) => part.value)
          .join('')
        const name = formatted
          .filter((part) => part.type === 'unit')
          .map((part) => part.value)
          .join('')
          .trim()
        return (
          <span key={unit} className={styles.unit}>
            <span className={styles.value}>{unit === 'day' ? value : value.padStart(2, '0')}</span>
            <span className={styles.name}>{name}</span>
          </span>
        )
      })}
    </div>
  )
}
