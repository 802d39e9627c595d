import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import ui from '../ui/ui.module.css'
import styles from './content-kit.module.css'

interface ListEditorProps<T> {
  items: T[]
  onChange(next: T[]): void
  /** A new item's starting values. */
  blank(): T
  /** The item's heading (its name, or "new"). */
  titleOf(item: T, index: number): string
  addLabel: string
  emptyText: string
  children(item: T, index: number, update: (next: T) => void): ReactNode
  /** The error of the list itself (too many items). */
  error?: string | undefined
  /** The heading level of each item: 3 under the part's title, deeper for a list inside an item. */
  level?: 3 | 4 | 5
}

/**
 * A list saved whole: each item a card with its fields, moved up or down (the order visitors see)
 * or removed with buttons (keyboard and touch alike); nothing is stored until the part is saved.
 */
export function ListEditor<T>({ items, onChange, blank, titleOf, addLabel, emptyText, children, error, level = 3 }: ListEditorProps<T>) {
  const { t } = useTranslation()
  const Heading = `h${level}` as 'h3'
  const move = (from: number, to: number) => {
    const next = [...items]
    const [item] = next.splice(from, 1)
    if (item === undefined) return
    next.splice(to, 0, item)
    onChange(next)
  }
  return (
    <div className={styles.list}>
      {error ? <p className={ui.alert}>{error}</p> : null}
      {items.length === 0 ? <p className={ui.muted}>{emptyText}</p> : null}
      <ol className={styles.items}>
        {items.map((item, index) => {
          const title = titleOf(item, index)
          return (
            // Items have no id until saved; the index is their identity while editing.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className={styles.item}>
              <div className={styles.itemHead}>
                <Heading className={styles.itemTitle}>
                  <span className={ui.muted}>{index + 1}.</span> {title}
                </Heading>
                <div className={ui.actions}>
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small}`}
                    disabled={index === 0}
                    aria-label={t('pages.moveUp', { name: title })}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small}`}
                    disabled={index === items.length - 1}
                    aria-label={t('pages.moveDown', { name: title })}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className={`${ui.button} ${ui.small} ${ui.danger}`}
                    aria-label={t('pages.remove', { name: title })}
                    onClick={() => onChange(items.filter((_, at) => at !== index))}
                  >
                    {t('pages.removeShort')}
                  </button>
                </div>
              </div>
              {children(item, index, (next) => onChange(items.map((candidate, at) => (at === index ? next : candidate))))}
            </li>
          )
        })}
      </ol>
      <div>
        <button type="button" className={ui.button} onClick={() => onChange([...items, blank()])}>
          + {addLabel}
        </button>
      </div>
    </div>
  )
}
