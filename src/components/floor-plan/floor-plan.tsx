import { useId } from 'react'
import type { PublicBoothState } from '../../../shared/rules/floor-plans.ts'
import styles from './floor-plan.module.css'

/**
 * A hall's plan drawn as SVG from its booths (docs/product.md#floor-plans), rendered on the server so
 * it needs no JavaScript: lengths are decimetres, the viewBox is the hall. A booth with an address is a
 * link named by `label` ("Booth B12: Acme Markets"); the others carry it as their title. The
 * directory and the console's preview draw the same component; each passes its own words.
 */

export interface PlanHallShape {
  width: number
  depth: number
  background: { src: string } | null
}

export interface PlanBoothShape {
  number: string
  x: number
  y: number
  w: number
  h: number
  state: PublicBoothState
  /** Its accessible name, in the page's words. */
  label: string
  href: string | null
}

/** The id of a booth's shape, the fragment a "you are looking for" link jumps to. */
export const boothAnchor = (number: string) => `booth-${number}`

export function FloorPlan({
  hall,
  booths,
  title,
  highlight = null,
}: {
  hall: PlanHallShape
  booths: readonly PlanBoothShape[]
  title: string
  highlight?: string | null
}) {
  const titleId = useId()
  return (
    // The plan scrolls inside its frame on a phone (pinch zooms the page): never wider than the screen.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable so keys can scroll it (axe scrollable-region-focusable)
    <section className={styles.frame} aria-label={title} tabIndex={0}>
      <svg className={styles.plan} viewBox={`0 0 ${hall.width} ${hall.depth}`} aria-labelledby={titleId}>
        <title id={titleId}>{title}</title>
        <rect className={styles.floor} x={0} y={0} width={hall.width} height={hall.depth} />
        {hall.background ? (
          <image href={hall.background.src} x={0} y={0} width={hall.width} height={hall.depth} preserveAspectRatio="xMidYMid meet" className={styles.picture} />
        ) : null}
        {booths.map((booth) => (
          <Booth key={booth.number} booth={booth} highlighted={booth.number === highlight} />
        ))}
      </svg>
    </section>
  )
}

function Booth({ booth, highlighted }: { booth: PlanBoothShape; highlighted: boolean }) {
  const size = Math.round(Math.min(booth.w / Math.max(booth.number.length, 2) / 0.62, booth.h / 2.2))
  const shape = (
    <>
      <rect
        className={`${styles.booth} ${styles[booth.state]} ${highlighted ? styles.highlight : ''}`}
        x={booth.x}
        y={booth.y}
        width={booth.w}
        height={booth.h}
      />
      <text className={styles.number} x={booth.x + booth.w / 2} y={booth.y + booth.h / 2} fontSize={size}>
        {booth.number}
      </text>
    </>
  )
  if (booth.href) {
    return (
      <a id={boothAnchor(booth.number)} href={booth.href} aria-label={booth.label} aria-current={highlighted ? 'location' : undefined} className={styles.link}>
        {shape}
      </a>
    )
  }
  return (
    <g id={boothAnchor(booth.number)}>
      <title>{booth.label}</title>
      {shape}
    </g>
  )
}

/** The plan's key: what each fill means, in the page's words. */
export function PlanLegend({ labels }: { labels: Record<PublicBoothState | 'title', string> }) {
  return (
    <ul className={styles.legend} aria-label={labels.title}>
      {(['free', 'taken', 'blocked'] as const).map((state) => (
        <li key={state}>
          <span className={`${styles.swatch} ${styles[state]}`} aria-hidden="true" />
          {labels[state]}
        </li>
      ))}
    </ul>
  )
}
