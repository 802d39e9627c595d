import { type KeyboardEvent, type ReactNode, useRef } from 'react'
import styles from './verify.module.css'

export interface TabItem<K extends string> {
  key: K
  label: string
  icon?: ReactNode
  panel: ReactNode
}

/**
 * The WAI-ARIA tabs pattern (https://www.w3.org/WAI/ARIA/apg/patterns/tabs/): one tab stop, arrow
 * keys, Home and End move between tabs and select them; both panels stay mounted so nothing typed
 * is lost when switching.
 */
export function Tabs<K extends string>({
  id,
  label,
  items,
  selected,
  onSelect,
}: {
  id: string
  label: string
  items: TabItem<K>[]
  selected: K
  onSelect(key: K): void
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([])
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const item = items[next]
    if (!item) return
    onSelect(item.key)
    refs.current[next]?.focus()
  }
  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.tablist}>
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              refs.current[index] = element
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={item.key === selected}
            aria-controls={`${id}-panel-${item.key}`}
            tabIndex={item.key === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(item.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.icon}
            <span>{item.label}</span>
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${id}-panel-${item.key}`}
          aria-labelledby={`${id}-tab-${item.key}`}
          hidden={item.key !== selected}
          className={styles.panel}
        >
          {item.panel}
        </div>
      ))}
    </div>
  )
}
