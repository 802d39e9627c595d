import { type ReactNode, useState } from 'react'
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
  /**
   * Items start folded to their heading (a day of twenty sessions stays short on a phone); a new item,
   * and one the last save found a problem in, are open.
   */
  collapsible?: boolean
  hasProblem?(index: number): boolean
}

/**
 * A list saved whole: each item a card with its fields, moved up or down (the order visitors see)
 * or removed with buttons (keyboard and touch alike); nothing is stored until the part is saved.
 */
export function ListEditor<T>(props: ListEditorProps<T>) {
  const { items, onChange, blank, titleOf, addLabel, emptyText, children, error, level = 3, collapsible = false, hasProblem } = props
  const { t } = useTranslation()
  const Heading = `h${level}` as 'h3'
  // Which items are unfolded, by position; they move with their item.
  const [open, setOpen] = useState<boolean[]>(() => items.map(() => !collapsible))
  const isOpen = (index: number) => !collapsible || open[index] === true || hasProblem?.(index) === true
  const move = (from: number, to: number) => {
    const next = [...items]
    const flags = [...open]
    const [item] = next.splice(from, 1)
    if (item === undefined) return
    next.splice(to, 0, item)
    flags.splice(to, 0, flags.splice(from, 1)[0] ?? false)
    setOpen(flags)
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
                  {collapsible ? (
                    <button
                      type="button"
                      className={`${ui.button} ${ui.small}`}
                      aria-expanded={isOpen(index)}
                      aria-label={t(isOpen(index) ? 'pages.foldNamed' : 'pages.unfoldNamed', { name: title })}
                      onClick={() => setOpen(Object.assign([...open], { [index]: !isOpen(index) }))}
                    >
                      {t(isOpen(index) ? 'pages.fold' : 'pages.unfold')}
                    </button>
                  ) : null}
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
                    onClick={() => {
                      setOpen(open.filter((_, at) => at !== index))
                      onChange(items.filter((_, at) => at !== index))
                    }}
                  >
                    {t('pages.removeShort')}
                  </button>
                </div>
              </div>
              {isOpen(index) ? children(item, index, (next) => onChange(items.map((candidate, at) => (at === index ? next : candidate)))) : null}
            </li>
          )
        })}
      </ol>
      <div>
        <button
          type="button"
          className={ui.button}
          onClick={() => {
            setOpen([...open.slice(0, items.length), true])
            onChange([...items, blank()])
          }}
        >
          + {addLabel}
        </button>
      </div>
    </div>
  )
}
