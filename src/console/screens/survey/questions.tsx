import { useTranslation } from 'react-i18next'
import { deleteSurveyQuestion, reorderSurveyQuestions, type SurveyEditor, type SurveyEditorQuestion, saveSurveyQuestion } from '../../../api/console-survey.ts'
import { SURVEY_KINDS, SURVEY_LIMITS, type SurveyKind } from '../../../../shared/rules/survey.ts'
import { useConsoleShell } from '../../console-state.ts'
import { QuestionForm, QuestionList } from '../../ui/question-editor.tsx'
import ui from '../../ui/ui.module.css'

const isChoice = (kind: SurveyKind) => kind === 'single' || kind === 'multiple'
const COLUMNS = { text: { maxLength: SURVEY_LIMITS.questionText }, options: { lines: true } } as const

/**
 * The exhibition's questions in their order: edit, move, hide or show, and delete while nobody has
 * answered (afterwards a question is hidden instead, so the answers keep it).
 */
export function Questions({ editor, onChanged }: { editor: SurveyEditor; onChanged(editor: SurveyEditor, status: string): void }) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const exhibitionId = editor.exhibition.id
  const answered = editor.answers > 0
  const toggled = (question: SurveyEditorQuestion) =>
    client.call(saveSurveyQuestion, {
      exhibitionId,
      id: question.id,
      kind: question.kind,
      required: question.required,
      hidden: !question.hidden,
      texts: Object.fromEntries(Object.entries(question.texts).map(([locale, text]) => [locale, { text: text?.text ?? '', options: text?.options ?? [] }])),
    })
  return (
    <QuestionList<SurveyKind, SurveyEditorQuestion, SurveyEditor>
      words="survey"
      headingId="survey-questions"
      questions={editor.questions}
      note={answered ? <p className={ui.muted}>{t('survey.answeredNote')}</p> : null}
      badges={(question) => (question.hidden ? <span className={`${ui.badge} ${ui.badgeOff}`}>{t('survey.hiddenBadge')}</span> : null)}
      actions={(question, busy, run) => (
        <button
          type="button"
          className={`${ui.button} ${ui.small}`}
          disabled={busy}
          onClick={() => void run(() => toggled(question), t(question.hidden ? 'survey.shownNow' : 'survey.hiddenNow'))}
        >
          {t(question.hidden ? 'survey.show' : 'survey.hide')}
        </button>
      )}
      deletable={() => !answered}
      reorder={(ids) => client.call(reorderSurveyQuestions, { exhibitionId, ids })}
      remove={(question) => client.call(deleteSurveyQuestion, { exhibitionId, id: question.id })}
      onChanged={onChanged}
      form={(question, close, saved) => (
        <QuestionForm
          words="survey"
          idPrefix="survey-question"
          kinds={SURVEY_KINDS}
          firstKind="rating"
          question={question}
          answered={answered}
          columns={COLUMNS}
          hasChoices={isChoice}
          flags={
            <label className={ui.choice}>
              <input type="checkbox" name="hidden" defaultChecked={question?.hidden ?? false} />
              {t('survey.hiddenField')}
            </label>
          }
          send={(form, kind, texts) =>
            client.call(saveSurveyQuestion, {
              exhibitionId,
              ...(question ? { id: question.id } : {}),
              kind,
              required: form.get('required') === 'on',
              hidden: form.get('hidden') === 'on',
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
