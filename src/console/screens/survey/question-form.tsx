import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type SurveyEditor, type SurveyEditorQuestion, saveSurveyQuestion } from '../../../api/console-survey.ts'
import { SURVEY_KINDS, SURVEY_LIMITS, type SurveyKind } from '../../../../shared/rules/survey.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import { useConsoleShell } from '../../console-state.ts'
import { TableFrame } from '../../ui/table-frame.tsx'
import ui from '../../ui/ui.module.css'
import { SelectField } from '../../ui/select-field.tsx'
import { textOf, useFormCall } from '../../ui/use-form-call.ts'
import styles from './survey.module.css'
import { FormEnd } from '../../ui/form-end.tsx'

interface Props {
  exhibitionId: number
  question: SurveyEditorQuestion | null
  /** Once answers are in, a question keeps its kind (and its number of options). */
  answered: boolean
  onClose(): void
  onSaved(editor: SurveyEditor): void
}

const isChoice = (kind: SurveyKind) => kind === 'single' || kind === 'multiple'
const linesOf = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/**
 * One question with its texts in the 12 languages side by side (as the exhibition's texts grid):
 * a language without a text is marked missing, and its visitors read the nearest language that has one.
 */
export function QuestionForm({ exhibitionId, question, answered, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const [kind, setKind] = useState<SurveyKind>(question?.kind ?? 'rating')
  const { busy, submit, fieldError, message } = useFormCall(
    (form) =>
      client.call(saveSurveyQuestion, {
        exhibitionId,
        ...(question ? { id: question.id } : {}),
        kind: (answered && question ? question.kind : textOf(form, 'kind')) as SurveyKind,
        required: form.get('required') === 'on',
        hidden: form.get('hidden') === 'on',
        texts: Object.fromEntries(
          LOCALES.map((locale) => [
            locale,
            { text: textOf(form, `text.${locale}`), options: isChoice(kind) ? linesOf(String(form.get(`options.${locale}`) ?? '')) : [] },
          ]),
        ),
      }),
    onSaved,
  )
  const titleId = question ? `survey-question-${question.id}` : 'survey-question-new'
  return (
    <form className={`${ui.form} ${styles.editor}`} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{question ? t('survey.editQuestion') : t('survey.newQuestion')}</h3>
      {answered && question ? (
        <p className={ui.muted}>
          {t('survey.kind')}: {t(`survey.kinds.${question.kind}`)} — {t('survey.kindFixed')}
        </p>
      ) : (
        <SelectField
          label={t('survey.kind')}
          name="kind"
          defaultValue={kind}
          options={SURVEY_KINDS.map((value) => [value, t(`survey.kinds.${value}`)])}
          onChange={(value) => setKind(value as SurveyKind)}
        />
      )}
      <div className={ui.choices}>
        <label className={ui.choice}>
          <input type="checkbox" name="required" defaultChecked={question?.required ?? false} />
          {t('survey.required')}
        </label>
        <label className={ui.choice}>
          <input type="checkbox" name="hidden" defaultChecked={question?.hidden ?? false} />
          {t('survey.hiddenField')}
        </label>
      </div>
      <TableFrame label={t('survey.texts')}>
        <table className={`${ui.table} ${styles.languages}`}>
          <caption className={styles.caption}>{t(isChoice(kind) ? 'survey.textsCaptionOptions' : 'survey.textsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('survey.language')}</th>
              <th scope="col">{t('survey.text')}</th>
              {isChoice(kind) ? <th scope="col">{t('survey.options')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {LOCALES.map((locale) => {
              const text = question?.texts[locale]
              const textError = fieldError(`texts.${locale}.text`)
              const optionsError = fieldError(`texts.${locale}.options`)
              return (
                <tr key={locale}>
                  <th scope="row" className={ui.nowrap}>
                    <span lang="en">{locale}</span>
                    {text?.text ? null : <div className={`${ui.badge} ${ui.badgeWarn}`}>{t('survey.missing')}</div>}
                  </th>
                  <td>
                    <input
                      className={ui.input}
                      name={`text.${locale}`}
                      aria-label={`${t('survey.text')} (${locale})`}
                      defaultValue={text?.text ?? ''}
                      maxLength={SURVEY_LIMITS.questionText}
                      aria-invalid={textError ? true : undefined}
                    />
                    {textError ? <p className={ui.fieldError}>{textError}</p> : null}
                  </td>
                  {isChoice(kind) ? (
                    <td>
                      <textarea
                        className={ui.input}
                        name={`options.${locale}`}
                        aria-label={`${t('survey.options')} (${locale})`}
                        defaultValue={(text?.options ?? []).join('\n')}
                        rows={3}
                        aria-invalid={optionsError ? true : undefined}
                      />
                      {optionsError ? <p className={ui.fieldError}>{optionsError}</p> : null}
                    </td>
                  ) : null}
                </tr>
              )
            })}
          </tbody>
        </table>
      </TableFrame>
      <FormEnd message={message} busy={busy} save={t('survey.save')} cancel={t('survey.cancel')} onCancel={onClose} />
    </form>
  )
}
