import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ExhibitorTaskStates } from '../../../api/console-exhibitor-tasks.ts'
import type { TaskState } from '../../../../shared/rules/exhibitor-tasks.ts'
import { useConsoleShell } from '../../console-state.ts'
import { exhibitorTasksPath } from '../../lib/catalog-paths.ts'
import { formatDateTime } from '../../lib/format.ts'
import { formatDay } from '../../lib/venue-day.ts'
import ui from '../../ui/ui.module.css'
import detail from '../../ui/facts.module.css'
import styles from './exhibitor.module.css'

const BADGE: Record<TaskState, string> = { done: ui.badgeGood ?? '', due: '', overdue: ui.badgeWarn ?? '' }

/** Where the exhibitor stands on each task of its exhibition's checklist (docs/product.md#console-exhibitor-tasks). */
export function TaskStates({ states, exhibitionId }: { states: ExhibitorTaskStates; exhibitionId: number }) {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const done = states.tasks.filter((task) => task.state === 'done').length
  return (
    <>
      {states.tasks.length ? (
        <>
          <p>{t('exhibitorTasks.doneOf', { done, total: states.tasks.length })}</p>
          <ul className={detail.entries}>
            {states.tasks.map((task) => (
              <li key={task.id} className={detail.entry}>
                <div className={styles.itemHead}>
                  <span>{task.title}</span>
                  <span className={`${ui.badge} ${BADGE[task.state]}`}>{t(`exhibitorTasks.states.${task.state}`)}</span>
                </div>
                <div className={ui.muted}>
                  {t('exhibitorTasks.dueLine', { date: formatDay(task.dueOn, language) })}
                  {task.confirmedAt
                    ? ` · ${t(task.confirmedBy ? 'exhibitorTasks.confirmedBy' : 'exhibitorTasks.confirmedGone', {
                        who: task.confirmedBy,
                        date: formatDateTime(task.confirmedAt, language),
                      })}`
                    : ''}
                </div>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className={ui.muted}>{t('exhibitorTasks.noneForExhibitor')}</p>
      )}
      <p>
        <Link to={exhibitorTasksPath(exhibitionId)}>{t('exhibitorTasks.link')}</Link>
      </p>
    </>
  )
}
