import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router'
import { exhibitorTaskBoard, type TaskBoard } from '../../../api/console-exhibitor-tasks.ts'
import { mayCall } from '../../../../shared/rules/console-access.ts'
import { useMember } from '../../console-state.ts'
import { exhibitionPath } from '../../lib/catalog-paths.ts'
import { EXHIBITORS_PATH } from '../../lib/exhibitor-paths.ts'
import { formatDay } from '../../lib/venue-day.ts'
import { useConsoleShell } from '../../console-state.ts'
import { staffCall } from '../../screen-kit.ts'
import { ConsolePage } from '../../ui/console-page.tsx'
import ui from '../../ui/ui.module.css'
import { TaskList } from './task-list.tsx'

export async function loader(args: LoaderFunctionArgs): Promise<{ board: TaskBoard }> {
  const exhibitionId = Number(args.params.id)
  if (!Number.isSafeInteger(exhibitionId) || exhibitionId < 1) throw data(null, { status: 404 })
  return { board: await staffCall(args, exhibitorTaskBoard, { exhibitionId }) }
}

/**
 * An exhibition's checklist for its exhibitors (docs/product.md#console-exhibitor-tasks): the tasks in
 * the order exhibitors read them, each with its day at the venue and how many have done it. Managers
 * change it; the support desk reads it.
 */
export function Component() {
  const { t } = useTranslation()
  const { language } = useConsoleShell()
  const member = useMember()
  const loaded = useLoaderData() as { board: TaskBoard }
  const [board, setBoard] = useState(loaded.board)
  const [seen, setSeen] = useState(loaded.board)
  if (seen !== loaded.board) {
    setSeen(loaded.board)
    setBoard(loaded.board)
  }
  const [status, setStatus] = useState('')
  const { exhibition } = board
  const mayEdit = mayCall(member.roles, 'saveExhibitorTask')
  return (
    <ConsolePage
      title={t('exhibitorTasks.title', { exhibition: exhibition.title })}
      lead={t('exhibitorTasks.lead')}
      actions={
        <>
          {mayCall(member.roles, 'exhibitionDetail') ? (
            <Link className={ui.button} to={exhibitionPath(exhibition.id)}>
              {t('exhibitorTasks.back')}
            </Link>
          ) : null}
          <Link className={ui.button} to={`${EXHIBITORS_PATH}?exhibition=${exhibition.id}`}>
            {t('exhibitorTasks.exhibitors')}
          </Link>
        </>
      }
    >
      <p className={status ? ui.success : 'visually-hidden'} role="status">
        {status}
      </p>
      <p className={ui.muted}>
        {t('exhibitorTasks.facts', {
          count: board.exhibitors,
          starts: formatDay(exhibition.startsOn, language),
          today: formatDay(exhibition.today, language),
          zone: exhibition.timeZone,
        })}
      </p>
      <TaskList
        board={board}
        mayEdit={mayEdit}
        onChanged={(next, message) => {
          setBoard(next)
          setStatus(message)
        }}
      />
    </ConsolePage>
  )
}
