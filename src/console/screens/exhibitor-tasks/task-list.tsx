import { Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ConsoleTask, deleteExhibitorTask, reorderExhibitorTasks, type TaskBoard } from '../../../api/console-exhibitor-tasks.ts'
import { useConsoleShell } from '../../console-state.ts'
import { formatDay } from '../../lib/venue-day.ts'
import { LANGUAGE_INFO } from '../../../../shared/languages.ts'
import { formatMoney } from '../../../../shared/rules/money.ts'
import { fallbackOf } from '../../content-kit/texts-editor.tsx'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import { MoveButtons } from '../../ui/move-buttons.tsx'
import ui from '../../ui/ui.module.css'
import { movedIds, useListChange } from '../../ui/use-list-change.ts'
import { TaskForm } from './task-form.tsx'
import { Alert } from '../../ui/form-end.tsx'
import { lazySection } from '../../../lib/lazy-section.tsx'
import { Panel } from '../../ui/panel.tsx'

// Only a checklist with a manual task needs the PDFs' panel (docs/CONVENTIONS.md#a-console-screen-srcconsole).
const ManualFiles = lazySection('exhibitor-tasks/manual-files', () => import('./manual-files.tsx').then((module) => module.default))

interface Props {
  board: TaskBoard
  mayEdit: boolean
  onChanged(board: TaskBoard, status: string): void
}

/** The tasks in their order: edit, move up or down, delete (asked first); how many exhibitors have done each. */
export function TaskList({ board, mayEdit, onChanged }: Props) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const [editing, setEditing] = useState<ConsoleTask | 'new' | null>(null)
  const [deleting, setDeleting] = useState<ConsoleTask | null>(null)
  const { busy, error, run } = useListChange(onChanged)
  const exhibitionId = board.exhibition.id
  // The title as an exhibitor reading the member's language sees it (docs/product.md#content-fallback).
  const titleOf = (task: ConsoleTask) => task.texts[fallbackOf(task.texts, LANGUAGE_INFO[language].locale, 'title') ?? 'en']?.title ?? ''

  const move = (index: number, by: -1 | 1) => {
    const ids = movedIds(
      board.tasks.map((task) => task.id),
      index,
      by,
    )
    return run(() => client.call(reorderExhibitorTasks, { exhibitionId, ids }), t('exhibitorTasks.moved'))
  }
  const remove = (task: ConsoleTask) =>
    run(() => client.call(deleteExhibitorTask, { exhibitionId, id: task.id, version: task.version }), t('exhibitorTasks.deleted'))

  const last = board.tasks.length - 1
  const rows = board.tasks.map((task, index) => ({ task, index, title: titleOf(task) }))
  const columns: Array<Column<(typeof rows)[number]>> = [
    { header: '#', cell: (row) => row.index + 1 },
    {
      header: t('exhibitorTasks.task'),
      cell: ({ task, title }) => (
        <>
          {title}
          <div className={ui.muted}>{t(`exhibitorTasks.kinds.${task.kind}`)}</div>
        </>
      ),
    },
    { header: t('exhibitorTasks.dueOn'), className: ui.nowrap, cell: ({ task }) => formatDay(task.dueOn, language) },
    {
      header: t('exhibitorTasks.progress'),
      cell: ({ task }) => (
        <>
          {t('exhibitorTasks.doneOf', { done: task.done, total: board.exhibitors })}
          {task.overdue ? <div className={`${ui.badge} ${ui.badgeWarn}`}>{t('exhibitorTasks.overdue', { count: task.overdue })}</div> : null}
          {task.form ? (
            <div className={ui.muted}>
              {t('exhibitorTasks.form.ordered', {
                count: task.form.orders,
                sum: formatMoney(task.form.sumMinor, task.form.currency, LANGUAGE_INFO[language].htmlLang),
              })}
            </div>
          ) : null}
        </>
      ),
    },
    ...(mayEdit
      ? [
          {
            header: t('exhibitorTasks.actions'),
            actions: true,
            cell: ({ task, index, title }: (typeof rows)[number]) => (
              <div className={ui.actions}>
                <button
                  type="button"
                  className={`${ui.button} ${ui.small}`}
                  onClick={() => setEditing(task)}
                  aria-label={t('exhibitorTasks.editNamed', { title })}
                >
                  {t('exhibitorTasks.edit')}
                </button>
                <MoveButtons
                  index={index}
                  last={last}
                  busy={busy}
                  upLabel={t('exhibitorTasks.upNamed', { title })}
                  downLabel={t('exhibitorTasks.downNamed', { title })}
                  onMove={(by) => void move(index, by)}
                />
                <button
                  type="button"
                  className={`${ui.button} ${ui.small} ${ui.danger}`}
                  disabled={busy}
                  onClick={() => setDeleting(task)}
                  aria-label={t('exhibitorTasks.deleteNamed', { title })}
                >
                  {t('exhibitorTasks.delete')}
                </button>
              </div>
            ),
          },
        ]
      : []),
  ]
  return (
    <Panel title={t('exhibitorTasks.tasks')}>
      <DataTable label={t('exhibitorTasks.tasks')} columns={columns} rows={rows} rowKey={(row) => row.task.id} empty={t('exhibitorTasks.empty')} />
      <Alert message={error} />
      {board.tasks.some((task) => task.kind === 'manual') ? (
        <Suspense fallback={null}>
          <ManualFiles board={board} mayEdit={mayEdit} titleOf={titleOf} onChanged={onChanged} />
        </Suspense>
      ) : null}
      {mayEdit && editing ? (
        <TaskForm
          key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`}
          board={board}
          task={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(next) => {
            setEditing(null)
            onChanged(next, t('exhibitorTasks.saved'))
          }}
        />
      ) : mayEdit ? (
        <div>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={() => setEditing('new')}>
            {t('exhibitorTasks.add')}
          </button>
        </div>
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={t('exhibitorTasks.deleteTitle')}
          message={t('exhibitorTasks.deleteMessage', { title: titleOf(deleting) })}
          confirmLabel={t('exhibitorTasks.delete')}
          danger
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Panel>
  )
}
