import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { saveTicketQuestion, type TicketQuestionEditor, type TicketQuestionEditorQuestion } from '../../../api/console-ticket-questions.ts'
import { LOCALES } from '../../../../shared/languages.ts'
import { CHOICE_KINDS, TICKET_QUESTION_KINDS, TICKET_QUESTION_LIMITS, type TicketQuestionKind } from '../../../../shared/rules/ticket-questions.ts'
import { useConsoleShell } from '../../console-state.ts'
import { FormEnd } from '../../ui/form-end.tsx'
import { SelectField } from '../../ui/select-field.tsx'
import { TableFrame } from '../../ui/table-frame.tsx'
import { TextField } from '../../ui/text-field.tsx'
import ui from '../../ui/ui.module.css'
import { textOf, useFormCall } from '../../ui/use-form-call.ts'
import styles from './ticket-questions.module.css'

interface Props {
  exhibitionId: number
  ticketTypes: TicketQuestionEditor['ticketTypes']
  question: TicketQuestionEditorQuestion | null
  onClose(): void
  onSaved(editor: TicketQuestionEditor): void
}

const linesOf = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

/**
 * One question: its kind, whether it must be answered, the ticket types that ask it (none ticked:
 * all), a number's bounds, and its texts, help and choices in the 12 languages side by side. A
 * language without a text is marked missing; its visitors read the nearest language that has one.
 */
export function QuestionForm({ exhibitionId, ticketTypes, question, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const { client } = useConsoleShell()
  const answered = Boolean(question?.answers)
  const [kind, setKind] = useState<TicketQuestionKind>(question?.kind ?? 'text')
  const choice = CHOICE_KINDS.includes(kind)
  const { busy, submit, fieldError, message } = useFormCall(
    (form) =>
      client.call(saveTicketQuestion, {
        exhibitionId,
        ...(question ? { id: question.id } : {}),
        kind,
        required: form.get('required') === 'on',
        ticketTypeIds: form.getAll('ticketTypeIds').map(Number),
        min: kind === 'number' ? textOf(form, 'min') : '',
        max: kind === 'number' ? textOf(form, 'max') : '',
        texts: Object.fromEntries(
          LOCALES.map((locale) => [
            locale,
            {
              text: textOf(form, `text.${locale}`),
              help: textOf(form, `help.${locale}`),
              choices: choice ? linesOf(String(form.get(`choices.${locale}`) ?? '')) : [],
            },
          ]),
        ),
      }),
    onSaved,
  )
  const titleId = question ? `ticket-question-${question.id}` : 'ticket-question-new'
  const typesError = fieldError('ticketTypeIds')
  return (
    <form className={`${ui.form} ${styles.editor}`} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={titleId}>
      <h3 id={titleId}>{question ? t('ticketQuestions.editQuestion') : t('ticketQuestions.newQuestion')}</h3>
      {answered && question ? (
        <p className={ui.muted}>
          {t('ticketQuestions.kind')}: {t(`ticketQuestions.kinds.${question.kind}`)} — {t('ticketQuestions.kindFixed')}
        </p>
      ) : (
        <SelectField
          label={t('ticketQuestions.kind')}
          name="kind"
          defaultValue={kind}
          options={TICKET_QUESTION_KINDS.map((value) => [value, t(`ticketQuestions.kinds.${value}`)])}
          onChange={(value) => setKind(value as TicketQuestionKind)}
        />
      )}
      <div className={ui.choices}>
        <label className={ui.choice}>
          <input type="checkbox" name="required" defaultChecked={question?.required ?? false} />
          {t('ticketQuestions.required')}
        </label>
      </div>
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
          {typesError ? <p className={ui.fieldError}>{typesError}</p> : null}
        </fieldset>
      ) : null}
      {kind === 'number' ? (
        <div className={styles.bounds}>
          <TextField label={t('ticketQuestions.min')} name="min" defaultValue={question?.min ?? ''} inputMode="decimal" error={fieldError('min')} />
          <TextField label={t('ticketQuestions.max')} name="max" defaultValue={question?.max ?? ''} inputMode="decimal" error={fieldError('max')} />
        </div>
      ) : null}
      <TableFrame label={t('ticketQuestions.texts')}>
        <table className={`${ui.table} ${styles.languages}`}>
          <caption className={styles.caption}>{t(choice ? 'ticketQuestions.textsCaptionChoices' : 'ticketQuestions.textsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ticketQuestions.language')}</th>
              <th scope="col">{t('ticketQuestions.text')}</th>
              <th scope="col">{t('ticketQuestions.help')}</th>
              {choice ? <th scope="col">{t('ticketQuestions.choices')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {LOCALES.map((locale) => {
              const text = question?.texts[locale]
              const textError = fieldError(`texts.${locale}.text`)
              const helpError = fieldError(`texts.${locale}.help`)
              const choicesError = fieldError(`texts.${locale}.choices`)
              return (
                <tr key={locale}>
                  <th scope="row" className={ui.nowrap}>
                    <span lang="en">{locale}</span>
                    {text?.text ? null : <div className={`${ui.badge} ${ui.badgeWarn}`}>{t('ticketQuestions.missing')}</div>}
                  </th>
                  <td>
                    <input
                      className={ui.input}
                      name={`text.${locale}`}
                      aria-label={`${t('ticketQuestions.text')} (${locale})`}
                      defaultValue={text?.text ?? ''}
                      maxLength={TICKET_QUESTION_LIMITS.questionText}
                      aria-invalid={textError ? true : undefined}
                    />
                    {textError ? <p className={ui.fieldError}>{textError}</p> : null}
                  </td>
                  <td>
                    <input
                      className={ui.input}
                      name={`help.${locale}`}
                      aria-label={`${t('ticketQuestions.help')} (${locale})`}
                      defaultValue={text?.help ?? ''}
                      maxLength={TICKET_QUESTION_LIMITS.helpText}
                      aria-invalid={helpError ? true : undefined}
                    />
                    {helpError ? <p className={ui.fieldError}>{helpError}</p> : null}
                  </td>
                  {choice ? (
                    <td>
                      <textarea
                        className={ui.input}
                        name={`choices.${locale}`}
                        aria-label={`${t('ticketQuestions.choices')} (${locale})`}
                        defaultValue={(text?.choices ?? []).join('\n')}
                        rows={3}
                        aria-invalid={choicesError ? true : undefined}
                      />
                      {choicesError ? <p className={ui.fieldError}>{choicesError}</p> : null}
                    </td>
                  ) : null}
                </tr>
              )
            })}
          </tbody>
        </table>
      </TableFrame>
      <FormEnd message={message} busy={busy} save={t('ticketQuestions.save')} cancel={t('ticketQuestions.cancel')} onCancel={onClose} />
    </form>
  )
}
