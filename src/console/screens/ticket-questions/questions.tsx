import { useTranslation } from 'react-i18next'
import {
  deleteTicketQuestion,
  reorderTicketQuestions,
  saveTicketQuestion,
  type TicketQuestionEditor,
  type TicketQuestionEditorQuestion,
} from '../../../api/console-ticket-questions.ts'
import { CHOICE_KINDS, TICKET_QUESTION_KINDS, TICKET_QUESTION_LIMITS, type TicketQuestionKind } from '../../../../shared/rules/ticket-questions.ts'
import { useConsoleShell } from '../../console-state.ts'
import { QuestionForm, QuestionList } from '../../ui/question-editor.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { textOf } from '../../ui/use-form-call.ts'
import styles from './ticket-questions.module.css'

const COLUMNS = {
  text: { maxLength: TICKET_QUESTION_LIMITS.questionText },
  help: { maxLength: TICKET_QUESTION_LIMITS.helpText },
  choices: { lines: true },
} as const

/**
 * The exhibition's questions in their order: edit, move, and delete while nobody has answered
 * (afterwards a question stays, so its answers keep it). A question names the ticket types that ask
 * it (none ticked: all) and, for a number, its bounds.
 */
export function Questions({ editor, onChanged }: { editor: TicketQuestionEditor; onChanged(editor: TicketQuestionEditor, status: string): void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const exhibitionId = editor.exhibition.id
  const { ticketTypes } = editor
  const typeName = new Map(ticketTypes.map((type) => [type.id, type.name]))
  const full = editor.questions.length >= editor.limit
  return (
    <QuestionList<TicketQuestionKind, TicketQuestionEditorQuestion, TicketQuestionEditor>
      words="ticketQuestions"
      headingId="ticket-questions"
      questions={editor.questions}
      badges={(question) => (question.answers ? <span className={ui.badge}>{t('ticketQuestions.answered', { count: question.answers })}</span> : null)}
      columns={[
        {
          header: t('ticketQuestions.types'),
          cell: ({ question }) =>
            question.ticketTypeIds.length ? question.ticketTypeIds.map((id) => typeName.get(id) ?? id).join(', ') : t('ticketQuestions.typesAll'),
        },
      ]}
      deletable={(question) => !question.answers}
      deleteNamed
      addNote={full ? <p className={ui.muted}>{t('ticketQuestions.full', { max: editor.limit })}</p> : null}
      addHeld={full}
      reorder={(ids) => client.call(reorderTicketQuestions, { exhibitionId, ids })}
      remove={(question) => client.call(deleteTicketQuestion, { exhibitionId, id: question.id })}
      onChanged={onChanged}
      form={(question, close, saved) => (
        <QuestionForm
          words="ticketQuestions"
          idPrefix="ticket-question"
          kinds={TICKET_QUESTION_KINDS}
          firstKind="text"
          question={question}
          answered={Boolean(question?.answers)}
          columns={COLUMNS}
          hasChoices={(kind) => CHOICE_KINDS.includes(kind)}
          fields={(kind, fieldError) => (
            <>
              {ticketTypes.length ? (
                <fieldset className={ui.fieldset}>
                  <legend>{t('ticketQuestions.types')}</legend>
                  <p className={ui.muted}>{t('ticketQuestions.typesHint')}</p>
                  <div className={ui.choices}>
                    {ticketTypes.map((type) => (
                      <label key={type.id} className={ui.choice}>
                        <input type="checkbox" name="ticketTypeIds" value={type.id} defaultChecked={question?.ticketTypeIds.includes(type.id) ?? false} />
                        {type.name}
                      </label>
                    ))}
                  </div>
                  {fieldError('ticketTypeIds') ? <p className={ui.fieldError}>{fieldError('ticketTypeIds')}</p> : null}
                </fieldset>
              ) : null}
              {kind === 'number' ? (
                <div className={styles.bounds}>
                  <TextField label={t('ticketQuestions.min')} name="min" defaultValue={question?.min ?? ''} inputMode="decimal" error={fieldError('min')} />
                  <TextField label={t('ticketQuestions.max')} name="max" defaultValue={question?.max ?? ''} inputMode="decimal" error={fieldError('max')} />
                </div>
              ) : null}
            </>
          )}
          send={(form, kind, texts) =>
            client.call(saveTicketQuestion, {
              exhibitionId,
              ...(question ? { id: question.id } : {}),
              kind,
              required: form.get('required') === 'on',
              ticketTypeIds: form.getAll('ticketTypeIds').map(Number),
              min: kind === 'number' ? textOf(form, 'min') : '',
              max: kind === 'number' ? textOf(form, 'max') : '',
              texts,
            })
          }
          onClose={close}
          onSaved={saved}
        />
      )}
    />
  )
}
