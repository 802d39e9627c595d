import { useConsoleShell } from '../console-state.ts'
import { formatDayAndTime } from '../lib/format.ts'
import styles from './ui.module.css'

/** A moment in a list: the day, and under it the time, muted; neither breaks inside. */
export function DayAndTime({ at }: { at: string }) {
  const { language } = useConsoleShell()
  const when = formatDayAndTime(at, language)
  return (
    <>
      <div className={styles.nowrap}>{when.day}</div>
      <div className={`${styles.nowrap} ${styles.muted}`}>{when.time}</div>
    </>
  )
}
