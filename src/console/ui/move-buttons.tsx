import ui from './ui.module.css'

interface Props {
  /** The row's place and the last place of the list: the first cannot go up, the last not down. */
  index: number
  last: number
  busy: boolean
  /** What each button says to a screen reader ("Move Read the manual up"). */
  upLabel: string
  downLabel: string
  onMove(by: -1 | 1): void
}

/** Up and down for a row of an ordered list (with `movedIds` of use-list-change.ts). */
export function MoveButtons({ index, last, busy, upLabel, downLabel, onMove }: Props) {
  return (
    <>
      <button type="button" className={`${ui.button} ${ui.small}`} disabled={busy || index === 0} onClick={() => onMove(-1)} aria-label={upLabel}>
        ↑
      </button>
      <button type="button" className={`${ui.button} ${ui.small}`} disabled={busy || index === last} onClick={() => onMove(1)} aria-label={downLabel}>
        ↓
      </button>
    </>
  )
}
