import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { deleteSurveyQuestion, reorderSurveyQuestions, type SurveyEditor, type SurveyEditorQuestion, saveSurveyQuestion } from '../../../api/console-survey.ts'
import { useConsoleShell } from '../../console-state.ts'
import { ConfirmDialog } from '../../ui/dialog.tsx'
import { type Column, DataTable } from '../../ui/data-table.tsx'
import { MoveButtons } from '../../ui/move-buttons.tsx'
import ui from '../../ui/ui.module.css'
import { movedIds, useListChange } from '../../ui/use-list-change.ts'
import { QuestionForm } from './question-form.tsx'
import { questionText } from './question-text.ts'

/**
 * The exhibition's questions in their order: edit, move, hide or show, and delete while nobody has
 * answered (afterwards a question is hidden instead, so the answers keep it).
 */
export function Questions({ editor, onChanged }: { editor: SurveyEditor; onChanged(editor: SurveyEditor, status: string): void }) {
  const { t } = useTranslation()
  const { client, language } = useConsoleShell()
  const [editing, setEditing] = useState<SurveyEditorQuestion | 'new' | null>(null)
  const { busy, error, run } = useListChange(onChanged)
  const [deleting, setDeleting] = useState<SurveyEditorQuestion | null>(null)
  const exhibitionId = editor.exhibition.id
  const answered = editor.answers > 0

  const move = (index: number, by: -1 | 1) => {
    const ids = movedIds(
      editor.questions.map((question) => question.id),
      index,
      by,
    )
    return run(() => client.call(reorderSurveyQuestions, { exhibitionId, ids }), t('survey.moved'))
  }
  const toggle = (question: SurveyEditorQuestion) =>
    run(
      () =>
        client.call(saveSurveyQuestion, {
          exhibitionId,
          id: question.id,
          kind: question.kind,
          required: question.required,
          hidden: !question.hidden,
          texts: Object.fromEntries(Object.entries(question.texts).map(([locale, text]) => [locale, { text: text?.text ?? '', options: text?.options ?? [] }])),
        }),
      t(question.hidden ? 'survey.shownNow' : 'survey.hiddenNow'),
    )
  const remove = (question: SurveyEditorQuestion) => run(() => client.call(deleteSurveyQuestion, { exhibitionId, id: question.id }), t('survey.deleted'))

  const last = editor.questions.length - 1
  const rows = editor.questions.map((question, index) => ({ question, index, text: questionText(question, language) }))
  const columns: Array<Column<(typeof rows)[number]>> = [
    { header: '#', cell: (row) => row.index + 1 },
    {
      header: t('survey.text'),
      cell: ({ question, text }) => (
        <div>
          {text}
          <div>
            {question.required ? <span className={ui.badge}>{t('survey.requiredBadge')}</span> : null}{' '}
            {question.hidden ? <span className={`${ui.badge} ${ui.badgeOff}`}>{t('survey.hiddenBadge')}</span> : null}
          </div>
        </div>
      ),
    },
    { header: t('survey.kind'), className: ui.nowrap, cell: (row) => t(`survey.kinds.${row.question.kind}`) },
    {
      header: t('survey.actions'),
      actions: true,
      cell: ({ question, index, text }) => (
        <div className={ui.actions}>
          <button
            type="button"
            className={`${ui.button} ${ui.small}`}
            onClick={() => setEditing(question)}
            aria-label={t('survey.editNamed', { question: text })}
          >
            {t('survey.edit')}
          </button>
          <MoveButtons
            index={index}
            last={last}
            busy={busy}
            upLabel={t('survey.upNamed', { question: text })}
            downLabel={t('survey.downNamed', { question: text })}
            onMove={(by) => void move(index, by)}
          />
          <button type="button" className={`${ui.button} ${ui.small}`} disabled={busy} onClick={() => void toggle(question)}>
            {t(question.hidden ? 'survey.show' : 'survey.hide')}
          </button>
          {answered ? null : (
            <button type="button" className={`${ui.button} ${ui.small} ${ui.danger}`} disabled={busy} onClick={() => setDeleting(question)}>
              {t('survey.delete')}
            </button>
          )}
        </div>
      ),
    },
  ]
  return (
    <section className={ui.panel} aria-labelledby="survey-questions">
      <h2 id="survey-questions" className={ui.panelTitle}>
        {t('survey.questions')}
      </h2>
      {answered ? <p className={ui.muted}>{t('survey.answeredNote')}</p> : null}
      <DataTable label={t('survey.questions')} columns={columns} rows={rows} rowKey={(row) => row.question.id} empty={t('survey.none')} />
      {error ? (
        <p className={ui.alert} role="alert">
          {error}
        </p>
      ) : null}
      {editing ? (
        <QuestionForm
          key={editing === 'new' ? 'new' : editing.id}
          exhibitionId={exhibitionId}
          question={editing === 'new' ? null : editing}
          answered={answered}
          onClose={() => setEditing(null)}
          onSaved={(next) => {
            setEditing(null)
            onChanged(next, t('survey.saved'))
          }}
        />
      ) : (
        <div>
          <button type="button" className={ui.button} onClick={() => setEditing('new')}>
            {t('survey.add')}
          </button>
        </div>
      )}
      {deleting ? (
        <ConfirmDialog
          title={t('survey.delete')}
          message={t('survey.deleteConfirm', { question: questionText(deleting, language) })}
          confirmLabel={t('survey.delete')}
          danger
          onConfirm={() => remove(deleting)}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  )
}
