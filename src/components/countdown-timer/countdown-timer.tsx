import { useEffect, useRef, useState } from 'react'
import styles from './countdown-timer.module.css'

/** "12:05" or "1:02:05": what is left, never below zero. */
export function clock(milliseconds: number): string {
  const total = Math.max(0, Math.ceil(milliseconds / 1000))
  const hours = Math.floor(total / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const two = (value: number) => String(value).padStart(2, '0')
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`
}

/** Minutes left worth announcing to screen readers (not every second). */
const ANNOUNCE_AT = [10, 5, 1]

interface CountdownTimerProps {
  /** ISO instant of the deadline (the server's). */
  deadline: string
  /** The server's clock when it answered: the time left is counted from it, not from the phone's clock. */
  serverNow: string
  label: string
  expiredText: string
  /** "{{minutes}} minutes left" for the live announcements. */
  announce(minutes: number): string
  onExpired?(): void
  compact?: boolean
}

/**
 * The payment countdown (docs/product.md#payment-countdown): the same numbers on the server and at hydration (computed
 * from serverNow), then a live clock that is immune to a wrong phone clock. Screen readers hear the
 * label on demand and a short announcement at 10, 5 and 1 minutes left.
 */
export function CountdownTimer({ deadline, serverNow, label, expiredText, announce, onExpired, compact }: CountdownTimerProps) {
  const span = Date.parse(deadline) - Date.parse(serverNow)
  const [left, setLeft] = useState(span)
  const [message, setMessage] = useState('')
  const fired = useRef(false)
  const announced = useRef(new Set<number>())
  const expired = useRef(onExpired)
  expired.current = onExpired
  const announcer = useRef(announce)
  announcer.current = announce

  // The clock restarts only for another deadline: a page that reloads the order after the end
  // (and still finds it open, e.g. while a late payment is being confirmed) asks again every
  // 10 s, never in a tight loop.
  const spanRef = useRef(span)
  spanRef.current = span
  // biome-ignore lint/correctness/useExhaustiveDependencies: restarts for another deadline only (see above)
  useEffect(() => {
    const end = Date.now() + spanRef.current
    fired.current = false
    let lastAsked = 0
    const tick = () => {
      const now = Date.now()
      const remaining = end - now
      setLeft(remaining)
      const minutes = Math.ceil(remaining / 60_000)
      for (const mark of ANNOUNCE_AT) {
        if (minutes <= mark && remaining > 0 && !announced.current.has(mark) && spanRef.current > mark * 60_000) {
          announced.current.add(mark)
          setMessage(announcer.current(mark))
        }
      }
      if (remaining <= 0 && (!fired.current || now - lastAsked >= 10_000)) {
        fired.current = true
        lastAsked = now
        expired.current?.()
      }
    }
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [deadline])

  return (
    <div className={`${styles.timer} ${compact ? styles.compact : ''} ${left <= 5 * 60_000 ? styles.urgent : ''}`}>
      {left > 0 ? (
        <p className={styles.row}>
          <span className={styles.label}>{label}</span>
          <span className={styles.clock} role="timer" aria-label={label}>
            {clock(left)}
          </span>
        </p>
      ) : (
        <p className={styles.expired} role="status">
          {expiredText}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {message}
      </p>
    </div>
  )
}
