import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  deleteTicketQuestion,
  reorderTicketQuestions,
  type TicketQuestionEditor,
  type TicketQuestionEditorQuestion,
} from '../../../api/console-ticket-questions.ts'
import { useConsoleShell } from '../../console-state.ts'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import { MoveButtons } from '../../ui/move-buttons.tsx'
import ui from '../../ui/ui.module.css'
import { movedIds, useListChange } from '../../ui/use-list-change.ts'
import { QuestionForm } from './question-form.tsx'
import { questionText } from './question-text.ts'

/**
 * The exhibition's questions in their order: edit, move, and delete while nobody has answered
 * (afterwards a question stays, so its answers keep it).
 */
export function Questions({ editor, onChanged }: { editor: TicketQuestionEditor; onChanged(editor: TicketQuestionEditor, status: string): void }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const [editing, setEditing] = useState<TicketQuestionEditorQuestion | 'new' | null>(null)
  const { busy, error, run } = useListChange(onChanged)
  const [deleting, setDeleting] = useState<TicketQuestionEditorQuestion | null>(null)
  const exhibitionId = editor.exhibition.id
  const typeName = new Map(editor.ticketTypes.map((type) => [type.id, type.name]))

  const move = (index: number, by: -1 | 1) => {
    const ids = movedIds(
      editor.questions.map((question) => question.id),
      index,
      by,
    )
    return run(() => client.call(reorderTicketQuestions, { exhibitionId, ids }), t('ticketQuestions.moved'))
  }
  const remove = (question: TicketQuestionEditorQuestion) =>
    run(() => client.call(deleteTicketQuestion, { exhibitionId, id: question.id }), t('ticketQuestions.deleted'))

  const last = editor.questions.length - 1
  const rows = editor.questions.map((question, index) => ({ question, index, text: questionText(question, language) }))
  const columns: Array<Column<(typeof rows)[number]>> = [
    { header: '#', cell: (row) => row.index + 1 },
    {
      header: t('ticketQuestions.text'),
      cell: ({ question, text }) => (
        <div>
          {text}
          <div>
            {question.required ? <span className={ui.badge}>{t('ticketQuestions.requiredBadge')}</span> : null}{' '}
            {question.answers ? <span className={ui.badge}>{t('ticketQuestions.answered', { count: question.answers })}</span> : null}
          </div>
        </div>
      ),
    },
    { header: t('ticketQuestions.kind'), className: ui.nowrap, cell: (row) => t(`ticketQuestions.kinds.${row.question.kind}`) },
    {
      header: t('ticketQuestions.types'),
      cell: ({ question }) =>
        question.ticketTypeIds.length ? question.ticketTypeIds.map((id) => typeName.get(id) ?? id).join(', ') : t('ticketQuestions.typesAll'),
    },
    {
      header: t('ticketQuestions.actions'),
      actions: true,
      cell: ({ question, index, text }) => (
        <div className={ui.actions}>
          <button
            type="button"
            className={`${ui.button} ${ui.small}`}
            onClick={() => setEditing(question)}
            aria-label={t('ticketQuestions.editNamed', { question: text })}
          >
            {t('ticketQuestions.edit')}
          </button>
          <MoveButtons
            index={index}
            last={last}
            busy={busy}
            upLabel={t('ticketQuestions.upNamed', { question: text })}
            downLabel={t('ticketQuestions.downNamed', { question: text })}
            onMove={(by) => void move(index, by)}
          />
          {question.answers ? null : (
            <button
              type="button"
              className={`${ui.button} ${ui.small} ${ui.danger}`}
              disabled={busy}
              onClick={() => setDeleting(question)}
              aria-label={t('ticketQuestions.deleteNamed', { question: text })}
            >
              {t('ticketQuestions.delete')}
            </button>
          )}
        </div>
      ),
    },
  ]
  const full = editor.questions.length >= editor.limit
  return (
    <section className={ui.panel} aria-labelledby="ticket-questions">
      <h2 id="ticket-questions" className={ui.panelTitle}>
        {t('ticketQuestions.questions')}
      </h2>
      <DataTable label={t('ticketQuestions.questions')} columns={columns} rows={rows} rowKey={(row) => row.question.id} empty={t('ticketQuestions.none')} />
      {error ? (
        <p className={ui.alert} role="alert">
          {error}
        </p>
      ) : null}
      {editing ? (
        <QuestionForm
          key={editing === 'new' ? 'new' : editing.id}
          exhibitionId={exhibitionId}
          ticketTypes={editor.ticketTypes}
          question={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(next) => {
            setEditing(null)
            onChanged(next, t('ticketQuestions.saved'))
          }}
        />
      ) : (
        <div>
          {full ? <p className={ui.muted}>{t('ticketQuestions.full', { max: editor.limit })}</p> : null}
          <button type="button" className={ui.button} disabled={full} onClick={() => setEditing('new')}>
            {t('ticketQuestions.add')}
          </button>
        </div>
      )}
      {deleting ? (
        <ConfirmDialog
          title={t('ticketQuestions.delete')}
          message={t('ticketQuestions.deleteConfirm', { question: questionText(deleting, language) })}
          confirmLabel={t('ticketQuestions.delete')}
          danger
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  )
}
