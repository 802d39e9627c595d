import type { Suggestion } from '../../api/search.ts'
import { toneOf } from './label-palette.ts'
import styles from './search-box.module.css'

/** docs/product.md#placeholders type 2 (dealer) when a broker has no logo or it fails to load. */
export const DEALER_PLACEHOLDER = '/demo/brokers/placeholder.svg'

/** Decorative: the broker's name is always next to it. */
export function BrokerLogo({ src, size = 32, className }: { src: string; size?: number; className?: string }) {
  return (
    <img
      src={src || DEALER_PLACEHOLDER}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={`${styles.logo} ${className ?? ''}`}
      onError={(event) => {
        const image = event.currentTarget
        if (!image.src.endsWith(DEALER_PLACEHOLDER)) image.src = DEALER_PLACEHOLDER
      }}
    />
  )
}

/** The coloured label: the colour is data, shown through one of the palette's classes (no style attribute). */
export function BrokerLabel({ text, color }: { text: string; color: string }) {
  const tone = toneOf(color)
  return <span className={`${styles.label} ${styles[`tone${tone[0]?.toUpperCase()}${tone.slice(1)}`] ?? ''}`}>{text}</span>
}

/** The name with the typed text marked; every run is text, so nothing in a name is ever parsed as HTML. */
export function MarkedName({ segments }: { segments: Suggestion['showname'] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.highlighted ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
          <mark key={index} className={styles.mark}>
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  )
}
