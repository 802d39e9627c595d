import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react'
import styles from './carousel.module.css'

export interface CarouselSlide {
  key: string
  /** Accessible name of the slide (its title). */
  label: string
  content: ReactNode
}

export interface CarouselLabels {
  previous: string
  next: string
  pause: string
  play: string
  /** "Slide 2 of 5". */
  slide: (number: number, total: number) => string
}

interface CarouselProps {
  /** Accessible name of the carousel, e.g. "Featured". */
  label: string
  slides: CarouselSlide[]
  labels: CarouselLabels
  intervalMs?: number
  className?: string
}

/**
 * An auto-rotating carousel after the WAI-ARIA carousel pattern: rotation pauses while the pointer
 * is over it or keyboard focus is inside, stops for good once a visitor uses a control (until they
 * press play), never starts for people who prefer reduced motion, and stops while the tab is hidden.
 * Hidden slides are inert, so Tab only reaches the one on screen; the live region speaks only when
 * rotation is off (WCAG 2.2.2).
 */
export function Carousel({ label, slides, labels, intervalMs = 7000, className }: CarouselProps) {
  const [index, setIndex] = useState(0)
  const [playing, setPlaying] = useState(true)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [hidden, setHidden] = useState(false)
  const root = useRef<HTMLElement>(null)
  const count = slides.length

  useEffect(() => {
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) setPlaying(false)
    const onVisibility = () => setHidden(document.visibilityState === 'hidden')
    document.addEventListener('visibilitychange', onVisibility)
    return () => document.removeEventListener('visibilitychange', onVisibility)
  }, [])

  const rotating = playing && !hovered && !focused && !hidden && count > 1
  useEffect(() => {
    if (!rotating) return
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), intervalMs)
    return () => clearInterval(timer)
  }, [rotating, count, intervalMs])

  const go = useCallback(
    (next: number) => {
      setPlaying(false)
      setIndex(((next % count) + count) % count)
    },
    [count],
  )

  if (!count) return null
  return (
    <section
      ref={root}
      className={`${styles.carousel} ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
      onKeyDown={(event) => {
        if ((event.target as HTMLElement).closest('[data-carousel-controls]') === null) return
        if (event.key === 'ArrowRight') go(index + 1)
        else if (event.key === 'ArrowLeft') go(index - 1)
      }}
    >
      <div className={styles.slides} aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, position) => (
          // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset
          <div
            key={slide.key}
            className={`${styles.slide} ${position === index ? styles.active : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${labels.slide(position + 1, count)}: ${slide.label}`}
            aria-hidden={position === index ? undefined : true}
            inert={position !== index}
          >
            {slide.content}
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.controls} data-carousel-controls="">
          <button type="button" className={styles.control} onClick={() => setPlaying(!playing)} aria-label={playing ? labels.pause : labels.play}>
            {playing ? (
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
              </svg>
            ) : (
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M8 5l11 7-11 7z" fill="currentColor" />
              </svg>
            )}
          </button>
          <button type="button" className={styles.control} onClick={() => go(index - 1)} aria-label={labels.previous}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="m15 5-7 7 7 7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <ul className={styles.dots}>
            {slides.map((slide, position) => (
              <li key={slide.key}>
                <button
                  type="button"
                  className={styles.dot}
                  onClick={() => go(position)}
                  aria-label={`${labels.slide(position + 1, count)}: ${slide.label}`}
                  aria-current={position === index ? 'true' : undefined}
                >
                  <span className={styles.dotMark} />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className={styles.control} onClick={() => go(index + 1)} aria-label={labels.next}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <path d="m9 5 7 7-7 7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </div>
      ) : null}
    </section>
  )
}
